package dev.ycsbdriver.testing;

import java.util.Map;
import java.util.Set;
import site.ycsb.ByteIterator;
import site.ycsb.Status;

/**
 * A no-op store whose failures depend only on the key: reads of keys with an odd hash are NOT_FOUND,
 * updates of keys whose hash is divisible by 4 are ERROR. Deterministic, so upstream YCSB and this driver
 * see the same statuses for the same keys.
 */
public class FlakyDb extends NoOpDb {
  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    return (key.hashCode() & 1) == 1 ? Status.NOT_FOUND : Status.OK;
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    return (key.hashCode() & 3) == 0 ? Status.ERROR : Status.OK;
  }
}
