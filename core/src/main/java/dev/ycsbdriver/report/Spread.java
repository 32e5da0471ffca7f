package dev.ycsbdriver.report;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;

/**
 * One figure of a report cell over its repeats: the value shown (per the report's {@link RepeatAggregate}: the
 * median, or the best run's figure), the median, the minimum and the maximum.
 *
 * <p>Immutable and thread-safe.
 *
 * @param value the figure the report shows: the median, or under {@link RepeatAggregate#BEST} the best run's
 * @param median the median (the mean of the two middle values for an even count)
 * @param min the smallest value
 * @param max the largest value
 * @param count how many runs had the figure; at least 1
 */
public record Spread(double value, double median, double min, double max, int count) {
  /**
   * @param values the values; nulls are left out
   * @return their spread showing the median, or null when no value is left
   */
  public static Spread of(Collection<Double> values) {
    List<Double> v = new ArrayList<>(values.stream().filter(Objects::nonNull).toList());
    if (v.isEmpty()) {
      return null;
    }
    v.sort(null);
    int n = v.size();
    double median = n % 2 == 1 ? v.get(n / 2) : (v.get(n / 2 - 1) + v.get(n / 2)) / 2;
    return new Spread(median, median, v.get(0), v.get(n - 1), n);
  }

  /**
   * @param values one value per run, in run order; null where a run lacks the figure
   * @param bestRun index in {@code values} of the run whose figure is shown, or -1 to show the median
   * @return the spread showing that run's value (or the median), or null when no value is left or the chosen
   *     run lacks the figure (n/a: never another run's figure in its place)
   */
  public static Spread of(List<Double> values, int bestRun) {
    Spread all = of(values);
    if (all == null || bestRun < 0) {
      return all;
    }
    Double best = values.get(bestRun);
    return best == null ? null : new Spread(best, all.median, all.min, all.max, all.count);
  }
}
