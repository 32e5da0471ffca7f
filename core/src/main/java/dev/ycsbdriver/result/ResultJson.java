package dev.ycsbdriver.result;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ycsbdriver.config.ConfigException;
import dev.ycsbdriver.cpu.CpuFigure;
import dev.ycsbdriver.cpu.CpuSample;
import dev.ycsbdriver.cpu.CpuSummary;
import dev.ycsbdriver.cpu.MachineFacts;
import dev.ycsbdriver.measure.ChannelTotals;
import dev.ycsbdriver.measure.LatencyUnit;
import dev.ycsbdriver.spi.ErrorLog;
import dev.ycsbdriver.spi.RestoredSetting;
import dev.ycsbdriver.spi.ServerFacts;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import site.ycsb.Status;

/**
 * The result file: one JSON document per load or run, {@code schemaVersion} 1, described by the JSON
 * Schema {@code /dev/ycsbdriver/result/run-result.schema.json}. Every figure carries its unit in its
 * name ({@code runtimeMillis}, {@code p99Micros}, {@code averagePercent}); latencies are fractional
 * microseconds, from histograms recorded in nanoseconds; a figure that is not
 * available is {@code null}, never 0. Configuration values are masked (see
 * {@link dev.ycsbdriver.config.Secrets}).
 *
 * <p>Stateless and thread-safe.
 */
public final class ResultJson {
  /** What the result says of intended latency in a closed loop (no {@code -target}). */
  public static final String CLOSED_LOOP_NOTE = "closed loop (no -target): each thread starts an operation when its "
      + "previous one ends, so there is no schedule to fall behind; intended latency is not measured and equals "
      + "service time";

  /**
   * The version of the document's layout; it changes when a field changes meaning or is removed, or when a
   * new kind of result appears. 2 adds crash test results (phase {@code crashtest}, a {@code crash} object).
   */
  public static final int SCHEMA_VERSION = 2;
  /** The oldest layout {@code report} and {@code merge} still read: version 1 is version 2 without crash tests. */
  public static final int OLDEST_READABLE_SCHEMA_VERSION = 1;
  /** Classpath location of the JSON Schema. */
  public static final String SCHEMA_RESOURCE = "/dev/ycsbdriver/result/run-result.schema.json";

  private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
  /** The percentiles every latency object holds, in order, to their field names: 50 to {@code p50Micros}... */
  public static final Map<Double, String> PERCENTILE_FIELDS = percentileFields();

  private ResultJson() {
  }

  private static Map<Double, String> percentileFields() {
    Map<Double, String> fields = new java.util.LinkedHashMap<>();
    fields.put(50.0, "p50Micros");
    fields.put(90.0, "p90Micros");
    fields.put(95.0, "p95Micros");
    fields.put(99.0, "p99Micros");
    fields.put(99.9, "p999Micros");
    fields.put(99.99, "p9999Micros");
    return java.util.Collections.unmodifiableMap(fields);
  }

  /**
   * @param report the run's figures
   * @param file the file to write; its directory is created
   * @throws IOException if the file cannot be written
   */
  public static void write(RunReport report, Path file) throws IOException {
    Files.createDirectories(file.toAbsolutePath().getParent());
    MAPPER.writeValue(file.toFile(), toJson(report));
  }

