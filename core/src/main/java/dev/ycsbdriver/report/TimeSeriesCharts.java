package dev.ycsbdriver.report;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.lines.SeriesLines;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * Throughput and CPU over the measured run, one image per profile and workload ({@link #stacked}: throughput above,
 * CPU below, over the same span of time), one line per store in its
 * colour ({@link ChartStyle}), from the {@code timeSeries} of the result. Of a cell with repeats, the run its figures
 * come from (the best run), else its first run. The run's last interval, when shorter than half the median interval
 * (cut short by the run's end), is left out: its rate rests on too few operations. CPU shows the server's line
 * solid and, where the server is another process, the driver's dashed.
 *
 * <p>A chart is drawn only when some store's line has at least {@link #MIN_POINTS} intervals: a run of a few
 * intervals (the 2-second cells of the embedded matrix give two) has no course over time to show, and its
 * throughput is in the tables. Stateless and thread-safe.
 */
final class TimeSeriesCharts {
  /** The fewest intervals of the longest line for which an over-time chart is drawn. */
  static final int MIN_POINTS = 5;
  /** Lower than the other charts ({@link ReportCharts#HEIGHT}): a course over time reads at this height, in pixels. */
  static final int HEIGHT = 360;

  private TimeSeriesCharts() {
  }

  /**
   * @param model the grouped results
   * @param profile the profile; stores without profiles are drawn too, in grey
   * @param t client threads
   * @param workload the workload
   * @return throughput per interval against seconds since the run started; without series when no run of the
   *     workload has a time series of at least {@link #MIN_POINTS} intervals
   */
  static XYChart throughput(ReportModel model, String profile, int t, String workload) {
    XYChart chart = chart(model, "Throughput over time", profile, t, workload);
    int longest = 0;
    List<Double> all = new ArrayList<>();
    List<Runnable> adds = new ArrayList<>();
    for (ReportCell c : cells(model, profile, t, workload)) {
      List<double[]> line = line(run(c), p -> p.opsPerSec() > 0 ? p.opsPerSec() : null);
      longest = Math.max(longest, line.size());
      line.forEach(p -> all.add(p[1]));
      adds.add(() -> add(chart, c.store(), line, ChartStyle.color(model, c.store(), c.profile()), false));
    }
    chart.setYAxisTitle(ReportCharts.axisTitle("throughput", "ops/s", ChartStyle.valueAxis(chart.getStyler(), all)));
    if (longest >= MIN_POINTS) {
      adds.forEach(Runnable::run);
    }
    return chart;
  }

  /**
   * @param model the grouped results
   * @param profile the profile; stores without profiles are drawn too, in grey
   * @param t client threads
   * @param workload the workload
   * @return server CPU (and driver CPU where it differs) per interval in percent of one core; without series when
   *     no run measured CPU over at least {@link #MIN_POINTS} intervals
   */
  static XYChart cpu(ReportModel model, String profile, int t, String workload) {
    XYChart chart = chart(model, "CPU over time", profile, t, workload);
    int longest = 0;
    List<Double> all = new ArrayList<>();
    List<Runnable> adds = new ArrayList<>();
    for (ReportCell c : cells(model, profile, t, workload)) {
      RunResult run = run(c);
      Color color = ChartStyle.color(model, c.store(), c.profile());
      List<double[]> server = line(run, RunResult.TimePoint::serverCpuPercent);
      List<double[]> driver = line(run, RunResult.TimePoint::driverCpuPercent);
      boolean same = run.timeSeries().stream()
          .allMatch(p -> java.util.Objects.equals(p.serverCpuPercent(), p.driverCpuPercent()));
      longest = Math.max(longest, Math.max(server.size(), driver.size()));
      server.forEach(p -> all.add(p[1]));
      adds.add(() -> add(chart, c.store() + (same ? " (server is the driver)" : " server"), server, color, false));
      if (!same) {
        driver.forEach(p -> all.add(p[1]));
        adds.add(() -> add(chart, c.store() + " driver", driver, color, true));
      }
    }
    chart.setYAxisTitle(ReportCharts.axisTitle("CPU", "% of one core", ChartStyle.valueAxis(chart.getStyler(), all)));
    if (longest >= MIN_POINTS) {
      adds.forEach(Runnable::run);
    }
    return chart;
  }

  /**
   * @param model the grouped results
   * @param what what the chart shows, e.g. {@code Throughput over time}
   * @param profile the profile
   * @param t client threads
   * @param workload the workload
   * @return e.g. {@code Throughput over time, workloada, profile durable, 16 threads (one run per store)}: the chart's
   *     title, and with {@code Throughput and CPU over time} that of the image {@link #stacked} makes
   */
  static String title(ReportModel model, String what, String profile, int t, String workload) {
    boolean repeated = cells(model, profile, t, workload).stream().anyMatch(c -> c.repeats() > 1);
    return what + ", " + workload + ", profile " + ReportTables.profileName(profile) + ", " + ReportTables.threads(t)
        + (repeated ? " (one run per store)" : "");
  }

  /**
   * Draws the two charts one above the other, each over the time span of both, so that the two time axes cover the
   * same seconds (it sets both charts' x-axis bounds); a chart without series is left out.
   *
   * @param top the throughput chart, {@link #throughput}
   * @param bottom the CPU chart, {@link #cpu}
   * @return one image, as wide as the charts and as high as those drawn together
   */
  static BufferedImage stacked(XYChart top, XYChart bottom) {
    List<XYChart> drawn = new ArrayList<>();
    double min = Double.MAX_VALUE;
    double max = -Double.MAX_VALUE;
    for (XYChart c : List.of(top, bottom)) {
      if (c.getSeriesMap().isEmpty()) {
        continue;
      }
      drawn.add(c);
      for (XYSeries series : c.getSeriesMap().values()) {
        min = Math.min(min, series.getXMin());
        max = Math.max(max, series.getXMax());
      }
    }
    int height = 0;
    List<BufferedImage> images = new ArrayList<>();
    for (XYChart c : drawn) {
      if (max > min) {
        c.getStyler().setXAxisMin(min);
        c.getStyler().setXAxisMax(max);
      }
      BufferedImage image = BitmapEncoder.getBufferedImage(c);
      images.add(image);
      height += image.getHeight();
    }
    BufferedImage out = new BufferedImage(images.get(0).getWidth(), height, BufferedImage.TYPE_INT_RGB);
    Graphics2D g = out.createGraphics();
    try {
      int y = 0;
      for (BufferedImage image : images) {
        g.drawImage(image, 0, y, null);
        y += image.getHeight();
      }
    } finally {
      g.dispose();
    }
    return out;
  }

  private static XYChart chart(ReportModel model, String what, String profile, int t, String workload) {
    XYChart chart = new XYChartBuilder().width(ReportCharts.WIDTH).height(HEIGHT)
        .title(title(model, what, profile, t, workload))
        .xAxisTitle("time since the measured run started (s)").build();
    ChartStyle.basic(chart.getStyler());
    chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
    return chart;
  }

  private static List<ReportCell> cells(ReportModel model, String profile, int t, String workload) {
    List<ReportCell> out = new ArrayList<>();
    for (String s : model.stores()) {
      ReportCell c = model.cell(profile, s, t, workload);
      if (c != null && !c.runs().isEmpty()) {
        out.add(c);
      }
    }
    return out;
  }

  private static RunResult run(ReportCell c) {
    return c.figureRuns().get(0);
  }

  /** @return points (seconds, value) of the run's intervals that have the figure, the cut-short last one left out */
  private static List<double[]> line(RunResult run, Function<RunResult.TimePoint, Double> figure) {
    List<RunResult.TimePoint> series = run.timeSeries();
    long[] lengths = series.stream().mapToLong(RunResult.TimePoint::intervalMillis).sorted().toArray();
    long median = lengths.length == 0 ? 0 : lengths[lengths.length / 2];
    List<double[]> points = new ArrayList<>();
    for (int i = 0; i < series.size(); i++) {
      RunResult.TimePoint p = series.get(i);
      Double v = figure.apply(p);
      boolean cutShort = i == series.size() - 1 && i > 0 && p.intervalMillis() * 2 < median;
      if (v != null && Double.isFinite(v) && !cutShort) {
        points.add(new double[] {p.elapsedMillis() / 1000.0, v});
      }
    }
    return points;
  }

  private static void add(XYChart chart, String name, List<double[]> line, Color color, boolean dashed) {
    if (line.isEmpty()) {
      return;
    }
    XYSeries s = chart.addSeries(name, line.stream().mapToDouble(p -> p[0]).toArray(),
        line.stream().mapToDouble(p -> p[1]).toArray());
    s.setLineColor(color);
    s.setLineWidth(ChartStyle.LINE_WIDTH);
    s.setMarkerColor(color);
    s.setMarker(line.size() > 1 ? SeriesMarkers.NONE : SeriesMarkers.CIRCLE);
    s.setLineStyle(dashed ? SeriesLines.DASH_DASH : SeriesLines.SOLID);
  }
}
