package dev.ycsbdriver.result;

import dev.ycsbdriver.config.RunConfig;
import dev.ycsbdriver.config.Settings;
import dev.ycsbdriver.cpu.CpuSummary;
import dev.ycsbdriver.cpu.MachineFacts;
import dev.ycsbdriver.measure.MeasurementConfig;
import dev.ycsbdriver.result.model.CalibrationSection;
import dev.ycsbdriver.result.model.Warning;
import dev.ycsbdriver.spi.ErrorLog;
import dev.ycsbdriver.spi.ServerFacts;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * Builds a {@link RunReport} by field name, so that no caller passes its fields by position. Each setter names the
 * {@link RunReport} component it sets (see there for units and meaning) and returns this builder. Collections
 * default to empty, {@link RunReport#warmup()} to {@link WarmupReport#NONE}, numbers to 0 and every other field to
 * null; {@link #build()} fails when a field that must be set is not.
 *
 * <p>Not thread-safe: one thread builds, then the report it returns is immutable.
 */
public final class RunReportBuilder {
  private String toolVersion;
  private String bindingName;
  private String workloadName;
  private String dbClass;
  private RunConfig config;
  private Settings settings;
  private MeasurementConfig measurement;
  private Instant start;
  private Instant end;
  private long runtimeMillis;
  private long operationsDone;
  private long targetedOperations;
  private List<OperationReport> operations = List.of();
  private List<GcStat> gc = List.of();
  private CpuSummary cpu;
  private ServerFacts server;
  private MachineFacts machine;
  private List<TimeSeriesPoint> timeSeries = List.of();
  private List<Warning> warnings = List.of();
  private Outcome outcome;
  private Path runDirectory;
  private Map<String, Path> histogramLogs = Map.of();
  private WarmupReport warmup = WarmupReport.NONE;
  private ScheduleLag scheduleLag;
  private List<ErrorLog.Kind> errors = List.of();
  private List<ErrorLog.Outage> outages = List.of();
  private String workloadInstances;
  private String threadKind;
  private CalibrationSection calibration;

  RunReportBuilder() {
  }

  RunReportBuilder(RunReport r) {
    toolVersion = r.toolVersion();
    bindingName = r.bindingName();
    workloadName = r.workloadName();
    dbClass = r.dbClass();
    config = r.config();
    settings = r.settings();
    measurement = r.measurement();
    start = r.start();
    end = r.end();
    runtimeMillis = r.runtimeMillis();
    operationsDone = r.operationsDone();
    targetedOperations = r.targetedOperations();
    operations = r.operations();
    gc = r.gc();
    cpu = r.cpu();
    server = r.server();
    machine = r.machine();
    timeSeries = r.timeSeries();
    warnings = r.warnings();
    outcome = r.outcome();
    runDirectory = r.runDirectory();
    histogramLogs = r.histogramLogs();
    warmup = r.warmup();
    scheduleLag = r.scheduleLag();
    errors = r.errors();
    outages = r.outages();
    workloadInstances = r.workloadInstances();
    threadKind = r.threadKind();
    calibration = r.calibration();
  }

  /** @return a report of the fields set; collections are copied */
  public RunReport build() {
    for (Object required : new Object[] {toolVersion, bindingName, config, settings, measurement, start, end, cpu,
        server, machine, outcome}) {
      java.util.Objects.requireNonNull(required, "RunReport: toolVersion, bindingName, config, settings, "
          + "measurement, start, end, cpu, server, machine and outcome must be set");
    }
    return new RunReport(toolVersion, bindingName, workloadName, dbClass, config, settings, measurement, start, end,
        runtimeMillis, operationsDone, targetedOperations, operations, gc, cpu, server, machine, timeSeries, warnings,
        outcome, runDirectory, histogramLogs, warmup, scheduleLag, errors, outages, workloadInstances, threadKind,
        calibration);
  }

  public RunReportBuilder toolVersion(String v) {
    toolVersion = v;
    return this;
  }

  public RunReportBuilder bindingName(String v) {
    bindingName = v;
    return this;
  }

  public RunReportBuilder workloadName(String v) {
    workloadName = v;
    return this;
  }

  public RunReportBuilder dbClass(String v) {
    dbClass = v;
    return this;
  }

  public RunReportBuilder config(RunConfig v) {
    config = v;
    return this;
  }

  public RunReportBuilder settings(Settings v) {
    settings = v;
    return this;
  }

  public RunReportBuilder measurement(MeasurementConfig v) {
    measurement = v;
    return this;
  }

  public RunReportBuilder start(Instant v) {
    start = v;
    return this;
  }

  public RunReportBuilder end(Instant v) {
    end = v;
    return this;
  }

  public RunReportBuilder runtimeMillis(long v) {
    runtimeMillis = v;
    return this;
  }

  public RunReportBuilder operationsDone(long v) {
    operationsDone = v;
    return this;
  }

  public RunReportBuilder targetedOperations(long v) {
    targetedOperations = v;
    return this;
  }

  public RunReportBuilder operations(List<OperationReport> v) {
    operations = v;
    return this;
  }

  public RunReportBuilder gc(List<GcStat> v) {
    gc = v;
    return this;
  }

  public RunReportBuilder cpu(CpuSummary v) {
    cpu = v;
    return this;
  }

  public RunReportBuilder server(ServerFacts v) {
    server = v;
    return this;
  }

  public RunReportBuilder machine(MachineFacts v) {
    machine = v;
    return this;
  }

  public RunReportBuilder timeSeries(List<TimeSeriesPoint> v) {
    timeSeries = v;
    return this;
  }

  public RunReportBuilder warnings(List<Warning> v) {
    warnings = v;
    return this;
  }

  public RunReportBuilder outcome(Outcome v) {
    outcome = v;
    return this;
  }

  public RunReportBuilder runDirectory(Path v) {
    runDirectory = v;
    return this;
  }

  public RunReportBuilder histogramLogs(Map<String, Path> v) {
    histogramLogs = v;
    return this;
  }

  public RunReportBuilder warmup(WarmupReport v) {
    warmup = v;
    return this;
  }

  public RunReportBuilder scheduleLag(ScheduleLag v) {
    scheduleLag = v;
    return this;
  }

  public RunReportBuilder errors(List<ErrorLog.Kind> v) {
    errors = v;
    return this;
  }

  public RunReportBuilder outages(List<ErrorLog.Outage> v) {
    outages = v;
    return this;
  }

  public RunReportBuilder workloadInstances(String v) {
    workloadInstances = v;
    return this;
  }

  public RunReportBuilder threadKind(String v) {
    threadKind = v;
    return this;
  }

  public RunReportBuilder calibration(CalibrationSection v) {
    calibration = v;
    return this;
  }
}
