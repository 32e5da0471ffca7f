package dev.ycsbdriver.result;

/**
 * One garbage collector's totals since the driver's JVM started (YCSB's {@code [TOTAL_GCS_*]} lines).
 *
 * @param name the collector's name as the JVM reports it, e.g. {@code G1 Young Generation}
 * @param count collections
 * @param timeMillis time spent collecting, in milliseconds
 */
public record GcStat(String name, long count, long timeMillis) {
}
