package dev.ycsbdriver.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The report's opening sentences come from its figures: fast over durable in both directions, the fastest
 * store per workload, the lost writes of the crash tests, and the stores a matrix left out.
 */
class ReportSummaryTest {
  private static int files;

  private static RunResult run(String store, String profile, String workload, int threads, double opsPerSec) {
    files++;
    return new RunResult(Path.of(store + profile + workload + threads + "-" + files), store, store, profile, workload, threads, "ok",
        opsPerSec, opsPerSec, List.of(), 100.0, 150.0, 50.0, 180.0, opsPerSec / 100.0, "processes named " + store,
        store + " 1.0", profile == null ? Map.of() : Map.of("sync", profile), "test machine", Map.of(), List.of(),
        profile == null ? null : profile.endsWith("durable") ? "no-loss" : "recent-loss");
  }

  /** Three repeats of a cell, 2% either side of {@code opsPerSec}: enough to tell 1.25x apart, not 1.02x. */
  private static List<RunResult> three(String store, String profile, String workload, int threads, double opsPerSec) {
    return List.of(run(store, profile, workload, threads, opsPerSec * 0.98), run(store, profile, workload, threads,
        opsPerSec), run(store, profile, workload, threads, opsPerSec * 1.02));
  }

  private static List<RunResult> all(List<List<RunResult>> cells) {
    return cells.stream().flatMap(List::stream).toList();
  }

  private static CrashResult crash(String store, String profile, String claim, Boolean held, long acknowledged,
                                   long lost) {
    return new CrashResult(Path.of(store + profile + "crash"), store, store, profile, held == Boolean.FALSE ? "failed" : "ok",
        claim, held, "kill", 3, acknowledged, lost, 6L, 800.0, 900.0, store + " 1.0", Map.of(), null);
  }

  private static List<String> sentences(List<RunResult> runs, List<CrashResult> crashes, List<String> leftOut) {
    return ReportSummary.sentences(ReportModel.build(new ResultReader.Results(runs, crashes), "t", null, leftOut, null));
  }

  @Test
  void oneClientThreadIsSingularInEverySentenceAndTitle() {
    List<RunResult> runs = all(List.of(three("postgres", "durable", "workloada", 1, 1_000),
        three("postgres", "fast", "workloada", 1, 2_000), three("mysql", "durable", "workloada", 1, 500),
        three("mysql", "fast", "workloada", 1, 900)));
    ReportModel model = ReportModel.build(new ResultReader.Results(runs, List.of()), "t", "postgres", List.of(), null);
    String markdown = MarkdownReport.render(model, ReportTables.build(model), List.of());
    assertThat(markdown).contains("at 1 thread").contains("Durable vs fast, 1 thread").doesNotContain("1 threads");
  }

  @Test
  void fastOverDurableIsTheGeometricMeanOverTheWorkloadsAndNamesThem() {
    List<RunResult> runs = all(List.of(three("postgres", "seed004-durable", "workloada", 64, 1_000),
        three("postgres", "seed004-fast", "workloada", 64, 8_000), three("postgres", "seed004-durable", "workloadb", 64, 10_000),
        three("postgres", "seed004-fast", "workloadb", 64, 20_000), three("postgres", "seed004-durable", "workloadd", 64, 10_000),
        three("postgres", "seed004-fast", "workloadd", 64, 10_000)));
    // ratios 8, 2 and 1: geometric mean 16^(1/3) = 2.52; workloadd is a tie, named as such
    assertThat(sentences(runs, List.of(), List.of())).anySatisfy(s -> assertThat(s).startsWith("postgres: "
        + "seed004-fast is faster than seed004-durable, 2.52x its throughput (95% interval ")
        .contains("; geometric mean over workloada, workloadb, workloadd at 64 threads, 3 runs per cell). Outside the "
            + "noise: workloada 8.00x, 95% interval ")
        .contains("; workloadb 2.00x, 95% interval ").contains(". Within noise: workloadd 1.00x, 95% interval "));
  }

  @Test
  void aStoreWhoseFastProfileIsSlowerReadsSlower() {
    List<RunResult> runs = all(List.of(three("mysql", "durable", "workloada", 16, 5_000),
        three("mysql", "fast", "workloada", 16, 4_000)));
    assertThat(sentences(runs, List.of(), List.of())).anySatisfy(s -> assertThat(s).matches(
        "mysql: fast is slower than durable, 0\\.80x its throughput \\(95% interval 0\\.7\\dx–0\\.8\\dx; workloada at 16 "
        + "threads, 3 runs per cell\\)\\."));
  }

  @Test
  void nearlyEqualProfilesAreWithinNoiseAndTheHighestCommonThreadCountIsUsed() {
    List<RunResult> runs = all(List.of(three("h2", "durable", "workloadc", 8, 1_000), three("h2", "fast", "workloadc", 8,
        3_000), three("h2", "durable", "workloadc", 64, 10_000), three("h2", "fast", "workloadc", 64, 10_200),
        three("h2", "durable", "workloada", 128, 10_000)));
    // Welch on logs 0.02 either side: se 0.0163, df 4, half width 0.0453
    assertThat(sentences(runs, List.of(), List.of())).contains("h2: fast and durable are within noise, 1.02x its "
        + "throughput (95% interval 0.97x–1.07x; workloadc at 64 threads, 3 runs per cell).");
  }

