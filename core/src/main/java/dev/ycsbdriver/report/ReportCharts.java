package dev.ycsbdriver.report;

import dev.ycsbdriver.result.ResultFiles;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.Styler;

/**
 * The report's charts (XChart, rendered to PNG in headless AWT). First the headline charts a reader looks at first:
 * for a ranked report the ranking figure per store, sorted best first ({@link Ranking}), then throughput per workload
 * of every store in every profile side by side at the highest thread count. Then per profile: throughput per
 * workload per store, latency percentile curves per store for every workload ({@link LatencyCharts}), throughput
 * against threads when several thread counts ran, and throughput and CPU over time per store for every workload
 * ({@link TimeSeriesCharts}).
 *
 * <p>Colours and axes follow {@link ChartStyle}: one hue per store, durable dark and fast light; a value axis is
 * logarithmic when its values span more than ten times. Stateless and thread-safe.
 */
public final class ReportCharts {
  static final int WIDTH = 900;
  static final int HEIGHT = 480;

  private ReportCharts() {
  }

  /**
   * A rendered chart.
   *
   * @param name file name without extension, e.g. {@code throughput-durable-t64}; one safe path component whatever
   *     the names in the results ({@link ResultFiles#fileName}), unique among a report's charts
   * @param title the chart's title, also the image's alternative text
   * @param png the PNG image
   * @param headline whether the report shows it first, above its tables
   */
  public record Image(String name, String title, byte[] png, boolean headline) {
  }

  /**
   * @param model the grouped results
   * @param latencyWorkload the workload whose percentile curves come first in each profile; null for the workloads
   *     in name order
   * @return the charts, in report order
   * @throws IOException when an image cannot be encoded or a histogram log cannot be read
   */
  public static List<Image> build(ReportModel model, String latencyWorkload) throws IOException {
    System.setProperty("java.awt.headless", "true");
    List<Image> images = new ArrayList<>();
    for (Ranking.Group g : Ranking.groups(model)) {
      CategoryChart ranked = ranking(model, g);
      if (!ranked.getSeriesMap().isEmpty()) {
        images.add(image("ranking-" + model.rank().id() + "-" + g.workload() + "-t" + g.threads(), ranked, true));
      }
    }
    int top = model.threads().get(model.threads().size() - 1);
    CategoryChart headline = headline(model, top);
    if (!headline.getSeriesMap().isEmpty()) {
      images.add(image("headline-t" + top, headline, true));
    }
    List<String> workloads = new ArrayList<>(model.workloads());
    if (latencyWorkload != null && workloads.remove(latencyWorkload)) {
      workloads.add(0, latencyWorkload);
    }
    for (String profile : model.profiles()) {
      String p = ReportTables.profileName(profile);
      for (int t : model.threads()) {
        CategoryChart bars = throughput(model, profile, t);
        if (!bars.getSeriesMap().isEmpty()) {
          images.add(image("throughput-" + p + "-t" + t, bars, false));
        }
      }
      int maxThreads = model.cells().stream().filter(c -> Objects.equals(c.profile(), profile))
          .mapToInt(ReportCell::threads).max().orElse(top);
      for (String w : workloads) {
        XYChart curves = LatencyCharts.percentiles(model, profile, maxThreads, w);
        if (!curves.getSeriesMap().isEmpty()) {
          images.add(image("latency-" + p + "-" + w + "-t" + maxThreads, curves, false));
        }
      }
      if (model.threads().size() > 1) {
        for (String w : model.workloads()) {
          XYChart scaling = scaling(model, profile, w);
          if (!scaling.getSeriesMap().isEmpty()) {
            images.add(image("scaling-" + p + "-" + w, scaling, false));
          }
        }
      }
      for (String w : model.workloads()) {
        XYChart ops = TimeSeriesCharts.throughput(model, profile, maxThreads, w);
        XYChart cpu = TimeSeriesCharts.cpu(model, profile, maxThreads, w);
        if (!ops.getSeriesMap().isEmpty() || !cpu.getSeriesMap().isEmpty()) {
          String title = TimeSeriesCharts.title(model, "Throughput and CPU over time", profile, maxThreads, w);
          images.add(new Image("over-time-" + p + "-" + w + "-t" + maxThreads, title,
              ChartPng.encode(TimeSeriesCharts.stacked(ops, cpu)), false));
        }
      }
    }
    return fileNames(images);
  }

