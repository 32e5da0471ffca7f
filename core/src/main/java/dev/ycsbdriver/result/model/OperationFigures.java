package dev.ycsbdriver.result.model;

import java.util.List;
import java.util.Map;

/**
 * One element of {@code operations}: an operation's totals.
 *
 * @param name YCSB's name, e.g. {@code READ}
 * @param operations operations of every status
 * @param statusCounts status name (YCSB's, e.g. {@code OK}) to its count, in first-seen order
 * @param serviceTime service time of the OK operations
 * @param intendedLatency intended latency of the OK operations
 * @param failures one channel per kind of failure, e.g. {@code READ-FAILED}
 */
public record OperationFigures(String name, long operations, Map<String, Long> statusCounts, Latency serviceTime,
                               Latency intendedLatency, List<Failure> failures) {

  /**
   * @param name the channel's name, e.g. {@code READ-FAILED}
   * @param serviceTime its service time
   * @param intendedLatency its intended latency
   */
  public record Failure(String name, Latency serviceTime, Latency intendedLatency) {
  }
}
