package dev.ycsbdriver.result;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ycsbdriver.matrix.MatrixSections;
import dev.ycsbdriver.report.ReferenceFigures;
import dev.ycsbdriver.result.model.Warning;
import dev.ycsbdriver.testing.CliRun;
import dev.ycsbdriver.testing.Resources;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A run's figures checked against each other: each check fails on figures that contradict, passes on ones that agree. */
class RunChecksTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir
  Path results;

  @Test
  void moreOperationsInFlightThanThreadsBreakLittlesLaw() {
    // the published reports/embedded sqlite fast E: 16 threads, 3,816 ops/s x 5.92 ms = 22.6 in flight
    RunChecks.Check c = RunChecks.littlesLaw(null, 16, 3816, 5917.3, false);
    assertThat(c.verdict()).isEqualTo(RunChecks.Verdict.FAILED);
    assertThat(c.warning()).startsWith("self-check failed: Little's law: 16 threads, but 3,816 ops/s x 5.92 ms = "
        + "22.6 in flight; more than the threads allow (at most 16.8)");
    assertThat(c.figures()).containsEntry("threads", 16.0).containsKey("inFlight");
    assertThat(RunChecks.warnings(List.of(c)))
        .containsExactly(new Warning(Warning.Code.SELF_CHECK_FAILED, c.warning()));
  }

  @Test
  void aRunWithinTheThreadsPassesLittlesLaw() {
    // the test fixture h2 durable A: 4 threads, 9,696 ops/s x 409 µs = 3.97
    RunChecks.Check c = RunChecks.littlesLaw(null, 4, 9695.9, 409.1, true);
    assertThat(c.verdict()).as(c.detail()).isEqualTo(RunChecks.Verdict.PASSED);
    assertThat(RunChecks.warnings(List.of(c))).isEmpty();
    // a one-thread run of 2.9 µs operations: the microsecond grain allows 373,134 x 1 µs more
    assertThat(RunChecks.littlesLaw(null, 1, 373_134, 2.9, true)).satisfies(one -> {
      assertThat(one.verdict()).isEqualTo(RunChecks.Verdict.PASSED);
      assertThat(one.detail()).startsWith("1 thread, ");
    });
    // fast operations with few threads inside them: the driver's own work, not a contradiction
    assertThat(RunChecks.littlesLaw(null, 16, 100_000, 20, true).verdict()).isEqualTo(RunChecks.Verdict.PASSED);
    assertThat(RunChecks.littlesLaw("a paced run (-target): threads wait for their schedule", 4, 1e6, 1e3, true).verdict())
        .isEqualTo(RunChecks.Verdict.NOT_APPLICABLE);
  }

  @Test
  void slowOperationsWithFewThreadsInsideThemBreakLittlesLaw() {
    RunChecks.Check c = RunChecks.littlesLaw(null, 64, 5207, 1070, true);
    assertThat(c.verdict()).isEqualTo(RunChecks.Verdict.FAILED);
    assertThat(c.detail()).startsWith("64 threads, but 5,207 ops/s x 1.07 ms = 5.6 in flight; fewer than 50% of the "
        + "threads");
    // an embedded store's threads wait for the CPU between operations too: no lower bound
    assertThat(RunChecks.littlesLaw(null, 64, 5207, 1070, false).verdict()).isEqualTo(RunChecks.Verdict.PASSED);
    // nor a run of a fraction of a second, whose threads run cold code between operations: 101 deletes in 0.23 s
    assertThat(RunChecks.lowerBound(true, 228)).isFalse();
    assertThat(RunChecks.lowerBound(true, 1000)).isTrue();
    assertThat(RunChecks.lowerBound(false, 60_000)).isFalse();
    assertThat(RunChecks.littlesLaw(null, 1, 443, 1060, RunChecks.lowerBound(true, 228)).verdict())
        .isEqualTo(RunChecks.Verdict.PASSED);
  }

  @Test
  void theSeedsPostgresDurableAFailsLittlesLaw() throws Exception {
    assertThat(RunChecks.referenceNote("PostgreSQL durable A", 64, 5207, 1.07))
        .startsWith("Little's law does not hold for their PostgreSQL durable A: 5,207 ops/s x 1.07 ms = 5.6 in "
            + "flight, not 64 threads (fewer than 50% of the threads in operations that take 1.07 ms each)");
    assertThat(RunChecks.referenceNote("PostgreSQL durable A", 8, 5207, 1.07)).isNull();
    assertThat(new ReferenceFigures.Figure("postgres", "seed004-durable", "workloada", 64, 5207, 1.07)
        .littlesLawNote()).startsWith("Little's law does not hold for their postgres seed004-durable workloada: ");
    assertThat(new ReferenceFigures.Figure("postgres", "durable", "workloada", null, 5207, 1.07).littlesLawNote())
        .isNull();

    Path yaml = results.resolve("ref.yaml");
    Files.writeString(yaml, """
        reference:
          source: "Seed 004"
          figures: [{store: postgres, profile: durable, workload: workloada, threads: 64, throughput: 5207,
                     meanLatencyMillis: 1.07}, {store: postgres, workload: workloadc, throughput: 10}]
        """);
    List<ReferenceFigures.Figure> figures = MatrixSections.reference(yaml, true).figures();
    assertThat(figures.get(0).meanLatencyMillis()).isEqualTo(1.07);
    assertThat(figures.get(0).littlesLawNote()).contains("5.6 in flight, not 64 threads");
    assertThat(figures.get(1).meanLatencyMillis()).isNull();
  }

  @Test
  void intervalsThatDoNotAddUpToTheHistogramFail() {
    RunChecks.Check c = RunChecks.intervalTotals(null, Map.of("READ", 53_729L, "UPDATE", 10L),
        Map.of("READ", 8_231L, "UPDATE", 10L));
    assertThat(c.verdict()).isEqualTo(RunChecks.Verdict.FAILED);
    assertThat(c.warning()).isEqualTo("self-check failed: interval totals: READ 53,729 in the histogram vs 8,231 "
        + "in the intervals");
    assertThat(RunChecks.intervalTotals(null, Map.of("READ", 5L), Map.of("READ", 5L)).verdict())
        .isEqualTo(RunChecks.Verdict.PASSED);
  }

  @Test
  void aRunThatStoppedLongBeforeItsTimeFails() {
    RunChecks.Check early = RunChecks.runTime(null, 3_000, 60_000, 0, 9_000);
    assertThat(early.verdict()).isEqualTo(RunChecks.Verdict.FAILED);
    assertThat(early.detail()).isEqualTo("ran 3.0 s and 9,000 operations, but maxexecutiontime 60.0 s was asked, "
        + "and ended without an error or a stop");
    assertThat(RunChecks.runTime(null, 3_000, 60_000, 9_000, 9_000).verdict()).isEqualTo(RunChecks.Verdict.PASSED);
    assertThat(RunChecks.runTime(null, 59_000, 60_000, 0, 9_000).verdict()).isEqualTo(RunChecks.Verdict.PASSED);
    assertThat(RunChecks.runTime(null, 3_000, 0, 10_000, 9_000).verdict()).isEqualTo(RunChecks.Verdict.FAILED);
    assertThat(RunChecks.runTime("the run interrupted", 3_000, 60_000, 0, 9_000).verdict())
        .isEqualTo(RunChecks.Verdict.NOT_APPLICABLE);
  }

  @Test
  void opsPerCpuThatIsNotThroughputOverCpuFails() {
    assertThat(RunChecks.opsPerCpu(9695.9, 193.75, 50.04).verdict()).isEqualTo(RunChecks.Verdict.PASSED);
    RunChecks.Check c = RunChecks.opsPerCpu(9695.9, 193.75, 60.0);
    assertThat(c.verdict()).isEqualTo(RunChecks.Verdict.FAILED);
    assertThat(c.detail()).isEqualTo("60.0 reported, but 9,696 ops/s / 193.8% = 50.0");
    assertThat(RunChecks.opsPerCpu(9695.9, null, null).verdict()).isEqualTo(RunChecks.Verdict.NOT_APPLICABLE);
  }

  @Test
  void aShortRunIsSaidToBeShort() {
    assertThat(RunChecks.shortRun(2_000)).satisfies(w -> {
      assertThat(w.code()).isEqualTo(Warning.Code.SHORT_RUN);
      assertThat(w.text()).startsWith("short run: measured 2.0 s, under 10 s: one disturbed interval");
    });
    assertThat(RunChecks.shortRun(RunChecks.SHORT_RUN_MILLIS)).isNull();
    assertThat(RunChecks.shortRun(0)).isNull();
  }

  @Test
  void aRealClosedLoopRunChecksItselfAndPasses() throws Exception {
    // 4 threads in 200 µs reads: about 4 in flight
    CliRun run = CliRun.of("run", "-db", "dev.ycsbdriver.testing.SlowDb", "-P",
        Resources.path("/golden/workloads/workloadc").toString(), "-threads", "4", "-p", "operationcount=4000",
        "-p", "result.dir=" + results);
    assertThat(run.exitCode()).as(run.toString()).isZero();
    JsonNode doc = JSON.readTree(run.resultFile().toFile());
    assertThat(ResultJsonTest.validate(doc)).isEmpty();
    List<String> verdicts = new ArrayList<>();
    doc.get("checks").forEach(c -> verdicts.add(c.get("name").asText() + "=" + c.get("verdict").asText()));
    assertThat(verdicts).as(doc.get("checks").toString()).containsExactly("Little's law=passed",
        "interval totals=passed", "run time=passed", "ops per server CPU%=" + (doc.at("/cpu/opsPerServerCpuPercent")
            .isNull() ? "not-applicable" : "passed"));
    assertThat(doc.at("/checks/0/figures/inFlight").asDouble()).isBetween(2.0, 4.2);
    assertThat(ResultJson.readDocument(run.resultFile()).sections().warnings()).extracting(Warning::code)
        .doesNotContain(Warning.Code.SELF_CHECK_FAILED).contains(Warning.Code.SHORT_RUN);
    assertThat(run.err()).contains("Warning: short run: measured ");
  }

  @Test
  void aPacedRunIsNotCheckedForLittlesLaw() throws Exception {
    CliRun run = CliRun.of("run", "-db", "site.ycsb.BasicDB", "-P",
        Resources.path("/golden/workloads/workloadc").toString(), "-threads", "2", "-target", "500",
        "-p", "operationcount=200", "-p", "basicdb.verbose=false", "-p", "result.dir=" + results);
    assertThat(run.exitCode()).as(run.toString()).isZero();
    JsonNode doc = JSON.readTree(run.resultFile().toFile());
    assertThat(doc.at("/checks/0/verdict").asText()).isEqualTo("not-applicable");
    assertThat(doc.at("/checks/1/verdict").asText()).isEqualTo("passed");
  }
}
