package dev.ycsbdriver.cpu;

import java.util.List;

/**
 * CPU use over a whole run: the figures for the server, the driver and the machine, the samples
 * behind them, and where the server's figure came from.
 *
 * <p>Immutable and thread-safe.
 *
 * @param server the server's processes (for an embedded store, the driver's process)
 * @param driver the driver's own process
 * @param machine the whole machine
 * @param serverSource one line saying what the server figure measures, e.g.
 *     {@code processes named postgres (9 pids)} or {@code embedded: the driver process is the server}
 * @param serverIsDriver true for an embedded store: the server figure includes the driver's own work
 * @param logicalCores the machine's logical cores; 100 x this is the ceiling of every figure
 * @param sampleIntervalMillis the configured interval between samples
 * @param samples one per interval, in time order; never null
 * @param warnings lines a reader must see, e.g. that the driver saturated the machine; never null
 */
public record CpuSummary(CpuFigure server, CpuFigure driver, CpuFigure machine, String serverSource,
                         boolean serverIsDriver, int logicalCores, long sampleIntervalMillis,
                         List<CpuSample> samples, List<String> warnings) {

  /** Copies the lists. */
  public CpuSummary {
    samples = List.copyOf(samples);
    warnings = List.copyOf(warnings);
  }

  /**
   * Throughput per percent of one core used by the server: the figure that tells how much work a
   * store does for the CPU it burns.
   *
   * @param throughputOpsPerSec the run's throughput in operations per second
   * @return operations per second per server CPU percent, or {@code null} when the server's CPU is
   *     unknown or was zero
   */
  public Double opsPerServerCpuPercent(double throughputOpsPerSec) {
    if (!server.available() || server.averagePercent() <= 0) {
      return null;
    }
    return throughputOpsPerSec / server.averagePercent();
  }

  /**
   * @param reason why nothing could be sampled
   * @return a summary with every figure unavailable
   */
  public static CpuSummary unavailable(String reason, long sampleIntervalMillis) {
    CpuFigure none = CpuFigure.unavailable(reason);
    return new CpuSummary(none, none, none, "n/a", false, Runtime.getRuntime().availableProcessors(),
        sampleIntervalMillis, List.of(), List.of("CPU could not be sampled: " + reason));
  }
}