  /**
   * Names each chart's file after its name made safe ({@link ResultFiles#fileName}): the workload, store and profile
   * names in it come from result files and never become a path ({@code ../x}); names that become equal get
   * {@code -2}, {@code -3}, ...
   */
  private static List<Image> fileNames(List<Image> images) {
    java.util.Set<String> taken = new java.util.HashSet<>();
    List<Image> named = new ArrayList<>(images.size());
    for (Image i : images) {
      String base = ResultFiles.fileName(i.name());
      String name = base;
      for (int n = 2; !taken.add(name); n++) {
        name = base + "-" + n;
      }
      named.add(name.equals(i.name()) ? i : new Image(name, i.title(), i.png(), i.headline()));
    }
    return named;
  }

  private static Image image(String name, Chart<?, ?> chart, boolean headline) throws IOException {
    return new Image(name, chart.getTitle(), ChartPng.encode(chart), headline);
  }

  /** @return the axis title with {@code , log} before its closing bracket when the axis is logarithmic */
  static String axisTitle(String quantity, String unit, boolean log) {
    return quantity + " (" + unit + (log ? ", log scale" : "") + ")";
  }

  /**
   * One ranking as bars, best first, each in its store's colour; the axis is logarithmic when the figures span more
   * than ten times.
   */
  static CategoryChart ranking(ReportModel model, Ranking.Group g) {
    RankFigure by = model.rank();
    List<Ranking.Entry> ranked = g.entries().stream().filter(e -> e.figure() != null).toList();
    List<String> names = ranked.stream().map(e -> Ranking.name(model, e.cell())).toList();
    List<Double> values = ranked.stream().map(e -> e.figure().value()).toList();
    CategoryChart chart = new CategoryChartBuilder().width(WIDTH).height(HEIGHT)
        .title("Ranking by " + by.label() + " (" + by.direction() + "), " + g.workload() + ", " + ReportTables.threads(g.threads()))
        .xAxisTitle("store, best first").build();
    ChartStyle.basic(chart.getStyler());
    boolean log = ChartStyle.valueAxis(chart.getStyler(), values);
    chart.setYAxisTitle(axisTitle(by.label() + ", " + Ranking.shown(model.aggregate()), by.unit(), log));
    chart.getStyler().setOverlapped(true); // one series per bar, so each bar takes its store's colour
    chart.getStyler().setLegendVisible(false);
    if (names.size() > 6) {
      chart.getStyler().setXAxisLabelRotation(30);
    }
    for (int i = 0; i < ranked.size(); i++) {
      List<Double> only = new ArrayList<>();
      for (int j = 0; j < ranked.size(); j++) {
        only.add(i == j ? values.get(i) : null);
      }
      ReportCell c = ranked.get(i).cell();
      chart.addSeries(names.get(i), names, only).setFillColor(ChartStyle.color(model, c.store(), c.profile()));
    }
    return chart;
  }

  /** Bars per workload, one series per store and profile: the durable-vs-fast story in one picture. */
  static CategoryChart headline(ReportModel model, int t) {
    boolean profiled = model.profiles().stream().anyMatch(Objects::nonNull);
    List<String> workloads = model.workloads().stream()
        .filter(w -> model.cells().stream().anyMatch(c -> c.threads() == t && c.workload().equals(w))).toList();
    List<String[]> series = new ArrayList<>();
    List<List<Double>> rows = new ArrayList<>();
    for (String[] sp : model.storeProfiles()) {
      if (profiled && sp[1] == null) {
        continue; // as in the per-profile charts: a store without profiles is a reference row of the tables
      }
      List<Double> values = workloads.stream().map(w -> opsPerSec(model.exactCell(sp[1], sp[0], t, w))).toList();
      if (values.stream().anyMatch(Objects::nonNull)) {
        series.add(sp);
        rows.add(values);
      }
    }
    CategoryChart chart = bars("Throughput per workload, store and profile, " + ReportTables.threads(t), rows);
    for (int i = 0; i < series.size(); i++) {
      String[] sp = series.get(i);
      chart.addSeries(model.names().name(sp[0]) + (sp[1] == null ? "" : " " + sp[1]), workloads, rows.get(i))
          .setFillColor(ChartStyle.color(model, sp[0], sp[1]));
    }
    return chart;
  }

