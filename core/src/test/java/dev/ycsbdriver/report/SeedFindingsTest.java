package dev.ycsbdriver.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ycsbdriver.config.ConfigException;
import dev.ycsbdriver.matrix.MatrixSections;
import dev.ycsbdriver.report.Finding.Claim;
import dev.ycsbdriver.report.Finding;
import dev.ycsbdriver.report.Finding.Verdict;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Seeds compared like for like: the verdicts of ours beside theirs, the seed's own sets and steps, the noise floor
 * held against their ratios, and the embedded stores' latencies, on the runs of the published reports.
 */
class SeedFindingsTest {
  private static final Path REPORTS = Path.of("..", "reports");
  private static final Path MATRICES = Path.of("..", "conf", "matrices");
  private static final String SEED = "Seed 9 — test (docs/seeds.md#seed-9)";

  /** @return our row of {@code ratio} with a 95% interval of about ratio x/÷ e^(1.96 se) */
  private static Finding ours(double ratio, double se, Claim claim) {
    RatioInterval r = new RatioInterval(ratio, se, 1000, RatioInterval.Basis.REPEATS);
    return Finding.row(claim, RankFigure.THROUGHPUT, 64, "workloada", "a", "fast", "a", "durable", r, null, null,
        null);
  }

  private static final SeedFindings.Floor NO_FLOOR = new SeedFindings.Floor(null, null);

  @Test
  void oursAheadAndTheirsOnTheSameSideAgreeOnTheOtherSideDisagree() {
    Finding ahead = ours(1.62, 0.1, Claim.FAST_VS_DURABLE);
    assertThat(ahead.verdict()).isEqualTo(Verdict.AHEAD);
    Finding same = SeedFindings.judge(ahead, Claim.SEED_FAST_VS_DURABLE, 11.74, SEED, NO_FLOOR);
    assertThat(same.verdict()).isEqualTo(Verdict.AGREES);
    assertThat(same.reason()).isEqualTo("same direction; theirs outside our interval");
    assertThat(same.theirs()).isEqualTo(11.74);
    assertThat(same.seed()).isEqualTo(SEED);
    Finding other = SeedFindings.judge(ahead, Claim.SEED_FAST_VS_DURABLE, 0.5, SEED, NO_FLOOR);
    assertThat(other.verdict()).isEqualTo(Verdict.DISAGREES);
  }

  @Test
  void theirsInsideTheNoiseFloorOrOursATieCannotTell() {
    Finding ahead = ours(1.62, 0.1, Claim.FAST_VS_DURABLE);
    // their own A/A ratio of 0.50x: their ratios within 2x cannot be told from their noise
    Finding inside = SeedFindings.judge(ahead, Claim.SEED_FAST_VS_DURABLE, 0.6,
        SEED, new SeedFindings.Floor(null, 0.5));
    assertThat(inside.verdict()).isEqualTo(Verdict.CANNOT_TELL);
    assertThat(inside.reason()).isEqualTo("theirs inside the noise floor");
    assertThat(inside.noiseFloor()).isEqualTo("their A/A 0.50x");
    Finding tie = ours(1.33, 0.5, Claim.FAST_VS_DURABLE);
    assertThat(tie.verdict()).isEqualTo(Verdict.TIE);
    Finding t = SeedFindings.judge(tie, Claim.SEED_FAST_VS_DURABLE, 7.26, SEED, NO_FLOOR);
    assertThat(t.verdict()).isEqualTo(Verdict.CANNOT_TELL);
    assertThat(t.reason()).isEqualTo("ours a tie; theirs outside our interval");
  }

  @Test
  void anAaRowAgreesWhenTheirsIsInsideOurIntervalAndDisagreesOutsideIt() {
    Finding aa = ours(1.01, 0.12, Claim.NOISE_FLOOR);
    assertThat(aa.low()).isLessThan(0.8);
    assertThat(SeedFindings.judge(aa, Claim.SEED_NOISE_FLOOR, 0.9, SEED, NO_FLOOR).verdict())
        .isEqualTo(Verdict.AGREES);
    assertThat(SeedFindings.judge(aa, Claim.SEED_NOISE_FLOOR, 0.5, SEED, NO_FLOOR).verdict())
        .isEqualTo(Verdict.DISAGREES);
  }

