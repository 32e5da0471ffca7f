package dev.ycsbdriver.testing;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import site.ycsb.ByteIterator;
import site.ycsb.Status;

/**
 * A no-op store that stalls once. The read numbered {@code stallingdb.at} (counted over all threads, default
 * 100) starts a stall of {@code stallingdb.millis} milliseconds (default 500). With
 * {@code stallingdb.scope=one} (default) only that read waits; with {@code stallingdb.scope=store} the whole
 * store pauses, as a server stopped with SIGSTOP would: every read that arrives before the stall ends waits
 * for its end. Every other operation returns at once.
 */
public class StallingDb extends NoOpDb {
  private static final AtomicLong READS = new AtomicLong();
  /** End of the store-wide stall on the {@link System#nanoTime()} scale; 0 before it starts. */
  private static final AtomicLong STALL_END_NANOS = new AtomicLong();

  /** Resets the shared read counter and the stall between runs. */
  public static void reset() {
    READS.set(0);
    STALL_END_NANOS.set(0);
  }

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    long n = READS.incrementAndGet();
    long millis = Long.parseLong(getProperties().getProperty("stallingdb.millis", "500"));
    boolean store = "store".equals(getProperties().getProperty("stallingdb.scope", "one"));
    if (n == Long.parseLong(getProperties().getProperty("stallingdb.at", "100"))) {
      if (!store) {
        return sleepUntil(System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis));
      }
      STALL_END_NANOS.set(System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis));
    }
    long end = STALL_END_NANOS.get();
    return store && end != 0 ? sleepUntil(end) : Status.OK;
  }

  private static Status sleepUntil(long endNanos) {
    long left;
    while ((left = endNanos - System.nanoTime()) > 0) {
      LockSupport.parkNanos(left);
      if (Thread.currentThread().isInterrupted()) {
        return Status.ERROR;
      }
    }
    return Status.OK;
  }
}