  /** Bars per workload, one series per store, of one profile. */
  static CategoryChart throughput(ReportModel model, String profile, int t) {
    List<String> workloads = model.workloads().stream()
        .filter(w -> model.cells(profile, t).stream().anyMatch(c -> c.workload().equals(w))).toList();
    List<String> stores = new ArrayList<>();
    List<List<Double>> rows = new ArrayList<>();
    for (String s : model.stores()) {
      // a store without profiles is a reference row in the tables; in a bar chart it would dwarf the others
      List<Double> values = workloads.stream().map(w -> opsPerSec(model.exactCell(profile, s, t, w))).toList();
      if (values.stream().anyMatch(Objects::nonNull)) {
        stores.add(s);
        rows.add(values);
      }
    }
    CategoryChart chart = bars("Throughput per workload, profile " + ReportTables.profileName(profile) + ", "
        + ReportTables.threads(t), rows);
    for (int i = 0; i < stores.size(); i++) {
      chart.addSeries(model.names().name(stores.get(i)), workloads, rows.get(i))
          .setFillColor(ChartStyle.color(model, stores.get(i), profile));
    }
    return chart;
  }

  private static CategoryChart bars(String title, List<List<Double>> rows) {
    CategoryChart chart = new CategoryChartBuilder().width(WIDTH).height(HEIGHT).title(title).xAxisTitle("workload")
        .build();
    ChartStyle.basic(chart.getStyler());
    chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
    boolean log = ChartStyle.valueAxis(chart.getStyler(), rows.stream().flatMap(List::stream).toList());
    chart.setYAxisTitle(axisTitle("throughput", "ops/s", log));
    return chart;
  }

  /** @return the cell's throughput, or null when it did not run or has none (a gap, never a bar of 0) */
  private static Double opsPerSec(ReportCell c) {
    return c == null || c.throughput() == null || c.throughput().value() <= 0 ? null : c.throughput().value();
  }

  static XYChart scaling(ReportModel model, String profile, String workload) {
    List<String> stores = new ArrayList<>();
    List<List<double[]>> lines = new ArrayList<>();
    List<Double> all = new ArrayList<>();
    for (String s : model.stores()) {
      List<double[]> line = new ArrayList<>();
      for (int t : model.threads()) {
        Double v = opsPerSec(model.cell(profile, s, t, workload));
        if (v != null) {
          line.add(new double[] {t, v});
          all.add(v);
        }
      }
      if (line.size() > 1) {
        stores.add(s);
        lines.add(line);
      }
    }
    XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT)
        .title("Throughput vs threads, " + workload + ", profile " + ReportTables.profileName(profile))
        .xAxisTitle("client threads").build();
    ChartStyle.basic(chart.getStyler());
    chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
    chart.setYAxisTitle(axisTitle("throughput", "ops/s", ChartStyle.valueAxis(chart.getStyler(), all)));
    for (int i = 0; i < stores.size(); i++) {
      java.awt.Color color = ChartStyle.color(model, stores.get(i), profile);
      double[] x = lines.get(i).stream().mapToDouble(p -> p[0]).toArray();
      double[] y = lines.get(i).stream().mapToDouble(p -> p[1]).toArray();
      var series = chart.addSeries(model.names().name(stores.get(i)), x, y);
      series.setLineColor(color);
      series.setLineWidth(ChartStyle.LINE_WIDTH);
      series.setMarkerColor(color);
    }
    return chart;
  }
}
