package dev.ycsbdriver.cpu;

/**
 * CPU use over one sample interval.
 *
 * <p>Immutable and thread-safe. Percentages are in percent of one logical core; {@code NaN} where the
 * subject could not be sampled.
 *
 * @param elapsedMillis end of the interval, in milliseconds since the run's clock started
 * @param windowMillis length of the interval in milliseconds
 * @param serverPercent the server's processes together (the driver's own process for an embedded store)
 * @param driverPercent the driver's process
 * @param machinePercent every process on the machine
 */
public record CpuSample(long elapsedMillis, long windowMillis, double serverPercent, double driverPercent,
                        double machinePercent) {
}
