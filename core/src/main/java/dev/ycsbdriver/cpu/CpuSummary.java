package dev.ycsbdriver.cpu;

import dev.ycsbdriver.result.model.Warning;
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
 * @param warnings what a reader must see, e.g. that the driver saturated the machine ({@link Warning.Code#SATURATED});
 *     never null
 */
public record CpuSummary(CpuFigure server, CpuFigure driver, CpuFigure machine, String serverSource,
                         boolean serverIsDriver, int logicalCores, long sampleIntervalMillis,
                         List<CpuSample> samples, List<Warning> warnings) {

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
   * The driver's CPU time per operation: how much of the machine the client took for each operation, the
   * figure that shows when the client, not the store, was the limit.
   *
   * @param throughputOpsPerSec the run's throughput in operations per second
   * @return CPU microseconds per operation (average percent of one core / 100 x 10^6 / throughput), or
   *     {@code null} when the driver's CPU is unknown or nothing ran
   */
  public Double driverMicrosPerOperation(double throughputOpsPerSec) {
    return microsPerOperation(driver, throughputOpsPerSec);
  }

  /**
   * @param throughputOpsPerSec the run's throughput in operations per second
   * @return the server's CPU microseconds per operation, as {@link #driverMicrosPerOperation}, or {@code null}
   */
  public Double serverMicrosPerOperation(double throughputOpsPerSec) {
    return microsPerOperation(server, throughputOpsPerSec);
  }

  /**
   * @return a one-line warning when the driver used more CPU than the server of a store that runs in its own
   *     processes (never for an embedded store, whose server figure is the driver), else null
   * @param throughputOpsPerSec the run's throughput in operations per second
   */
  public String driverOutweighsServer(double throughputOpsPerSec) {
    if (serverIsDriver || !driver.available() || !server.available() || driver.averagePercent() <= server.averagePercent()
        || throughputOpsPerSec <= 0) {
      return null;
    }
    return String.format(java.util.Locale.ROOT, "the driver used more CPU than the server (driver %.1f%% of a core, "
        + "%.1f us/op; server %.1f%%, %.1f us/op): the client may have been the limit, not the store; run the driver "
        + "on another machine or with fewer threads", driver.averagePercent(), driverMicrosPerOperation(throughputOpsPerSec),
        server.averagePercent(), serverMicrosPerOperation(throughputOpsPerSec));
  }

  private static Double microsPerOperation(CpuFigure f, double throughputOpsPerSec) {
    return f.available() ? microsPerOperation(f.averagePercent(), throughputOpsPerSec) : null;
  }

  /**
   * @param averagePercent average CPU use in percent of one core, or null when unknown
   * @param throughputOpsPerSec operations per second
   * @return CPU microseconds per operation ({@code averagePercent / 100 x 10^6 / throughput}), or null when the
   *     CPU is unknown or nothing ran
   */
  public static Double microsPerOperation(Double averagePercent, double throughputOpsPerSec) {
    return averagePercent == null || throughputOpsPerSec <= 0 ? null : averagePercent / 100 * 1e6 / throughputOpsPerSec;
  }

  /**
   * @param reason why nothing could be sampled
   * @return a summary with every figure unavailable
   */
  public static CpuSummary unavailable(String reason, long sampleIntervalMillis) {
    CpuFigure none = CpuFigure.unavailable(reason);
    return new CpuSummary(none, none, none, "n/a", false, Runtime.getRuntime().availableProcessors(),
        sampleIntervalMillis, List.of(), List.of(Warning.other("CPU could not be sampled: " + reason)));
  }
}
