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

  /**
   * Notes that the current operation waited {@code nanos} for a connection before the store served it (a pool's or
   * a shared connection's wait); the driver records it as {@code CONNECTION-WAIT} and leaves it out of the
   * operation's service time. Called on this thread only; several waits of one operation add up.
   *
   * @param nanos the wait, 0 or more
   */
  default void connectionWaited(long nanos) {
  }

  /**
   * @return the client the calling thread runs, or null outside one (see {@link #bind}); a client may run on a
   *     platform or a virtual thread, so this is not {@code Thread.currentThread()} itself
   */
  static ScheduledThread current() {
    return Current.CLIENT.get();
  }

  /**
   * Makes {@link #current()} return {@code client} on the calling thread; the client's thread calls it first.
   *
   * @param client the client this thread runs
   */
  static void bind(ScheduledThread client) {
    Current.CLIENT.set(client);
  }

  /** Holds each thread's client. */
  final class Current {
    private static final ThreadLocal<ScheduledThread> CLIENT = new ThreadLocal<>();

    private Current() {
    }
  }
}