  @Test
  void theFastestStorePerWorkloadIsNamedWithItsLeadOverTheNext() {
    List<RunResult> runs = all(List.of(three("postgres", "durable", "workloada", 64, 9_000),
        three("mysql", "durable", "workloada", 64, 6_000), three("postgres", "durable", "workloadc", 64, 20_000),
        three("mysql", "durable", "workloadc", 64, 25_000), three("postgres", "durable", "workloadb", 64, 10_000),
        three("mysql", "durable", "workloadb", 64, 10_200)));
    assertThat(sentences(runs, List.of(), List.of())).contains("Fastest store per workload, profile durable at 64 "
        + "threads: workloada postgres (9,000 ops/s, 1.50x mysql, 95% interval 1.43x–1.57x); workloadc mysql "
        + "(25,000 ops/s, 1.25x postgres, 95% interval 1.19x–1.31x).", "No store is ahead outside the noise, profile "
        + "durable at 64 threads: workloadb mysql 10,200 ops/s, postgres 10,000 ops/s (ratio 1.02x, 95% interval "
        + "0.97x–1.07x).");
  }

  @Test
  void aStoreWithoutProfilesIsLeftOutOfTheFastestStoreAndNamed() {
    List<RunResult> runs = all(List.of(three("postgres", "durable", "workloada", 64, 9_000),
        three("mysql", "durable", "workloada", 64, 6_000), three("memory", null, "workloada", 64, 900_000)));
    assertThat(sentences(runs, List.of(), List.of())).contains("Fastest store per workload, profile durable at 64 "
        + "threads: workloada postgres (9,000 ops/s, 1.50x mysql, 95% interval 1.43x–1.57x) (memory, without "
        + "durability profiles, left out).");
  }

  @Test
  void lostWritesAreCountedPerStoreAndProfileWithTheClaim() {
    List<RunResult> runs = List.of(run("postgres", "durable", "workloada", 64, 1_000),
        run("postgres", "fast", "workloada", 64, 2_000), run("mysql", "durable", "workloada", 64, 1_000));
    List<CrashResult> crashes = List.of(crash("postgres", "fast", "recent-loss", true, 98_000, 14),
        crash("postgres", "durable", "no-loss", true, 50_000, 0), crash("mysql", "durable", "no-loss", false, 1_234, 2));
    List<String> s = sentences(runs, crashes, List.of());
    assertThat(s).contains("postgres: durable lost none of 50,000 acknowledged writes in 3 crashes (claim no-loss, "
        + "held); fast lost 14 of 98,000 in 3 crashes (claim recent-loss, held).",
        "mysql: durable lost 2 of 1,234 acknowledged writes in 3 crashes (claim no-loss, NOT held).");
    assertThat(s).noneMatch(x -> x.startsWith("No crash test ran"));
  }

  @Test
  void withoutCrashTestsTheSummarySaysSoAndNamesTheStoresLeftOut() {
    List<String> s = sentences(List.of(run("postgres", "durable", "workloada", 64, 1_000)), List.of(),
        List.of("mongodb (environment variable YCSB_MONGODB_URI is not set)"));
    assertThat(s).contains("No crash test ran: lost writes were not measured (— in the tables).",
        "Left out: mongodb (environment variable YCSB_MONGODB_URI is not set).");
    assertThat(s).noneMatch(x -> x.contains("faster") || x.contains("slower") || x.startsWith("Fastest"));
  }

  @Test
  void theDurableVersusFastTableShowsLostOverAcknowledgedAndADashWithoutACrashTest() {
    List<RunResult> runs = new ArrayList<>(List.of(run("postgres", "durable", "workloada", 64, 1_000),
        run("postgres", "durable", "workloadc", 64, 3_000), run("postgres", "fast", "workloada", 64, 2_000)));
    ReportModel model = ReportModel.build(new ResultReader.Results(runs,
        List.of(crash("postgres", "durable", "no-loss", true, 123_456, 0))), "t", null, List.of(), null);
    Table table = DurableVsFast.tables(model).get(0);
    assertThat(table.header()).containsExactly("store", "profile", "workloada (ops/s)", "workloadc (ops/s)",
        "workloada (ops/CPU%)", "workloadc (ops/CPU%)", "lost / acknowledged writes", "crashes", "crash claim");
    assertThat(table.rows()).containsExactly(
        List.of("postgres", "durable", "1,000", "3,000", "10.0", "30.0", "0 / 123,456", "3", "no-loss, held"),
        List.of("postgres", "fast", "2,000", "n/a", "20.0", "n/a", "—", "—", "recent-loss (not tested)"));
  }
}
