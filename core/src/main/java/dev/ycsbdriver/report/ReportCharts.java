package dev.ycsbdriver.report;

import dev.ycsbdriver.result.HistogramLogs;
import dev.ycsbdriver.result.LatencyLog;
import java.awt.Color;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The report's charts (XChart, rendered to PNG in headless AWT): first the headline, throughput per workload
 * of every store in every profile side by side at the highest thread count; then throughput per workload per
 * store, latency
 * percentile curves per store for one workload, and throughput against threads when several thread counts
 * ran.
 *
 * <p>Percentile curves add every interval of the run's HdrHistogram log ({@code .hlog}) and plot the
 * histogram's percentile distribution the way HdrHistogram's own plotter does: the x axis is
 * {@code 1 / (1 - percentile)} on a log scale, so 10 is p90, 100 is p99 and 1000 is p99.9. Without the log,
 * the percentiles written in the result JSON are drawn instead. Stateless and thread-safe.
 */
public final class ReportCharts {
  private static final int WIDTH = 900;
  private static final int HEIGHT = 480;
  /** The floor of a latency on a log axis, which cannot show 0: one nanosecond, the finest unit recorded. */
  private static final double SMALLEST_MICROS = 0.001;

  private ReportCharts() {
  }

  /**
   * A rendered chart.
   *
   * @param name file name without extension, e.g. {@code throughput-durable-t64}
   * @param title the chart's title, also the image's alternative text
   * @param png the PNG image
   * @param headline whether the report shows it first, above its tables
   */
  public record Image(String name, String title, byte[] png, boolean headline) {
  }

  /**
   * @param model the grouped results
   * @param latencyWorkload the workload whose percentile curves are drawn; null for the first one
   * @return the charts, in report order
   * @throws IOException when an image cannot be encoded
   */
  public static List<Image> build(ReportModel model, String latencyWorkload) throws IOException {
    System.setProperty("java.awt.headless", "true");
    List<Image> images = new ArrayList<>();
    int top = model.threads().get(model.threads().size() - 1);
    CategoryChart headline = headline(model, top, "Throughput per workload, store and profile, " + top + " threads");
    if (!headline.getSeriesMap().isEmpty()) {
      images.add(new Image("headline-t" + top, headline.getTitle(),
          BitmapEncoder.getBitmapBytes(headline, BitmapEncoder.BitmapFormat.PNG), true));
    }
    String curveWorkload = latencyWorkload != null && model.workloads().contains(latencyWorkload) ? latencyWorkload
        : model.workloads().get(0);
    for (String profile : model.profiles()) {
      String p = ReportTables.profileName(profile);
      for (int t : model.threads()) {
        if (model.cells(profile, t).isEmpty()) {
          continue;
        }
        CategoryChart bars = throughput(model, profile, t, "Throughput per workload, profile " + p + ", " + t
            + " threads");
        if (!bars.getSeriesMap().isEmpty()) {
          images.add(image("throughput-" + p + "-t" + t, bars));
        }
      }
      int maxThreads = model.cells().stream().filter(c -> java.util.Objects.equals(c.profile(), profile))
          .mapToInt(ReportCell::threads).max().orElse(0);
      XYChart curves = percentiles(model, profile, maxThreads, curveWorkload,
          "Latency by percentile, " + curveWorkload + ", profile " + p + ", " + maxThreads + " threads");
      if (!curves.getSeriesMap().isEmpty()) {
        images.add(image("latency-" + p + "-" + curveWorkload + "-t" + maxThreads, curves));
      }
      if (model.threads().size() > 1) {
        for (String w : model.workloads()) {
          XYChart scaling = scaling(model, profile, w, "Throughput vs threads, " + w + ", profile " + p);
          if (!scaling.getSeriesMap().isEmpty()) {
            images.add(image("scaling-" + p + "-" + w, scaling));
          }
        }
      }
    }
    return images;
  }

  private static Image image(String name, Chart<?, ?> chart) throws IOException {
    return new Image(name, chart.getTitle(), BitmapEncoder.getBitmapBytes(chart, BitmapEncoder.BitmapFormat.PNG), false);
  }

  /** Bars per workload, one series per store and profile: the durable-vs-fast story in one picture. */
  private static CategoryChart headline(ReportModel model, int t, String title) {
    CategoryChart chart = new CategoryChartBuilder().width(WIDTH).height(HEIGHT).title(title)
        .xAxisTitle("workload").yAxisTitle("throughput (ops/s)").build();
    style(chart.getStyler());
    chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
    boolean profiled = model.profiles().stream().anyMatch(java.util.Objects::nonNull);
    List<String> workloads = model.workloads().stream()
        .filter(w -> model.cells().stream().anyMatch(c -> c.threads() == t && c.workload().equals(w))).toList();
    for (String[] sp : model.storeProfiles()) {
      if (profiled && sp[1] == null) {
        continue; // as in the per-profile charts: a store without profiles would dwarf the others
      }
      List<Double> values = new ArrayList<>();
      boolean any = false;
      for (String w : workloads) {
        ReportCell c = model.exactCell(sp[1], sp[0], t, w);
        any |= c != null && c.throughput() != null;
        values.add(c == null || c.throughput() == null ? 0.0 : c.throughput().value());
      }
      if (any) {
        chart.addSeries(sp[0] + (sp[1] == null ? "" : " " + sp[1]), workloads, values);
      }
    }
    return chart;
  }

