package dev.ycsbdriver.result;

import dev.ycsbdriver.config.RunConfig;
import dev.ycsbdriver.cpu.CpuFigure;
import dev.ycsbdriver.cpu.CpuSample;
import dev.ycsbdriver.cpu.CpuSummary;
import dev.ycsbdriver.cpu.MachineFacts;
import dev.ycsbdriver.measure.ChannelTotals;
import dev.ycsbdriver.measure.LatencyUnit;
import dev.ycsbdriver.result.model.CpuSection;
import dev.ycsbdriver.result.model.Latency;
import dev.ycsbdriver.result.model.MachineSection;
import dev.ycsbdriver.result.model.OperationFigures;
import dev.ycsbdriver.result.model.ResultDocument;
import dev.ycsbdriver.result.model.RunFigures;
import dev.ycsbdriver.result.model.RunIdentity;
import dev.ycsbdriver.result.model.RunPlan;
import dev.ycsbdriver.result.model.RunSections;
import dev.ycsbdriver.result.model.ServerSection;
import dev.ycsbdriver.result.model.TimePoint;
import dev.ycsbdriver.spi.ServerFacts;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.HdrHistogram.Histogram;
import site.ycsb.Status;

/**
 * Maps a {@link RunReport} to the typed result model ({@link ResultDocument}) that {@link ResultJson} writes.
 *
 * <p>Stateless and thread-safe.
 */
public final class ResultDocuments {
  private ResultDocuments() {
  }

  /**
   * @param r the run's figures
   * @return its result document, schema version {@link ResultJson#SCHEMA_VERSION}
   */
  public static ResultDocument of(RunReport r) {
    return ResultDocument.of(identity(r), plan(r), figures(r), sections(r));
  }

  private static RunIdentity identity(RunReport r) {
    RunConfig c = r.config();
    String store = r.settings().getTrimmed(RunConfig.STORE_NAME);
    int threads = c.effectiveThreadCount();
    return new RunIdentity(ResultJson.SCHEMA_VERSION, new RunIdentity.Tool(ResultJson.TOOL_NAME, r.toolVersion()),
        c.phase().label(), r.bindingName(), store == null || store.isEmpty() ? r.bindingName() : store, r.dbClass(),
        c.workloadClass(), r.workloadName(), r.workloadInstances(), r.threadKind(), c.label(), threads,
        // threadcount asked for more threads than operations; "threads" is how many ran
        threads != c.threadCount() ? c.threadCount() : null,
        c.client().multiple() ? new RunIdentity.Client(c.client().index(), c.client().count()) : null);
  }

  private static RunPlan plan(RunReport r) {
    WarmupReport w = r.warmup();
    ScheduleLag lag = r.scheduleLag();
    RunPlan.Schedule schedule = lag == null
        ? new RunPlan.Schedule("closed loop", ResultJson.CLOSED_LOOP_NOTE, null, null, null)
        : new RunPlan.Schedule("target", null, lag.targetOpsPerSec(), lag.maxLagMillis(), lag.finalLagMillis());
    return new RunPlan(r.config().targetOpsPerSec(), r.targetedOperations(),
        r.config().maxExecutionTime().toSeconds(), w.millis(), new LinkedHashMap<>(w.operations()),
        new RunPlan.Warmup(w.requested(), w.millis(), w.endedBy(), w.detail()),
        r.measurement().interval().name().toLowerCase(Locale.ROOT), r.config().paced(), schedule,
        r.config().profile());
  }

  private static RunFigures figures(RunReport r) {
    List<RunFigures.ErrorKind> errors = r.errors().stream().map(k -> new RunFigures.ErrorKind(k.binding(),
        k.operation(), k.cause(), k.firstMessage(), k.firstAt().toString(), k.count())).toList();
    List<RunFigures.Outage> outages = r.outages().stream().map(o -> new RunFigures.Outage(o.lostAt().toString(),
        o.restoredAt() == null ? null : o.restoredAt().toString(), o.durationMillis(), o.threads(), o.cause()))
        .toList();
    RunFigures.Outcome outcome = new RunFigures.Outcome(r.outcome().status().name().toLowerCase(Locale.ROOT),
        r.outcome().exitCode(), r.outcome().errors());
    return new RunFigures(r.start().toString(), r.end().toString(), r.runtimeMillis(), r.operationsDone(),
        r.throughputOpsPerSec(), r.okOperations(), r.throughputOkOpsPerSec(), errors, outages, outcome);
  }

  private static RunSections sections(RunReport r) {
    List<OperationFigures> ops = r.operations().stream().map(ResultDocuments::operation).toList();
    List<RunSections.Gc> gc = r.gc().stream().map(g -> new RunSections.Gc(g.name(), g.count(), g.timeMillis()))
        .toList();
    Map<String, String> logs = new LinkedHashMap<>();
    r.histogramLogs().forEach((name, path) -> logs.put(name, path.getFileName().toString()));
    List<RunSections.Check> checks = RunChecks.of(r).stream().map(c -> new RunSections.Check(c.name(),
        c.verdict().label(), c.figures(), c.tolerance(), c.detail())).toList();
    return new RunSections(server(r.server(), r.cpu().serverSource()), machine(r.machine()), r.calibration(),
        cpu(r.cpu(), r.throughputOpsPerSec()), ops, timeSeries(r.timeSeries(), r.cpu().samples()), gc, logs,
        new LinkedHashMap<>(r.settings().masked()), checks, r.warnings());
  }

