package dev.ycsbdriver.runner;

import java.util.concurrent.CountDownLatch;

/**
 * The points where the runner and its client threads meet:
 * <ol>
 *   <li>{@code ready}: every thread has connected (or failed to);</li>
 *   <li>{@code go}: the clock has started;</li>
 *   <li>{@code operationsEnded}: every thread has left its operation loop;</li>
 *   <li>{@code cleanupAllowed}: the runner has taken its last CPU reading, so threads may now close
 *       their connections (a server process serving a connection, such as a PostgreSQL backend,
 *       ends with it, and the CPU it used would be lost to a reading after that);</li>
 *   <li>{@code done}: every thread has cleaned up.</li>
 * </ol>
 * Thread-safe: latches.
 */
record RunGates(CountDownLatch ready, CountDownLatch go, CountDownLatch operationsEnded,
                CountDownLatch cleanupAllowed, CountDownLatch done) {

  /** @param threads the number of client threads */
  static RunGates forThreads(int threads) {
    return new RunGates(new CountDownLatch(threads), new CountDownLatch(1), new CountDownLatch(threads),
        new CountDownLatch(1), new CountDownLatch(threads));
  }

  /** Opens every gate the runner controls, so no thread waits for a runner that has given up. */
  void openAll() {
    go.countDown();
    cleanupAllowed.countDown();
  }
}
