package dev.ycsbdriver.testing;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import site.ycsb.ByteIterator;
import site.ycsb.Status;

/**
 * A no-op store that stalls once: the read numbered {@code stallingdb.at} (counted over all threads)
 * sleeps {@code stallingdb.millis} milliseconds. Every other operation returns at once.
 */
public class StallingDb extends NoOpDb {
  private static final AtomicLong READS = new AtomicLong();

  /** Resets the shared read counter between runs. */
  public static void reset() {
    READS.set(0);
  }

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    long n = READS.incrementAndGet();
    if (n == Long.parseLong(getProperties().getProperty("stallingdb.at", "100"))) {
      try {
        Thread.sleep(Long.parseLong(getProperties().getProperty("stallingdb.millis", "500")));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return Status.ERROR;
      }
    }
    return Status.OK;
  }
}
