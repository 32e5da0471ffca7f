package dev.ycsbdriver.runner;


/**
 * Asks every client thread to stop after its current operation. The first reason wins.
 *
 * <p>Thread-safe; {@link #requested()} is one volatile read, cheap enough for every operation.
 */
public final class StopSignal {
  /** Why a run was asked to stop before its operations were done. */
  public enum Reason {
    /** {@code maxexecutiontime} elapsed. */
    MAX_EXECUTION_TIME,
    /** {@code connecting.timeout} elapsed without progress while connecting. */
    CONNECTING_TIMEOUT,
    /** SIGINT or SIGTERM (Ctrl-C). */
    INTERRUPTED,
    /** The run was aborted because client threads could not start. */
    ABORTED,
    /** The heap was nearly full after garbage collection ({@link HeapWatch}). */
    OUT_OF_MEMORY
  }

  // a volatile field and a lock rather than an AtomicReference: a client thread asks for the stop when the heap has
  // run out, and a VarHandle's first call from interpreted code may allocate
  private volatile Reason reason;
  private volatile boolean hurry;

  /** @return whether a stop was requested */
  public boolean requested() {
    return reason != null;
  }

  /** @return the first reason given, or null while running */
  public Reason reason() {
    return reason;
  }

  /**
   * Requests a stop; the first reason is kept. Allocates nothing, so it works on a full heap.
   *
   * @param why the reason
   * @return true if this call was the first
   */
  public synchronized boolean request(Reason why) {
    if (reason != null) {
      return false;
    }
    reason = why;
    return true;
  }

  /** Asks the runner not to wait for operations still in flight (a second Ctrl-C). */
  public void hurry() {
    hurry = true;
  }

  /** @return whether the runner should stop waiting for operations in flight */
  public boolean hurried() {
    return hurry;
  }
}
