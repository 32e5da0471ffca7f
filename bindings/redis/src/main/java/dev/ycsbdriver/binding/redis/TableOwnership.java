package dev.ycsbdriver.binding.redis;

import dev.ycsbdriver.config.ConfigException;
import dev.ycsbdriver.config.CoreWorkloadKeys;
import dev.ycsbdriver.config.Identifier;
import java.util.List;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.params.ScanParams;
import redis.clients.jedis.resps.ScanResult;

/**
 * Whether a table's keys are the binding's own before anything is written or dropped: the index key
 * {@code <table>} is absent or a sorted set holding {@link RecordLayout#MARKER} at {@code -inf} (which every load
 * and {@code createtable} add), and, while it is absent, no key starts with {@code <table>:}. Anything else is a
 * user's data under the same name, which a load would meet as {@code WRONGTYPE} and {@code droptable} would
 * delete.
 *
 * <p>The prefix check scans the key space ({@code SCAN MATCH <table>:*}), once, only for a table whose index is
 * missing: a new table. Table names are {@link dev.ycsbdriver.config.Identifier}s, so they hold no glob character.
 *
 * <p>Stateless and thread-safe; the connection is the caller's.
 */
final class TableOwnership {
  private static final int SCAN_COUNT = 1000;

  private TableOwnership() {
  }

  /**
   * @param admin a connection to the server
   * @param layout the table
   * @throws ConfigException (exit code 2) when the index key holds something else, or keys under the table's
   *     prefix exist without the index
   */
  static void check(Jedis admin, RecordLayout layout) throws ConfigException {
    String index = layout.indexKey();
    String type = admin.type(index);
    String got;
    if ("none".equals(type)) {
      String key = firstKeyUnder(admin, layout.recordKey(""));
      if (key == null) {
        return;
      }
      got = "no index key " + index + " but key " + Identifier.printable(key) + " under its prefix";
    } else if (!"zset".equals(type)) {
      got = "key " + index + " holding a " + type;
    } else {
      Double score = admin.zscore(index, RecordLayout.MARKER);
      if (score != null && score == Double.NEGATIVE_INFINITY) {
        return;
      }
      got = "key " + index + " holding a sorted set without the binding's marker (member \"\" at -inf)";
    }
    throw new ConfigException(CoreWorkloadKeys.TABLE.key() + ": the redis keys " + index + " and " + index
        + ":* must be absent or a YCSB table's (the sorted set " + index + " with the member \"\" at -inf), got "
        + got + "; they are not the binding's, so nothing was written: choose another table name");
  }

  /** @return a key that starts with {@code prefix}, or null when there is none */
  private static String firstKeyUnder(Jedis admin, String prefix) {
    ScanParams params = new ScanParams().match(prefix + "*").count(SCAN_COUNT);
    String cursor = ScanParams.SCAN_POINTER_START;
    do {
      ScanResult<String> page = admin.scan(cursor, params);
      List<String> keys = page.getResult();
      if (!keys.isEmpty()) {
        return keys.get(0);
      }
      cursor = page.getCursor();
    } while (!ScanParams.SCAN_POINTER_START.equals(cursor));
    return null;
  }
}