  private static CategoryChart throughput(ReportModel model, String profile, int t, String title) {
    CategoryChart chart = new CategoryChartBuilder().width(WIDTH).height(HEIGHT).title(title)
        .xAxisTitle("workload").yAxisTitle("throughput (ops/s)").build();
    style(chart.getStyler());
    chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
    List<String> workloads = model.workloads().stream()
        .filter(w -> model.cells(profile, t).stream().anyMatch(c -> c.workload().equals(w))).toList();
    for (String s : model.stores()) {
      List<Double> values = new ArrayList<>();
      boolean any = false;
      for (String w : workloads) {
        // a store without profiles is a reference row in the tables; in a bar chart it would dwarf the others
        ReportCell c = model.exactCell(profile, s, t, w);
        double v = c == null || c.throughput() == null ? 0.0 : c.throughput().value();
        any |= c != null && c.throughput() != null;
        values.add(v);
      }
      if (any) {
        chart.addSeries(s, workloads, values);
      }
    }
    return chart;
  }

  private static XYChart percentiles(ReportModel model, String profile, int t, String workload, String title)
      throws IOException {
    XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(title)
        .xAxisTitle("1 / (1 - percentile): 10 = p90, 100 = p99, 1000 = p99.9 (log)")
        .yAxisTitle("service time (µs, log)").build();
    style(chart.getStyler());
    chart.getStyler().setXAxisLogarithmic(true);
    chart.getStyler().setYAxisLogarithmic(true);
    chart.getStyler().setLegendPosition(Styler.LegendPosition.InsideNW);
    for (String s : model.stores()) {
      ReportCell c = model.cell(profile, s, t, workload);
      if (c == null || c.runs().isEmpty()) {
        continue;
      }
      for (RunResult.OperationFigures op : c.figureRuns().get(0).operations()) {
        List<double[]> points = curve(c.figureRuns(), op);
        if (points.size() < 2) {
          continue;
        }
        double[] x = new double[points.size()];
        double[] y = new double[points.size()];
        for (int i = 0; i < points.size(); i++) {
          x[i] = points.get(i)[0];
          y[i] = points.get(i)[1];
        }
        chart.addSeries(s + " " + op.name(), x, y).setMarker(SeriesMarkers.NONE);
      }
    }
    return chart;
  }

  /** @return points (1/(1-p), micros) from the runs' histogram logs added up, else from the result JSON */
  private static List<double[]> curve(List<RunResult> runs, RunResult.OperationFigures op) throws IOException {
    List<LatencyLog> logs = new ArrayList<>();
    for (RunResult r : runs) {
      Path log = r.histogramLogs().get(op.name());
      if (log == null || !Files.isRegularFile(log)) {
        logs = null;
        break;
      }
      logs.add(HistogramLogs.read(log));
    }
    LatencyLog all = logs == null ? null : LatencyLog.concat(logs);
    Histogram sum = all == null ? null : all.sum();
    List<double[]> points = new ArrayList<>();
    if (sum != null && sum.getTotalCount() > 0) {
      for (HistogramIterationValue v : sum.percentiles(5)) {
        double p = v.getPercentileLevelIteratedTo();
        if (p >= 100.0) {
          break;
        }
        points.add(new double[] {1.0 / (1.0 - p / 100.0),
            Math.max(SMALLEST_MICROS, all.unit().toMicros(v.getValueIteratedTo()))});
      }
      return points;
    }
    for (Map.Entry<Double, Double> e : op.percentiles().entrySet()) {
      if (e.getKey() < 100.0) {
        points.add(new double[] {1.0 / (1.0 - e.getKey() / 100.0), Math.max(SMALLEST_MICROS, e.getValue())});
      }
    }
    return points;
  }

  private static XYChart scaling(ReportModel model, String profile, String workload, String title) {
    XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(title)
        .xAxisTitle("client threads").yAxisTitle("throughput (ops/s)").build();
    style(chart.getStyler());
    chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
    for (String s : model.stores()) {
      List<Double> x = new ArrayList<>();
      List<Double> y = new ArrayList<>();
      for (int t : model.threads()) {
        ReportCell c = model.cell(profile, s, t, workload);
        if (c != null && c.throughput() != null) {
          x.add((double) t);
          y.add(c.throughput().value());
        }
      }
      if (x.size() > 1) {
        chart.addSeries(s, x, y);
      }
    }
    return chart;
  }

  private static void style(org.knowm.xchart.style.AxesChartStyler styler) {
    styler.setChartBackgroundColor(Color.WHITE);
    styler.setPlotBackgroundColor(Color.WHITE);
    styler.setLegendBorderColor(Color.LIGHT_GRAY);
    styler.setAntiAlias(true);
    styler.setYAxisDecimalPattern("#,###.##");
  }
}
