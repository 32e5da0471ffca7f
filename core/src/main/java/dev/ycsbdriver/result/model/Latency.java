package dev.ycsbdriver.result.model;

import java.util.Map;
import java.util.TreeMap;

/**
 * A latency object: count, min, mean, max, standard deviation and the percentiles 50 to 99.99, in fractional
 * microseconds rounded to the nanosecond; every figure but the count is null when the count is 0.
 *
 * @param count latencies recorded
 * @param minMicros smallest
 * @param meanMicros mean
 * @param maxMicros largest
 * @param stdDevMicros standard deviation
 * @param p50Micros 50th percentile
 * @param p90Micros 90th percentile
 * @param p95Micros 95th percentile
 * @param p99Micros 99th percentile
 * @param p999Micros 99.9th percentile
 * @param p9999Micros 99.99th percentile
 */
public record Latency(long count, Double minMicros, Double meanMicros, Double maxMicros, Double stdDevMicros,
                      Double p50Micros, Double p90Micros, Double p95Micros, Double p99Micros, Double p999Micros,
                      Double p9999Micros) {
  /** The percentiles every latency object holds, in order: 50, 90, 95, 99, 99.9, 99.99. */
  public static final double[] PERCENTILES = {50.0, 90.0, 95.0, 99.0, 99.9, 99.99};

  /**
   * @param count latencies recorded
   * @param minMicros smallest
   * @param meanMicros mean
   * @param maxMicros largest
   * @param stdDevMicros standard deviation
   * @param percentileMicros the values at {@link #PERCENTILES}, in order
   * @return the latency object
   */
  public static Latency of(long count, Double minMicros, Double meanMicros, Double maxMicros, Double stdDevMicros,
                           Double[] percentileMicros) {
    Double[] p = percentileMicros;
    return new Latency(count, minMicros, meanMicros, maxMicros, stdDevMicros, p[0], p[1], p[2], p[3], p[4], p[5]);
  }

  /**
   * @return percent to microseconds for each known percentile, and 100 to {@link #maxMicros}, for a curve drawn
   *     without the histogram log; empty when the count is 0
   */
  public Map<Double, Double> percentilePoints() {
    Double[] values = {p50Micros, p90Micros, p95Micros, p99Micros, p999Micros, p9999Micros};
    Map<Double, Double> points = new TreeMap<>();
    for (int i = 0; i < PERCENTILES.length; i++) {
      if (values[i] != null) {
        points.put(PERCENTILES[i], values[i]);
      }
    }
    if (maxMicros != null) {
      points.put(100.0, maxMicros);
    }
    return points;
  }
}
