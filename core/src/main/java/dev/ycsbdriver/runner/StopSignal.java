package dev.ycsbdriver.runner;

import java.util.concurrent.atomic.AtomicReference;

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

  private final AtomicReference<Reason> reason = new AtomicReference<>();
  private volatile boolean hurry;

  /** @return whether a stop was requested */
  public boolean requested() {
    return reason.get() != null;
  }

  /** @return the first reason given, or null while running */
  public Reason reason() {
    return reason.get();
  }

  /**
   * Requests a stop; the first reason is kept.
   *
   * @param why the reason
   * @return true if this call was the first
   */
  public boolean request(Reason why) {
    return reason.compareAndSet(null, why);
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
