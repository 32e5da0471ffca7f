package dev.ycsbdriver.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.Color;
import java.io.ByteArrayInputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.XYChart;

/**
 * The report's charts: one hue per store with durable dark and fast light, the memory store grey; a logarithmic value axis when the values span more than ten times; thousands
 * separators on every axis; percentile curves for every workload; a ranking chart for a ranked report; throughput and
 * CPU over time from the runs' time series.
 */
class ReportChartsTest {
  private static int files;

  private static RunResult run(String store, String profile, String workload, double opsPerSec, double readMicros,
                               List<RunResult.TimePoint> series) {
    files++;
    Map<Double, Double> percentiles = new TreeMap<>(Map.of(50.0, readMicros, 90.0, readMicros * 2, 99.0,
        readMicros * 4, 99.9, readMicros * 8));
    List<RunResult.OperationFigures> ops = List.of(
        new RunResult.OperationFigures("READ", 1000, 0, readMicros, readMicros * 2, readMicros * 4, readMicros * 8,
            percentiles),
        new RunResult.OperationFigures("UPDATE", 1000, 0, readMicros * 3, readMicros * 6, readMicros * 12,
            readMicros * 24, percentiles));
    return new RunResult(Path.of("r" + files, "result.json"), store, store, profile, workload, 4, "ok", opsPerSec,
        opsPerSec, ops, 90.0, 100.0, 50.0, 150.0, opsPerSec / 90.0, "processes named " + store, store + " 1.0",
        Map.of(), "test machine", Map.of(), List.of(), null, series);
  }

  private static List<RunResult.TimePoint> series(double opsPerSec, double serverCpu, double driverCpu) {
    List<RunResult.TimePoint> points = new ArrayList<>();
    for (int i = 1; i <= 5; i++) {
      points.add(new RunResult.TimePoint(i * 1000L, 1000, opsPerSec * (1 + i / 100.0), serverCpu, driverCpu));
    }
    points.add(new RunResult.TimePoint(5080, 80, opsPerSec * 50, serverCpu, driverCpu)); // cut short: left out
    return points;
  }

  /** h2 and sqlite, durable and fast, and memory without a profile; workloads A and C; throughputs within 10x. */
  private static ReportModel embedded() {
    List<RunResult> runs = new ArrayList<>();
    for (String w : List.of("workloada", "workloadc")) {
      runs.add(run("h2", "durable", w, 10_000, 20, series(10_000, 180, 180)));
      runs.add(run("h2", "fast", w, 40_000, 10, series(40_000, 190, 190)));
      runs.add(run("sqlite", "durable", w, 20_000, 15, List.of()));
      runs.add(run("sqlite", "fast", w, 60_000, 8, List.of()));
      runs.add(run("memory", null, w, 90_000, 1, List.of()));
    }
    return ReportModel.build(runs, "charts", null);
  }

  @Test
  void eachStoreHasOneHueDurableDarkAndFastLightAndTheMemoryStoreIsGrey() throws Exception {
    ReportModel model = embedded();
    CategoryChart headline = ReportCharts.headline(model, 4);

    Color h2Durable = headline.getSeriesMap().get("h2 durable").getFillColor();
    Color h2Fast = headline.getSeriesMap().get("h2 fast").getFillColor();
    Color sqliteDurable = headline.getSeriesMap().get("sqlite durable").getFillColor();
    Color sqliteFast = headline.getSeriesMap().get("sqlite fast").getFillColor();
    assertThat(h2Durable).isEqualTo(ChartStyle.shade(ChartStyle.hue("h2"), ChartStyle.Shade.DARK));
    assertThat(h2Fast).isEqualTo(ChartStyle.shade(ChartStyle.hue("h2"), ChartStyle.Shade.LIGHT));
    assertThat(sqliteDurable).isEqualTo(ChartStyle.shade(ChartStyle.hue("sqlite"), ChartStyle.Shade.DARK));
    assertThat(sqliteFast).isEqualTo(ChartStyle.shade(ChartStyle.hue("sqlite"), ChartStyle.Shade.LIGHT));
    assertThat(hue(h2Durable)).isCloseTo(hue(h2Fast), org.assertj.core.data.Offset.offset(0.03f));
    assertThat(hue(h2Durable)).isNotCloseTo(hue(sqliteDurable), org.assertj.core.data.Offset.offset(0.05f));
    assertThat(brightness(h2Durable)).isLessThan(brightness(h2Fast));
    assertThat(headline.getSeriesMap()).doesNotContainKey("memory"); // a reference row, not a bar

    assertThat(ReportCharts.throughput(model, "fast", 4).getSeriesMap().get("sqlite").getFillColor())
        .isEqualTo(sqliteFast);
    XYChart curves = LatencyCharts.percentiles(model, "durable", 4, "workloadc");
    assertThat(curves.getSeriesMap().get("memory READ").getLineColor()).isEqualTo(ChartStyle.NEUTRAL);
    assertThat(curves.getSeriesMap().get("h2 UPDATE").getLineColor()).isEqualTo(h2Durable);
    assertThat(curves.getSeriesMap().get("h2 UPDATE").getLineStyle())
        .isNotEqualTo(curves.getSeriesMap().get("h2 READ").getLineStyle());
  }

