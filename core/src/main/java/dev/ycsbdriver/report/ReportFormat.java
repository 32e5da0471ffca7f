package dev.ycsbdriver.report;

import java.util.Locale;

/**
 * How a report writes its figures and names, the same in every table, sentence, chart label and file. Stateless and
 * thread-safe.
 */
final class ReportFormat {
  /** Shown for a figure that is not available (never 0). */
  public static final String NA = "n/a";

  /** @return {@code 1 thread} or {@code 16 threads} */
  static String threads(int t) {
    return t + (t == 1 ? " thread" : " threads");
  }

  /** @return the profile's display name; runs without one are {@code default} */
  public static String profileName(String profile) {
    return profile == null ? "default" : profile;
  }

  /** @return operations per second, whole, with thousands separators: {@code 5,207} */
  static String opsPerSec(Double v) {
    return String.format(Locale.ROOT, "%,.0f", v);
  }

  /** @return a latency in microseconds with at least two significant digits below 1 µs: 0.42, 0.042, 3.1, 1,234 */
  static String micros(Double v) {
    if (v >= 100) {
      return String.format(Locale.ROOT, "%,.0f", v);
    }
    return String.format(Locale.ROOT, v >= 1 ? "%.1f" : v >= 0.1 ? "%.2f" : "%.3f", v);
  }

  /**
   * @return one decimal from 1 up, at least two significant digits below it (0.42, 0.016), so a small figure
   *     never reads as zero: 1,568.5, 12.2, 0.42, 0.016, 0.0 only for zero itself
   */
  static String decimal(Double v) {
    double a = Math.abs(v);
    if (a >= 1 || a == 0) {
      return String.format(Locale.ROOT, "%,.1f", v);
    }
    return new java.math.BigDecimal(v).round(new java.math.MathContext(2)).toPlainString();
  }

  /** @return a ratio with two decimals: {@code 1.51x} */
  static String ratio(double v) {
    return String.format(Locale.ROOT, "%.2fx", v);
  }

  private ReportFormat() {
  }
}
