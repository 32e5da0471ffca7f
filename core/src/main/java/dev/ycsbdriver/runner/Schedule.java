package dev.ycsbdriver.runner;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The run's operation schedule under {@code -target}: operation n is due at
 * {@code start + n / target}, whichever thread takes it. One schedule for the whole run, so when the
 * store stalls, the operations that should have started during the stall are due at their own
 * times and their intended latency includes the wait (coordinated omission is not hidden).
 *
 * <p>Thread-safe; {@link #nextIntendedStartNanos()} is one atomic increment.
 */
final class Schedule {
  private final long startNanos;
  private final double periodNanos;
  private final AtomicLong next = new AtomicLong();

  /**
   * @param startNanos when operation 0 is due, on the {@link System#nanoTime()} scale
   * @param targetOpsPerSec operations per second for the whole run, greater than 0
   */
  Schedule(long startNanos, long targetOpsPerSec) {
    this.startNanos = startNanos;
    this.periodNanos = 1_000_000_000.0 / targetOpsPerSec;
  }

  /** @return when the next operation is due, on the {@link System#nanoTime()} scale */
  long nextIntendedStartNanos() {
    return dueNanos(next.getAndIncrement());
  }

  private long dueNanos(long operation) {
    return startNanos + (long) (operation * periodNanos);
  }

  /**
   * How far behind the schedule the run is: the time since the oldest operation that is due but not yet
   * taken by any thread became due. 0 when every due operation has been taken (the run keeps up).
   *
   * @param nowNanos the present, on the {@link System#nanoTime()} scale
   * @return the schedule lag in nanoseconds, at least 0
   */
  long lagNanos(long nowNanos) {
    return Math.max(0, nowNanos - dueNanos(next.get()));
  }
}
