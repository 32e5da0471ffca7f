package dev.ycsbdriver.measure;

/**
 * A client thread that knows when its current operation was scheduled to start and where it records, so
 * code that measures on its own (YCSB's {@code CoreWorkload} times READ-MODIFY-WRITE itself) can compute
 * intended latency and record where the thread's other operations go (during a warm-up, nowhere that
 * counts).
 */
public interface ScheduledThread {
  /**
   * @return the scheduled start of the current operation on the {@link System#nanoTime()} scale, or 0
   *     when operations are not scheduled (no target) and intended latency equals service time
   */
  long intendedStartNanos();

  /** @return this thread's recording slot, 0 .. threads-1 (see {@link LatencyChannel}) */
  int slot();

  /** @return the registry this thread's current operation records into; read on this thread only */
  MeasurementRegistry registry();
}