  @Test
  void profilesArePairedByTheirSuffixAndStoresWithoutAnyProfileKeepTheirHues() {
    List<String> profiles = List.of("seed004-durable", "seed004-fast");
    assertThat(ChartStyle.shade("seed004-durable", profiles)).isEqualTo(ChartStyle.Shade.DARK);
    assertThat(ChartStyle.shade("seed004-fast", profiles)).isEqualTo(ChartStyle.Shade.LIGHT);
    assertThat(ChartStyle.shade("b", List.of("a", "b"))).isEqualTo(ChartStyle.Shade.LIGHT);

    ReportModel noProfiles = ReportModel.build(List.of(run("memory", null, "one", 300_000, 1, List.of()),
        run("postgres", null, "one", 9_000, 100, List.of())), "one", null);
    assertThat(ChartStyle.color(noProfiles, "memory", null)).isEqualTo(ChartStyle.NEUTRAL);
    assertThat(ChartStyle.color(noProfiles, "postgres", null)).isEqualTo(ChartStyle.shade(0, ChartStyle.Shade.DARK));
    assertThat(ChartStyle.shade(12, ChartStyle.Shade.DARK)).isNotEqualTo(ChartStyle.shade(13, ChartStyle.Shade.DARK));
  }

  @Test
  void valueAxisIsLogarithmicOnlyWhenTheValuesSpanMoreThanTenTimes() throws Exception {
    ReportModel within = embedded(); // 10,000 to 60,000 ops/s
    CategoryChart linear = ReportCharts.headline(within, 4);
    assertThat(linear.getStyler().isYAxisLogarithmic()).isFalse();
    assertThat(linear.getYAxisTitle()).doesNotContain("log");

    ReportModel oneInAMillion = ReportModel.build(List.of(run("berkeleydb", null, "one", 373_134, 2.9, List.of()),
        run("mariadb", null, "one", 8_000, 120, List.of()), run("postgres", null, "one", 9_000, 110, List.of())),
        "one-in-a-million", null);
    CategoryChart log = ReportCharts.headline(oneInAMillion, 4);
    assertThat(log.getStyler().isYAxisLogarithmic()).isTrue();
    assertThat(log.getStyler().getYAxisMin()).isEqualTo(1_000.0);
    assertThat(log.getYAxisTitle()).contains("log scale");
    for (CategoryChart c : List.of(linear, log)) {
      assertThat(c.getStyler().getYAxisDecimalPattern()).isEqualTo("#,###.##"); // 1,000 and 10,000, never 1E4
    }
    assertThat(ChartStyle.logScale(List.of(1.0, 10.0))).isFalse();
    assertThat(ChartStyle.logScale(java.util.Arrays.asList(1.0, 10.5, null, 0.0))).isTrue();
    // both render: missing cells are gaps, never bars of 0 that a log axis cannot draw
    ReportCharts.build(oneInAMillion, null);
    ReportModel gap = ReportModel.build(List.of(run("h2", "durable", "workloada", 10_000, 20, List.of()),
        run("h2", "fast", "workloada", 30_000, 10, List.of()), run("h2", "durable", "workloadc", 20_000, 5, List.of())),
        "gap", null);
    assertThat(new ArrayList<Number>(ReportCharts.headline(gap, 4).getSeriesMap().get("h2 fast").getYData()))
        .containsExactly(30_000.0, null);
    assertThat(ReportCharts.build(gap, null)).isNotEmpty();
  }

