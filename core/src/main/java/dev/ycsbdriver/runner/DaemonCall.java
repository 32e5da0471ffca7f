package dev.ycsbdriver.runner;

import java.util.concurrent.CountDownLatch;
import java.util.function.Consumer;

/**
 * One blocking call into a binding (opening or closing it) made on a daemon thread, so that the runner's
 * thread keeps watching the stop signal and the time limit: a store that never answers cannot hold the
 * command. A call the runner gives up on is abandoned; if it returns later, its value goes to the
 * {@code ifAbandoned} handler (e.g. to close a binding nobody will use) on the call's own thread.
 *
 * <p>Thread-safe: {@link #returned()} publishes the value and the failure.
 *
 * @param <T> what the call returns
 */
final class DaemonCall<T> {
  /** The call: anything that returns a value or throws. */
  @FunctionalInterface
  interface Body<T> {
    T call() throws Exception;
  }

  private final CountDownLatch returned = new CountDownLatch(1);
  private final Consumer<T> ifAbandoned;
  private T value;
  private Throwable failure;
  private boolean abandoned;
  private boolean over;

  private DaemonCall(Consumer<T> ifAbandoned) {
    this.ifAbandoned = ifAbandoned;
  }

  /**
   * @param threadName the daemon thread's name, e.g. {@code ycsb-binding-open}
   * @param body the call
   * @param ifAbandoned gets the value when the call returns after {@link #abandon()}; not called on failure
   * @return the started call
   */
  static <T> DaemonCall<T> start(String threadName, Body<T> body, Consumer<T> ifAbandoned) {
    DaemonCall<T> call = new DaemonCall<>(ifAbandoned);
    Thread t = new Thread(() -> call.run(body), threadName);
    t.setDaemon(true);
    t.start();
    return call;
  }

  private void run(Body<T> body) {
    T v = null;
    Throwable f = null;
    try {
      v = body.call();
    } catch (Throwable t) {
      f = t;
    }
    boolean late;
    synchronized (this) {
      value = v;
      failure = f;
      over = true;
      late = abandoned;
    }
    returned.countDown();
    if (late && v != null) {
      ifAbandoned.accept(v);
    }
  }

  /** @return counted down when the call has returned or thrown */
  CountDownLatch returned() {
    return returned;
  }

  /**
   * @return the call's value; call only after {@link #returned()} opened
   * @throws Exception what the call threw
   */
  T get() throws Exception {
    synchronized (this) {
      if (failure instanceof Exception e) {
        throw e;
      }
      if (failure instanceof Error e) {
        throw e;
      }
      return value;
    }
  }

  /** Gives up on the call; a value it returned already, or returns later, goes to {@code ifAbandoned}. */
  void abandon() {
    T late;
    synchronized (this) {
      if (abandoned) {
        return;
      }
      abandoned = true;
      late = over ? value : null;
    }
    if (late != null) {
      Thread t = new Thread(() -> ifAbandoned.accept(late), "ycsb-abandoned-call");
      t.setDaemon(true);
      t.start();
    }
  }
}
