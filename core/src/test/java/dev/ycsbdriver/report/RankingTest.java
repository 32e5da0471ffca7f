package dev.ycsbdriver.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The ranking table: stores in each profile ordered by the ranking figure (best first), equal figures sharing a
 * rank, cells without the figure last and unranked; the other aggregate, the runs and ops per server CPU% beside
 * it; and the summary sentence that names the winner.
 */
class RankingTest {
  private static int files;

  private static RunResult run(String store, String profile, double readMeanMicros, double opsPerSec, String status) {
    files++;
    List<RunResult.OperationFigures> ops = List.of(new RunResult.OperationFigures("READ", 100_000, 0, readMeanMicros,
        readMeanMicros * 2, readMeanMicros * 3, readMeanMicros * 4, Map.of(), readMeanMicros * 10));
    return new RunResult(Path.of("r" + files, "result.json"), store, store, profile, "one-in-a-million", 1, status,
        opsPerSec, opsPerSec, ops, 50.0, 60.0, 40.0, 100.0, opsPerSec / 50.0, "processes named " + store,
        store + " 1.0", Map.of(), "test machine", Map.of(), List.of(), null);
  }

  private static List<RunResult> three(String store, String profile, double a, double b, double c) {
    List<RunResult> runs = new ArrayList<>();
    for (double v : new double[] {a, b, c}) {
      runs.add(run(store, profile, v, 1_000_000 / v, "ok"));
    }
    return runs;
  }

  private static ReportModel model(RepeatAggregate aggregate, String rank) {
    List<RunResult> runs = new ArrayList<>();
    runs.addAll(three("postgres", null, 120, 90, 100));
    runs.addAll(three("memory", null, 3, 2.5, 4));
    runs.addAll(three("h2", null, 20, 12, 15));
    runs.addAll(three("sqlite", null, 12, 30, 14));
    runs.add(run("mysql", null, 1, 1_000_000, "failed"));
    return ReportModel.build(new ResultReader.Results(runs, List.of()), "One in a Million", null, List.of(), null,
        aggregate, rank == null ? null : RankFigure.find(rank));
  }

  @Test
  void bestOfRepeatsRanksByTheBestRunsMeanReadLatencyLowestFirstWithTheMedianBeside() {
    List<Table> tables = Ranking.tables(model(RepeatAggregate.BEST, "read-latency-mean"));
    assertThat(tables).hasSize(1);
    Table t = tables.get(0);
    assertThat(t.title()).isEqualTo("Ranking by mean READ latency (lower is better), one-in-a-million, 1 thread");
    assertThat(t.header()).containsExactly("rank", "store", "profile", "mean READ latency, best run (µs)",
        "median (µs)", "runs", "longest operation (µs)", "ops per server CPU% (ops/CPU%)");
    // h2 and sqlite tie at 12 µs in their best runs; mysql failed every run; the longest operation is the best run's
    assertThat(t.rows()).containsExactly(
        List.of("1", "memory", "default", "2.5", "3.0", "3", "25.0", "8,000.0"),
        List.of("2", "h2", "default", "12.0", "15.0", "3", "120", "1,666.7"),
        List.of("2", "sqlite", "default", "12.0", "14.0", "3", "120", "1,666.7"),
        List.of("4", "postgres", "default", "90.0", "100", "3", "900", "222.2"),
        List.of(Ranking.UNRANKED, "mysql", "default", "failed", "n/a", "0 (1 failed)", "n/a", "n/a"));
    assertThat(t.notes()).containsExactly("Each row's figures are those of its best run by mean READ latency, all from "
        + "that one run; the median over its runs stands beside it.");
  }

  @Test
  void medianRanksByTheMedianWithTheBestRunBeside() {
    Table t = Ranking.tables(model(RepeatAggregate.MEDIAN, "read-latency-mean")).get(0);
    assertThat(t.header()).containsExactly("rank", "store", "profile", "mean READ latency, median (µs)",
        "best run (µs)", "runs", "longest operation (µs)", "ops per server CPU% (ops/CPU%)");
    assertThat(t.rows()).extracting(r -> r.get(1)).containsExactly("memory", "sqlite", "h2", "postgres", "mysql");
    // the longest operation is the median of the runs' longest: 10 x 14 µs
    assertThat(t.rows().get(1)).containsExactly("2", "sqlite", "default", "14.0", "12.0", "3", "140", "1,428.6");
  }

  @Test
  void throughputRanksHighestFirst() {
    Table t = Ranking.tables(model(RepeatAggregate.BEST, "throughput")).get(0);
    assertThat(t.title()).startsWith("Ranking by throughput (higher is better)");
    assertThat(t.rows()).extracting(r -> r.get(0) + " " + r.get(1))
        .containsExactly("1 memory", "2 h2", "2 sqlite", "4 postgres", "– mysql");
    assertThat(t.rows().get(0).get(3)).isEqualTo("400,000");
  }

  @Test
  void theSummaryNamesTheWinnerFirst() {
    List<String> sentences = ReportSummary.sentences(model(RepeatAggregate.BEST, "read-latency-mean"));
    assertThat(sentences.get(0)).isEqualTo("First by mean READ latency (lower is better, best run of 3 runs each), "
        + "one-in-a-million at 1 thread: memory, 2.5 µs; next h2, 12.0 µs (4 ranked; lead of the geometric means "
        + "over the runs 4.93x, 95% interval "
        + "2.60x–9.36x).");
  }

  @Test
  void noRankingWithoutARankingFigure() {
    ReportModel model = model(RepeatAggregate.BEST, null);
    assertThat(Ranking.tables(model)).isEmpty();
    assertThat(ReportTables.build(model)).extracting(Table.Section::title).doesNotContain("Ranking");
    assertThat(ReportSummary.sentences(model)).noneMatch(s -> s.startsWith("First by"));
  }

  @Test
  void theRankingIsTheReportsFirstSectionAndTheIntroSaysWhichAggregateAndHowManyRuns() {
    ReportModel model = model(RepeatAggregate.BEST, "read-latency-mean");
    assertThat(ReportTables.build(model).get(0).title()).isEqualTo("Ranking");
    assertThat(ReportText.repeats(model)).isEqualTo("Repeats: best of repeats. Each cell shows the figures of its "
        + "best run, the run with the lowest mean READ latency (ties: the run read first; by throughput where no run "
        + "has that figure), all from that one run, never a mix of per-figure bests. Cells had 0 to 3 runs that ended "
        + "ok (1 failed run left out).");
  }
}