  @Test
  void everyWorkloadHasPercentileCurvesInEveryProfile() throws Exception {
    List<String> names = ReportCharts.build(embedded(), "workloadc").stream().map(ReportCharts.Image::name).toList();
    assertThat(names).filteredOn(n -> n.startsWith("latency-")).containsExactly("latency-durable-workloadc-t4",
        "latency-durable-workloada-t4", "latency-fast-workloadc-t4", "latency-fast-workloada-t4");
  }

  @Test
  void aRankedReportOpensWithTheRankingChartSortedBestFirstOnALogAxis() throws Exception {
    List<RunResult> runs = List.of(run("postgres", null, "one-in-a-million", 9_000, 110, List.of()),
        run("memory", null, "one-in-a-million", 300_000, 1.5, List.of()),
        run("h2", null, "one-in-a-million", 25_000, 30, List.of()));
    ReportModel model = ReportModel.build(new ResultReader.Results(runs, List.of()), "ranked", null, List.of(), null,
        RepeatAggregate.MEDIAN, RankFigure.find("read-latency-mean"));
    List<ReportCharts.Image> images = ReportCharts.build(model, null);
    assertThat(images.get(0).name()).isEqualTo("ranking-read-latency-mean-one-in-a-million-t4");
    assertThat(images.get(0).headline()).isTrue();
    assertThat(images.get(0).title()).isEqualTo(
        "Ranking by mean READ latency (lower is better), one-in-a-million, 4 threads");
    assertThat(ImageIO.read(new ByteArrayInputStream(images.get(0).png())).getWidth()).isEqualTo(ChartStyle.WIDTH);

    CategoryChart chart = ReportCharts.ranking(model, Ranking.groups(model).get(0));
    assertThat(chart.getSeriesMap().keySet()).containsExactly("memory", "h2", "postgres");
    assertThat(chart.getStyler().isYAxisLogarithmic()).isTrue(); // 1.5 to 110 µs
    assertThat(chart.getYAxisTitle()).isEqualTo("mean READ latency, median (µs, log scale)");
    assertThat(chart.getSeriesMap().get("h2").getFillColor()).isEqualTo(ChartStyle.color(model, "h2", null));

    ReportModel unranked = embedded();
    assertThat(ReportCharts.build(unranked, null)).noneMatch(i -> i.name().startsWith("ranking-"));
  }

  @Test
  void throughputAndCpuOverTimeComeFromTheTimeSeriesWithoutTheCutShortInterval() throws Exception {
    ReportModel model = embedded();
    XYChart ops = TimeSeriesCharts.throughput(model, "durable", 4, "workloada");
    assertThat(ops.getSeriesMap()).containsOnlyKeys("h2"); // the others have no time series
    assertThat(ops.getSeriesMap().get("h2").getXData()).containsExactly(1.0, 2.0, 3.0, 4.0, 5.0);
    assertThat(ops.getSeriesMap().get("h2").getLineColor()).isEqualTo(ChartStyle.color(model, "h2", "durable"));
    XYChart cpu = TimeSeriesCharts.cpu(model, "fast", 4, "workloadc");
    assertThat(cpu.getSeriesMap()).containsOnlyKeys("h2 (server is the driver)");
    assertThat(cpu.getSeriesMap().get("h2 (server is the driver)").getYData()).containsOnly(190.0);

    ReportModel apart = ReportModel.build(List.of(run("postgres", "durable", "workloada", 5_000, 900,
        series(5_000, 60, 120))), "apart", null);
    assertThat(TimeSeriesCharts.cpu(apart, "durable", 4, "workloada").getSeriesMap())
        .containsOnlyKeys("postgres server", "postgres driver");

    List<String> names = ReportCharts.build(model, null).stream().map(ReportCharts.Image::name).toList();
    assertThat(names).contains("over-time-durable-workloada-t4", "over-time-fast-workloadc-t4")
        .noneMatch(n -> n.startsWith("over-time-throughput") || n.startsWith("over-time-cpu"));
    // throughput above CPU in one image, both over the same seconds
    java.awt.image.BufferedImage both = TimeSeriesCharts.stacked(TimeSeriesCharts.throughput(model, "fast", 4,
        "workloadc"), cpu);
    assertThat(both.getHeight()).isEqualTo(2 * TimeSeriesCharts.HEIGHT);
    assertThat(cpu.getStyler().getXAxisMin()).isEqualTo(1.0);
    assertThat(TimeSeriesCharts.title(model, "Throughput and CPU over time", "durable", 4, "workloada")).startsWith("Throughput and CPU over time, workloada, profile durable");
  }