  /** @return the document as a Jackson tree */
  public static ObjectNode toJson(RunReport r) {
    ObjectNode root = MAPPER.createObjectNode();
    root.put("schemaVersion", SCHEMA_VERSION);
    ObjectNode tool = root.putObject("tool");
    tool.put("name", "ycsb-driver");
    tool.put("version", r.toolVersion());
    root.put("phase", r.config().phase().label());
    root.put("binding", r.bindingName());
    String store = r.settings().getTrimmed(dev.ycsbdriver.config.RunConfig.STORE_NAME);
    root.put("storeName", store == null || store.isEmpty() ? r.bindingName() : store);
    root.put("dbClass", r.dbClass());
    root.put("workload", r.config().workloadClass());
    root.put("workloadName", r.workloadName());
    root.put("workloadInstances", r.workloadInstances());
    if (r.threadKind() != null) {
      root.put("threadKind", r.threadKind());
    }
    root.put("label", r.config().label());
    root.put("threads", r.config().effectiveThreadCount());
    if (r.config().effectiveThreadCount() != r.config().threadCount()) {
      // threadcount asked for more threads than operations; "threads" is how many ran
      root.put("threadsRequested", r.config().threadCount());
    }
    if (r.config().client().multiple()) {
      root.putObject("client").put("index", r.config().client().index()).put("count", r.config().client().count());
    }
    root.put("targetOpsPerSec", r.config().targetOpsPerSec());
    root.put("operationCountTarget", r.targetedOperations());
    root.put("maxExecutionTimeSeconds", r.config().maxExecutionTime().toSeconds());
    root.put("warmupMillis", r.warmup().millis());
    ObjectNode warmupOps = root.putObject("warmupOperations");
    r.warmup().operations().forEach(warmupOps::put);
    ObjectNode warmup = root.putObject("warmup");
    warmup.put("requested", r.warmup().requested());
    warmup.put("millis", r.warmup().millis());
    warmup.put("endedBy", r.warmup().endedBy());
    warmup.put("detail", r.warmup().detail());
    root.put("measurementInterval", r.measurement().interval().name().toLowerCase(java.util.Locale.ROOT));
    root.put("intendedLatencyMeasured", r.config().paced());
    ObjectNode schedule = root.putObject("schedule");
    if (r.scheduleLag() == null) {
      schedule.put("mode", "closed loop");
      schedule.put("note", CLOSED_LOOP_NOTE);
    } else {
      schedule.put("mode", "target");
      schedule.put("targetOpsPerSec", r.scheduleLag().targetOpsPerSec());
      schedule.put("maxLagMillis", r.scheduleLag().maxLagMillis());
      schedule.put("finalLagMillis", r.scheduleLag().finalLagMillis());
    }
    root.put("profile", r.config().profile());
    root.put("startTime", r.start().toString());
    root.put("endTime", r.end().toString());
    root.put("runtimeMillis", r.runtimeMillis());
    root.put("operationsTotal", r.operationsDone());
    root.put("throughputOpsPerSec", r.throughputOpsPerSec());
    root.put("operationsOk", r.okOperations());
    root.put("throughputOkOpsPerSec", r.throughputOkOpsPerSec());
    errors(root.putArray("errors"), r.errors());
    outages(root.putArray("connectionOutages"), r.outages());
    ObjectNode outcome = root.putObject("outcome");
    outcome.put("status", r.outcome().status().name().toLowerCase(java.util.Locale.ROOT));
    outcome.put("exitCode", r.outcome().exitCode());
    r.outcome().errors().forEach(outcome.putArray("errors")::add);
    server(root.putObject("server"), r.server(), r.cpu().serverSource());
    machine(root.putObject("machine"), r.machine());
    cpu(root.putObject("cpu"), r.cpu(), r.throughputOpsPerSec());
    ArrayNode ops = root.putArray("operations");
    for (OperationReport op : r.operations()) {
      operation(ops.addObject(), op);
    }
    timeSeries(root.putArray("timeSeries"), r.timeSeries(), r.cpu().samples());
    ArrayNode gc = root.putArray("gc");
    for (GcStat g : r.gc()) {
      gc.addObject().put("name", g.name()).put("count", g.count()).put("timeMillis", g.timeMillis());
    }
    ObjectNode logs = root.putObject("histogramLogs");
    r.histogramLogs().forEach((name, path) -> logs.put(name, path.getFileName().toString()));
    ObjectNode config = root.putObject("config");
    r.settings().masked().forEach(config::put);
    RunChecks.write(root.putArray("checks"), RunChecks.of(r));
    r.warnings().forEach(root.putArray("warnings")::add);
    return root;
  }

  private static void errors(ArrayNode array, List<ErrorLog.Kind> kinds) {
    for (ErrorLog.Kind k : kinds) {
      array.addObject().put("binding", k.binding()).put("operation", k.operation()).put("cause", k.cause())
          .put("firstMessage", k.firstMessage()).put("firstTime", k.firstAt().toString()).put("count", k.count());
    }
  }

  private static void outages(ArrayNode array, List<ErrorLog.Outage> outages) {
    for (ErrorLog.Outage o : outages) {
      array.addObject().put("lostTime", o.lostAt().toString())
          .put("restoredTime", o.restoredAt() == null ? null : o.restoredAt().toString())
          .put("durationMillis", o.durationMillis()).put("threads", o.threads()).put("cause", o.cause());
    }
  }

