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
 * come from (the best run), else its first run; the title names the repeat ({@link #repeat}). Both value axes are
 * linear from 0, so a dip reads at its true size. The run's last interval is left out: the monitor closes it when the
 * client threads have finished, not at its 1-second tick, so it holds their finishing (threads that ran out of
 * operations or time stop one by one), whose rate falls because threads stop, not because the store slows; it is
 * usually shorter than the others, and when it is not (a run that ends by its operation count) it still holds the
 * drain.
 * CPU shows the server's line solid and, where the server is another process, the driver's dashed.
 *
 * <p>A chart is drawn only when some store's line has at least {@link #MIN_POINTS} intervals: a run of a few
 * intervals (the 2-second cells of the embedded matrix give two) has no course over time to show, and its
 * throughput is in the tables. Stateless and thread-safe.
 */
final class TimeSeriesCharts {
  /** The fewest intervals of the longest line for which an over-time chart is drawn. */
  static final int MIN_POINTS = 5;
  /** Lower than the other charts ({@link ChartStyle#HEIGHT}): a course over time reads at this height, in pixels. */
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
    List<Runnable> adds = new ArrayList<>();
    List<ReportCell> cells = cells(model, profile, t, workload);
    boolean mixed = sameRepeat(cells) == null;
    for (ReportCell c : cells) {
      List<double[]> line = line(run(c), p -> p.opsPerSec() > 0 ? p.opsPerSec() : null);
      longest = Math.max(longest, line.size());
      adds.add(() -> add(chart, legend(model, c, mixed), line, ChartStyle.color(model, c.store(), c.profile()), false));
    }
    chart.setYAxisTitle(ChartStyle.axisTitle("throughput", "ops/s", false));
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
    List<Runnable> adds = new ArrayList<>();
    List<ReportCell> cells = cells(model, profile, t, workload);
    boolean mixed = sameRepeat(cells) == null;
    for (ReportCell c : cells) {
      RunResult run = run(c);
      Color color = ChartStyle.color(model, c.store(), c.profile());
      List<double[]> server = line(run, RunResult.TimePoint::serverCpuPercent);
      List<double[]> driver = line(run, RunResult.TimePoint::driverCpuPercent);
      boolean same = run.timeSeries().stream()
          .allMatch(p -> java.util.Objects.equals(p.serverCpuPercent(), p.driverCpuPercent()));
      longest = Math.max(longest, Math.max(server.size(), driver.size()));
      String store = legend(model, c, mixed);
      adds.add(() -> add(chart, store + (same ? " (server is the driver)" : " server"), server, color, false));
      if (!same) {
        adds.add(() -> add(chart, store + " driver", driver, color, true));
      }
    }
    chart.setYAxisTitle(ChartStyle.axisTitle("CPU", "% of one core", false));
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
   * @return e.g. {@code Throughput over time, workloada, profile durable, 16 threads, repeat 1 of 3} when every store
   *     shows the same repeat, else {@code ..., 16 threads, postgres repeat 2 of 3 (best run), MariaDB repeat 1 of 3
   *     (best run)}; nothing about repeats when each store ran once: with {@code Throughput and CPU over time}, the
   *     title of the image {@link #stacked} makes (the report's caption)
   */
  static String title(ReportModel model, String what, String profile, int t, String workload) {
    List<ReportCell> cells = cells(model, profile, t, workload);
    String which = sameRepeat(cells);
    if (which == null) {
      List<String> each = new ArrayList<>();
      cells.stream().filter(c -> !repeat(c).isEmpty())
          .forEach(c -> each.add(model.names().name(c.store()) + " " + repeat(c)));
      which = ", " + String.join(", ", each);
    }
    return what + ", " + workload + ", profile " + ReportFormat.profileName(profile) + ", " + ReportFormat.threads(t)
        + which;
  }

  /**
   * @return as {@link #title}, shorter where the stores show different repeats: {@code ..., 16 threads, one run per
   *     store (repeat in the legend)}, the legend naming each store's ({@link #legend})
   */
  static String chartTitle(ReportModel model, String what, String profile, int t, String workload) {
    String which = sameRepeat(cells(model, profile, t, workload));
    return what + ", " + workload + ", profile " + ReportFormat.profileName(profile) + ", " + ReportFormat.threads(t)
        + (which == null ? ", one run per store (repeat in the legend)" : which);
  }

  /** @return {@code , repeat 1 of 3} when every cell shows the same repeat, "" when each ran once, else null */
  private static String sameRepeat(List<ReportCell> cells) {
    java.util.Set<String> repeats = new java.util.LinkedHashSet<>();
    cells.forEach(c -> repeats.add(repeat(c)));
    if (repeats.size() == 1) {
      String only = repeats.iterator().next();
      return only.isEmpty() ? "" : ", " + only;
    }
    return repeats.isEmpty() ? "" : null;
  }

  /**
   * @param mixed whether the chart's stores show different repeats
   * @return the store's name in the legend: with its repeat where the chart's stores show different ones
   */
  private static String legend(ReportModel model, ReportCell c, boolean mixed) {
    String name = model.names().name(c.store());
    return !mixed || repeat(c).isEmpty() ? name : name + ", " + repeat(c);
  }

  /**
   * @param c a cell
   * @return the run the charts show, e.g. {@code repeat 2 of 3 (best run)} (the cell's best run under
   *     {@link RepeatAggregate#BEST}) or {@code repeat 1 of 3} (its first run that ended ok, under the median); the
   *     repeat is the matrix's ({@code r2} in the run's path), else the run's place among the cell's runs; empty when
   *     the cell has one run
   */
  static String repeat(ReportCell c) {
    if (c.repeats() < 2) {
      return "";
    }
    RunResult run = run(c);
    Integer repeat = run.file() == null ? null : RatioInterval.repeat(run.file());
    int n = repeat != null ? repeat : c.runs().indexOf(run) + 1;
    int of = c.repeats() + c.failedRuns();
    return "repeat " + n + " of " + of + (c.bestRun() == null ? "" : " (best run)");
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
    XYChart chart = new XYChartBuilder().width(ChartStyle.WIDTH).height(HEIGHT)
        .title(chartTitle(model, what, profile, t, workload))
        .xAxisTitle("time since the measured run started (s)").build();
    ChartStyle.basic(chart.getStyler());
    chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
    chart.getStyler().setYAxisMin(0.0);
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

  /**
   * @return points (seconds, value) of the run's intervals that have the figure, the last one (the client threads'
   *     finishing) left out
   */
  static List<double[]> line(RunResult run, Function<RunResult.TimePoint, Double> figure) {
    List<RunResult.TimePoint> series = run.timeSeries();
    List<double[]> points = new ArrayList<>();
    for (int i = 0; i < series.size(); i++) {
      RunResult.TimePoint p = series.get(i);
      Double v = figure.apply(p);
      boolean finishing = i == series.size() - 1 && i > 0;
      if (v != null && Double.isFinite(v) && !finishing) {
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
