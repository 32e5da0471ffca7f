package dev.ycsbdriver.binding.redis;

/**
 * How a table's records and its scan index are laid out in Redis' key space.
 *
 * <ul>
 *   <li>A record is a hash at {@code <table>:<key>}, one hash field per YCSB field, values as strings
 *       ({@code HSET}, {@code HGETALL}, {@code HMGET}).</li>
 *   <li>The table's scan index is a sorted set at {@code <table>}: member the record's key, score
 *       {@link #score(String)}, a hash of the key as upstream YCSB's Redis binding documents it.</li>
 *   <li>The table exists when its index exists: {@code createtable} (and every load) adds the marker member
 *       {@code ""} with score {@code -inf}, which no scan reaches, so an empty table still exists.</li>
 * </ul>
 *
 * <p>Immutable and thread-safe.
 *
 * @param table the YCSB table name, e.g. {@code usertable}
 */
record RecordLayout(String table) {
  /** The member that marks the table as existing; its score is {@code -inf}. */
  static final String MARKER = "";

  /** @return the sorted set that indexes the table's keys */
  String indexKey() {
    return table;
  }

  /**
   * @param key a YCSB record key
   * @return the Redis key of the record's hash, {@code <table>:<key>}
   */
  String recordKey(String key) {
    return table + ":" + key;
  }

  /**
   * The score of a key in the scan index: Java's {@code String.hashCode()} of the key, as upstream YCSB's Redis
   * binding uses it. Keys of equal length that differ only in their last characters keep their order; in general a
   * scan returns the keys whose score is at least the start key's, in score order (ties in key order), not in key
   * order.
   *
   * @param key a YCSB record key
   * @return the score, -2^31 to 2^31-1, exact as a double
   */
  static double score(String key) {
    return key.hashCode();
  }
}