  /**
   * Writes the schema's {@code server} object: product, version, profile, settings read back, the CPU source
   * and the settings restored from an earlier, killed run.
   *
   * @param node the object to fill
   * @param facts what the binding read back when it opened
   * @param cpuSource what the server CPU figure measures, or null when none was sampled
   */
  public static void server(ObjectNode node, ServerFacts facts, String cpuSource) {
    node.put("product", facts.product());
    node.put("version", facts.version());
    node.put("profile", facts.profile());
    ObjectNode settings = node.putObject("settings");
    facts.settings().forEach(settings::put);
    node.put("cpuSource", cpuSource);
    ArrayNode restored = node.putArray("restoredSettings");
    for (RestoredSetting r : facts.restoredSettings()) {
      restored.addObject().put("scope", r.scope()).put("setting", r.setting()).put("value", r.value())
          .put("leftByPid", r.pid()).put("changedAt", r.changedAt().toString()).put("journal", r.journal().toString());
    }
  }

  /**
   * Writes the schema's {@code machine} object (CPU model, cores, memory, OS, host, Java).
   *
   * @param node the object to fill
   * @param m the machine's facts
   */
  public static void machine(ObjectNode node, MachineFacts m) {
    node.put("cpuModel", m.cpuModel());
    node.put("physicalCores", m.physicalCores());
    node.put("logicalCores", m.logicalCores());
    node.put("memoryBytes", m.memoryBytes());
    node.put("os", m.osName());
    node.put("hostName", m.hostName());
    node.put("javaVersion", m.javaVersion());
    node.put("jvm", m.jvmName());
  }

  private static void cpu(ObjectNode node, CpuSummary cpu, double throughput) {
    figure(node.putObject("server"), cpu.server());
    figure(node.putObject("driver"), cpu.driver());
    figure(node.putObject("machine"), cpu.machine());
    node.put("serverSource", cpu.serverSource());
    node.put("serverIsDriver", cpu.serverIsDriver());
    node.put("logicalCores", cpu.logicalCores());
    node.put("sampleIntervalMillis", cpu.sampleIntervalMillis());
    node.put("opsPerServerCpuPercent", cpu.opsPerServerCpuPercent(throughput));
    node.put("driverCpuMicrosPerOperation", cpu.driverMicrosPerOperation(throughput));
    node.put("serverCpuMicrosPerOperation", cpu.serverMicrosPerOperation(throughput));
  }

  private static void figure(ObjectNode node, CpuFigure f) {
    node.put("averagePercent", f.averagePercent());
    node.put("peakPercent", f.peakPercent());
    node.put("unavailableReason", f.unavailableReason());
  }

  private static void operation(ObjectNode node, OperationReport op) {
    node.put("name", op.name());
    node.put("operations", op.operations());
    ObjectNode statuses = node.putObject("statusCounts");
    for (Map.Entry<Status, Long> e : op.statusCounts().entrySet()) {
      statuses.put(e.getKey().getName(), e.getValue());
    }
    putLatency(node.putObject("serviceTime"), op.ok().service(), LatencyUnit.RECORDED);
    putLatency(node.putObject("intendedLatency"), op.ok().intended(), LatencyUnit.RECORDED);
    ArrayNode failures = node.putArray("failures");
    for (ChannelTotals f : op.failures()) {
      ObjectNode fn = failures.addObject();
      fn.put("name", f.name());
      putLatency(fn.putObject("serviceTime"), f.service(), LatencyUnit.RECORDED);
      putLatency(fn.putObject("intendedLatency"), f.intended(), LatencyUnit.RECORDED);
    }
  }

  /**
   * Writes a {@code latency} object of the schema (count, min, mean, max, standard deviation and the
   * percentiles 50 to 99.99, fractional microseconds; nulls when {@code h} is empty).
   *
   * @param node the object to fill
   * @param h latencies
   * @param unit the unit of {@code h}'s values
   */
  public static void putLatency(ObjectNode node, Histogram h, LatencyUnit unit) {
    long n = h.getTotalCount();
    node.put("count", n);
    node.put("minMicros", n == 0 ? null : micros(unit, h.getMinValue()));
    node.put("meanMicros", n == 0 ? null : micros(unit, h.getMean()));
    node.put("maxMicros", n == 0 ? null : micros(unit, h.getMaxValue()));
    node.put("stdDevMicros", n == 0 ? null : micros(unit, h.getStdDeviation()));
    PERCENTILE_FIELDS.forEach((p, field) -> node.put(field, n == 0 ? null : micros(unit, h.getValueAtPercentile(p))));
  }

