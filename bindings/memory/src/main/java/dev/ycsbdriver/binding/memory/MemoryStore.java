package dev.ycsbdriver.binding.memory;

import java.util.Map;
import java.util.NavigableSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListSet;
import java.util.function.BiFunction;

/**
 * The records of one run, per table: key to an immutable map of field to value. Lives as long as its
 * binding; nothing is kept between processes.
 *
 * <p>Each table keeps its records in a hash map, so that a read, update or delete costs one hash lookup,
 * and its keys in a skip list as well, so that a scan reads a range in key order. A skip list alone would
 * cost a dozen cache misses per point lookup, which at 100,000 records dominates the driver's CPU on workload
 * C; the hash map keeps point operations at one lookup (figures: {@code docs/benchmarks/driver-overhead.md}).
 *
 * <p>Thread-safe: a record is replaced as a whole, never changed in place, so a reader sees either the old
 * or the new record. An insert adds the record before its key and a delete removes it before its key, so a
 * scan that meets a key whose record is gone skips it.
 */
final class MemoryStore {
  private final ConcurrentHashMap<String, Table> tables = new ConcurrentHashMap<>();

  /** One table: its records by key, and its keys in order. */
  static final class Table {
    private final ConcurrentHashMap<String, Map<String, String>> records = new ConcurrentHashMap<>();
    private final ConcurrentSkipListSet<String> keys = new ConcurrentSkipListSet<>();

    /** @return the record, or null when absent */
    Map<String, String> get(String key) {
      return records.get(key);
    }

    /** Puts the record, replacing one with the same key. */
    void put(String key, Map<String, String> record) {
      records.put(key, record);
      keys.add(key);
    }

    /**
     * @param change the new record from the key and the old one; runs once, atomically for the key
     * @return the new record, or null when the key is absent
     */
    Map<String, String> computeIfPresent(String key,
                                         BiFunction<String, Map<String, String>, Map<String, String>> change) {
      return records.computeIfPresent(key, change);
    }

    /** @return whether a record was removed */
    boolean remove(String key) {
      if (records.remove(key) == null) {
        return false;
      }
      keys.remove(key);
      return true;
    }

    /** @return the keys from {@code startKey} on, inclusive, in order; a live view */
    NavigableSet<String> keysFrom(String startKey) {
      return keys.tailSet(startKey, true);
    }

    /** @return the number of records */
    int size() {
      return records.size();
    }
  }

  /** @return the table, created empty on first use */
  Table table(String name) {
    Table t = tables.get(name);
    return t != null ? t : tables.computeIfAbsent(name, n -> new Table());
  }

  /** Drops the table and its records. */
  void drop(String name) {
    tables.remove(name);
  }

  /** Drops every table: the heap they held goes back to the driver. */
  void clear() {
    tables.clear();
  }
}
