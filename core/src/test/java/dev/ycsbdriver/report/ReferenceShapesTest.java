package dev.ycsbdriver.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ycsbdriver.matrix.MatrixSections;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Another party's figures stand beside ours as shapes: fast over durable per store, the order of the stores per
 * workload, and out-of-process over in-process latency; the shipped matrices carry the published figures.
 */
class ReferenceShapesTest {
  private static RunResult run(String store, String profile, String workload, double opsPerSec, double readMicros,
                               String cpuSource) {
    List<RunResult.OperationFigures> ops = new java.util.ArrayList<>(List.of(new RunResult.OperationFigures("READ",
        1000, 0, readMicros, null, null, null, Map.of())));
    if (workload.equals("workloada")) { // A writes: not the read-only A/A control
      ops.add(new RunResult.OperationFigures("UPDATE", 1000, 0, readMicros, null, null, null, Map.of()));
    }
    return new RunResult(Path.of(store, String.valueOf(profile), workload, "result.json"), store, store, profile,
        workload, 64, "ok", opsPerSec, opsPerSec, ops, 100.0, 150.0, 50.0, 180.0, opsPerSec / 100.0, cpuSource,
        store + " 1.0", Map.of(), "test machine", Map.of(), List.of(), null);
  }

  /** @return the run moved to an {@code r<k>} directory: repeat k of its cell */
  private static RunResult repeat(RunResult r, int k) {
    return new RunResult(r.file().getParent().resolve("r" + k).resolve("result.json"), r.storeName(), r.binding(),
        r.profile(), r.workload(), r.threads(), r.status(), r.throughputOpsPerSec(), r.throughputOkOpsPerSec(),
        r.operations(), r.serverCpuAvgPercent(), r.serverCpuPeakPercent(), r.driverCpuAvgPercent(),
        r.machineCpuAvgPercent(), r.opsPerServerCpuPercent(), r.serverCpuSource(), r.server(), r.serverSettings(),
        r.machine(), r.histogramLogs(), r.warnings(), r.durabilityClaim());
  }

  private static ReferenceFigures.Figure theirs(String store, String profile, String workload, double opsPerSec) {
    return new ReferenceFigures.Figure(store, profile, workload, 64, opsPerSec, 1.0);
  }

  @Test
  void oursWithinNoiseNeitherMatchesNorContradictsTheirs() {
    ReferenceFigures ref = new ReferenceFigures("Seed 004", null, null, List.of(
        theirs("postgres", "seed004-durable", "workloada", 5_207), theirs("postgres", "seed004-fast", "workloada", 37_821)),
        List.of(), null);
    // one run a cell and no interval figures: no noise estimate, so ours says neither
    List<RunResult> runs = List.of(run("postgres", "seed004-durable", "workloada", 4_000, 10, "postgres pid 1"),
        run("postgres", "seed004-fast", "workloada", 3_000, 10, "postgres pid 1"));
    ReportModel model = ReportModel.build(new ResultReader.Results(runs, List.of()), "t", null, List.of(), ref);
    assertThat(ReferenceShapes.tables(model).get(0).rows()).containsExactly(
        List.of("postgres", "workloada", "seed004-fast / seed004-durable", "7.26x", "0.75x", "ours within noise",
            "n/a"));
  }