  /**
   * @param unit the unit of {@code value}
   * @param value a latency, mean or standard deviation
   * @return it in microseconds, rounded to the nanosecond (3 decimals), the finest unit recorded
   */
  public static double micros(LatencyUnit unit, double value) {
    return Math.round(unit.toMicros(value) * 1000.0) / 1000.0;
  }

  private static void timeSeries(ArrayNode array, List<TimeSeriesPoint> points, List<CpuSample> samples) {
    int s = 0;
    for (TimeSeriesPoint p : points) {
      ObjectNode node = array.addObject();
      node.put("elapsedMillis", p.elapsedMillis());
      node.put("intervalMillis", p.intervalMillis());
      node.put("opsPerSec", p.opsPerSec());
      if (p.scheduleLagMillis() != null) {
        node.put("scheduleLagMillis", p.scheduleLagMillis());
      }
      while (s < samples.size() && samples.get(s).elapsedMillis() < p.elapsedMillis()) {
        s++;
      }
      CpuSample sample = s < samples.size() ? samples.get(s) : null;
      node.put("serverCpuPercent", sample == null ? null : finite(sample.serverPercent()));
      node.put("driverCpuPercent", sample == null ? null : finite(sample.driverPercent()));
      node.put("machineCpuPercent", sample == null ? null : finite(sample.machinePercent()));
      ObjectNode latency = node.putObject("latency");
      p.latency().forEach((name, l) -> latency.putObject(name)
          .put("count", l.count()).put("meanMicros", l.meanMicros())
          .put("p99Micros", l.p99Micros()).put("maxMicros", l.maxMicros()));
    }
  }

  private static Double finite(double v) {
    return Double.isFinite(v) ? v : null;
  }

  /**
   * What tells one run from every other: two result files with the same identity are copies of one run, which a
   * report must count once and a merge must not add to itself.
   *
   * @param n a result document
   * @return its phase, binding, store, profile, workload, threads, client index, start and end time (nanoseconds),
   *     host, operation count and throughput, or null when it has no {@code startTime}
   */
  public static String runIdentity(JsonNode n) {
    if (!n.hasNonNull("startTime")) {
      return null;
    }
    return String.join("|", n.path("phase").asText(), n.path("binding").asText(), n.path("storeName").asText(),
        n.path("profile").asText(), n.path("workloadName").asText(), n.path("threads").asText(),
        n.path("client").path("index").asText(), n.path("startTime").asText(), n.path("endTime").asText(),
        n.path("machine").path("hostName").asText(), n.path("operationsTotal").asText(),
        n.path("throughputOpsPerSec").asText());
  }

  /**
   * @param n a result document
   * @return how a message names its run, e.g. {@code started 2026-11-23T07:43:27.495Z on host1}
   */
  public static String runLabel(JsonNode n) {
    return "started " + n.path("startTime").asText() + " on " + n.path("machine").path("hostName").asText("?");
  }

  /**
   * Reads a result JSON that this version can read.
   *
   * @param file a {@code result.json} (or a merged one)
   * @return its document, an object whose {@code schemaVersion} is {@link #OLDEST_READABLE_SCHEMA_VERSION} to
   *     {@link #SCHEMA_VERSION}
   * @throws ConfigException when the file cannot be read, is not JSON, is not a result of ycsb-driver, has a
   *     schema version this version cannot read, or has a figure that is not a number of at least 0
   *     ({@link ResultFigures}); the message is one line naming the file
   */
  public static JsonNode read(Path file) throws ConfigException {
    JsonNode n;
    try {
      n = MAPPER.readTree(file.toFile());
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new ConfigException(file + ": not a result JSON: " + e.getOriginalMessage(), e);
    } catch (IOException e) {
      throw new ConfigException(file + ": cannot read: " + e.getMessage(), e);
    }
    if (n == null || !n.isObject() || !n.has("schemaVersion")) {
      throw new ConfigException(file + ": not a result JSON of ycsb-driver (no schemaVersion)");
    }
    int version = n.get("schemaVersion").asInt();
    if (version < OLDEST_READABLE_SCHEMA_VERSION || version > SCHEMA_VERSION) {
      throw new ConfigException(file + ": schemaVersion must be " + OLDEST_READABLE_SCHEMA_VERSION + " to "
          + SCHEMA_VERSION + ", got " + n.get("schemaVersion").asText()
          + "; use the ycsb-driver version that wrote it");
    }
    ResultFigures.check(file, n);
    return n;
  }
}
