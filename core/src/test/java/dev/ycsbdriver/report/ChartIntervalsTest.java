package dev.ycsbdriver.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.font.TextLayout;
import java.awt.geom.AffineTransform;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.knowm.xchart.CategoryChart;

/**
 * What the bar charts claim: each bar's whisker is the spread of its runs as the tables give it, a comparison the
 * findings call a tie is marked on both its bars (so an A/A matrix reads as ties), a lead outside the noise is not;
 * one colour per binding in every report; category labels that never overlap.
 */
class ChartIntervalsTest {
  private static RunResult run(String store, String binding, String profile, String workload, int repeat,
                               double opsPerSec) {
    Map<Double, Double> percentiles = new TreeMap<>(Map.of(50.0, 10.0, 99.0, 40.0));
    List<RunResult.OperationFigures> ops = List.of(
        new RunResult.OperationFigures("READ", 1000, 0, 10.0, 20.0, 40.0, 80.0, percentiles));
    Path file = Path.of("cells", store, String.valueOf(profile), "t4", workload, "r" + repeat, "result.json");
    return new RunResult(file, store, binding, profile, workload, 4, "ok", opsPerSec, opsPerSec, ops, 90.0, 100.0,
        50.0, 150.0, opsPerSec / 90.0, "processes named " + store, store + " 1.0", Map.of(), "test machine",
        Map.of(), List.of(), null, List.of());
  }

  /** Per repeat, the factor that repeat's noise multiplies every figure by: the same for both sides of an A/A test. */
  private static final double[][] NOISE = {{1.00, 0.93, 1.08}, {0.97, 1.06, 0.98}};

  /**
   * An A/A matrix: two stores with the same settings (two names for one binding), durable and fast with the same
   * settings, workloads A and C, 3 repeats whose noise is independent between the cells.
   */
  private static ReportModel aa() {
    List<RunResult> runs = new ArrayList<>();
    int k = 0;
    for (String store : List.of("h2-a", "h2-b")) {
      for (String profile : List.of("durable", "fast")) {
        for (String w : List.of("workloada", "workloadc")) {
          double[] noise = NOISE[k++ % 2];
          for (int r = 1; r <= 3; r++) {
            runs.add(run(store, "h2", profile, w, r, 20_000 * noise[(r + k) % 3]));
          }
        }
      }
    }
    return ReportModel.build(runs, "a-a", null);
  }

  @Test
  void theRunsRangeEnclosesTheMedianWithTheOrderStatisticsChance() {
    assertThat(ReportCharts.medianCoverage(2)).isEqualTo(50);
    assertThat(ReportCharts.medianCoverage(3)).isEqualTo(75);
    assertThat(ReportCharts.medianCoverage(5)).isEqualTo(93);
    assertThat(ReportCharts.medianCoverage(6)).isEqualTo(96);
  }

  @Test
  void anAaMatrixsBarsAreAllMarkedTiesWithTheirRunsSpreadAsWhiskers() throws Exception {
    ReportModel model = aa();
    List<Finding> findings = Findings.of(model);
    assertThat(findings).isNotEmpty().noneMatch(Finding::namesWinner);

    IntervalBarChart headline = (IntervalBarChart) ReportCharts.headline(model, 4, findings);
    assertThat(headline.marks()).hasSize(8).allMatch(IntervalBarChart.Mark::tie);
    assertThat(headline.getXAxisTitle())
        .contains("whiskers: min–max of the runs, a 75% interval of the median with 3 runs").contains("\"tie\"");
    for (String profile : List.of("durable", "fast")) {
      IntervalBarChart bars = (IntervalBarChart) ReportCharts.throughput(model, profile, 4, findings);
      assertThat(bars.marks()).hasSize(4).allMatch(IntervalBarChart.Mark::tie);
    }
    assertThat(ReportCharts.build(model, null)).isNotEmpty();

    ReportModel ranked = ReportModel.build(new ResultReader.Results(runsOf(model), List.of()), "a-a ranked", null,
        List.of(), null, RepeatAggregate.MEDIAN, RankFigure.THROUGHPUT);
    List<Finding> rankedFindings = Findings.of(ranked);
    for (Ranking.Group g : Ranking.groups(ranked)) {
      IntervalBarChart chart = (IntervalBarChart) ReportCharts.ranking(ranked, g, rankedFindings);
      assertThat(chart.marks().get(0).tie()).as("the first of %s", g.workload()).isTrue();
      assertThat(chart.marks().get(1).tie()).as("the next of %s", g.workload()).isTrue();
    }
  }