  @Test
  void aStoreOrderWithinOurNoiseIsNotCalledTheSame() {
    ReferenceFigures ref = new ReferenceFigures("Seed 004", null, null, List.of(
        theirs("postgres", "seed004-durable", "workloadb", 53_112), theirs("mysql", "seed004-durable", "workloadb", 27_071)),
        List.of(), null);
    // one run a cell and no interval figures: our order has no noise estimate, so it says neither
    List<RunResult> runs = List.of(run("postgres", "seed004-durable", "workloadb", 25_000, 10, "postgres pid 1"),
        run("mysql", "seed004-durable", "workloadb", 14_000, 10, "mariadbd pid 2"));
    ReportModel model = ReportModel.build(new ResultReader.Results(runs, List.of()), "t", null, List.of(), ref);
    // their mongodb has no cell of ours: n/a, not an error
    ref = new ReferenceFigures("Seed 004", null, null, List.of(
        theirs("mongodb", "seed004-durable", "workloadb", 71_922), theirs("mongodb", "seed004-fast", "workloadb", 75_666),
        theirs("postgres", "seed004-durable", "workloadb", 53_112), theirs("mysql", "seed004-durable", "workloadb", 27_071)),
        List.of(), null);
    model = ReportModel.build(new ResultReader.Results(runs, List.of()), "t", null, List.of(), ref);
    assertThat(ReferenceShapes.tables(model).get(0).rows()).containsExactly(
        List.of("mongodb", "workloadb", "seed004-fast / seed004-durable", "1.05x", "n/a", "n/a",
            "inside (their A/A 1.05x)"));
    Table order = ReferenceShapes.tables(model).stream().filter(t -> t.title().startsWith("Shape: store order"))
        .findFirst().orElseThrow();
    assertThat(order.rows()).containsExactly(List.of("seed004-durable", "workloadb", "postgres > mysql (1.96x)",
        "postgres > mysql (1.79x)", "ours within noise (postgres / mysql, no noise estimate)"));
  }

  @Test
  void fastOverDurableAndStoreOrderAreComparedTheirsBesideOurs() {
    ReferenceFigures ref = new ReferenceFigures("Seed 004", null, null, List.of(
        theirs("postgres", "seed004-durable", "workloada", 5_207), theirs("postgres", "seed004-fast", "workloada", 37_821),
        theirs("mysql", "seed004-durable", "workloada", 2_555), theirs("mysql", "seed004-fast", "workloada", 29_991)),
        List.of(), null);
    // three repeats a cell, 1% apart: every fast/durable ratio of ours is outside the noise
    List<RunResult> runs = new java.util.ArrayList<>();
    for (int r = 1; r <= 3; r++) {
      double k = 0.98 + 0.01 * r;
      runs.add(repeat(run("postgres", "seed004-durable", "workloada", 4_000 * k, 10, "postgres pid 1"), r));
      runs.add(repeat(run("postgres", "seed004-fast", "workloada", 3_000 * k, 10, "postgres pid 1"), r));
      runs.add(repeat(run("mysql", "seed004-durable", "workloada", 2_000 * k, 10, "mariadbd pid 2"), r));
      runs.add(repeat(run("mysql", "seed004-fast", "workloada", 6_000 * k, 10, "mariadbd pid 2"), r));
    }
    ReportModel model = ReportModel.build(new ResultReader.Results(runs, List.of()), "t", null, List.of(), ref);
    List<Table> tables = ReferenceShapes.tables(model);
    assertThat(tables).extracting(Table::title).containsExactly("Shape: fast over durable per store (theirs vs ours)",
        "Shape: store order per workload (theirs vs ours)");
    assertThat(tables.get(0).rows()).containsExactly(
        List.of("postgres", "workloada", "seed004-fast / seed004-durable", "7.26x", "0.75x", "no", "n/a"),
        List.of("mysql", "workloada", "seed004-fast / seed004-durable", "11.74x", "3.00x", "yes", "n/a"));
    assertThat(tables.get(1).rows()).containsExactly(
        List.of("seed004-durable", "workloada", "postgres > mysql (2.04x)", "postgres > mysql (2.00x)", "yes"),
        List.of("seed004-fast", "workloada", "postgres > mysql (1.26x)", "mysql > postgres (2.00x)", "no"));
    // the shapes follow the reference table, in the reference section
    Table.Section section = ReportTables.build(model).get(ReportTables.build(model).size() - 1);
    assertThat(section.tables()).hasSize(3);
  }

