package dev.ycsbdriver.result.model;

/**
 * The {@code cpu} object: server, driver and machine CPU in percent of one core.
 *
 * @param server the server's processes
 * @param driver the driver's process
 * @param machine the whole machine
 * @param serverSource what the server figure measures, or null
 * @param serverIsDriver true for an embedded store
 * @param logicalCores the machine's logical cores
 * @param sampleIntervalMillis the interval between samples, milliseconds
 * @param opsPerServerCpuPercent throughput per server CPU%, or null
 * @param driverCpuMicrosPerOperation the driver's CPU microseconds per operation, or null
 * @param serverCpuMicrosPerOperation the server's CPU microseconds per operation, or null
 */
public record CpuSection(CpuFigure server, CpuFigure driver, CpuFigure machine, String serverSource,
                         Boolean serverIsDriver, Integer logicalCores, Long sampleIntervalMillis,
                         Double opsPerServerCpuPercent, Double driverCpuMicrosPerOperation,
                         Double serverCpuMicrosPerOperation) {

  /**
   * One CPU figure; both numbers are null when it is unavailable, and the reason says why.
   *
   * @param averagePercent average in percent of one core, or null
   * @param peakPercent peak in percent of one core, or null
   * @param unavailableReason why it is unavailable, or null
   */
  public record CpuFigure(Double averagePercent, Double peakPercent, String unavailableReason) {
    /**
     * @param reason why
     * @return an unavailable figure
     */
    public static CpuFigure unavailable(String reason) {
      return new CpuFigure(null, null, reason);
    }
  }
}
