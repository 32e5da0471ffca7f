package dev.ycsbdriver.report;

import java.awt.Color;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import org.knowm.xchart.style.AxesChartStyler;

/**
 * Colours and axes shared by the report's charts, so a store looks the same in every chart of every report.
 *
 * <p>Each store has one hue, fixed by its binding ({@link #hue}): PostgreSQL blue, MySQL orange (also a MariaDB
 * server behind the {@code mysql} binding, and the {@code mariadb} alias), and so on through the project's bindings,
 * the memory store grey; whichever other stores a report holds and in whatever order. A binding the palette does not
 * know (a {@code -db} class) takes a hue from a stable hash of its name ({@link String#hashCode}, fixed by the Java
 * Language Specification) into hues no known binding uses. The variants of one binding in a report are shades of its
 * hue: its profiles, durable dark and fast light, paired by name ({@code durable}/{@code fast}, or
 * {@code <prefix>-durable}/{@code <prefix>-fast}), other profile names dark, light, then a middle shade by their
 * order in the report; where one binding runs as several store configurations (e.g. {@code h2-pool} and
 * {@code h2-shared}), each configuration and profile takes an even step from dark to light, in report order. The
 * first nine hues are the dark/light pairs of Tableau 20 (Tableau Software's "Tableau 20" palette) without its grey,
 * the next four pairs from category20b of d3 version 3 (Mike Bostock's d3.js); further hues are spaced by the golden
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
  /** Width of every chart, in pixels. */
  static final int WIDTH = 900;
  /** Height of a bar or latency chart, in pixels. */
  static final int HEIGHT = 480;
  /** The memory store's hue, dark: the in-process ceiling the other stores are read against. */
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
      {127, 127, 127, 199, 199, 199}, // grey (Tableau 20's)
  };

  /** The hue of each binding the project ships, by binding name and alias; an index into {@link #PAIRS}. */
  private static final Map<String, Integer> HUES = Map.ofEntries(
      Map.entry("postgres", 0), Map.entry("postgresql", 0),
      Map.entry("mysql", 1), Map.entry("mariadb", 1),
      Map.entry("mongodb", 2),
      Map.entry("redis", 3),
      Map.entry("h2", 4),
      Map.entry("sqlite", 5),
      Map.entry("rocksdb", 6),
      Map.entry("leveldb", 7),
      Map.entry("berkeleydb", 8),
      Map.entry("jdbc", 9),
      Map.entry("memory", 13));

  /** The first hue no known binding takes: unknown bindings hash into this one and the {@link #HASHED} after it. */
  static final int FIRST_FREE_HUE = 10;
  /** How many hues unknown bindings hash into: gold, maroon, plum, then golden-angle hues. */
  static final int HASHED = 16;

  private ChartStyle() {
  }

  /** The shade of a store's hue that a profile takes. */
  enum Shade {
    /** Durable profiles, and stores without profiles. */
    DARK(0),
    /** Fast profiles. */
    LIGHT(1),
    /** A third profile that is neither. */
    MIDDLE(0.5);

    private final double lightness;

    Shade(double lightness) {
      this.lightness = lightness;
    }
  }

  /**
   * @param binding a binding name or alias as results record it, e.g. {@code mysql}, or a {@code -db} class name; case
   *     is ignored
   * @return the binding's hue, an index for {@link #shade(int, Shade)}: fixed for the project's bindings, else
   *     {@link #FIRST_FREE_HUE} plus a stable hash of the name modulo {@link #HASHED}
   */
  static int hue(String binding) {
    String key = binding == null ? "" : binding.toLowerCase(Locale.ROOT);
    Integer known = HUES.get(key);
    if (known != null) {
      return known;
    }
    int h = FIRST_FREE_HUE + Math.floorMod(key.hashCode(), HASHED);
    int grey = HUES.get("memory");
    return h >= grey ? h + 1 : h; // past the grey, which is the memory store's
  }

  /**
   * @param model the grouped results: a store's runs give its binding, its stores and profiles the shades
   * @param store a store of the model
   * @param profile the profile, or null for runs without one; ignored for a store without profiles
   * @return the store's colour in that profile: its binding's hue ({@link #hue}), shaded among that binding's
   *     variants in the report
   */
  static Color color(ReportModel model, String store, String profile) {
    if (model.cells().stream().noneMatch(c -> c.store().equals(store) && c.profile() != null)) {
      profile = null; // a store without profiles keeps its dark shade in every profile's chart
    }
    String binding = binding(model, store);
    List<String[]> variants = model.storeProfiles().stream().filter(sp -> binding(model, sp[0]).equals(binding))
        .toList();
    long configurations = variants.stream().map(sp -> sp[0]).distinct().count();
    double lightness;
    if (configurations <= 1) {
      lightness = shade(profile, model.profiles().stream().filter(Objects::nonNull).toList()).lightness;
    } else {
      int i = 0;
      while (i < variants.size() && !(variants.get(i)[0].equals(store) && Objects.equals(variants.get(i)[1], profile))) {
        i++;
      }
      lightness = variants.size() < 2 ? 0 : Math.min(i, variants.size() - 1) / (double) (variants.size() - 1);
    }
    return shade(hue(binding), lightness);
  }

  /** @return the binding of the store's first run that ended ok, else the store's name */
  static String binding(ReportModel model, String store) {
    return model.cells().stream().filter(c -> c.store().equals(store) && !c.runs().isEmpty())
        .map(c -> c.runs().get(0).binding()).filter(Objects::nonNull).findFirst().orElse(store)
        .toLowerCase(Locale.ROOT);
  }

  /**
   * @param profile a profile name, or null
   * @param profiles the report's profiles, without null
   * @return dark for {@code durable} and {@code *-durable} (and null), light for {@code fast} and {@code *-fast};
   *     otherwise dark, light or middle by the profile's position among the others
   */
  static Shade shade(String profile, List<String> profiles) {
    if (profile == null || DurabilityRoles.durable(profile)) {
      return Shade.DARK;
    }
    if (DurabilityRoles.fast(profile)) {
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
    return shade(hue, shade.lightness);
  }

  /**
   * @param hue the hue's index, from 0
   * @param lightness 0 for the hue's dark colour, 1 for its light one, in between a linear blend of the two in RGB
   * @return the colour
   */
  static Color shade(int hue, double lightness) {
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
    return blend(dark, light, lightness);
  }

  /** @return {@code a} where {@code t} is 0, {@code b} where it is 1, linear in RGB in between */
  static Color blend(Color a, Color b, double t) {
    return new Color((int) Math.round(a.getRed() + (b.getRed() - a.getRed()) * t),
        (int) Math.round(a.getGreen() + (b.getGreen() - a.getGreen()) * t),
        (int) Math.round(a.getBlue() + (b.getBlue() - a.getBlue()) * t));
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

  /** @return the axis title with {@code , log scale} before its closing bracket when the axis is logarithmic */
  static String axisTitle(String quantity, String unit, boolean log) {
    return quantity + " (" + unit + (log ? ", log scale" : "") + ")";
  }
}
