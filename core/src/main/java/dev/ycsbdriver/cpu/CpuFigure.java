package dev.ycsbdriver.cpu;

/**
 * The CPU use of one subject (server, driver or machine) over the run.
 *
 * <p>Immutable and thread-safe. Either both percentages are set and {@code unavailableReason} is null,
 * or both are null and the reason says why (never 0 for "unknown").
 *
 * @param averagePercent CPU time used divided by wall time, in percent of one logical core (0 to
 *     100 x logical cores), or {@code null}
 * @param peakPercent the highest value over one sample interval, same unit, or {@code null}
 * @param unavailableReason one line, e.g. {@code no process named postgres on this machine}, or null
 */
public record CpuFigure(Double averagePercent, Double peakPercent, String unavailableReason) {

  /** @return a figure with values */
  public static CpuFigure of(double averagePercent, double peakPercent) {
    return new CpuFigure(averagePercent, peakPercent, null);
  }

  /** @return a figure that could not be measured, with the reason */
  public static CpuFigure unavailable(String reason) {
    return new CpuFigure(null, null, reason);
  }

  /** @return whether the figure has values */
  public boolean available() {
    return averagePercent != null;
  }
}
