package dev.ycsbdriver.measure;

/**
 * A client thread that knows when its current operation was scheduled to start, so code that
 * measures on its own (YCSB's {@code CoreWorkload} times READ-MODIFY-WRITE itself) can compute
 * intended latency.
 */
public interface ScheduledThread {
  /**
   * @return the scheduled start of the current operation on the {@link System#nanoTime()} scale, or 0
   *     when operations are not scheduled (no target) and intended latency equals service time
   */
  long intendedStartNanos();

  /** @return this thread's recording slot, 0 .. threads-1 (see {@link LatencyChannel}) */
  int slot();
}