  @Test
  void outOfProcessOverInProcessLatencyIsTheirStatedRatioBesideOurGeometricMean() {
    ReferenceFigures ref = new ReferenceFigures("Seed 001", null, null, List.of(),
        List.of("in-process stores about 100 times faster than the out-of-process ones"), 100.0);
    String embedded = "embedded: the driver process is the server";
    List<RunResult> runs = List.of(run("memory", null, "one-in-a-million", 300_000, 1, embedded),
        run("h2", null, "one-in-a-million", 100_000, 4, embedded),
        run("postgres", null, "one-in-a-million", 5_000, 100, "postgres pid 1"),
        run("redis", null, "one-in-a-million", 10_000, 25, "redis-server pid 3"));
    ReportModel model = ReportModel.build(new ResultReader.Results(runs, List.of()), "t", null, List.of(), ref);
    List<Table> tables = ReferenceShapes.tables(model);
    // ours: sqrt(100 x 25) / sqrt(1 x 4) = 50 / 2 = 25; the sets not named: every embedded store against the others
    assertThat(tables).singleElement().extracting(Table::rows).isEqualTo(List.of(List.of("their sets: in process "
        + "(not named; ours: memory, h2), out of process (not named; ours: postgres, redis)", "~100x",
        "25.00x, no noise estimate")));
    String md = MarkdownReport.render(model, ReportTables.build(model), List.of());
    assertThat(md).contains("- Their statement: \u201cin-process stores about 100 times faster than the out-of-process "
        + "ones\u201d").doesNotContain("gives no figures yet")
        // statements alone: their notes under a heading, no empty table of figures
        .contains("### Reference: published by Seed 001 (theirs, not ours)").doesNotContain("| theirs (ops/s)");
  }

  @Test
  void theShippedMatricesCarryThePublishedFigures() throws Exception {
    Path matrices = Path.of("..", "conf", "matrices");
    for (String name : List.of("seed-004-durable-vs-fast.yaml", "seed-004-durable-vs-fast-small.yaml")) {
      ReferenceFigures ref = MatrixSections.reference(matrices.resolve(name), true);
      assertThat(ref.figures()).as(name).hasSize(30);
      assertThat(ref.figures()).as(name).contains(new ReferenceFigures.Figure("postgres", "seed004-durable",
          "workloada", 64, 5_207, 1.07), new ReferenceFigures.Figure("mongodb", "seed004-fast", "workloadf", 64,
          53_000, 1.18));
    }
    ReferenceFigures seed001 = MatrixSections.reference(matrices.resolve("one-in-a-million.yaml"), true);
    assertThat(seed001.outOfProcessOverInProcess()).isEqualTo(100.0);
    assertThat(seed001.statements()).anyMatch(s -> s.contains("about 100 times faster"));
    ReferenceFigures seed003 = MatrixSections.reference(matrices.resolve("seed-003-readonly-embedded.yaml"), true);
    assertThat(seed003.figures()).isEmpty();
    assertThat(seed003.statements()).hasSize(6).anyMatch(s -> s.startsWith("1,000 records, indexed: SQLite"));
    ReferenceFigures seed000 = MatrixSections.reference(matrices.resolve("seed-000-crud.yaml"), true);
    // 5 backends x 4 steps, each step's records over its published time
    assertThat(seed000.figures()).hasSize(20).contains(new ReferenceFigures.Figure("postgres", null,
        "seed000-1-insert", 1, 1781.9, null, null, 10_000L), new ReferenceFigures.Figure("memory", null,
        "seed000-4-delete", 1, 33666.7, null, null, 101L));
    assertThat(seed001.inProcess()).containsExactly("memory", "berkeleydb-txn", "berkeleydb-notxn");
    ReferenceFigures embedded = MatrixSections.reference(matrices.resolve("seed-004-embedded-kv.yaml"), true);
    assertThat(embedded.figures()).hasSize(9)
        .contains(ReferenceFigures.Figure.latency("rocksdb", null, "seed004-updates", "UPDATE", 6));
  }
}
