package dev.ycsbdriver.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.Shape;
import java.awt.geom.Line2D;
import java.awt.geom.Rectangle2D;
import java.util.ArrayList;
import java.util.List;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;

/**
 * A bar chart (XChart's {@link CategoryChart}) that draws over its bars what XChart's own error bars cannot: an
 * asymmetric interval per bar as a whisker, on a linear or a logarithmic axis (XChart's error bars are symmetric and
 * take the log of the error's length on a log axis), and a tie mark per bar: the bar hatched, with {@code tie} above
 * it ({@code ≈} where the bar is too narrow for the word, nothing where it is too narrow for that). The marks are data ({@link #marks}), so a test reads what the chart claims without reading pixels.
 *
 * <p>The bars' places follow XChart 3.8's layout of a category chart (PlotContent_Category_Bar): category {@code c}
 * spans {@code [c, c + 1]} on the X axis; in a grouped chart, series {@code s} of {@code n} takes the slot
 * {@code margin + s * width} with {@code width = step / n * fill} and {@code margin = step * (1 - fill) / 2}; in an
 * overlapped chart every series takes the whole {@code step * fill}. Screen places come from the chart's own axis
 * transforms ({@link #getScreenXFromChart}, {@link #getScreenYFromChart}), which know a logarithmic axis.
 *
 * <p>Not thread-safe: build and paint it on one thread, as any XChart chart.
 */
final class IntervalBarChart extends CategoryChart {
  /** Colour of whiskers and of the tie label. */
  static final Color MARK_COLOR = new Color(40, 40, 40);
  /** Text drawn above a tied bar. */
  static final String TIE = "tie";
  /** Text drawn above a tied bar too narrow for {@link #TIE}; none where even this does not fit. */
  static final String TIE_NARROW = "≈";

  private final List<Mark> marks = new ArrayList<>();
  private final List<Rectangle2D> bars = new ArrayList<>();
  private double step = Double.NaN;

  /**
   * What is drawn over one bar.
   *
   * @param series the series' index in insertion order, from 0
   * @param category the category's index, from 0
   * @param value the bar's height, in the axis' unit
   * @param low the interval's lower end, or null for no whisker
   * @param high the interval's upper end, or null for no whisker
   * @param tie whether the bar is part of a comparison that is a tie
   */
  record Mark(int series, int category, double value, Double low, Double high, boolean tie) {
  }

  IntervalBarChart(int width, int height, String title, String xAxisTitle) {
    super(new CategoryChartBuilder().width(width).height(height).title(title).xAxisTitle(xAxisTitle));
  }

  /** Adds what to draw over one bar. */
  void mark(Mark mark) {
    marks.add(mark);
  }

  /** @return the marks, in the order added */
  List<Mark> marks() {
    return List.copyOf(marks);
  }

  /** @return per mark, the bar's box in pixels at the last paint, in the order of {@link #marks}; empty before it */
  List<Rectangle2D> barBoxes() {
    return List.copyOf(bars);
  }

  /**
   * @return the width of one category on the X axis in pixels, as laid out at the last paint; paints the chart on a
   *     scratch image at its own size first when it has not been painted
   */
  double categoryStep() {
    if (Double.isNaN(step)) {
      java.awt.image.BufferedImage scratch = new java.awt.image.BufferedImage(getWidth(), getHeight(),
          java.awt.image.BufferedImage.TYPE_INT_RGB);
      Graphics2D g = scratch.createGraphics();
      try {
        paint(g, getWidth(), getHeight());
      } finally {
        g.dispose();
      }
    }
    return step;
  }

  @Override
  public void paint(Graphics2D g, int width, int height) {
    super.paint(g, width, height);
    bars.clear();
    if (getSeriesMap().isEmpty()) {
      return;
    }
    int categories = getSeriesMap().values().iterator().next().getXData().size();
    int seriesCount = getSeriesMap().size();
    double x0 = getScreenXFromChart(0);
    step = (getScreenXFromChart(categories) - x0) / categories;
    double fill = getStyler().getAvailableSpaceFill();
    boolean grouped = !getStyler().isOverlapped() && !getStyler().isStacked();
    double barWidth = grouped ? step / seriesCount * fill : step * fill;
    double floor = getScreenYFromChart(yAxisMin());
    Font font = getStyler().getAxisTickLabelsFont();
    g.setFont(font);
    FontMetrics metrics = g.getFontMetrics();
    for (Mark m : marks) {
      double left = x0 + step * m.category() + step * (1 - fill) / 2 + (grouped ? m.series() * barWidth : 0);
      double top = getScreenYFromChart(m.value());
      Rectangle2D box = new Rectangle2D.Double(left, Math.min(top, floor), barWidth, Math.abs(floor - top));
      bars.add(box);
      double centre = left + barWidth / 2;
      double labelBase = top;
      if (m.tie()) {
        hatch(g, box);
      }
      if (m.low() != null && m.high() != null) {
        double y1 = getScreenYFromChart(m.low());
        double y2 = getScreenYFromChart(m.high());
        double cap = Math.max(2, Math.min(barWidth / 4, 8));
        g.setColor(MARK_COLOR);
        g.setStroke(new BasicStroke(1.5f));
        g.draw(new Line2D.Double(centre, y1, centre, y2));
        g.draw(new Line2D.Double(centre - cap, y1, centre + cap, y1));
        g.draw(new Line2D.Double(centre - cap, y2, centre + cap, y2));
        labelBase = Math.min(top, Math.min(y1, y2));
      }
      String label = !m.tie() ? null : metrics.stringWidth(TIE) + 2 <= barWidth ? TIE
          : metrics.stringWidth(TIE_NARROW) + 2 <= barWidth ? TIE_NARROW : null;
      if (label != null) {
        g.setColor(MARK_COLOR);
        g.drawString(label, (float) (centre - metrics.stringWidth(label) / 2.0), (float) (labelBase - 3));
      }
    }
  }

  /** @return where bars rise from: the log axis' floor ({@link ChartStyle#valueAxis}), else 0 */
  private double yAxisMin() {
    Double min = getStyler().getYAxisMin();
    return min != null ? min : 0;
  }

  /**
   * White diagonal lines over the bar, so a tie reads as one even in a grey print; drawn without anti-aliasing, a
   * pattern of two flat colours that PNG's filters compress well.
   */
  private static void hatch(Graphics2D g, Rectangle2D box) {
    Shape clip = g.getClip();
    Object antialias = g.getRenderingHint(RenderingHints.KEY_ANTIALIASING);
    g.clip(box);
    g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_OFF);
    g.setColor(Color.WHITE);
    g.setStroke(new BasicStroke(2f));
    double spacing = 8;
    for (double d = -box.getHeight(); d < box.getWidth(); d += spacing) {
      g.draw(new Line2D.Double(box.getX() + d, box.getMaxY(), box.getX() + d + box.getHeight(), box.getY()));
    }
    g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, antialias);
    g.setClip(clip);
  }
}