  @Test
  void eachWhiskerIsTheSpreadTheThroughputTableGivesForThatBar() {
    ReportModel model = aa();
    IntervalBarChart chart = (IntervalBarChart) ReportCharts.throughput(model, "fast", 4, Findings.of(model));
    Table table = ReportTables.build(model).stream().filter(s -> s.title().equals("Profile: fast"))
        .flatMap(s -> s.tables().stream()).filter(t -> t.title().startsWith("Throughput (ops/s)")).findFirst()
        .orElseThrow();
    List<String> stores = List.of("h2-a", "h2-b");
    List<String> workloads = List.of("workloada", "workloadc");
    for (IntervalBarChart.Mark m : chart.marks()) {
      ReportCell c = model.exactCell("fast", stores.get(m.series()), 4, workloads.get(m.category()));
      assertThat(m.value()).isEqualTo(c.throughput().value());
      assertThat(m.low()).isEqualTo(c.throughput().min());
      assertThat(m.high()).isEqualTo(c.throughput().max());
      String shown = table.rows().get(m.series()).get(m.category() + 1);
      assertThat(shown).isEqualTo(ReportFormat.opsPerSec(m.value()) + " [" + ReportFormat.opsPerSec(m.low()) + "–"
          + ReportFormat.opsPerSec(m.high()) + "]");
    }
  }

  @Test
  void aLeadOutsideTheNoiseIsDrawnSolidAndATieHatched() throws Exception {
    List<RunResult> runs = new ArrayList<>();
    for (int r = 1; r <= 3; r++) {
      double n = NOISE[0][r - 1];
      runs.add(run("rocksdb", "rocksdb", "durable", "workloada", r, 40_000 * n));
      runs.add(run("leveldb", "leveldb", "durable", "workloada", r, 10_000 * n));
      runs.add(run("rocksdb", "rocksdb", "durable", "workloadc", r, 30_000 * n));
      runs.add(run("leveldb", "leveldb", "durable", "workloadc", r, 30_000 * NOISE[1][r - 1]));
    }
    ReportModel model = ReportModel.build(runs, "lead", null);
    List<Finding> findings = Findings.of(model);
    IntervalBarChart chart = (IntervalBarChart) ReportCharts.throughput(model, "durable", 4, findings);
    // series 0 rocksdb, 1 leveldb; category 0 workloada (a lead of 4x), 1 workloadc (a tie)
    assertThat(chart.marks()).filteredOn(m -> m.category() == 0).noneMatch(IntervalBarChart.Mark::tie);
    assertThat(chart.marks()).filteredOn(m -> m.category() == 1).hasSize(2).allMatch(IntervalBarChart.Mark::tie);

    // drawn: a hatched bar has white lines inside its box, a solid one none
    BufferedImage image = render(chart);
    List<Rectangle2D> boxes = chart.barBoxes();
    for (int i = 0; i < chart.marks().size(); i++) {
      Rectangle2D b = boxes.get(i);
      int white = 0;
      for (int x = (int) b.getX() + 2; x < b.getMaxX() - 2; x++) {
        for (int y = (int) b.getMaxY() - 40; y < b.getMaxY() - 2; y++) {
          white += image.getRGB(x, y) == Color.WHITE.getRGB() ? 1 : 0;
        }
      }
      if (chart.marks().get(i).tie()) {
        assertThat(white).as("white pixels in tied bar %d", i).isGreaterThan(20);
      } else {
        assertThat(white).as("white pixels in solid bar %d", i).isZero();
      }
    }
  }