  private static ReportModel model(Path dir, String report, String matrix, RepeatAggregate aggregate,
                                   RankFigure rank) throws Exception {
    Process tar = new ProcessBuilder("tar", "-xJf", REPORTS.resolve(report).resolve("cells.tar.xz").toAbsolutePath()
        .toString(), "-C", dir.toString()).redirectErrorStream(true).start();
    String out = new String(tar.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(tar.waitFor()).as("tar: %s", out).isZero();
    ReferenceFigures ref = MatrixSections.reference(MATRICES.resolve(matrix), true);
    return ReportModel.build(ResultReader.read(List.of(dir.resolve("cells"))), report, null, List.of(), ref,
        aggregate, rank);
  }

  private static List<Finding> seedRows(ReportModel model) {
    return SeedFindings.all(model).stream().filter(f -> f.claim().seed()).toList();
  }

  @Test
  void seed004PostgresAaOfTheirsIsHeldAgainstOurNoiseAndTheReferenceTableSaysWhere(@TempDir Path dir)
      throws Exception {
    ReportModel model = model(dir, "seed-004", "seed-004-durable-vs-fast-small.yaml", RepeatAggregate.MEDIAN, null);
    List<Finding> rows = seedRows(model);
    Finding aa = rows.stream().filter(f -> f.claim() == Claim.SEED_NOISE_FLOOR && f.store().equals("postgres"))
        .findFirst().orElseThrow();
    assertThat(aa.workload()).isEqualTo("workloadc");
    assertThat(aa.theirs()).isCloseTo(51_784.0 / 103_370, org.assertj.core.data.Offset.offset(1e-9));
    boolean outside = aa.theirs() < aa.low() || aa.theirs() > aa.high();
    assertThat(aa.verdict()).isEqualTo(outside ? Verdict.DISAGREES : Verdict.AGREES);
    // our ratio is the one of the findings table, with the same interval
    Finding floor = Findings.of(model).stream().filter(f -> f.claim() == Claim.NOISE_FLOOR
        && f.store().equals("postgres")).findFirst().orElseThrow();
    assertThat(aa.ratio()).isEqualTo(floor.ratio());
    assertThat(aa.low()).isEqualTo(floor.low());
    // one fast/durable row per store and workload, one store-vs-store row per profile and workload
    assertThat(rows.stream().filter(f -> f.claim() == Claim.SEED_FAST_VS_DURABLE || f.claim() == Claim.SEED_NOISE_FLOOR))
        .hasSize(10);
    assertThat(rows.stream().filter(f -> f.claim() == Claim.SEED_STORE_VS_STORE)).hasSize(10)
        .allSatisfy(f -> assertThat(f.theirs()).isGreaterThanOrEqualTo(1));
    Table shape = ReferenceShapes.tables(model).get(0);
    assertThat(shape.header()).last().isEqualTo("theirs vs the noise floor");
    assertThat(shape.rows()).filteredOn(r -> r.get(0).equals("PostgreSQL") && r.get(1).equals("workloadc"))
        .singleElement().satisfies(r -> assertThat(r.get(6))
            .startsWith("A/A: theirs " + (outside ? "outside" : "inside") + " our noise ("));
    // the rows travel in report.json and report-findings.csv with the others
    String csv = CsvReport.renderFindings(model);
    assertThat(csv.lines().filter(l -> l.startsWith("seed-"))).hasSize(rows.size());
    assertThat(csv.lines().findFirst().orElseThrow()).endsWith(",theirs,seed,reason");
  }

  @Test
  void oneInAMillionComparesTheSeedsOwnInProcessSetAndLabelsOursAsADifferentSet(@TempDir Path dir)
      throws Exception {
    ReportModel model = model(dir, "one-in-a-million", "one-in-a-million.yaml", RepeatAggregate.BEST,
        RankFigure.find("read-latency-mean"));
    Finding row = seedRows(model).stream().filter(f -> f.claim() == Claim.SEED_IN_PROCESS).findFirst().orElseThrow();
    assertThat(row.store()).isEqualTo("in-process (berkeleydb-notxn, berkeleydb-txn, memory)");
    assertThat(row.otherStore()).isEqualTo("out-of-process (" + model.names().name("mysql") + ")")
        .isEqualTo("out-of-process (MariaDB)");
    assertThat(row.theirs()).isEqualTo(100.0);
    // ours recomputed from the runs: per store the mean log of its runs' mean READ latency, then per set
    Map<String, List<Double>> logs = new TreeMap<>();
    for (ReportCell c : model.cells()) {
      for (RunResult r : c.runs()) {
        logs.computeIfAbsent(c.store(), k -> new ArrayList<>())
            .add(Math.log(RankFigure.find("read-latency-mean").of(r)));
      }
    }
    double in = List.of("memory", "berkeleydb-txn", "berkeleydb-notxn").stream()
        .mapToDouble(s -> logs.get(s).stream().mapToDouble(Double::doubleValue).average().orElseThrow())
        .average().orElseThrow();
    double out = logs.get("mysql").stream().mapToDouble(Double::doubleValue).average().orElseThrow();
    assertThat(row.ratio()).isCloseTo(Math.exp(out - in), org.assertj.core.data.Offset.offset(1e-9));
    Table table = ReferenceShapes.tables(model).stream().filter(t -> t.title().startsWith("Shape: in-process"))
        .findFirst().orElseThrow();
    assertThat(table.rows()).hasSize(2);
    assertThat(table.rows().get(0).get(0)).startsWith("their sets:").contains("not run: mongodb");
    assertThat(table.rows().get(1).get(0)).startsWith("a different set, not theirs").contains("H2", "SQLite");
    assertThat(table.rows().get(1).get(1)).isEqualTo("not published");
  }

  private static RunResult readRun(String store, String profile, String workload, int repeat, double meanMicros,
                                   boolean embedded) {
    Map<Double, Double> percentiles = new TreeMap<>(Map.of(50.0, meanMicros));
    List<RunResult.OperationFigures> ops = List.of(new RunResult.OperationFigures("READ", 1000, 0, meanMicros,
        meanMicros, meanMicros, meanMicros, percentiles));
    Path file = Path.of("cells", store, String.valueOf(profile), "t1", workload, "r" + repeat, "result.json");
    return new RunResult(file, store, store, profile, workload, 1, "ok", 100.0, 100.0, ops, 90.0, 100.0, 50.0, 150.0,
        1.0, embedded ? "embedded: the driver's own process" : "processes named " + store, store + " 1.0", Map.of(),
        "test machine", Map.of(), List.of(), null, List.of());
  }

  @Test
  void theInProcessRatioTakesEachProfileAsAMemberAndOneWorkloadOnly() {
    List<RunResult> runs = new ArrayList<>();
    for (int r = 1; r <= 3; r++) {
      double noise = 1 + 0.01 * r;
      runs.add(readRun("mem", null, "w1", r, 10 * noise, true));
      runs.add(readRun("pg", "durable", "w1", r, 100 * noise, false));
      runs.add(readRun("pg", "fast", "w1", r, 400 * noise, false));
      runs.add(readRun("pg", "durable", "w2", r, 1_000_000 * noise, false)); // another workload: not pooled
    }
    SeedFindings.Process p = SeedFindings.process(ReportModel.build(runs, "members", null), List.of(), List.of());
    assertThat(p.inside()).containsExactly("mem");
    assertThat(p.outside()).containsExactlyInAnyOrder("pg durable", "pg fast");
    assertThat(p.workload()).isEqualTo("w1");
    // the geometric mean of 100 and 400 over 10; the same noise on every cell cancels
    assertThat(p.ratio().ratio()).isCloseTo(20.0, org.assertj.core.data.Offset.offset(1e-9));
    SeedFindings.Process named = SeedFindings.process(ReportModel.build(runs, "members", null), List.of("mem"),
        List.of("pg"));
    assertThat(named.outside()).containsExactlyInAnyOrder("pg durable", "pg fast");
  }

  @Test
  void seed000ComparesOurFourStepsWithTheSumOfTheirFourSteps(@TempDir Path dir) throws Exception {
    ReportModel model = model(dir, "seed-000-crud", "seed-000-crud.yaml", RepeatAggregate.MEDIAN,
        RankFigure.THROUGHPUT);
    Map<String, SeedFindings.Steps> steps = new TreeMap<>();
    SeedFindings.steps(model).forEach(s -> steps.put(s.store(), s));
    assertThat(steps.keySet()).containsExactlyInAnyOrder("memory", "h2", "postgres", "mysql");
    // their steps' times as published, in ms: the whole scenario's totals (0.66 s ...) include 27 queries
    assertThat(steps.get("memory").theirSeconds()).isCloseTo((178 + 89 + 9 + 3) / 1000.0,
        org.assertj.core.data.Offset.offset(0.001));
    assertThat(steps.get("mysql").theirSeconds()).isCloseTo((12_365 + 12_267 + 1_185 + 140) / 1000.0,
        org.assertj.core.data.Offset.offset(0.005));
    assertThat(steps.get("postgres").ours()).hasSize(5);
    Finding row = seedRows(model).stream().filter(f -> f.claim() == Claim.SEED_STEPS_TOTAL
        && f.store().equals("postgres") && f.otherStore().equals("mysql")).findFirst().orElseThrow();
    assertThat(row.theirs()).isCloseTo(steps.get("mysql").theirSeconds() / steps.get("postgres").theirSeconds(),
        org.assertj.core.data.Offset.offset(1e-9));
    double logRatio = 0;
    for (int k : steps.get("postgres").ours().keySet()) {
      logRatio += Math.log(steps.get("mysql").ours().get(k) / steps.get("postgres").ours().get(k)) / 5;
    }
    assertThat(row.ratio()).isCloseTo(Math.exp(logRatio), org.assertj.core.data.Offset.offset(1e-9));
    assertThat(row.test()).isEqualTo(RatioInterval.Basis.PAIRED_REPEATS);
  }

  @Test
  void throughputAndLatencyFiguresOfOneSourceGetATableEach(@TempDir Path dir) throws Exception {
    ReportModel latencies = model(dir, "seed-004-embedded-kv", "seed-004-embedded-kv.yaml", RepeatAggregate.MEDIAN,
        null);
    ReferenceFigures ref = latencies.reference();
    List<ReferenceFigures.Figure> both = new java.util.ArrayList<>(ref.figures());
    both.add(new ReferenceFigures.Figure("sqlite", "fast", "seed004-updates", 16, 1_000.0));
    ReportModel model = ReportModel.build(ResultReader.read(List.of(dir.resolve("cells"))), "mixed", null,
        List.of(), new ReferenceFigures(ref.source(), ref.machine(), ref.note(), both), RepeatAggregate.MEDIAN, null);

    List<Table> tables = ReferenceTable.tables(model);
    assertThat(tables).hasSize(2);
    assertThat(tables.get(0).header()).contains("theirs (ops/s)");
    assertThat(tables.get(0).rows()).hasSize(1);
    assertThat(tables.get(0).notes()).anyMatch(n -> n.startsWith("Theirs: "));
    assertThat(tables.get(1).header()).contains("theirs (µs)");
    assertThat(tables.get(1).rows()).hasSize(18);
    assertThat(tables.get(1).notes()).noneMatch(n -> n.startsWith("Theirs: "));
  }

  @Test
  void seed004EmbeddedLatenciesStandBesideOursPerOperationAndProfile(@TempDir Path dir) throws Exception {
    ReportModel model = model(dir, "seed-004-embedded-kv", "seed-004-embedded-kv.yaml", RepeatAggregate.MEDIAN,
        null);
    List<Table> tables = ReferenceTable.tables(model);
    assertThat(tables).hasSize(1);
    Table reference = tables.get(0);
    assertThat(reference.header()).contains("operation", "theirs (µs)", "ours (µs)");
    // 3 stores x 3 operations, each beside both of our profiles
    assertThat(reference.rows()).hasSize(18);
    ReportCell sqliteFastUpdates = model.exactCell("fast", "sqlite", 16, "seed004-updates");
    assertThat(reference.rows()).contains(List.of(model.names().name("sqlite"), "fast", "seed004-updates", "UPDATE", "50.0",
        ReportFormat.micros(sqliteFastUpdates.meanLatency().get("UPDATE").value()) + " (16 threads)",
        ReportFormat.ratio(sqliteFastUpdates.meanLatency().get("UPDATE").value() / 50)));
    List<Finding> rows = seedRows(model);
    // per profile and operation, every pair of the three stores in their order
    assertThat(rows).hasSize(18).allSatisfy(f -> assertThat(f.figure()).endsWith("-latency-mean"));
    Finding rocksSqlite = rows.stream().filter(f -> f.figure().equals("update-latency-mean")
        && f.profile().equals("fast") && f.store().equals("rocksdb") && f.otherStore().equals("sqlite"))
        .findFirst().orElseThrow();
    assertThat(rocksSqlite.theirs()).isCloseTo(50.0 / 6, org.assertj.core.data.Offset.offset(1e-9));
    // where their ratio favours one store and ours the other, the verdict is never "agrees", and the other way round
    boolean sameSide = rocksSqlite.ratio() > 1 == rocksSqlite.theirs() > 1;
    assertThat(rocksSqlite.verdict()).isNotEqualTo(sameSide ? Verdict.DISAGREES : Verdict.AGREES);
  }

  @Test
  void theReadmeBlockListsTheSeedRowsApartFromOurTies(@TempDir Path dir) throws Exception {
    ReportModel model = model(dir, "seed-004", "seed-004-durable-vs-fast-small.yaml", RepeatAggregate.MEDIAN, null);
    ObjectMapper json = new ObjectMapper();
    var root = json.createObjectNode();
    ReportJsonSections.add(root, model, Path::toString);
    String block = ReadmeBlock.render(root);
    String seeds = block.substring(block.indexOf("### Ours vs the seed's"));
    Finding aa = seedRows(model).stream().filter(f -> f.claim() == Claim.SEED_NOISE_FLOOR
        && f.store().equals("postgres")).findFirst().orElseThrow();
    StoreNames names = StoreNames.read(root);
    assertThat(seeds).contains("Seed: Seed 004 — vendor YCSB page, high-scale tests (docs/seeds.md#seed-004).")
        .contains("- noise floor (A/A), " + aa.subject(names) + " over " + aa.other(names) + ", throughput on "
            + "workloadc at 64 threads: theirs 0.50x, ours " + aa.text());
    assertThat(seeds.lines().filter(l -> l.startsWith("- "))).hasSize(seedRows(model).size());
    String ties = block.substring(block.indexOf("### Findings"), block.indexOf("### Ours vs the seed's"));
    assertThat(ties).doesNotContain("theirs").doesNotContain("cannot tell");
  }

  @Test
  void aLatencyFigureNamesItsOperationAndTheSetsNameOurStores(@TempDir Path dir) throws Exception {
    Path yaml = dir.resolve("m.yaml");
    Files.writeString(yaml, "stores: [{binding: sqlite}, {binding: mysql}]\nreference:\n  source: s\n"
        + "  figures:\n    - {store: sqlite, workload: reads, operation: read, meanLatencyMicros: 5}\n"
        + "  inProcess: [sqlite]\n  outOfProcess: [mysql]\n");
    ReferenceFigures ref = MatrixSections.reference(yaml, true);
    assertThat(ref.figures()).containsExactly(ReferenceFigures.Figure.latency("sqlite", null, "reads", "READ", 5));
    assertThat(ref.inProcess()).containsExactly("sqlite");
    Files.writeString(yaml, "stores: [{binding: sqlite}]\nreference:\n  source: s\n"
        + "  figures:\n    - {store: sqlite, workload: reads, meanLatencyMicros: 5}\n");
    assertThatThrownBy(() -> MatrixSections.reference(yaml, true)).isInstanceOf(ConfigException.class)
        .hasMessageContaining("throughput: must be their throughput in ops/s");
    Files.writeString(yaml, "stores: [{binding: sqlite}]\nreference:\n  source: s\n  inProcess: [h2]\n");
    assertThatThrownBy(() -> MatrixSections.reference(yaml, true)).isInstanceOf(ConfigException.class)
        .hasMessageContaining("must name one of the stores (sqlite), got h2");
  }
}
