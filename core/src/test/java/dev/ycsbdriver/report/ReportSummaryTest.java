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
  private static RunResult run(String store, String profile, String workload, int threads, double opsPerSec) {
    return new RunResult(Path.of(store + profile + workload + threads), store, store, profile, workload, threads, "ok",
        opsPerSec, opsPerSec, List.of(), 100.0, 150.0, 50.0, 180.0, opsPerSec / 100.0, "processes named " + store,
        store + " 1.0", profile == null ? Map.of() : Map.of("sync", profile), "test machine", Map.of(), List.of(),
        profile == null ? null : profile.endsWith("durable") ? "no-loss" : "recent-loss");
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
  void fastOverDurableIsTheGeometricMeanOverTheWorkloadsAndNamesThem() {
    List<RunResult> runs = List.of(run("postgres", "seed004-durable", "workloada", 64, 1_000),
        run("postgres", "seed004-fast", "workloada", 64, 8_000), run("postgres", "seed004-durable", "workloadc", 64, 10_000),
        run("postgres", "seed004-fast", "workloadc", 64, 20_000));
    // ratios 8 and 2: geometric mean 4
    assertThat(sentences(runs, List.of(), List.of())).contains("postgres: seed004-fast is faster than seed004-durable, "
        + "4.00x its throughput (geometric mean over workloada, workloadc at 64 threads; from 2.00x on workloadc to "
        + "8.00x on workloada).");
  }

  @Test
  void aStoreWhoseFastProfileIsSlowerReadsSlower() {
    List<RunResult> runs = List.of(run("mysql", "durable", "workloada", 16, 5_000),
        run("mysql", "fast", "workloada", 16, 4_000));
    assertThat(sentences(runs, List.of(), List.of()))
        .contains("mysql: fast is slower than durable, 0.80x its throughput (workloada at 16 threads).");
  }

  @Test
  void nearlyEqualProfilesReadAboutAsFastAndTheHighestCommonThreadCountIsUsed() {
    List<RunResult> runs = List.of(run("h2", "durable", "workloadc", 8, 1_000), run("h2", "fast", "workloadc", 8, 3_000),
        run("h2", "durable", "workloadc", 64, 10_000), run("h2", "fast", "workloadc", 64, 10_200),
        run("h2", "durable", "workloada", 128, 10_000));
    assertThat(sentences(runs, List.of(), List.of()))
        .contains("h2: fast and durable are about as fast, 1.02x its throughput (workloadc at 64 threads).");
  }

  @Test
  void theFastestStorePerWorkloadIsNamedWithItsLeadOverTheNext() {
    List<RunResult> runs = List.of(run("postgres", "durable", "workloada", 64, 9_000),
        run("mysql", "durable", "workloada", 64, 6_000), run("postgres", "durable", "workloadc", 64, 20_000),
        run("mysql", "durable", "workloadc", 64, 25_000));
    assertThat(sentences(runs, List.of(), List.of())).contains("Fastest store per workload, profile durable at 64 "
        + "threads: workloada postgres (9,000 ops/s, 1.50x mysql); workloadc mysql (25,000 ops/s, 1.25x postgres).");
  }

  @Test
  void aStoreWithoutProfilesIsLeftOutOfTheFastestStoreAndNamed() {
    List<RunResult> runs = List.of(run("postgres", "durable", "workloada", 64, 9_000),
        run("mysql", "durable", "workloada", 64, 6_000), run("memory", null, "workloada", 64, 900_000));
    assertThat(sentences(runs, List.of(), List.of())).contains("Fastest store per workload, profile durable at 64 "
        + "threads: workloada postgres (9,000 ops/s, 1.50x mysql) (memory, without durability profiles, left out).");
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
