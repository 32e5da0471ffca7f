package dev.ycsbdriver.result;

import java.util.Map;

/**
 * One interval of the run's time series (one per second by default).
 *
 * <p>Immutable and thread-safe.
 *
 * @param elapsedMillis end of the interval, in milliseconds since the run started
 * @param intervalMillis length of the interval in milliseconds
 * @param opsPerSec operations completed in the interval per second (all statuses)
 * @param latency per measurement name, service-time figures of the interval; only names with
 *     operations in it
 * @param scheduleLagMillis the largest schedule lag seen in the interval (looked at every 10 ms), in
 *     milliseconds: how far behind its {@code -target} schedule the run fell (see {@link ScheduleLag});
 *     null without a target
 */
public record TimeSeriesPoint(long elapsedMillis, long intervalMillis, double opsPerSec,
                              Map<String, IntervalLatency> latency, Double scheduleLagMillis) {
  /** Copies the map. */
  public TimeSeriesPoint {
    latency = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(latency));
  }

  /**
   * Service-time figures of one measurement over one interval, in fractional microseconds.
   *
   * @param count operations recorded
   * @param meanMicros mean
   * @param p99Micros 99th percentile
   * @param maxMicros maximum
   */
  public record IntervalLatency(long count, double meanMicros, double p99Micros, double maxMicros) {
  }
}
