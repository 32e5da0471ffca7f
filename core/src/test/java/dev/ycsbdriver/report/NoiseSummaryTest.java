package dev.ycsbdriver.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The summary states a difference only with its interval: an A/A comparison (one store under two names) is a tie
 * and names no fastest store, a clear lead names the winner, one run per cell speaks of within-run noise or says
 * it cannot tell, and the read-only workload's fast over durable is the noise floor: a difference nearer 1 than it
 * is a tie.
 */
class NoiseSummaryTest {
  private static int files;

  private static RunResult run(String store, String profile, String workload, String op, double opsPerSec,
                               List<Double> intervals) {
    files++;
    List<RunResult.OperationFigures> ops = List.of(new RunResult.OperationFigures(op, 1000, 0, 10.0, 20.0, 30.0,
        40.0, Map.of()));
    return new RunResult(Path.of("f" + files, "result.json"), store, store, profile, workload, 8, "ok", opsPerSec,
        opsPerSec, ops, null, null, null, null, null, null, null, Map.of(), "test machine", Map.of(), List.of(), null,
        RatioIntervalTest.series(intervals));
  }

  static List<RunResult> repeats(String store, String profile, String workload, String op, double... v) {
    List<RunResult> out = new ArrayList<>();
    for (double x : v) {
      out.add(run(store, profile, workload, op, x, List.of()));
    }
    return out;
  }

  /** @return repeats of durable and fast on read-only workloadc and on workloada, which updates */
  static List<RunResult> readsAndUpdates(String store, double[] readDurable, double[] readFast,
                                                 double[] updateDurable, double[] updateFast) {
    List<RunResult> runs = new ArrayList<>(repeats(store, "durable", "workloadc", "READ", readDurable));
    runs.addAll(repeats(store, "fast", "workloadc", "READ", readFast));
    runs.addAll(repeats(store, "durable", "workloada", "UPDATE", updateDurable));
    runs.addAll(repeats(store, "fast", "workloada", "UPDATE", updateFast));
    return runs;
  }

  private static List<String> sentences(List<RunResult> runs) {
    return ReportSummary.sentences(ReportModel.build(runs, "t", null));
  }

  @Test
  void oneStoreUnderTwoNamesIsATieAndNoStoreIsCalledFastest() {
    List<RunResult> runs = new ArrayList<>(repeats("h2-one", "durable", "workloadc", "READ", 131_000, 161_859, 171_000));
    runs.addAll(repeats("h2-two", "durable", "workloadc", "READ", 73_000, 88_000, 148_000));
    List<String> s = sentences(runs);
    assertThat(s).noneMatch(x -> x.startsWith("Fastest store"));
    assertThat(s).anySatisfy(x -> assertThat(x).startsWith("No store is ahead outside the noise, profile durable at 8 "
        + "threads: workloadc h2-one 161,859 ops/s, h2-two 88,000 ops/s (ratio 1.56x, 95% interval 0."));
  }

  @Test
  void aClearLeadNamesTheWinnerWithItsInterval() {
    List<RunResult> runs = new ArrayList<>(repeats("postgres", "durable", "workloada", "UPDATE", 98_000, 100_000,
        102_000));
    runs.addAll(repeats("mysql", "durable", "workloada", "UPDATE", 48_000, 50_000, 52_000));
    List<String> s = sentences(runs);
    // logs differ by 0.02 either side: Welch se 0.0243, df 4, half width 2.776 x 0.0243 = 0.112
    assertThat(s).contains("Fastest store per workload, profile durable at 8 threads: workloada postgres "
        + "(100,000 ops/s, 2.00x mysql, 95% interval 1.79x–2.24x).");
    assertThat(s).noneMatch(x -> x.startsWith("No store is ahead"));
  }

  @Test
  void oneRunPerCellUsesWithinRunNoiseAndSaysItUnderstatesTheNoise() {
    List<RunResult> runs = List.of(run("postgres", "durable", "workloada", "UPDATE", 9_000, List.of(8_900.0, 9_100.0)),
        run("mysql", "durable", "workloada", "UPDATE", 6_000, List.of(5_000.0, 7_000.0)));
    List<String> s = sentences(runs);
    // intervals of 8,900 and 9,100 against 5,000 and 7,000, df 1: far too few to separate them
    assertThat(s).anySatisfy(x -> assertThat(x).startsWith("No store is ahead outside the noise")
        .contains("(ratio 1.50x, 95% interval ").endsWith(", within-run noise)."));

    List<RunResult> steady = List.of(run("postgres", "durable", "workloada", "UPDATE", 9_000,
        List.of(8_990.0, 9_010.0, 9_000.0, 9_005.0)), run("mysql", "durable", "workloada", "UPDATE", 6_000,
        List.of(5_990.0, 6_010.0, 6_000.0, 5_995.0)));
    assertThat(sentences(steady)).anySatisfy(x -> assertThat(x).startsWith("Fastest store per workload")
        .contains("workloada postgres (9,000 ops/s, 1.50x mysql, 95% interval ").endsWith("within-run noise)."));
    assertThat(ReportText.guide(ReportModel.build(steady, "t", null)))
        .anySatisfy(x -> assertThat(x).contains("within-run noise, which understates the noise between runs"));
  }

