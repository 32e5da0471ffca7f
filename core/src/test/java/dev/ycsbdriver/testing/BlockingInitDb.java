package dev.ycsbdriver.testing;

import java.util.concurrent.CountDownLatch;

/**
 * A store whose {@code init()} never returns until {@link #release()}: it ignores interrupts, as a driver
 * waiting for a server that accepted the TCP connection and never answers does. Every operation returns OK.
 */
public class BlockingInitDb extends NoOpDb {
  private static volatile CountDownLatch gate = new CountDownLatch(1);
  private static volatile CountDownLatch entered = new CountDownLatch(1);

  /** Arms the store for a new run. */
  public static void reset() {
    gate = new CountDownLatch(1);
    entered = new CountDownLatch(1);
  }

  /**
   * Waits until a client thread is stuck in {@code init()}: the binding has opened and the client threads connect.
   *
   * @param timeoutMillis how long to wait at most
   * @return whether one got there in time
   * @throws InterruptedException when the waiting thread is interrupted
   */
  public static boolean awaitEntered(long timeoutMillis) throws InterruptedException {
    return entered.await(timeoutMillis, java.util.concurrent.TimeUnit.MILLISECONDS);
  }

  /** Lets every stuck {@code init()} return. */
  public static void release() {
    gate.countDown();
  }

  @Override
  public void init() {
    entered.countDown();
    awaitIgnoringInterrupts(gate);
  }

  /** Waits for {@code latch}, as a socket read does: interrupts do not end the wait. */
  public static void awaitIgnoringInterrupts(CountDownLatch latch) {
    boolean done = false;
    while (!done) {
      try {
        latch.await();
        done = true;
      } catch (InterruptedException ignored) {
        // a socket read does not notice interrupts either
      }
    }
  }
}
