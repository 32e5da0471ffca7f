package dev.ycsbdriver.runner;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ycsbdriver.testing.BlockingDb;
import dev.ycsbdriver.testing.CliRun;
import dev.ycsbdriver.testing.Resources;
import dev.ycsbdriver.testing.StallingDb;
import dev.ycsbdriver.testing.SummaryLines;
import java.nio.file.Path;
import java.text.SimpleDateFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The run loop: pacing on one schedule, intended latency, time limits, stuck bindings, loads. */
class RunnerBehaviourTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir
  Path results;

  private String workload(String name) {
    return Resources.path("/golden/workloads/" + name).toString();
  }

  @Test
  void targetPacesTheWholeRunToTheRequestedRate() {
    CliRun run = CliRun.of("run", "-db", "site.ycsb.BasicDB", "-P", workload("workloadc"), "-threads", "4",
        "-target", "400", "-p", "operationcount=400", "-p", "basicdb.verbose=false", "-p", "result.dir=" + results);
    assertThat(run.exitCode()).as(run.toString()).isZero();
    Map<String, String> summary = SummaryLines.asMap(run.out());
    long runtime = Long.parseLong(summary.get("[OVERALL], RunTime(ms)"));
    // 400 operations at 400 ops/s: the last one is due at 0.9975 s
    assertThat(runtime).isBetween(950L, 1600L);
    assertThat(summary.get("[READ], Operations")).isEqualTo("400");
  }

  @Test
  void aLoadOfNoRecordsPreparesTheTableAndEndsWithoutAClientThread() throws Exception {
    CliRun run = CliRun.of("load", "-db", "site.ycsb.BasicDB", "-P", workload("workloada"), "-threads", "4",
        "-p", "recordcount=0", "-p", "basicdb.verbose=false", "-p", "result.dir=" + results);
    assertThat(run.exitCode()).as(run.toString()).isZero();
    assertThat(run.errLines()).as("said once, on the first line").filteredOn(l -> l.contains("no record to insert"))
        .singleElement().asString().contains("0 threads (no record to insert)");
    assertThat(SummaryLines.asMap(run.out())).doesNotContainKey("[INSERT], Operations");
    assertThat(com.fasterxml.jackson.databind.json.JsonMapper.builder().build()
        .readTree(run.resultFile().toFile()).at("/operationsTotal").asLong(-1)).isZero();
  }

  @Test
  void stallShowsInIntendedLatencyButNotInOtherOperationsServiceTime() throws Exception {
    StallingDb.reset();
    CliRun run = CliRun.of("run", "-db", "dev.ycsbdriver.testing.StallingDb", "-P", workload("workloadc"),
        "-threads", "1", "-target", "1000", "-p", "operationcount=1500", "-p", "stallingdb.at=300",
        "-p", "stallingdb.millis=400", "-p", "measurement.interval=both", "-p", "result.dir=" + results);
    assertThat(run.exitCode()).as(run.toString()).isZero();
    Map<String, String> summary = SummaryLines.asMap(run.out());
    long intendedMax = Long.parseLong(summary.get("[Intended-READ], MaxLatency(us)"));
    long serviceP99 = Long.parseLong(summary.get("[READ], 99thPercentileLatency(us)"));
    assertThat(intendedMax).isGreaterThanOrEqualTo(400_000);
    assertThat(serviceP99).isLessThan(50_000);
    JsonNode read = readOperation(run.resultFile(), "READ");
    // about 400 operations were due during the 400 ms stall: their intended latency includes the wait
    assertThat(read.at("/intendedLatency/p50Micros").asLong()).isGreaterThan(read.at("/serviceTime/p50Micros").asLong());
    assertThat(read.at("/intendedLatency/p99Micros").asLong()).isGreaterThanOrEqualTo(300_000);
  }

  @Test
  void warmupLeavesItsOperationsOutOfTheFiguresAndTheOperationCountStartsAfterIt() throws Exception {
    for (String warmup : new String[] {"0s", "1500ms"}) {
      StallingDb.reset();
      // the 300th read stalls for 400 ms: 0.3 s into the run, inside the warm-up when there is one
      CliRun run = CliRun.of("run", "-db", "dev.ycsbdriver.testing.StallingDb", "-P", workload("workloadc"),
          "-threads", "1", "-target", "1000", "-p", "operationcount=500", "-p", "stallingdb.at=300",
          "-p", "stallingdb.millis=400", "-p", "warmup=" + warmup, "-p", "result.dir=" + results, "-s",
          "-p", "status.interval=1");
      assertThat(run.exitCode()).as(run.toString()).isZero();
      Map<String, String> summary = SummaryLines.asMap(run.out());
      assertThat(summary.get("[READ], Operations")).isEqualTo("500");
      assertThat(summary.get("[READ], Return=OK")).isEqualTo("500");
      long maxMicros = Long.parseLong(summary.get("[READ], MaxLatency(us)"));
      JsonNode result = JSON.readTree(run.resultFile().toFile());
      if (warmup.equals("0s")) {
        assertThat(maxMicros).isGreaterThanOrEqualTo(400_000);
        assertThat(result.get("warmupMillis").asLong()).isZero();
      } else {
        assertThat(run.err()).contains("Warming up for 1.5 s").containsPattern("Warm-up done after 1\\.[5-9] s \\(time");
        // the status monitor ran through the warm-up (so that its code is compiled) but printed nothing
        assertThat(run.err().indexOf(" sec: ")).isGreaterThan(run.err().indexOf("Warm-up done"));
        assertThat(result.at("/warmup/requested").asText()).isEqualTo("1500ms");
        assertThat(result.at("/warmup/endedBy").asText()).isEqualTo("time");
        assertThat(maxMicros).isLessThan(100_000);
        // the warm-up as it was: at least what was asked
        assertThat(result.get("warmupMillis").asLong()).isBetween(1500L, 2000L);
        assertThat(result.get("operationsTotal").asLong()).isEqualTo(500);
        // 500 operations at 1000 ops/s after the warm-up, not the 2 s of the whole run
        assertThat(Long.parseLong(summary.get("[OVERALL], RunTime(ms)"))).isBetween(400L, 1200L);
      }
    }
  }

  @Test
  void theMeasuredTimeStartsWhenTheClientsStopWarmingUpNotWhenTheSamplersAreReady() {
    // paced at 100 ops/s on one thread, the 60 operations after the warm-up are due 10 ms apart: they take at
    // least 590 ms. The clock used to start after the CPU sampler and the status monitor had started (3 s on a
    // saturated machine), while the operations done meanwhile were counted: a shorter run time, a higher rate.
    CliRun run = CliRun.of("run", "-db", "site.ycsb.BasicDB", "-P", workload("workloadc"), "-threads", "1",
        "-target", "100", "-p", "operationcount=60", "-p", "basicdb.verbose=false", "-p", "warmup=300ms",
        "-p", "result.dir=" + results);
    assertThat(run.exitCode()).as(run.toString()).isZero();
    Map<String, String> summary = SummaryLines.asMap(run.out());
    assertThat(summary.get("[READ], Operations")).isEqualTo("60");
    assertThat(Long.parseLong(summary.get("[OVERALL], RunTime(ms)"))).isBetween(590L, 1500L);
    assertThat(Double.parseDouble(summary.get("[OVERALL], Throughput(ops/sec)"))).isLessThanOrEqualTo(60 / 0.59);
  }

  @Test
  void warmupLeavesOutTheReadModifyWritesThatTheWorkloadTimesItself() throws Exception {
    // workload F: half reads, half read-modify-writes, each RMW one UPDATE; CoreWorkload times the RMW
    CliRun run = CliRun.of("run", "-db", "site.ycsb.BasicDB", "-P", workload("workloadf"), "-threads", "2",
        "-p", "operationcount=3000", "-p", "basicdb.verbose=false", "-p", "warmup=1s", "-p", "result.dir=" + results);
    assertThat(run.exitCode()).as(run.toString()).isZero();
    Map<String, String> summary = SummaryLines.asMap(run.out());
    assertThat(summary.get("[READ-MODIFY-WRITE], Operations")).isEqualTo(summary.get("[UPDATE], Operations"));
    JsonNode result = JSON.readTree(run.resultFile().toFile());
    assertThat(result.at("/warmupOperations/UPDATE").asLong()).isPositive();
    assertThat(readOperation(run.resultFile(), "READ-MODIFY-WRITE").get("operations").asLong())
        .isEqualTo(readOperation(run.resultFile(), "UPDATE").get("operations").asLong());
  }

  @Test
  void autoWarmupEndsWhenThroughputIsSteadyAndTheJitQuiet() throws Exception {
    // paced at 2000 ops/s, throughput is steady by construction: the warm-up ends once the compiler is quiet.
    // In a JVM of its own, as a user's run has: this test JVM's compiler also works for the tests before it
    // (CI saw it busy for all 30 s)
    CliRun run = CliRun.inChild(List.of("run", "-db", "site.ycsb.BasicDB", "-P", workload("workloadc"), "-threads",
        "2", "-target", "2000", "-p", "operationcount=2000", "-p", "basicdb.verbose=false", "-p", "warmup=auto",
        "-p", "warmup.max=30s", "-p", "result.dir=" + results), results, 90);
    assertThat(run.exitCode()).as(run.toString()).isZero();
    JsonNode warmup = JSON.readTree(run.resultFile().toFile()).get("warmup");
    assertThat(warmup.get("requested").asText()).isEqualTo("auto");
    assertThat(warmup.get("endedBy").asText()).as(warmup.toString()).isEqualTo("steady");
    // the compiler goes quiet within seconds at a steady 2000 ops/s; on a machine loaded by other processes its
    // queue may not empty, and the rate steady over four windows ends it, a few seconds of overhead later
    assertThat(warmup.get("millis").asLong()).as(warmup.toString()).isBetween(SteadyState.MIN_SECONDS * 1000L,
        (SteadyState.LONG_WINDOWS * SteadyState.WINDOW_SECONDS + 3) * 1000L);
    assertThat(warmup.get("detail").asText()).containsAnyOf("JIT compiler quiet", "throughput within 10% over 4 x 5 s");
    assertThat(run.err()).contains("Warm-up done after", "(steady: ");
    assertThat(SummaryLines.asMap(run.out()).get("[READ], Operations")).isEqualTo("2000");
  }

  @Test
  void aFailedOperationEndsAnAutoWarmupAtOnceSoThatFailuresAreMeasured() throws Exception {
    // FlakyDb fails a quarter of the updates: the first failure ends the warm-up, long before its 30 s
    CliRun run = CliRun.of("run", "-db", "dev.ycsbdriver.testing.FlakyDb", "-P", workload("workloada"),
        "-threads", "2", "-p", "operationcount=1000", "-p", "warmup=auto", "-p", "warmup.max=30s",
        "-p", "result.dir=" + results);
    JsonNode warmup = JSON.readTree(run.resultFile().toFile()).get("warmup");
    assertThat(warmup.get("endedBy").asText()).as(warmup.toString()).isEqualTo("failure");
    assertThat(warmup.get("millis").asLong()).isLessThan(5_000L);
    assertThat(SummaryLines.asMap(run.out()).get("[UPDATE], Return=ERROR")).isNotNull();
  }

  @Test
  void aShortRunWithoutWarmupSaysSoInOneLine() throws Exception {
    // one second: still far under 10 s, but long enough for CPU figures on any machine (a run under half a
    // sample, here 50 ms, has them unknown; 200,000 BasicDB operations took less than that on an idle machine)
    CliRun run = CliRun.of("run", "-db", "site.ycsb.BasicDB", "-P", workload("workloadc"), "-threads", "2",
        "-p", "operationcount=0", "-p", "maxexecutiontime=1", "-p", "basicdb.verbose=false",
        "-p", "cpu.interval=100ms", "-p", "result.dir=" + results);
    assertThat(run.exitCode()).as(run.toString()).isZero();
    assertThat(run.err()).containsOnlyOnce("with no warm-up, so its figures describe JVM start-up");
    JsonNode result = JSON.readTree(run.resultFile().toFile());
    assertThat(result.get("warnings").toString()).contains("-p warmup=auto");
    // the driver's CPU per operation, in the text summary and the result; BasicDB is embedded, so no warning
    double perOp = Double.parseDouble(SummaryLines.asMap(run.out()).get("[CPU], DriverCpuPerOperation(us)"));
    assertThat(perOp).isPositive();
    assertThat(result.at("/cpu/driverCpuMicrosPerOperation").asDouble()).isCloseTo(perOp, org.assertj.core.api.Assertions.within(0.06));
    assertThat(run.err()).doesNotContain("the driver used more CPU than the server");
    CliRun warmed = CliRun.of("run", "-db", "site.ycsb.BasicDB", "-P", workload("workloadc"), "-threads", "2",
        "-p", "operationcount=1000", "-p", "basicdb.verbose=false", "-p", "warmup=200ms", "-p", "result.dir=" + results);
    assertThat(warmed.err()).doesNotContain("with no warm-up");
  }

  @Test
  void warmupIsRefusedForALoad() {
    CliRun run = CliRun.of("load", "-db", "site.ycsb.BasicDB", "-P", workload("workloadc"), "-p", "warmup=1s",
        "-p", "basicdb.verbose=false", "-p", "result.dir=" + results);
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err()).contains("warmup: applies to the run phase only");
  }

  @Test
  void maxExecutionTimeEndsARunWhoseBindingNeverReturnsAndAbandonedOperationsFailIt() throws Exception {
    BlockingDb.reset();
    long start = System.nanoTime();
    try {
      CliRun run = CliRun.of("run", "-db", "dev.ycsbdriver.testing.BlockingDb", "-P", workload("workloadc"),
          "-threads", "2", "-p", "operationcount=0", "-p", "maxexecutiontime=1", "-p", "stop.timeout=500ms",
          "-p", "result.dir=" + results);
      long elapsedMillis = (System.nanoTime() - start) / 1_000_000;
      assertThat(elapsedMillis).isLessThan(4_000);
      // the stuck read is an operation the figures cannot account for: the run is incomplete
      assertThat(run.exitCode()).as(run.toString()).isEqualTo(1);
      assertThat(run.errLines()).contains("Error: incomplete: 1 operation abandoned: 1 client thread was still inside "
          + "the binding 500 ms (stop.timeout) after the stop; operations in flight are not counted and the store "
          + "may hold writes the figures do not");
      assertThat(SummaryLines.asMap(run.out())).containsKey("[READ], Operations");
    } finally {
      BlockingDb.release();
    }
  }

  @Test
  void requestedStopStillReportsWhatWasMeasuredAndExitsOne() throws Exception {
    StopSignal stop = new StopSignal();
    var errBytes = new java.io.ByteArrayOutputStream();
    var err = new java.io.PrintStream(errBytes, true);
    Thread stopper = new Thread(() -> {
      try {
        // stop 700 ms after the clock started, whatever the set-up took
        while (!errBytes.toString().contains("Starting test.")) {
          Thread.sleep(5);
        }
        Thread.sleep(700);
      } catch (InterruptedException ignored) {
        return;
      }
      stop.request(StopSignal.Reason.INTERRUPTED);
    });
    var out = new java.io.ByteArrayOutputStream();
    var settings = new dev.ycsbdriver.config.ConfigLoader(results, results).load(
        java.util.List.of(workload("workloadc")),
        Map.of("operationcount", "0", "basicdb.verbose", "false", "target", "2000", "result.dir", results.toString()),
        "basic");
    var config = dev.ycsbdriver.config.RunConfig.from(settings, dev.ycsbdriver.config.Phase.RUN);
    stopper.start();
    var report = new Runner(new RunRequest("basic", "workloadc", BindingCatalog.load().find("basic"), settings, config,
        results.resolve("run"), err, stop)).run();
    assertThat(report.outcome().status()).isEqualTo(dev.ycsbdriver.result.Outcome.Status.INTERRUPTED);
    assertThat(report.outcome().exitCode()).isEqualTo(1);
    assertThat(report.operationsDone()).isBetween(800L, 2_500L);
    assertThat(report.runtimeMillis()).isBetween(600L, 2_000L);
    assertThat(out.size()).isZero();
  }

  @Test
  void loadInsertsRecordCountRecordsAcrossThreads() {
    CliRun run = CliRun.of("load", "-db", "site.ycsb.BasicDB", "-P", workload("workloada"), "-threads", "3",
        "-p", "recordcount=1001", "-p", "basicdb.verbose=false", "-p", "result.dir=" + results);
    assertThat(run.exitCode()).as(run.toString()).isZero();
    assertThat(SummaryLines.asMap(run.out())).containsEntry("[INSERT], Operations", "1001")
        .containsEntry("[INSERT], Return=OK", "1001").containsEntry("[CLEANUP], Operations", "3");
  }

  @Test
  void moreThreadsThanOperationsAreReducedWithAWarning() {
    CliRun run = CliRun.of("run", "-db", "site.ycsb.BasicDB", "-P", workload("workloadc"), "-threads", "8",
        "-p", "operationcount=3", "-p", "basicdb.verbose=false", "-p", "result.dir=" + results);
    assertThat(run.exitCode()).isZero();
    assertThat(run.errLines()).as("said once, on the first line").filteredOn(l -> l.contains("threadcount 8"))
        .singleElement().asString().contains("3 threads (threadcount 8 lowered to the 3 operations)");
    assertThat(SummaryLines.asMap(run.out())).containsEntry("[CLEANUP], Operations", "3");
  }

  @Test
  void statusLinesGoToStderrInYcsbFormat() {
    CliRun run = CliRun.of("run", "-db", "site.ycsb.BasicDB", "-P", workload("workloada"), "-s", "-l", "LBL",
        "-target", "500", "-p", "operationcount=700", "-p", "status.interval=1", "-p", "basicdb.verbose=false",
        "-p", "result.dir=" + results);
    assertThat(run.exitCode()).isZero();
    assertThat(run.out()).doesNotContain("current ops/sec");
    assertThat(run.err()).containsPattern(
        "(?m)^LBL\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d:\\d{3} 1 sec: \\d+ operations; [\\d.]+ current ops/sec; "
            + "est completion in \\d+ seconds? \\[READ: Count=\\d+, Max=\\d+, Min=\\d+, Avg=[\\d.]+, 90=\\d+, 99=\\d+, "
            + "99.9=\\d+, 99.99=\\d+\\] ");
    assertThat(run.err()).containsPattern("(?m)^LBL.* 1 sec: 700 operations; [\\d.]+ current ops/sec; \\[READ: ");
  }

  @Test
  void statusLinesAndTimeSeriesOfA64ThreadRunAgreeWithItsOwnOperations() throws Exception {
    CliRun run = CliRun.of("run", "-db", "site.ycsb.BasicDB", "-P", workload("workloada"), "-threads", "64", "-s",
        "-p", "operationcount=0", "-p", "maxexecutiontime=3", "-p", "status.interval=1", "-p", "basicdb.verbose=false",
        "-p", "result.dir=" + results);
    assertThat(run.exitCode()).as(run.toString()).isZero();
    JsonNode result = JSON.readTree(run.resultFile().toFile());
    double opsInSeries = 0;
    for (JsonNode point : result.get("timeSeries")) {
      opsInSeries += point.get("opsPerSec").asDouble() * point.get("intervalMillis").asLong() / 1000.0;
    }
    long total = result.get("operationsTotal").asLong();
    assertThat(opsInSeries).isCloseTo(total, org.assertj.core.api.Assertions.within(total * 0.05));
    // each line's rate is its operations over the time since the line before, both as the lines print them
    Pattern line = Pattern.compile(
        "(?m)^(\\S+ \\S+) \\d+ sec: (\\d+) operations; ([\\d.]+) current ops/sec;");
    SimpleDateFormat clock = new SimpleDateFormat("yyyy-MM-dd HH:mm:ss:SSS", Locale.ROOT);
    Matcher m = line.matcher(run.err());
    long lastMillis = -1;
    long lastOps = 0;
    int checked = 0;
    while (m.find()) {
      long millis = clock.parse(m.group(1)).getTime();
      long ops = Long.parseLong(m.group(2));
      if (lastMillis >= 0 && millis - lastMillis >= 500) {
        double own = (ops - lastOps) * 1000.0 / (millis - lastMillis);
        assertThat(Double.parseDouble(m.group(3))).as(m.group())
            .isCloseTo(own, org.assertj.core.api.Assertions.within(Math.max(own * 0.05, 1)));
        checked++;
      }
      lastMillis = millis;
      lastOps = ops;
    }
    assertThat(checked).as(run.err()).isPositive();
  }

  private static JsonNode readOperation(Path result, String name) throws Exception {
    for (JsonNode op : JSON.readTree(result.toFile()).get("operations")) {
      if (op.get("name").asText().equals(name)) {
        return op;
      }
    }
    throw new AssertionError("no operation " + name + " in " + result);
  }
}
