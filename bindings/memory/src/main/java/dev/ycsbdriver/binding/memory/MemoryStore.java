package dev.ycsbdriver.binding.memory;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentNavigableMap;
import java.util.concurrent.ConcurrentSkipListMap;

/**
 * The records of one run, per table: key to an immutable map of field to value, ordered by key so
 * scans are range reads. Lives as long as its binding; nothing is kept between processes.
 *
 * <p>Thread-safe: tables are {@link ConcurrentSkipListMap}s; a record is replaced as a whole, never
 * changed in place, so a reader sees either the old or the new record.
 */
final class MemoryStore {
  private final ConcurrentHashMap<String, ConcurrentSkipListMap<String, Map<String, String>>> tables =
      new ConcurrentHashMap<>();

  /** @return the table, created empty on first use */
  ConcurrentNavigableMap<String, Map<String, String>> table(String name) {
    return tables.computeIfAbsent(name, n -> new ConcurrentSkipListMap<>());
  }

  /** @return whether the table exists (was used before) */
  boolean hasTable(String name) {
    return tables.containsKey(name);
  }

  /** Drops the table and its records. */
  void drop(String name) {
    tables.remove(name);
  }
}
