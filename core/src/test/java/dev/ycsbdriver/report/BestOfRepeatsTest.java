package dev.ycsbdriver.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Best of repeats picks one run per cell, by the ranking figure (highest throughput, lowest latency), and shows
 * every figure of that run: never the best of each figure taken from different runs. Ties go to the run read
 * first; failed runs are never picked; the median stays the default.
 */
class BestOfRepeatsTest {
  /** A run of h2 durable workloadc at 1 thread: repeat {@code r}, with its throughput, mean READ latency and CPU. */
  static RunResult run(String store, String repeat, double opsPerSec, Double readMeanMicros, double serverCpu,
                       String status) {
    List<RunResult.OperationFigures> ops = readMeanMicros == null ? List.of()
        : List.of(new RunResult.OperationFigures("READ", 1000, 0, readMeanMicros, readMeanMicros * 2,
            readMeanMicros * 3, readMeanMicros * 4, Map.of()));
    return new RunResult(Path.of(store, repeat, "result.json"), store, store, "durable", "workloadc", 1, status,
        opsPerSec, opsPerSec, ops, serverCpu, serverCpu + 10, 50.0, 180.0, opsPerSec / serverCpu,
        "processes named " + store, store + " 1.0", Map.of("sync", repeat), "test machine", Map.of(), List.of(),
        "no-loss");
  }

  static RunResult run(String repeat, double opsPerSec, Double readMeanMicros, double serverCpu) {
    return run("h2", repeat, opsPerSec, readMeanMicros, serverCpu, "ok");
  }

  private static ReportCell cell(RepeatAggregate aggregate, RankFigure rank, RunResult... runs) {
    ReportModel model = ReportModel.build(new ResultReader.Results(List.of(runs), List.of()), "t", null, List.of(),
        null, aggregate, rank);
    assertThat(model.cells()).hasSize(1);
    return model.cells().get(0);
  }

  @Test
  void bestByThroughputIsTheRunWithTheHighestThroughputAndAllItsFiguresStayTogether() {
    ReportCell c = cell(RepeatAggregate.BEST, null, run("r1", 100, 20.0, 50), run("r2", 300, 40.0, 90),
        run("r3", 200, 10.0, 70));
    assertThat(c.bestRun().file()).isEqualTo(Path.of("h2", "r2", "result.json"));
    assertThat(c.throughput().value()).isEqualTo(300);
    // r2's latency and CPU, not the lowest latency (r3) nor the lowest CPU (r1)
    assertThat(c.meanLatency().get("READ").value()).isEqualTo(40.0);
    assertThat(c.p99Latency().get("READ").value()).isEqualTo(120.0);
    assertThat(c.serverCpuAvg().value()).isEqualTo(90);
    assertThat(c.opsPerServerCpu().value()).isEqualTo(300 / 90.0);
    assertThat(c.serverSettings()).containsEntry("sync", "r2");
    // the spread over the repeats stays beside it
    assertThat(c.throughput().median()).isEqualTo(200);
    assertThat(c.throughput().min()).isEqualTo(100);
    assertThat(c.throughput().max()).isEqualTo(300);
    assertThat(c.repeats()).isEqualTo(3);
    assertThat(c.figureRuns()).containsExactly(c.bestRun());
  }

  @Test
  void bestByMeanReadLatencyIsTheRunWithTheLowestLatencyEvenWhenAnotherHadMoreThroughput() {
    ReportCell c = cell(RepeatAggregate.BEST, RankFigure.find("read-latency-mean"), run("r1", 500, 50.0, 60),
        run("r2", 300, 30.0, 80), run("r3", 900, 40.0, 70));
    assertThat(c.bestRun().file()).isEqualTo(Path.of("h2", "r2", "result.json"));
    assertThat(c.meanLatency().get("READ").value()).isEqualTo(30.0);
    assertThat(c.meanLatency().get("READ").median()).isEqualTo(40.0);
    assertThat(c.throughput().value()).as("the best run's throughput, not the highest").isEqualTo(300);
    assertThat(c.serverCpuAvg().value()).isEqualTo(80);
  }

  @Test
  void p99RankPicksTheLowestP99() {
    ReportCell c = cell(RepeatAggregate.BEST, RankFigure.find("read-latency-p99"), run("r1", 500, 50.0, 60),
        run("r2", 300, 60.0, 80), run("r3", 900, 45.0, 70));
    assertThat(c.bestRun().file()).isEqualTo(Path.of("h2", "r3", "result.json"));
    assertThat(c.p99Latency().get("READ").value()).isEqualTo(135.0);
  }

