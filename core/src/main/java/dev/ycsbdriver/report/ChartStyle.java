package dev.ycsbdriver.report;

import java.awt.Color;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import org.knowm.xchart.style.AxesChartStyler;

/**
 * Colours and axes shared by the report's charts, so a store looks the same in every chart.
 *
 * <p>Each store has one hue, in the order the report lists stores. Its profiles are shades of that hue: a durable
 * profile dark and a fast one light, paired by name ({@code durable}/{@code fast}, or
 * {@code <prefix>-durable}/{@code <prefix>-fast}); other profile names take dark, light, then a middle shade by their
 * order in the report. A store without profiles in a report where other stores have them (a reference row such as
 * the memory store) is a neutral grey; where no store has profiles, every store has its hue, dark. The first nine hues
 * are the dark/light pairs of Tableau 20 (Tableau Software's "Tableau 20" palette) without its grey, the next four
 * pairs from category20b of d3 version 3 (Mike Bostock's d3.js); further stores get hues spaced by the golden
 * angle.
 *
 * <p>A value axis is logarithmic when its positive values span more than {@link #LOG_SPAN} (largest over smallest),
 * so the smallest bars stay visible; tick labels always carry thousands separators ({@code 1,000}, {@code 10,000}),
 * never scientific notation. Stateless and thread-safe.
 */
final class ChartStyle {
  /** Largest over smallest positive value above which a value axis is logarithmic. */
  static final double LOG_SPAN = 10.0;
  /** The tick label pattern of every value axis, linear or logarithmic. */
  static final String TICK_PATTERN = "#,###.##";
  /** Width of every line series, in pixels: wide enough that a fast profile's light shade reads on white. */
  static final float LINE_WIDTH = 2.5f;
  /** A store without profiles beside stores with them. */
  static final Color NEUTRAL = new Color(127, 127, 127);

  private static final int[][] PAIRS = {
      {31, 119, 180, 174, 199, 232}, // blue
      {255, 127, 14, 255, 187, 120}, // orange
      {44, 160, 44, 152, 223, 138}, // green
      {214, 39, 40, 255, 152, 150}, // red
      {148, 103, 189, 197, 176, 213}, // purple
      {140, 86, 75, 196, 156, 148}, // brown
      {227, 119, 194, 247, 182, 210}, // pink
      {188, 189, 34, 219, 219, 141}, // olive
      {23, 190, 207, 158, 218, 229}, // cyan
      {57, 59, 121, 156, 158, 222}, // indigo
      {140, 109, 49, 231, 186, 82}, // gold
      {132, 60, 57, 231, 150, 156}, // maroon
      {123, 65, 115, 206, 109, 189}, // plum
  };

  private ChartStyle() {
  }

  /** The shade of a store's hue that a profile takes. */
  enum Shade {
    /** Durable profiles, and stores without profiles. */
    DARK,
    /** Fast profiles. */
    LIGHT,
    /** A third profile that is neither. */
    MIDDLE
  }

  /**
   * @param model the grouped results: its stores give the hues, its profiles the shades
   * @param store a store of the model
   * @param profile the profile, or null for runs without one; ignored for a store without profiles
   * @return the store's colour in that profile
   */
  static Color color(ReportModel model, String store, String profile) {
    boolean profiled = model.profiles().stream().anyMatch(Objects::nonNull);
    if (profiled && !hasProfiles(model, store)) {
      return NEUTRAL;
    }
    List<String> hued = model.stores().stream().filter(s -> !profiled || hasProfiles(model, s)).toList();
    int hue = Math.max(0, hued.indexOf(store));
    return shade(hue, shade(profile, model.profiles().stream().filter(Objects::nonNull).toList()));
  }

  /**
   * @param profile a profile name, or null
   * @param profiles the report's profiles, without null
   * @return dark for {@code durable} and {@code *-durable} (and null), light for {@code fast} and {@code *-fast};
   *     otherwise dark, light or middle by the profile's position among the others
   */
  static Shade shade(String profile, List<String> profiles) {
    if (profile == null || profile.equals("durable") || profile.endsWith("-durable")) {
      return Shade.DARK;
    }
    if (profile.equals("fast") || profile.endsWith("-fast")) {
      return Shade.LIGHT;
    }
    int i = Math.max(0, profiles.indexOf(profile));
    return Shade.values()[i % Shade.values().length];
  }

  /**
   * @param hue the hue's index, from 0
   * @param shade the shade
   * @return the colour
   */
  static Color shade(int hue, Shade shade) {
    Color dark;
    Color light;
    if (hue < PAIRS.length) {
      int[] p = PAIRS[hue];
      dark = new Color(p[0], p[1], p[2]);
      light = new Color(p[3], p[4], p[5]);
    } else {
      float h = (float) ((hue * 0.381966) % 1.0); // golden angle, as a fraction of the circle
      dark = Color.getHSBColor(h, 0.8f, 0.65f);
      light = Color.getHSBColor(h, 0.35f, 0.95f);
    }
    return switch (shade) {
      case DARK -> dark;
      case LIGHT -> light;
      case MIDDLE -> new Color((dark.getRed() + light.getRed()) / 2, (dark.getGreen() + light.getGreen()) / 2,
          (dark.getBlue() + light.getBlue()) / 2);
    };
  }

  private static boolean hasProfiles(ReportModel model, String store) {
    return model.cells().stream().anyMatch(c -> c.store().equals(store) && c.profile() != null);
  }

  /**
   * @param values the values on one axis; nulls, zeros and negatives are ignored
   * @return whether the positive values span more than {@link #LOG_SPAN}
   */
  static boolean logScale(Collection<Double> values) {
    double min = Double.POSITIVE_INFINITY;
    double max = 0;
    for (Double v : values) {
      if (v != null && v > 0 && Double.isFinite(v)) {
        min = Math.min(min, v);
        max = Math.max(max, v);
      }
    }
    return max > 0 && max / min > LOG_SPAN;
  }

  /**
   * Makes the Y axis logarithmic when the values span more than {@link #LOG_SPAN}, starting at the power of ten at or
   * below the smallest value so bars rise from a common floor.
   *
   * @param styler the chart's styler
   * @param values the values the axis shows
   * @return whether the axis is logarithmic
   */
  static boolean valueAxis(AxesChartStyler styler, Collection<Double> values) {
    if (!logScale(values)) {
      return false;
    }
    double min = values.stream().filter(v -> v != null && v > 0).mapToDouble(Double::doubleValue).min().orElse(1);
    styler.setYAxisLogarithmic(true);
    styler.setYAxisMin(Math.pow(10, Math.floor(Math.log10(min))));
    return true;
  }

  /**
   * White background, faint grid lines (a log axis draws one per minor tick), light legend border and
   * thousands-separated tick labels on both axes.
   */
  static void basic(AxesChartStyler styler) {
    styler.setChartBackgroundColor(Color.WHITE);
    styler.setPlotBackgroundColor(Color.WHITE);
    styler.setPlotGridLinesColor(new Color(228, 228, 228));
    styler.setPlotGridLinesStroke(new java.awt.BasicStroke(1f));
    styler.setLegendBorderColor(Color.LIGHT_GRAY);
    styler.setAntiAlias(true);
    styler.setYAxisDecimalPattern(TICK_PATTERN);
    styler.setXAxisDecimalPattern(TICK_PATTERN);
  }
}