  @Test
  void withoutRepeatsOrIntervalsTheSummaryCannotTellTheDifferenceApart() {
    List<RunResult> runs = List.of(run("postgres", "durable", "workloada", "UPDATE", 9_000, List.of()),
        run("mysql", "durable", "workloada", "UPDATE", 6_000, List.of()),
        run("postgres", "fast", "workloada", "UPDATE", 18_000, List.of()));
    List<String> s = sentences(runs);
    assertThat(s).contains("Fastest store cannot be told apart from noise (one run per cell and no interval figures), "
        + "profile durable at 8 threads: workloada postgres 9,000 ops/s, mysql 6,000 ops/s (ratio 1.50x).",
        "postgres: fast over durable is 2.00x its throughput (workloada at 8 threads, 1 run per cell), but this "
        + "difference cannot be told apart from noise: one run per cell and no interval figures.");
    assertThat(s).noneMatch(x -> x.startsWith("Fastest store per workload") || x.contains("faster"));
  }

  @Test
  void theReadOnlyWorkloadIsTheNoiseFloorAndADifferenceInsideItIsATie() {
    // reads: the fast profile came out 30% slower, outside its interval (drift); updates: fast 1.2x, outside its
    // interval, but nearer 1 than the floor: a tie, not a difference with a warning
    List<String> s = sentences(readsAndUpdates("sqlite", new double[] {100_000, 101_000, 99_000},
        new double[] {70_000, 70_500, 69_500}, new double[] {10_000, 10_100, 9_900}, new double[] {12_000, 12_100, 11_900}));
    assertThat(s).anySatisfy(x -> assertThat(x).startsWith("sqlite: noise floor: fast/durable on workloadc, which "
        + "only reads and so cannot differ by durability: 0.70x, 95% interval ")
        .endsWith("Warning: it lies outside its own interval, so the intervals understate the noise (drift of the "
            + "machine between the runs?)."));
    assertThat(s).anySatisfy(x -> assertThat(x).startsWith("sqlite: fast and durable are within noise (inside the "
        + "noise floor, sqlite fast/durable on workloadc 0.70x), 0.92x")
        .contains("No workload differs outside the noise: workloada 1.20x, 95% interval ")
        .doesNotContain("workloadc 0.70x, 95%").doesNotContain("slower"));
    assertThat(s).noneMatch(x -> x.contains("treat"));
  }

  @Test
  void aQuietNoiseFloorIsShownWithoutAWarning() {
    List<String> s = sentences(readsAndUpdates("h2", new double[] {100_000, 104_000, 96_000},
        new double[] {101_000, 97_000, 103_000}, new double[] {10_000, 10_100, 9_900}, new double[] {30_000, 30_300, 29_700}));
    assertThat(s).anySatisfy(x -> assertThat(x).startsWith("h2: noise floor: fast/durable on workloadc")
        .doesNotContain("Warning"));
    assertThat(s).anySatisfy(x -> assertThat(x).startsWith("h2: fast is faster than durable, 1.74x its throughput "
        + "(95% interval ").contains("Outside the noise: workloada 3.00x").doesNotContain("Within noise"));
  }

  @Test
  void aRankingWhoseLeadIsWithinNoiseNamesNoFirst() {
    List<RunResult> runs = new ArrayList<>(repeats("h2-one", "durable", "workloadc", "READ", 131_000, 161_859, 171_000));
    runs.addAll(repeats("h2-two", "durable", "workloadc", "READ", 73_000, 88_000, 148_000));
    ReportModel model = ReportModel.build(new ResultReader.Results(runs, List.of()), "t", null, List.of(), null,
        RepeatAggregate.MEDIAN, RankFigure.THROUGHPUT);
    assertThat(ReportSummary.sentences(model)).noneMatch(x -> x.startsWith("First by"))
        .anySatisfy(x -> assertThat(x).startsWith("No store is first outside the noise by throughput (higher is better, "
            + "median of 3 runs each), workloadc at 8 threads: h2-one durable, ")
            .contains("; lead of the geometric means over the runs 1.56x, 95% interval "));
  }

  @Test
  void aLeadBetweenStoresNearerOneThanTheNoiseFloorIsATie() {
    List<RunResult> runs = readsAndUpdates("sqlite", new double[] {100_000, 101_000, 99_000},
        new double[] {70_000, 70_500, 69_500}, new double[] {10_000, 10_100, 9_900}, new double[] {12_000, 12_100, 11_900});
    runs.addAll(repeats("h2", "durable", "workloada", "UPDATE", 11_000, 11_100, 10_900));
    List<String> s = sentences(runs);
    assertThat(s).noneMatch(x -> x.startsWith("Fastest store per workload") || x.startsWith("Warning"));
    assertThat(s).anySatisfy(x -> assertThat(x).startsWith("No store is ahead outside the noise, profile durable at 8 "
        + "threads: workloada h2 11,000 ops/s, sqlite 10,000 ops/s (ratio 1.10x, 95% interval "));
  }
}
