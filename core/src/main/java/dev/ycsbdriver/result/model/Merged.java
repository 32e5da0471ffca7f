package dev.ycsbdriver.result.model;

import java.util.List;

/**
 * The {@code merged} object of a merged result.
 *
 * @param clients how many clients' results were merged
 * @param sources their result files, absolute
 * @param windowOperations operations inside the common window
 * @param driverCpu each client's driver CPU
 * @param serverCpuRule how the server CPU was merged, one sentence
 */
public record Merged(int clients, List<String> sources, long windowOperations, List<DriverCpu> driverCpu,
                     String serverCpuRule) {

  /**
   * @param source the client's run directory name
   * @param averagePercent its driver CPU average in percent of one core, or null
   * @param peakPercent its peak, or null
   * @param unavailableReason why unavailable, or null
   */
  public record DriverCpu(String source, Double averagePercent, Double peakPercent, String unavailableReason) {
  }
}
