package dev.ycsbdriver.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.knowm.xchart.XYChart;

/**
 * Over-time charts: value axes linear from 0, the run's finishing interval left out whatever its length, and the
 * repeat each line comes from named in the title, or in the legend where the stores show different repeats.
 */
class OverTimeChartsTest {

  private static RunResult run(String store, String repeat, double opsPerSec, List<RunResult.TimePoint> series) {
    return new RunResult(Path.of("cells", store, "durable", "t4", "workloada", repeat, "run", "result.json"), store,
        store, "durable", "workloada", 4, "ok", opsPerSec, opsPerSec, List.of(), 90.0, 100.0, 50.0, 150.0, 1.0,
        "embedded: the driver process is the server", null, Map.of(), "test machine", Map.of(), List.of(), null,
        series);
  }

  /** Six full 1-second intervals at {@code opsPerSec}, a dip to a tenth at 3 s, then one of the threads finishing. */
  private static List<RunResult.TimePoint> series(double opsPerSec, double finishingOpsPerSec) {
    List<RunResult.TimePoint> points = new ArrayList<>();
    for (int i = 1; i <= 6; i++) {
      points.add(new RunResult.TimePoint(i * 1000L, 1000, i == 3 ? opsPerSec / 10 : opsPerSec, 100.0, 100.0));
    }
    points.add(new RunResult.TimePoint(7010, 1010, finishingOpsPerSec, 100.0, 100.0));
    return points;
  }

  private static ReportModel model(RepeatAggregate aggregate, List<RunResult> runs) {
    return ReportModel.build(new ResultReader.Results(runs, List.of()), "over time", null, List.of(), null, aggregate,
        null);
  }

  @Test
  void valueAxesStartAtZeroAndStayLinearWhenTheValuesSpanMoreThanTenTimes() {
    ReportModel m = model(RepeatAggregate.MEDIAN, List.of(run("h2", "r1", 50_000, series(50_000, 40_000))));
    XYChart ops = TimeSeriesCharts.throughput(m, "durable", 4, "workloada");
    XYChart cpu = TimeSeriesCharts.cpu(m, "durable", 4, "workloada");

    assertThat(ops.getSeriesMap()).isNotEmpty();
    for (XYChart c : List.of(ops, cpu)) {
      assertThat(c.getStyler().getYAxisMin()).isEqualTo(0.0);
      assertThat(c.getStyler().isYAxisLogarithmic()).isFalse();
    }
    assertThat(ops.getYAxisTitle()).isEqualTo("throughput (ops/s)");
  }

  @Test
  void theFinishingIntervalIsLeftOutAlsoWhenItIsAFullSecond() {
    ReportModel m = model(RepeatAggregate.MEDIAN, List.of(run("h2", "r1", 50_000, series(50_000, 6_000))));
    XYChart ops = TimeSeriesCharts.throughput(m, "durable", 4, "workloada");

    assertThat(ops.getSeriesMap().get("h2").getXData()).containsExactly(1.0, 2.0, 3.0, 4.0, 5.0, 6.0);
    assertThat(ops.getSeriesMap().get("h2").getYData()).doesNotContain(6_000.0).contains(5_000.0);
  }

  @Test
  void theTitleNamesTheRepeatEveryStoreShows() {
    List<RunResult> runs = new ArrayList<>();
    for (String store : List.of("h2", "sqlite")) {
      for (int r = 1; r <= 3; r++) {
        runs.add(run(store, "r" + r, 1_000.0 * r, series(1_000.0 * r, 500)));
      }
    }
    ReportModel median = model(RepeatAggregate.MEDIAN, runs);
    assertThat(TimeSeriesCharts.throughput(median, "durable", 4, "workloada").getTitle())
        .isEqualTo("Throughput over time, workloada, profile durable, 4 threads, repeat 1 of 3");
    assertThat(TimeSeriesCharts.title(median, "Throughput and CPU over time", "durable", 4, "workloada"))
        .endsWith("4 threads, repeat 1 of 3");

    // the best run is repeat 3 of both stores
    ReportModel best = model(RepeatAggregate.BEST, runs);
    assertThat(TimeSeriesCharts.cpu(best, "durable", 4, "workloada").getTitle())
        .endsWith("4 threads, repeat 3 of 3 (best run)");
  }

  @Test
  void storesShowingDifferentRepeatsNameThemInTheLegendAndTheCaption() {
    List<RunResult> runs = new ArrayList<>();
    for (int r = 1; r <= 3; r++) {
      runs.add(run("h2", "r" + r, 1_000.0 * r, series(1_000.0 * r, 500)));
      runs.add(run("sqlite", "r" + r, 1_000.0 * (4 - r), series(1_000.0 * (4 - r), 500)));
    }
    ReportModel best = model(RepeatAggregate.BEST, runs);
    XYChart ops = TimeSeriesCharts.throughput(best, "durable", 4, "workloada");

    assertThat(ops.getTitle()).endsWith("4 threads, one run per store (repeat in the legend)");
    assertThat(ops.getSeriesMap()).containsOnlyKeys("h2, repeat 3 of 3 (best run)", "sqlite, repeat 1 of 3 (best run)");
    assertThat(TimeSeriesCharts.title(best, "Throughput and CPU over time", "durable", 4, "workloada"))
        .endsWith("4 threads, h2 repeat 3 of 3 (best run), sqlite repeat 1 of 3 (best run)");
  }

  @Test
  void aRunOutsideAMatrixIsNamedByItsPlaceAmongTheCellsRuns() {
    List<RunResult> runs = new ArrayList<>();
    for (int r = 1; r <= 2; r++) {
      runs.add(new RunResult(Path.of("run" + r, "result.json"), "h2", "h2", "durable", "workloada", 4, "ok", 1_000.0 * r,
          1_000.0 * r, List.of(), null, null, null, null, null, null, null, Map.of(), "m", Map.of(), List.of(), null,
          series(1_000.0 * r, 500)));
    }
    ReportModel best = model(RepeatAggregate.BEST, runs);
    assertThat(TimeSeriesCharts.repeat(best.cell("durable", "h2", 4, "workloada"))).isEqualTo("repeat 2 of 2 (best run)");
  }
}
