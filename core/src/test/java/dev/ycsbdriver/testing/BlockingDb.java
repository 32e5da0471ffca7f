package dev.ycsbdriver.testing;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import site.ycsb.ByteIterator;
import site.ycsb.Status;

/**
 * A no-op store whose first read never returns: it ignores interrupts, as a binding stuck in a socket
 * read does. Every other operation returns at once. {@link #release()} lets the stuck call go.
 */
public class BlockingDb extends NoOpDb {
  private static final AtomicBoolean BLOCKED_ONE = new AtomicBoolean();
  private static volatile CountDownLatch gate = new CountDownLatch(1);

  /** Arms the store for a new run. */
  public static void reset() {
    BLOCKED_ONE.set(false);
    gate = new CountDownLatch(1);
  }

  /** Lets the stuck call return. */
  public static void release() {
    gate.countDown();
  }

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    if (BLOCKED_ONE.compareAndSet(false, true)) {
      BlockingInitDb.awaitIgnoringInterrupts(gate);
    }
    return Status.OK;
  }
}
