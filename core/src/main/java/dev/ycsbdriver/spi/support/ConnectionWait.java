package dev.ycsbdriver.spi.support;

import dev.ycsbdriver.measure.ScheduledThread;

/**
 * Where a binding reports how long an operation waited for a connection (a pool's, or one connection shared by
 * the client threads) before the store served it. The driver records each wait as the operation
 * {@code CONNECTION-WAIT} and leaves it out of the operation's service time, so a pool too small shows up as
 * waiting instead of as a slow store; the operation's intended latency keeps it.
 *
 * <p>Usage, in a {@code DB} whose operations borrow a connection:
 * <pre>{@code
 * // in init(), on the client thread
 * wait = ConnectionWait.ofCurrentThread();
 * // in each operation
 * long asked = System.nanoTime();
 * Connection c = pool.getConnection();
 * wait.waited(System.nanoTime() - asked);
 * }</pre>
 *
 * <p>Not thread-safe: one instance per {@code DB}, used by its client thread.
 */
public final class ConnectionWait {
  private static final ConnectionWait NOWHERE = new ConnectionWait(null);
  private final ScheduledThread thread;

  private ConnectionWait(ScheduledThread thread) {
    this.thread = thread;
  }

  /**
   * @return the reporter of the client thread calling, or one that reports nowhere outside a client thread (a
   *     binding's own set-up, a test)
   */
  public static ConnectionWait ofCurrentThread() {
    ScheduledThread t = ScheduledThread.current();
    return t == null ? NOWHERE : new ConnectionWait(t);
  }

  /**
   * Reports a wait of the current operation, before it returns; several waits of one operation (a retry that
   * borrows again) add up.
   *
   * @param nanos the wait in nanoseconds, 0 or more
   */
  public void waited(long nanos) {
    if (thread != null) {
      thread.connectionWaited(Math.max(0, nanos));
    }
  }

  /**
   * Reports a wait of the calling client thread's current operation, for a client library that says when it
   * checked a connection out in a callback on the calling thread (MongoDB's pool events); nowhere outside a client
   * thread.
   *
   * @param nanos the wait in nanoseconds, 0 or more
   */
  public static void waitedOnCurrentThread(long nanos) {
    ScheduledThread t = ScheduledThread.current();
    if (t != null) {
      t.connectionWaited(Math.max(0, nanos));
    }
  }
}
