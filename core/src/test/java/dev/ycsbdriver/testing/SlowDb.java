package dev.ycsbdriver.testing;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import site.ycsb.ByteIterator;
import site.ycsb.Status;

/**
 * A no-op store whose reads take about {@value #READ_MICROS} µs, so that latency percentiles are above
 * zero (a no-op read is below YCSB's 1 µs resolution and records as 0).
 */
public class SlowDb extends NoOpDb {
  /** How long each read parks, in microseconds; the OS may add its timer slack. */
  public static final long READ_MICROS = 200;

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    LockSupport.parkNanos(TimeUnit.MICROSECONDS.toNanos(READ_MICROS));
    return Status.OK;
  }
}
