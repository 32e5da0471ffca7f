package dev.ycsbdriver.testing;

import java.util.Map;
import java.util.Set;
import site.ycsb.ByteIterator;
import site.ycsb.Status;

/** A store whose reads take about 200 ns, as an in-memory map's do: each read spins on the clock until then. */
public class SubMicrosecondDb extends NoOpDb {
  /** How long a read takes, nanoseconds. */
  public static final long READ_NANOS = 200;

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    long until = System.nanoTime() + READ_NANOS;
    while (System.nanoTime() < until) {
      Thread.onSpinWait();
    }
    return Status.OK;
  }
}
