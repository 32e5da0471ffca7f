package dev.ycsbdriver.report;

import dev.ycsbdriver.result.ResultFiles;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.knowm.xchart.CategoryChart;
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
 * <p>Colours and axes follow {@link ChartStyle}: one hue per binding in every report, durable dark and fast light; a
 * value axis is logarithmic when its values span more than ten times. The bar charts ({@link IntervalBarChart}) draw
 * each bar's spread over its runs as a whisker and hatch the bars of every comparison the findings call a tie
 * ({@link Findings}); their category labels never overlap ({@link CategoryLabels}). Stateless and thread-safe.
 */
public final class ReportCharts {
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
    List<Finding> findings = Findings.of(model);
    for (Ranking.Group g : Ranking.groups(model)) {
      CategoryChart ranked = ranking(model, g, findings);
      if (!ranked.getSeriesMap().isEmpty()) {
        images.add(image("ranking-" + model.rank().id() + "-" + g.workload() + "-t" + g.threads(), ranked, true));
      }
    }
    int top = model.threads().get(model.threads().size() - 1);
    CategoryChart headline = headline(model, top, findings);
    if (!headline.getSeriesMap().isEmpty()) {
      images.add(image("headline-t" + top, headline, true));
    }
    List<String> workloads = new ArrayList<>(model.workloads());
    if (latencyWorkload != null && workloads.remove(latencyWorkload)) {
      workloads.add(0, latencyWorkload);
    }
    for (String profile : model.profiles()) {
      String p = ReportFormat.profileName(profile);
      for (int t : model.threads()) {
        CategoryChart bars = throughput(model, profile, t, findings);
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

  /**
   * One ranking as bars, best first, each in its store's colour, with the spread of its runs as a whisker and the
   * ranking's tie marked ({@link #ranking(ReportModel, Ranking.Group, List)}).
   */
  static CategoryChart ranking(ReportModel model, Ranking.Group g) {
    return ranking(model, g, Findings.of(model));
  }

  /**
   * One ranking as bars, best first, each in its store's colour; the axis is logarithmic when the figures span more
   * than ten times. Each bar's whisker is the spread of its runs (minimum to maximum), as the tables give it; the first
   * and the next are hatched and labelled {@code tie} when the ranking's row of the findings names no winner
   * ({@link #tie}), as are stores that share the first rank.
   *
   * @param findings the report's findings ({@link Findings#of})
   */
  static CategoryChart ranking(ReportModel model, Ranking.Group g, List<Finding> findings) {
    RankFigure by = model.rank();
    List<Ranking.Entry> ranked = g.entries().stream().filter(e -> e.figure() != null).toList();
    List<String> names = ranked.stream().map(e -> Ranking.name(model, e.cell())).toList();
    List<Double> values = ranked.stream().map(e -> e.figure().value()).toList();
    Finding lead = findings.stream().filter(f -> f.claim() == Finding.Claim.RANKING
        && f.threads() == g.threads() && f.workload().equals(g.workload())).findFirst().orElse(null);
    int next = 0;
    while (next < ranked.size() && ranked.get(next).rank() == 1) {
      next++;
    }
    List<Spread> spreads = ranked.stream().map(Ranking.Entry::figure).toList();
    int joint = next;
    return fitted(names, fit -> {
      IntervalBarChart chart = new IntervalBarChart(ChartStyle.WIDTH, ChartStyle.HEIGHT,
          "Ranking by " + by.label() + " (" + by.direction() + "), " + g.workload() + ", "
              + ReportFormat.threads(g.threads()), "");
      ChartStyle.basic(chart.getStyler());
      boolean log = ChartStyle.valueAxis(chart.getStyler(), withSpread(values, spreads));
      chart.setYAxisTitle(ChartStyle.axisTitle(by.label() + ", " + Ranking.shown(model.aggregate()), by.unit(), log));
      chart.getStyler().setOverlapped(true); // one series per bar, so each bar takes its store's colour
      chart.getStyler().setLegendVisible(false);
      chart.getStyler().setXAxisLabelRotation(fit.rotation());
      boolean anyTie = false;
      for (int i = 0; i < ranked.size(); i++) {
        List<Double> only = new ArrayList<>();
        for (int j = 0; j < ranked.size(); j++) {
          only.add(i == j ? values.get(i) : null);
        }
        ReportCell c = ranked.get(i).cell();
        chart.addSeries(names.get(i), fit.labels(), only)
            .setFillColor(ChartStyle.color(model, c.store(), c.profile()));
        boolean tie = joint > 1 && i < joint || lead != null && tie(lead) && i <= joint;
        anyTie |= tie;
        chart.mark(mark(i, i, spreads.get(i), tie));
      }
      maxWithWhiskers(chart, values, spreads);
      chart.setXAxisTitle(caption(axisName("store, best first", fit), chart, spreads, anyTie));
      return chart;
    });
  }

  /** Bars per workload, one series per store and profile: the durable-vs-fast story in one picture. */
  static CategoryChart headline(ReportModel model, int t) {
    return headline(model, t, Findings.of(model));
  }

  /**
   * Bars per workload, one series per store and profile: the durable-vs-fast story in one picture. Each bar's whisker
   * is the spread of its runs; bars of a comparison the findings call a tie ({@link #tie}: fast against durable of a
   * store, or the fastest store of a profile against the next) are hatched and labelled {@code tie}.
   *
   * @param findings the report's findings ({@link Findings#of})
   */
  static CategoryChart headline(ReportModel model, int t, List<Finding> findings) {
    boolean profiled = model.profiles().stream().anyMatch(Objects::nonNull);
    List<String> workloads = model.workloads().stream()
        .filter(w -> model.cells().stream().anyMatch(c -> c.threads() == t && c.workload().equals(w))).toList();
    List<String[]> series = new ArrayList<>();
    for (String[] sp : model.storeProfiles()) {
      if (profiled && sp[1] == null) {
        continue; // as in the per-profile charts: a store without profiles is a reference row of the tables
      }
      if (workloads.stream().anyMatch(w -> opsPerSec(model.exactCell(sp[1], sp[0], t, w)) != null)) {
        series.add(sp);
      }
    }
    return grouped(model, "Throughput per workload, store and profile, " + ReportFormat.threads(t), t, workloads,
        series, false, findings.stream().filter(f -> f.claim() != Finding.Claim.RANKING).toList());
  }

  /** Bars per workload, one series per store, of one profile. */
  static CategoryChart throughput(ReportModel model, String profile, int t) {
    return throughput(model, profile, t, Findings.of(model));
  }

  /**
   * Bars per workload, one series per store, of one profile, with whiskers and tie marks as in
   * {@link #headline(ReportModel, int, List)}: the ties of the fastest store of the profile against the next.
   *
   * @param findings the report's findings ({@link Findings#of})
   */
  static CategoryChart throughput(ReportModel model, String profile, int t, List<Finding> findings) {
    List<String> workloads = model.workloads().stream()
        .filter(w -> model.cells(profile, t).stream().anyMatch(c -> c.workload().equals(w))).toList();
    List<String[]> series = new ArrayList<>();
    for (String s : model.stores()) {
      // a store without profiles is a reference row in the tables; in a bar chart it would dwarf the others
      if (workloads.stream().anyMatch(w -> opsPerSec(model.exactCell(profile, s, t, w)) != null)) {
        series.add(new String[] {s, profile});
      }
    }
    return grouped(model, "Throughput per workload, profile " + ReportFormat.profileName(profile) + ", "
        + ReportFormat.threads(t), t, workloads, series, true, findings.stream()
        .filter(f -> f.claim() == Finding.Claim.STORE_VS_STORE && Objects.equals(f.profile(), profile)).toList());
  }

  /**
   * Throughput bars per workload, one series per store and profile.
   *
   * @param series pairs {@code [store, profile]}
   * @param byStore whether the series are named by their store alone (a chart of one profile)
   * @param findings the rows whose ties to mark
   */
  private static IntervalBarChart grouped(ReportModel model, String title, int t, List<String> workloads,
                                          List<String[]> series, boolean byStore, List<Finding> findings) {
    List<List<Double>> rows = new ArrayList<>();
    List<List<Spread>> spreads = new ArrayList<>();
    for (String[] sp : series) {
      List<ReportCell> cells = workloads.stream().map(w -> model.exactCell(sp[1], sp[0], t, w)).toList();
      rows.add(cells.stream().map(ReportCharts::opsPerSec).toList());
      spreads.add(cells.stream().map(c -> opsPerSec(c) == null ? null : c.throughput()).toList());
    }
    List<Double> all = rows.stream().flatMap(List::stream).toList();
    List<Spread> allSpreads = spreads.stream().flatMap(List::stream).toList();
    return fitted(workloads, fit -> {
      IntervalBarChart chart = new IntervalBarChart(ChartStyle.WIDTH, ChartStyle.HEIGHT, title, "");
      ChartStyle.basic(chart.getStyler());
      chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
      chart.getStyler().setXAxisLabelRotation(fit.rotation());
      chart.setYAxisTitle(ChartStyle.axisTitle("throughput", "ops/s",
          ChartStyle.valueAxis(chart.getStyler(), withSpread(all, allSpreads))));
      boolean anyTie = false;
      for (int i = 0; i < series.size(); i++) {
        String[] sp = series.get(i);
        chart.addSeries(model.names().name(sp[0]) + (byStore || sp[1] == null ? "" : " " + sp[1]), fit.labels(),
            rows.get(i))
            .setFillColor(ChartStyle.color(model, sp[0], sp[1]));
        for (int k = 0; k < workloads.size(); k++) {
          if (rows.get(i).get(k) != null) {
            boolean tie = tied(findings, t, workloads.get(k), sp[0], sp[1]);
            anyTie |= tie;
            chart.mark(mark(i, k, spreads.get(i).get(k), tie));
          }
        }
      }
      maxWithWhiskers(chart, all, allSpreads);
      chart.setXAxisTitle(caption(axisName("workload", fit), chart, allSpreads, anyTie));
      return chart;
    });
  }

  /**
   * @return whether a row of the findings names no winner where the figures differ: a tie, inside the noise floor, or
   *     paired and unpaired tests that disagree. A row without a noise estimate is neither a tie nor a lead.
   */
  static boolean tie(Finding f) {
    return f.verdict() == Finding.Verdict.TIE || f.verdict() == Finding.Verdict.INSIDE_NOISE_FLOOR
        || f.verdict() == Finding.Verdict.TESTS_DISAGREE;
  }

  /** @return whether the cell is either side of a row of the findings at these threads and workload that is a tie */
  private static boolean tied(List<Finding> findings, int t, String workload, String store, String profile) {
    return findings.stream().anyMatch(f -> f.threads() == t && f.workload().equals(workload) && tie(f)
        && (f.store().equals(store) && Objects.equals(f.profile(), profile)
            || f.otherStore().equals(store) && Objects.equals(f.otherProfile(), profile)));
  }

  /** @return the mark of one bar: the whisker from the runs' minimum to maximum when more than one run had it */
  private static IntervalBarChart.Mark mark(int series, int category, Spread s, boolean tie) {
    boolean whisker = s.count() > 1 && s.min() < s.max();
    return new IntervalBarChart.Mark(series, category, s.value(), whisker ? s.min() : null,
        whisker ? s.max() : null, tie);
  }

  /** @return the values with every spread's minimum and maximum, so a value axis makes room for the whiskers */
  private static List<Double> withSpread(List<Double> values, List<Spread> spreads) {
    List<Double> out = new ArrayList<>(values);
    spreads.stream().filter(Objects::nonNull).forEach(s -> {
      out.add(s.min());
      out.add(s.max());
    });
    return out;
  }

  /** Raises the value axis' top to the highest whisker, which XChart leaves out of its own range. */
  private static void maxWithWhiskers(IntervalBarChart chart, List<Double> values, List<Spread> spreads) {
    double bars = values.stream().filter(Objects::nonNull).mapToDouble(Double::doubleValue).max().orElse(0);
    double whiskers = spreads.stream().filter(Objects::nonNull).mapToDouble(Spread::max).max().orElse(0);
    if (whiskers > bars) {
      chart.getStyler().setYAxisMax(whiskers * (chart.getStyler().isYAxisLogarithmic() ? 1.5 : 1.05));
    }
  }

  /**
   * Builds the chart with its categories' names as they are, measures the width of one category as laid out, and
   * builds it again with shortened or turned labels ({@link CategoryLabels#fit}) when they would overlap.
   *
   * @param categories the categories' names
   * @param build the chart with the given labels
   */
  private static IntervalBarChart fitted(List<String> categories,
                                         java.util.function.Function<CategoryLabels.Fit, IntervalBarChart> build) {
    CategoryLabels.Fit flat = new CategoryLabels.Fit(categories, "", 0);
    IntervalBarChart trial = build.apply(flat);
    if (trial.getSeriesMap().isEmpty()) {
      return trial;
    }
    CategoryLabels.Fit fit = CategoryLabels.fit(categories, trial.categoryStep(),
        trial.getStyler().getAxisTickLabelsFont());
    return fit.equals(flat) ? trial : build.apply(fit);
  }

  /** @return e.g. {@code workload}, or {@code workload (each seed003-…)} where a shared prefix was taken off */
  private static String axisName(String name, CategoryLabels.Fit fit) {
    return fit.prefix().isEmpty() ? name : name + " (each " + fit.prefix() + "…)";
  }

  /**
   * The axis name with what the marks mean: whiskers when the chart has any, with the confidence the fewest runs
   * behind a whisker give it, and the tie hatching when used. The lowest and highest of n runs bound the median of
   * what a run measures with probability 1 - 2 x 0.5^n (an order-statistic interval; Hahn and Meeker, Statistical
   * Intervals, 1991, section 5.2): 75% for 3 runs, 93.75% for 5, over 95% from 6.
   *
   * @param spreads the bars' spreads; nulls are left out
   */
  private static String caption(String name, IntervalBarChart chart, List<Spread> spreads, boolean anyTie) {
    StringBuilder s = new StringBuilder(name);
    if (chart.marks().stream().anyMatch(m -> m.low() != null)) {
      int runs = spreads.stream().filter(Objects::nonNull).mapToInt(Spread::count).filter(n -> n > 1).min()
          .orElse(2);
      s.append("; whiskers: min–max of the runs, a ").append(medianCoverage(runs))
          .append("% interval of the median with ").append(runs).append(" runs");
    }
    if (anyTie) {
      s.append("; hatched, \"").append(IntervalBarChart.TIE).append("\"/\"").append(IntervalBarChart.TIE_NARROW)
          .append("\": no lead outside the noise (findings)");
    }
    return s.toString();
  }

  /** @return percent, rounded down: the chance that the lowest and highest of {@code runs} runs enclose their median */
  static int medianCoverage(int runs) {
    return (int) Math.floor(100 * (1 - 2 * Math.pow(0.5, runs)));
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
    XYChart chart = new XYChartBuilder().width(ChartStyle.WIDTH).height(ChartStyle.HEIGHT)
        .title("Throughput vs threads, " + workload + ", profile " + ReportFormat.profileName(profile))
        .xAxisTitle("client threads").build();
    ChartStyle.basic(chart.getStyler());
    chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
    chart.setYAxisTitle(ChartStyle.axisTitle("throughput", "ops/s", ChartStyle.valueAxis(chart.getStyler(), all)));
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
