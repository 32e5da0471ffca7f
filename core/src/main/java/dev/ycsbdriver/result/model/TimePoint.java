package dev.ycsbdriver.result.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Map;

/**
 * One element of {@code timeSeries}: an interval of the run.
 *
 * @param elapsedMillis end of the interval, milliseconds since the measured run started
 * @param intervalMillis its length, milliseconds
 * @param opsPerSec operations completed in it per second, every status
 * @param scheduleLagMillis the largest schedule lag in it, milliseconds; left out in a closed loop
 * @param serverCpuPercent server CPU in percent of one core, or null
 * @param driverCpuPercent driver CPU, or null
 * @param machineCpuPercent machine CPU, or null
 * @param latency measurement name to its latency in the interval
 */
public record TimePoint(long elapsedMillis, long intervalMillis, double opsPerSec,
                        @JsonInclude(JsonInclude.Include.NON_NULL) Double scheduleLagMillis, Double serverCpuPercent,
                        Double driverCpuPercent, Double machineCpuPercent, Map<String, IntervalLatency> latency) {

  /**
   * @param count operations recorded
   * @param meanMicros mean, microseconds
   * @param p99Micros 99th percentile, microseconds
   * @param maxMicros largest, microseconds
   */
  public record IntervalLatency(long count, double meanMicros, double p99Micros, double maxMicros) {
  }
}