  @Test
  void aStoreKeepsItsColourWhateverElseTheReportHoldsAndInWhateverOrder() {
    ReportModel one = ReportModel.build(List.of(run("postgres", "postgres", "durable", "workloada", 1, 9_000),
        run("mysql", "mysql", "durable", "workloada", 1, 8_000)), "one", null);
    ReportModel other = ReportModel.build(List.of(run("sqlite", "sqlite", "durable", "workloada", 1, 3_000),
        run("mariadb", "mysql", "durable", "workloada", 1, 8_000),
        run("BasicDB", "site.ycsb.BasicDB", "durable", "workloada", 1, 900_000),
        run("postgres", "postgres", "durable", "workloada", 1, 9_000)), "other", null);
    assertThat(ChartStyle.color(other, "postgres", "durable")).isEqualTo(ChartStyle.color(one, "postgres", "durable"));
    // a MariaDB server behind the mysql binding keeps the mysql colour, whatever the store is called
    assertThat(ChartStyle.color(other, "mariadb", "durable")).isEqualTo(ChartStyle.color(one, "mysql", "durable"));
    assertThat(ChartStyle.hue("mariadb")).isEqualTo(ChartStyle.hue("mysql"));
    assertThat(ChartStyle.color(one, "postgres", "durable")).isNotEqualTo(ChartStyle.color(one, "mysql", "durable"));

    // an unknown binding: the same colour in every report, not one a known binding has
    int basic = ChartStyle.hue("site.ycsb.BasicDB");
    assertThat(basic).isEqualTo(ChartStyle.hue("site.ycsb.BasicDB"));
    ReportModel alone = ReportModel.build(List.of(run("x", "site.ycsb.BasicDB", null, "one", 1, 1_000)), "alone", null);
    assertThat(ChartStyle.color(alone, "x", null)).isEqualTo(ChartStyle.color(other, "BasicDB", null));
    for (String known : List.of("postgres", "mysql", "mongodb", "redis", "h2", "sqlite", "rocksdb", "leveldb",
        "berkeleydb", "jdbc", "memory")) {
      assertThat(ChartStyle.hue(known)).as(known).isNotEqualTo(basic);
      assertThat(ChartStyle.hue("site.ycsb.Other" + known)).isNotEqualTo(ChartStyle.hue(known));
    }
    assertThat(List.of("postgres", "mysql", "mongodb", "redis", "h2", "sqlite", "rocksdb", "leveldb", "berkeleydb",
        "jdbc", "memory").stream().map(ChartStyle::hue).distinct()).hasSize(11);

    // two configurations of one binding: shades of its hue, dark to light in report order
    ReportModel configurations = aa();
    Color a = ChartStyle.color(configurations, "h2-a", "durable");
    Color b = ChartStyle.color(configurations, "h2-b", "fast");
    assertThat(a).isEqualTo(ChartStyle.shade(ChartStyle.hue("h2"), ChartStyle.Shade.DARK));
    assertThat(b).isEqualTo(ChartStyle.shade(ChartStyle.hue("h2"), ChartStyle.Shade.LIGHT));
    assertThat(List.of(a, ChartStyle.color(configurations, "h2-a", "fast"),
        ChartStyle.color(configurations, "h2-b", "durable"), b)).doesNotHaveDuplicates();
  }

  /** Seed 003's workloads: six long names that share a prefix, four stores, on a log axis. */
  private static ReportModel longNames() {
    List<RunResult> runs = new ArrayList<>();
    double ops = 300_000;
    for (String w : List.of("seed003-indexed-1000", "seed003-indexed-10000", "seed003-indexed-1000000",
        "seed003-noindex-1000", "seed003-noindex-10000", "seed003-noindex-1000000")) {
      for (String store : List.of("h2-pool", "h2-shared", "sqlite-pool", "sqlite-shared")) {
        runs.add(run(store, store.substring(0, store.indexOf('-')), null, w, 1, ops));
      }
      ops /= 7;
    }
    return ReportModel.build(runs, "seed-003", null);
  }