  /**
   * @param facts what the binding read back when it opened
   * @param cpuSource what the server CPU figure measures, or null when none was sampled
   * @return the {@code server} section: product, version, profile, settings, CPU source and restored settings
   */
  public static ServerSection server(ServerFacts facts, String cpuSource) {
    List<ServerSection.RestoredSetting> restored = facts.restoredSettings().stream()
        .map(s -> new ServerSection.RestoredSetting(s.scope(), s.setting(), s.value(), s.pid(),
            s.changedAt().toString(), s.journal().toString())).toList();
    return new ServerSection(facts.product(), facts.version(), facts.profile(), new LinkedHashMap<>(facts.settings()),
        cpuSource, restored);
  }

  /**
   * @param m the machine's facts
   * @return the {@code machine} section
   */
  public static MachineSection machine(MachineFacts m) {
    return new MachineSection(m.cpuModel(), m.physicalCores(), m.logicalCores(), m.memoryBytes(), m.osName(),
        m.hostName(), m.javaVersion(), m.jvmName());
  }

  private static CpuSection cpu(CpuSummary cpu, double throughput) {
    return new CpuSection(figure(cpu.server()), figure(cpu.driver()), figure(cpu.machine()), cpu.serverSource(),
        cpu.serverIsDriver(), cpu.logicalCores(), cpu.sampleIntervalMillis(), cpu.opsPerServerCpuPercent(throughput),
        cpu.driverMicrosPerOperation(throughput), cpu.serverMicrosPerOperation(throughput));
  }

  private static CpuSection.CpuFigure figure(CpuFigure f) {
    return new CpuSection.CpuFigure(f.averagePercent(), f.peakPercent(), f.unavailableReason());
  }

  private static OperationFigures operation(OperationReport op) {
    Map<String, Long> statuses = new LinkedHashMap<>();
    for (Map.Entry<Status, Long> e : op.statusCounts().entrySet()) {
      statuses.put(e.getKey().getName(), e.getValue());
    }
    List<OperationFigures.Failure> failures = new ArrayList<>();
    for (ChannelTotals f : op.failures()) {
      failures.add(new OperationFigures.Failure(f.name(), latency(f.service(), LatencyUnit.RECORDED),
          latency(f.intended(), LatencyUnit.RECORDED)));
    }
    return new OperationFigures(op.name(), op.operations(), statuses, latency(op.ok().service(), LatencyUnit.RECORDED),
        latency(op.ok().intended(), LatencyUnit.RECORDED), failures);
  }

  /**
   * @param h latencies
   * @param unit the unit of {@code h}'s values
   * @return the latency object: count, min, mean, max, standard deviation and percentiles in microseconds
   *     ({@link ResultJson#micros}); nulls when {@code h} is empty
   */
  public static Latency latency(Histogram h, LatencyUnit unit) {
    long n = h.getTotalCount();
    if (n == 0) {
      return Latency.of(0, null, null, null, null, new Double[Latency.PERCENTILES.length]);
    }
    Double[] percentiles = new Double[Latency.PERCENTILES.length];
    for (int i = 0; i < percentiles.length; i++) {
      percentiles[i] = ResultJson.micros(unit, h.getValueAtPercentile(Latency.PERCENTILES[i]));
    }
    return Latency.of(n, ResultJson.micros(unit, h.getMinValue()), ResultJson.micros(unit, h.getMean()),
        ResultJson.micros(unit, h.getMaxValue()), ResultJson.micros(unit, h.getStdDeviation()), percentiles);
  }

  private static List<TimePoint> timeSeries(List<TimeSeriesPoint> points, List<CpuSample> samples) {
    List<TimePoint> out = new ArrayList<>();
    int s = 0;
    for (TimeSeriesPoint p : points) {
      while (s < samples.size() && samples.get(s).elapsedMillis() < p.elapsedMillis()) {
        s++;
      }
      CpuSample sample = s < samples.size() ? samples.get(s) : null;
      Map<String, TimePoint.IntervalLatency> latency = new LinkedHashMap<>();
      p.latency().forEach((name, l) -> latency.put(name,
          new TimePoint.IntervalLatency(l.count(), l.meanMicros(), l.p99Micros(), l.maxMicros())));
      out.add(new TimePoint(p.elapsedMillis(), p.intervalMillis(), p.opsPerSec(), p.scheduleLagMillis(),
          sample == null ? null : finite(sample.serverPercent()), sample == null ? null : finite(sample.driverPercent()),
          sample == null ? null : finite(sample.machinePercent()), latency));
    }
    return out;
  }

  private static Double finite(double v) {
    return Double.isFinite(v) ? v : null;
  }
}