  @Test
  void runsOfFewerThanFiveIntervalsGetNoOverTimeChart() throws Exception {
    List<RunResult.TimePoint> four = series(5_000, 60, 60).subList(0, 5); // the fifth is the finishing one
    ReportModel model = ReportModel.build(List.of(run("h2", "durable", "workloada", 5_000, 900, four)), "short", null);
    assertThat(TimeSeriesCharts.throughput(model, "durable", 4, "workloada").getSeriesMap()).isEmpty();
    assertThat(TimeSeriesCharts.cpu(model, "durable", 4, "workloada").getSeriesMap()).isEmpty();
    assertThat(ReportCharts.build(model, null)).extracting(ReportCharts.Image::name)
        .noneMatch(n -> n.startsWith("over-time-"));

    List<RunResult.TimePoint> five = series(5_000, 60, 60); // five intervals drawn, the finishing one left out
    ReportModel enough = ReportModel.build(List.of(run("h2", "durable", "workloada", 5_000, 900, five)), "five", null);
    assertThat(TimeSeriesCharts.throughput(enough, "durable", 4, "workloada").getSeriesMap()).containsOnlyKeys("h2");
  }

  @Test
  void throughputAgainstThreadsKeepsTheStoreColours() throws Exception {
    List<RunResult> runs = new ArrayList<>();
    for (int t : new int[] {1, 4}) {
      for (String[] sp : new String[][] {{"h2", "durable"}, {"h2", "fast"}, {"memory", null}}) {
        RunResult r = run(sp[0], sp[1], "workloada", 1_000 * t, 10, List.of());
        runs.add(new RunResult(r.file(), r.storeName(), r.binding(), r.profile(), r.workload(), t, r.status(),
            r.throughputOpsPerSec(), r.throughputOkOpsPerSec(), r.operations(), r.serverCpuAvgPercent(),
            r.serverCpuPeakPercent(), r.driverCpuAvgPercent(), r.machineCpuAvgPercent(), r.opsPerServerCpuPercent(),
            r.serverCpuSource(), r.server(), r.serverSettings(), r.machine(), r.histogramLogs(), r.warnings(),
            r.durabilityClaim(), r.timeSeries()));
      }
    }
    ReportModel model = ReportModel.build(runs, "scaling", null);
    XYChart fast = ReportCharts.scaling(model, "fast", "workloada");
    assertThat(fast.getSeriesMap().get("h2").getLineColor())
        .isEqualTo(ChartStyle.shade(ChartStyle.hue("h2"), ChartStyle.Shade.LIGHT));
    assertThat(fast.getSeriesMap().get("memory").getLineColor()).isEqualTo(ChartStyle.NEUTRAL);
    assertThat(ReportCharts.build(model, null)).extracting(ReportCharts.Image::name)
        .contains("scaling-durable-workloada", "scaling-fast-workloada", "latency-fast-workloada-t4");
  }

  private static float hue(Color c) {
    return Color.RGBtoHSB(c.getRed(), c.getGreen(), c.getBlue(), null)[0];
  }

  private static float brightness(Color c) {
    float[] hsb = Color.RGBtoHSB(c.getRed(), c.getGreen(), c.getBlue(), null);
    return hsb[2] - hsb[1]; // lighter: brighter and less saturated
  }
}