  @Test
  void aTieGoesToTheRunReadFirst() {
    ReportCell byLatency = cell(RepeatAggregate.BEST, RankFigure.find("read-latency-mean"), run("r1", 500, 50.0, 60),
        run("r2", 300, 30.0, 80), run("r3", 900, 30.0, 70));
    assertThat(byLatency.bestRun().file()).isEqualTo(Path.of("h2", "r2", "result.json"));
    assertThat(byLatency.throughput().value()).isEqualTo(300);
    ReportCell byThroughput = cell(RepeatAggregate.BEST, RankFigure.THROUGHPUT, run("r1", 700, 50.0, 60),
        run("r2", 700, 30.0, 80), run("r3", 100, 30.0, 70));
    assertThat(byThroughput.bestRun().file()).isEqualTo(Path.of("h2", "r1", "result.json"));
    assertThat(byThroughput.serverCpuAvg().value()).isEqualTo(60);
  }

  @Test
  void aFailedRunIsNeverTheBestAndIsCounted() {
    ReportCell c = cell(RepeatAggregate.BEST, RankFigure.find("read-latency-mean"),
        run("h2", "r1", 100_000, 1.0, 60, "failed"), run("r2", 300, 30.0, 80), run("r3", 900, 40.0, 70));
    assertThat(c.bestRun().file()).isEqualTo(Path.of("h2", "r2", "result.json"));
    assertThat(c.failedRuns()).isEqualTo(1);
    assertThat(c.repeats()).isEqualTo(2);
  }

  @Test
  void withoutTheRankingFigureInAnyRunTheBestRunIsChosenByThroughput() {
    ReportCell c = cell(RepeatAggregate.BEST, RankFigure.find("update-latency-mean"), run("r1", 100, 20.0, 50),
        run("r2", 300, 40.0, 90));
    assertThat(c.bestRun().file()).isEqualTo(Path.of("h2", "r2", "result.json"));
  }

  @Test
  void aFigureTheBestRunLacksIsNotAvailableNeverAnotherRunsFigure() {
    ReportCell c = cell(RepeatAggregate.BEST, null, run("r1", 100, 20.0, 50), run("r2", 300, null, 90));
    assertThat(c.bestRun().file()).isEqualTo(Path.of("h2", "r2", "result.json"));
    assertThat(c.meanLatency()).doesNotContainKey("READ");
  }

  @Test
  void theMedianStaysTheDefaultAndShowsTheMedianOfEachFigure() {
    RunResult[] runs = {run("r1", 100, 20.0, 50), run("r2", 300, 40.0, 90), run("r3", 200, 10.0, 70)};
    ReportCell c = ReportModel.build(List.of(runs), "t", null).cells().get(0);
    assertThat(c.bestRun()).isNull();
    assertThat(c.figureRuns()).hasSize(3);
    assertThat(c.throughput().value()).isEqualTo(200);
    assertThat(c.meanLatency().get("READ").value()).isEqualTo(20.0);
    assertThat(c.serverCpuAvg().value()).isEqualTo(70);
    assertThat(cell(RepeatAggregate.MEDIAN, RankFigure.find("read-latency-mean"), runs).throughput().value())
        .isEqualTo(200);
  }

  @Test
  void rankFiguresParseAndRefuseWhatTheyDoNotKnow() {
    assertThat(RankFigure.find("read-latency-mean")).isEqualTo(new RankFigure("read-latency-mean",
        RankFigure.Kind.LATENCY_MEAN, "READ"));
    assertThat(RankFigure.find("READ-MODIFY-WRITE-latency-p99").operation()).isEqualTo("READ-MODIFY-WRITE");
    assertThat(RankFigure.find("ops-per-server-cpu").higherIsBetter()).isTrue();
    assertThat(RankFigure.find("read-latency-mean").higherIsBetter()).isFalse();
    assertThat(RankFigure.find("read-latency-p50")).isNull();
    assertThat(RankFigure.find("cleanup-latency-mean")).isNull();
    assertThat(RankFigure.find("latency")).isNull();
    assertThat(RepeatAggregate.find("Best")).isEqualTo(RepeatAggregate.BEST);
    assertThat(RepeatAggregate.find("mean")).isNull();
  }
}
