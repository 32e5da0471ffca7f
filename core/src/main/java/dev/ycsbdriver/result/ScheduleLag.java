package dev.ycsbdriver.result;

/**
 * How far a run with {@code -target} fell behind its schedule. The schedule is global to the run:
 * operation n is due at {@code start + n / target}, whichever thread takes it. The lag at a moment is
 * the time since the oldest due operation that no thread has taken yet became due; 0 while the run
 * keeps up. A stall of the store shows as a lag as long as the stall, and the operations that were
 * due during it carry that wait in their intended latency.
 *
 * <p>Immutable and thread-safe.
 *
 * @param targetOpsPerSec the target, operations per second, at least 1
 * @param maxLagMillis the largest lag seen during the run (looked at every 10 ms), in milliseconds, at
 *     least 0
 * @param finalLagMillis the lag when the run ended, in milliseconds, at least 0: above 0, the run ended
 *     with operations due that never started
 */
public record ScheduleLag(long targetOpsPerSec, double maxLagMillis, double finalLagMillis) {
}
