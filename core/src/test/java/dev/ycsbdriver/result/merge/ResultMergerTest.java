package dev.ycsbdriver.result.merge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import dev.ycsbdriver.measure.LatencyUnit;
import dev.ycsbdriver.result.HistogramLogs;
import dev.ycsbdriver.result.ResultJson;
import dev.ycsbdriver.testing.CliRun;
import dev.ycsbdriver.testing.Resources;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.HdrHistogram.HistogramLogWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResultMergerTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final long T0 = Instant.parse("2026-01-01T00:00:00Z").toEpochMilli();

  @TempDir
  Path dir;

  /**
   * A synthetic client: READ intervals of 1 s from {@code fromSec} to {@code toSec}, each with
   * {@code perInterval} operations of latency {@code latencyMicros}.
   */
  private Path client(String name, String workload, int fromSec, int toSec, int perInterval, long latencyMicros,
                      double serverCpu, double driverCpu) throws Exception {
    Path run = Files.createDirectories(dir.resolve(name));
    long ops = writeLog(run.resolve("READ.hlog"), fromSec, toSec, perInterval, latencyMicros);
    // intended latency: service time plus 100 ms of queueing
    writeLog(run.resolve("Intended-READ.hlog"), fromSec, toSec, perInterval, latencyMicros + 100_000);
    ObjectNode n = JSON.createObjectNode();
    n.put("schemaVersion", 1).put("phase", "run").put("binding", "postgres").put("workload", "site.ycsb.workloads.CoreWorkload")
        .put("workloadName", workload).put("threads", 4).put("targetOpsPerSec", 0).put("operationCountTarget", 0)
        .put("startTime", Instant.ofEpochMilli(T0 + fromSec * 1000L).toString())
        .put("endTime", Instant.ofEpochMilli(T0 + toSec * 1000L).toString()).put("operationsTotal", ops);
    n.putObject("client").put("index", name.equals("b") ? 1 : 0).put("count", 2);
    ObjectNode op = n.putArray("operations").addObject().put("name", "READ").put("operations", ops);
    op.putObject("statusCounts").put("OK", ops - 1).put("NOT_FOUND", 1);
    op.putArray("failures");
    n.putObject("histogramLogs").put("READ", "READ.hlog").put("Intended-READ", "Intended-READ.hlog");
    ObjectNode cpu = n.putObject("cpu");
    cpu.putObject("server").put("averagePercent", serverCpu).put("peakPercent", serverCpu + 10).putNull("unavailableReason");
    cpu.putObject("driver").put("averagePercent", driverCpu).put("peakPercent", driverCpu + 1).putNull("unavailableReason");
    cpu.putObject("machine").put("averagePercent", 90.0).put("peakPercent", 99.0).putNull("unavailableReason");
    cpu.put("serverSource", "processes named postgres (" + (int) serverCpu + " pids)").put("serverIsDriver", false);
    n.putObject("server").put("product", "PostgreSQL").put("version", "15.8");
    n.putObject("machine").put("hostName", "db-client");
    n.putObject("outcome").put("status", "ok").put("exitCode", 0).putArray("errors");
    n.putObject("config").put("client.index", "0");
    n.putArray("warnings");
    JSON.writeValue(run.resolve("result.json").toFile(), n);
    return run;
  }

  private static long writeLog(Path file, int fromSec, int toSec, int perInterval, long latencyMicros)
      throws Exception {
    long ops = 0;
    try (PrintStream out = new PrintStream(Files.newOutputStream(file), false, StandardCharsets.UTF_8)) {
      HistogramLogWriter log = new HistogramLogWriter(out);
      long base = T0 + fromSec * 1000L;
      log.outputStartTime(base);
      log.setBaseTime(base);
      log.outputLegend();
      for (int s = fromSec; s < toSec; s++) {
        Histogram h = new Histogram(3);
        for (int i = 0; i < perInterval; i++) {
          h.recordValue(latencyMicros + i);
        }
        ops += perInterval;
        log.outputIntervalHistogram((s - fromSec), (s - fromSec + 1), h, 1000.0);
      }
    }
    return ops;
  }

  /**
   * Rewrites a client's READ and Intended-READ logs in nanoseconds, with the header ycsb-driver writes: each interval
   * {@code perInterval} operations of {@code latencyNanos} + i.
   */
  private static void inNanoseconds(Path run, int fromSec, int toSec, int perInterval, long latencyNanos)
      throws Exception {
    for (String name : new String[] {"READ", "Intended-READ"}) {
      long extra = name.startsWith("Intended") ? 100_000_000L : 0;
      try (PrintStream out = new PrintStream(Files.newOutputStream(run.resolve(name + ".hlog")), false,
          StandardCharsets.UTF_8)) {
        long base = T0 + fromSec * 1000L;
        HistogramLogWriter log = HistogramLogs.startLog(out, name, LatencyUnit.NANOSECONDS, base);
        for (int s = fromSec; s < toSec; s++) {
          Histogram h = new Histogram(3);
          for (int i = 0; i < perInterval; i++) {
            h.recordValue(latencyNanos + extra + i);
          }
          HistogramLogs.writeInterval(log, h, LatencyUnit.NANOSECONDS, base + (s - fromSec) * 1000L,
              base + (s - fromSec + 1) * 1000L, base);
        }
      }
    }
  }

  @Test
  void nanosecondClientsMergeIntoFractionalMicroseconds() throws Exception {
    Path a = client("a", "workloada", 0, 10, 100, 0, 40.0, 30.0);
    Path b = client("b", "workloada", 5, 15, 200, 0, 55.0, 35.0);
    inNanoseconds(a, 0, 10, 100, 300);
    inNanoseconds(b, 5, 15, 200, 400);
    JsonNode m = ResultMerger.merge(java.util.List.of(a, b), dir.resolve("merged"));
    JsonNode service = m.path("operations").get(0).path("serviceTime");
    assertThat(service.path("count").asLong()).isEqualTo(3000);
    // a third from 300 to 399 ns, two thirds from 400 to 599 ns: a mean of 449.5 ns
    assertThat(service.path("p50Micros").asDouble()).isBetween(0.4, 0.6);
    assertThat(service.path("minMicros").asDouble()).isEqualTo(0.3);
    assertThat(service.path("meanMicros").asDouble()).isBetween(0.44, 0.46);
    assertThat(m.path("operations").get(0).path("intendedLatency").path("p50Micros").asDouble())
        .isBetween(100_000.0, 100_100.0);
    assertThat(Files.readString(dir.resolve("merged/READ.hlog"))).contains("#[Values in nanoseconds");
    assertThat(HistogramLogs.read(dir.resolve("merged/READ.hlog")).sum().getTotalCount()).isEqualTo(3000);
    assertThat(Files.readString(dir.resolve("merged/summary.txt"))).containsPattern("\\[READ\\], AverageLatency\\(us\\), 0\\.4")
        .contains("[READ], MinLatency(us), 0");
  }

  @Test
  void aMicrosecondClientBesideANanosecondOneMergesInNanoseconds() throws Exception {
    Path a = client("a", "workloada", 0, 10, 100, 1000, 40.0, 30.0);
    Path b = client("b", "workloada", 5, 15, 200, 0, 55.0, 35.0);
    inNanoseconds(b, 5, 15, 200, 5_000_000);
    JsonNode m = ResultMerger.merge(java.util.List.of(a, b), dir.resolve("merged"));
    JsonNode read = m.path("operations").get(0);
    assertThat(read.path("serviceTime").path("count").asLong()).isEqualTo(3000);
    // the same figures as two microsecond clients give (throughputCountsOnlyTheOperationsInsideTheCommonWindow)
    assertThat(read.path("serviceTime").path("p50Micros").asDouble()).isBetween(5000.0, 5200.0);
    assertThat(read.path("serviceTime").path("minMicros").asDouble()).isBetween(999.0, 1001.0);
    assertThat(read.path("intendedLatency").path("p50Micros").asDouble()).isBetween(105_000.0, 105_300.0);
    assertThat(HistogramLogs.read(dir.resolve("merged/READ.hlog")).unit()).isEqualTo(LatencyUnit.NANOSECONDS);
  }

  @Test
  void microsecondClientsMergeIntoAMicrosecondLog() throws Exception {
    Path a = client("a", "workloada", 0, 10, 100, 1000, 40.0, 30.0);
    Path b = client("b", "workloada", 5, 15, 200, 5000, 55.0, 35.0);
    ResultMerger.merge(java.util.List.of(a, b), dir.resolve("merged"));
    assertThat(Files.readString(dir.resolve("merged/READ.hlog"))).contains("#[Values in microseconds");
    assertThat(HistogramLogs.read(dir.resolve("merged/READ.hlog")).unit()).isEqualTo(LatencyUnit.MICROSECONDS);
  }

  /** Adds the error figures of a result that lost its connection once. */
  private static void withErrors(Path run, long ok, String lost, long errors) throws Exception {
    ObjectNode n = (ObjectNode) JSON.readTree(run.resolve("result.json").toFile());
    n.put("operationsOk", ok).put("throughputOkOpsPerSec", 1.0);
    n.putArray("errors").addObject().put("binding", "postgres").put("operation", "READ").put("cause", "SQLState 08006")
        .put("firstMessage", "I/O error at " + lost).put("firstTime", lost).put("count", errors);
    n.putArray("connectionOutages").addObject().put("lostTime", lost).put("restoredTime", lost)
        .put("durationMillis", 0).put("threads", 1).put("cause", "SQLState 08006");
    JSON.writeValue(run.resolve("result.json").toFile(), n);
  }

  @Test
  void theSameResultTwiceIsRefusedInsteadOfDoublingTheThroughput() throws Exception {
    Path a = client("a", "workloada", 0, 10, 100, 1000, 40.0, 30.0);

    CliRun twice = CliRun.of("report", "merge", a.toString(), a.resolve("result.json").toString(), "-o",
        dir.resolve("m1").toString());

    assertThat(twice.exitCode()).as(twice.toString()).isEqualTo(2);
    assertThat(twice.err()).isEqualTo("ycsb: report merge: each client's result must be given once, got "
        + a.resolve("result.json") + " twice" + System.lineSeparator());
    assertThat(dir.resolve("m1")).doesNotExist();
  }

  @Test
  void aCopyOfAResultIsRefusedAsTheSameRun() throws Exception {
    Path a = client("a", "workloada", 0, 10, 100, 1000, 40.0, 30.0);
    Path copy = Files.createDirectories(dir.resolve("copy"));
    try (var files = Files.list(a)) {
      for (Path f : files.toList()) {
        Files.copy(f, copy.resolve(f.getFileName()));
      }
    }

    CliRun run = CliRun.of("report", "merge", a.toString(), copy.toString(), "-o", dir.resolve("m2").toString());

    assertThat(run.exitCode()).as(run.toString()).isEqualTo(2);
    assertThat(run.err()).startsWith("ycsb: report merge: each client's result must be given once, got "
        + copy.resolve("result.json") + ", a copy of " + a.resolve("result.json") + " (started 2026-01-01T00:00:00Z "
        + "on db-client)");
  }

  @Test
  void errorsAreSummedPerKindAndOkThroughputIsTheMergedThroughputTimesTheOkShare() throws Exception {
    Path a = client("a", "workloada", 0, 10, 100, 1000, 40.0, 30.0);
    Path b = client("b", "workloada", 0, 10, 100, 1000, 40.0, 30.0);
    withErrors(a, 900, "2026-01-01T00:00:05.5Z", 100);
    withErrors(b, 500, "2026-01-01T00:00:05Z", 500);
    JsonNode m = ResultMerger.merge(java.util.List.of(a, b), dir.resolve("merged"));

    assertThat(m.path("operationsOk").asLong()).isEqualTo(1400);
    assertThat(m.path("throughputOkOpsPerSec").asDouble())
        .isCloseTo(m.path("throughputOpsPerSec").asDouble() * 1400 / 2000, within(1e-9));
    assertThat(m.path("errors")).singleElement().satisfies(k -> {
      assertThat(k.path("count").asLong()).isEqualTo(600);
      assertThat(k.path("firstMessage").asText()).isEqualTo("I/O error at 2026-01-01T00:00:05Z");
    });
    assertThat(m.path("connectionOutages").findValuesAsText("lostTime"))
        .containsExactly("2026-01-01T00:00:05Z", "2026-01-01T00:00:05.5Z");
  }

  @Test
  void aClientResultWithoutErrorFiguresLeavesThemOutOfTheMergedResult() throws Exception {
    Path a = client("a", "workloada", 0, 10, 100, 1000, 40.0, 30.0);
    Path b = client("b", "workloada", 0, 10, 100, 1000, 40.0, 30.0);
    withErrors(a, 900, "2026-01-01T00:00:05Z", 100);
    JsonNode m = ResultMerger.merge(java.util.List.of(a, b), dir.resolve("merged"));

    assertThat(m.has("operationsOk")).isFalse();
    assertThat(m.has("throughputOkOpsPerSec")).isFalse();
    assertThat(m.has("errors")).isFalse();
  }

  @Test
  void throughputCountsOnlyTheOperationsInsideTheCommonWindow() throws Exception {
    Path a = client("a", "workloada", 0, 10, 100, 1000, 40.0, 30.0);
    Path b = client("b", "workloada", 5, 15, 200, 5000, 55.0, 35.0);
    JsonNode m = ResultMerger.merge(java.util.List.of(a, b), dir.resolve("merged"));

    assertThat(m.path("operationsTotal").asLong()).isEqualTo(1000 + 2000);
    assertThat(m.path("runtimeMillis").asLong()).isEqualTo(5000);
    // window [5 s, 10 s): 5 intervals of a (100 each) and 5 of b (200 each)
    assertThat(m.path("merged").path("windowOperations").asLong()).isEqualTo(1500);
    assertThat(m.path("throughputOpsPerSec").asDouble()).isCloseTo(300.0, within(1e-9));
    JsonNode read = m.path("operations").get(0);
    assertThat(read.path("statusCounts").path("OK").asLong()).isEqualTo(2998);
    assertThat(read.path("statusCounts").path("NOT_FOUND").asLong()).isEqualTo(2);
    assertThat(read.path("serviceTime").path("count").asLong()).isEqualTo(3000);
    // a third of the values are near 1 ms, two thirds near 5 ms: an average of percentiles would say 3 ms
    assertThat(read.path("serviceTime").path("p50Micros").asLong()).isBetween(5000L, 5200L);
    assertThat(read.path("serviceTime").path("p99Micros").asLong()).isBetween(5100L, 5210L);
    assertThat(read.path("intendedLatency").path("count").asLong()).isEqualTo(3000);
    assertThat(read.path("intendedLatency").path("p50Micros").asLong()).isBetween(105_000L, 105_300L);
    assertThat(m.path("cpu").path("server").path("averagePercent").asDouble()).isEqualTo(55.0);
    assertThat(m.path("cpu").path("server").path("peakPercent").asDouble()).isEqualTo(65.0);
    assertThat(m.path("merged").path("serverCpuRule").asText()).startsWith("max of the clients' averages");
    assertThat(m.path("cpu").path("driver").path("averagePercent").isNull()).isTrue();
    assertThat(m.path("merged").path("driverCpu")).extracting(d -> d.path("averagePercent").asDouble())
        .containsExactly(30.0, 35.0);
    assertThat(m.has("client")).isFalse();
    assertThat(m.path("threads").asInt()).isEqualTo(8);
  }

  @Test
  void mergedLogHoldsEveryIntervalOfEveryClient() throws Exception {
    Path a = client("a", "workloada", 0, 10, 100, 1000, 40.0, 30.0);
    Path b = client("b", "workloada", 5, 15, 200, 5000, 55.0, 35.0);
    ResultMerger.merge(java.util.List.of(a, b), dir.resolve("merged"));
    Histogram fromMerged = readAll(dir.resolve("merged/READ.hlog"));
    Histogram union = readAll(a.resolve("READ.hlog"));
    union.add(readAll(b.resolve("READ.hlog")));
    assertThat(fromMerged).isEqualTo(union);
    assertThat(Files.readString(dir.resolve("merged/summary.txt")))
        .contains("[OVERALL], RunTime(ms), 5000").contains("[READ], Operations, 3000").contains("[READ], Return=OK, 2998");
  }

  @Test
  void differentServersLeaveServerCpuUnavailable() throws Exception {
    Path a = client("a", "workloada", 0, 10, 100, 1000, 40.0, 30.0);
    Path b = client("b", "workloada", 0, 10, 100, 1000, 55.0, 35.0);
    ObjectNode json = (ObjectNode) JSON.readTree(b.resolve("result.json").toFile());
    ((ObjectNode) json.path("machine")).put("hostName", "other-host");
    JSON.writeValue(b.resolve("result.json").toFile(), json);
    JsonNode m = ResultMerger.merge(java.util.List.of(a, b), dir.resolve("merged"));
    assertThat(m.path("cpu").path("server").path("averagePercent").isNull()).isTrue();
    assertThat(m.path("merged").path("serverCpuRule").asText()).startsWith("not merged");
  }

  @Test
  void mismatchedWorkloadsExitWithTwoAndOneLineNamingTheFiles() throws Exception {
    Path a = client("a", "workloada", 0, 10, 100, 1000, 40.0, 30.0);
    Path b = client("b", "workloadb", 0, 10, 100, 1000, 40.0, 30.0);
    CliRun run = CliRun.of("report", "merge", a.toString(), b.toString(), "-o", dir.resolve("m").toString());
    assertThat(run.exitCode()).as(run.toString()).isEqualTo(2);
    assertThat(run.errLines()).hasSize(1);
    assertThat(run.err()).contains(a.resolve("result.json").toString()).contains(b.resolve("result.json").toString())
        .contains("workloada").contains("workloadb");
  }

  @Test
  void twoRealRunsMergeIntoAResultThatValidatesAgainstTheSchema() throws Exception {
    java.util.List<Path> runs = twoClients("run", "operationcount=3000");
    for (int i = 0; i < 2; i++) {
      JsonNode r = JSON.readTree(runs.get(i).resolve("result.json").toFile());
      assertThat(runs.get(i).getFileName().toString()).endsWith("-c" + i + "of2");
      assertThat(r.path("client").path("index").asInt()).isEqualTo(i);
      assertThat(r.path("operationsTotal").asLong()).isEqualTo(3000);
    }
    Path out = dir.resolve("merged");
    CliRun merge = CliRun.of("report", "merge", runs.get(0).toString(), runs.get(1).toString(), "-o", out.toString());
    assertThat(merge.exitCode()).as(merge.toString()).isZero();
    JsonNode m = JSON.readTree(out.resolve("result.json").toFile());
    assertThat(m.path("operationsTotal").asLong()).isEqualTo(6000);
    try (InputStream schemaText = ResultJson.class.getResourceAsStream(ResultJson.SCHEMA_RESOURCE)) {
      var schema = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012).getSchema(schemaText);
      assertThat(schema.validate(m)).isEmpty();
      assertThat(schema.validate(JSON.readTree(runs.get(0).resolve("result.json").toFile()))).isEmpty();
    }
    // the merged result is itself a run result that 'report' reads
    CliRun report = CliRun.of("report", out.toString(), "-o", dir.resolve("report").toString());
    assertThat(report.exitCode()).as(report.toString()).isZero();
  }

  @Test
  void loadsRunOneAfterTheOtherMergeIntoTheWholeRangeOverTheirSpanWithAWarning() throws Exception {
    java.util.List<Path> loads = twoClients("load", "recordcount=1001");
    assertThat(JSON.readTree(loads.get(0).resolve("result.json").toFile()).path("operationsTotal").asLong()).isEqualTo(500);
    assertThat(JSON.readTree(loads.get(1).resolve("result.json").toFile()).path("operationsTotal").asLong()).isEqualTo(501);
    JsonNode m = ResultMerger.merge(loads, dir.resolve("merged"));
    assertThat(m.path("operationsTotal").asLong()).isEqualTo(1001);
    assertThat(m.path("config").path("insertstart").asText()).isEqualTo("0");
    assertThat(m.path("config").path("insertcount").asText()).isEqualTo("1001");
    assertThat(m.path("config").has("client.index")).isFalse();
    assertThat(m.path("warnings").get(0).path("text").asText())
        .startsWith("merge: the clients' runs do not overlap in time");
    assertThat(m.path("merged").path("windowOperations").asLong()).isEqualTo(1001);
  }

  /** Runs clients 0 and 1 of 2 in this JVM, one after the other, with the basic binding. */
  private java.util.List<Path> twoClients(String phase, String property) throws Exception {
    String workload = Resources.path("/golden/workloads/workloada").toString();
    Path results = dir.resolve(phase + "-results");
    for (int i = 0; i < 2; i++) {
      CliRun run = CliRun.of(phase, "basic", "-P", workload, "-p", "basicdb.verbose=false", "-p", property,
          "-p", "client.index=" + i, "-p", "client.count=2", "-p", "result.dir=" + results);
      assertThat(run.exitCode()).as(run.toString()).isZero();
    }
    try (var list = Files.list(results)) {
      return list.sorted().toList();
    }
  }

  private static Histogram readAll(Path log) throws Exception {
    Histogram sum = new Histogram(3);
    HistogramLogReader reader = new HistogramLogReader(log.toFile());
    for (EncodableHistogram h = reader.nextIntervalHistogram(); h != null; h = reader.nextIntervalHistogram()) {
      sum.add((Histogram) h);
    }
    reader.close();
    return sum;
  }
}