  @Test
  void longCategoryNamesAreDrawnWithoutOverlappingAndAllOfThemShown() {
    ReportModel model = longNames();
    CategoryChart chart = ReportCharts.headline(model, 4, Findings.of(model));
    List<Rectangle2D> labels = labelBoxes(chart);
    assertThat(labels).hasSize(6);
    for (int i = 0; i + 1 < labels.size(); i++) {
      assertThat(labels.get(i).getMaxX()).as("label %d ends before %d starts", i, i + 1)
          .isLessThan(labels.get(i + 1).getMinX());
    }
    for (Rectangle2D l : labels) { // XChart leaves out a label that would cross the image's edge
      assertThat(l.getMinX()).isGreaterThan(0);
      assertThat(l.getMaxX()).isLessThan(chart.getWidth());
    }
    assertThat(chart.getXAxisTitle()).startsWith("workload (each seed003-…)");

    // the check can fail: seed 003's names as they are, flat, overlap at this width
    List<String> full = model.workloads();
    double step = ((IntervalBarChart) chart).categoryStep();
    Font font = chart.getStyler().getAxisTickLabelsFont();
    assertThat(CategoryLabels.width(full.get(0), font, 0) / 2 + CategoryLabels.width(full.get(1), font, 0) / 2)
        .isGreaterThan(step);
  }

  @Test
  void labelsThatFitStayAsTheyAre() {
    Font font = new Font(Font.SANS_SERIF, Font.BOLD, 13);
    CategoryLabels.Fit fit = CategoryLabels.fit(List.of("workloada", "workloadb"), 200, font);
    assertThat(fit).isEqualTo(new CategoryLabels.Fit(List.of("workloada", "workloadb"), "", 0));
    assertThat(CategoryLabels.sharedPrefix(List.of("seed004-inserts", "seed004-reads"))).isEqualTo("seed004-");
    assertThat(CategoryLabels.sharedPrefix(List.of("workloada", "workloadb"))).isEmpty(); // no separator
    assertThat(CategoryLabels.sharedPrefix(List.of("a-", "a-b"))).isEmpty(); // would leave a label empty
  }

  /**
   * @return each category label's box as XChart draws it: a TextLayout in the tick label font, turned by the axis'
   *     rotation, centred on its category, measured after the chart has been painted
   */
  private static List<Rectangle2D> labelBoxes(CategoryChart chart) {
    BufferedImage image = render(chart);
    Graphics2D g = image.createGraphics();
    g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
    List<?> categories = new ArrayList<>(chart.getSeriesMap().values().iterator().next().getXData());
    List<Rectangle2D> out = new ArrayList<>();
    for (int i = 0; i < categories.size(); i++) {
      TextLayout layout = new TextLayout(String.valueOf(categories.get(i)),
          chart.getStyler().getAxisTickLabelsFont(), g.getFontRenderContext());
      Rectangle2D b = layout.getOutline(AffineTransform.getRotateInstance(
          -Math.toRadians(chart.getStyler().getXAxisLabelRotation()))).getBounds2D();
      double centre = chart.getScreenXFromChart(i + 0.5);
      out.add(new Rectangle2D.Double(centre - b.getWidth() / 2, 0, b.getWidth(), b.getHeight()));
    }
    g.dispose();
    return out;
  }

  private static BufferedImage render(CategoryChart chart) {
    BufferedImage image = new BufferedImage(chart.getWidth(), chart.getHeight(), BufferedImage.TYPE_INT_RGB);
    Graphics2D g = image.createGraphics();
    chart.paint(g, chart.getWidth(), chart.getHeight());
    g.dispose();
    return image;
  }

  private static List<RunResult> runsOf(ReportModel model) {
    return model.cells().stream().flatMap(c -> c.runs().stream()).toList();
  }
}
