package dev.ycsbdriver.report;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;

/**
 * The median of a figure over repeats, with its minimum and maximum.
 *
 * <p>Immutable and thread-safe.
 *
 * @param median the median (the mean of the two middle values for an even count)
 * @param min the smallest value
 * @param max the largest value
 * @param count how many values; at least 1
 */
public record Spread(double median, double min, double max, int count) {
  /**
   * @param values the values; nulls are left out
   * @return their spread, or null when no value is left
   */
  public static Spread of(Collection<Double> values) {
    List<Double> v = new ArrayList<>(values.stream().filter(Objects::nonNull).toList());
    if (v.isEmpty()) {
      return null;
    }
    v.sort(null);
    int n = v.size();
    double median = n % 2 == 1 ? v.get(n / 2) : (v.get(n / 2 - 1) + v.get(n / 2)) / 2;
    return new Spread(median, v.get(0), v.get(n - 1), n);
  }
}
