package dev.ycsbdriver.binding.memory;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;

/**
 * One client thread's handle on a {@link MemoryStore}. Values are kept as strings, as the SQL bindings
 * keep them, so {@code dataintegrity=true} checks them the same way.
 *
 * <p>read: the record's fields (all, or those asked for), {@code NOT_FOUND} when absent; scan: up to
 * {@code n} records from the start key in key order; update: copies the record with the new field
 * values and replaces it atomically ({@code NOT_FOUND} when absent); insert: puts the record (replacing
 * one with the same key); delete: removes it ({@code NOT_FOUND} when absent).
 */
final class MemoryDb extends DB {
  private final MemoryStore store;

  MemoryDb(MemoryStore store) {
    this.store = store;
  }

  private static void copy(Map<String, String> record, Set<String> fields, Map<String, ByteIterator> into) {
    if (fields == null) {
      record.forEach((k, v) -> into.put(k, new StringByteIterator(v)));
    } else {
      for (String f : fields) {
        String v = record.get(f);
        if (v != null) {
          into.put(f, new StringByteIterator(v));
        }
      }
    }
  }

  private static Map<String, String> strings(Map<String, ByteIterator> values) {
    Map<String, String> out = new HashMap<>(values.size() * 2);
    values.forEach((k, v) -> out.put(k, v.toString()));
    return out;
  }

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    Map<String, String> record = store.table(table).get(key);
    if (record == null) {
      return Status.NOT_FOUND;
    }
    copy(record, fields, result);
    return Status.OK;
  }

  @Override
  public Status scan(String table, String startkey, int recordcount, Set<String> fields,
                     Vector<HashMap<String, ByteIterator>> result) {
    MemoryStore.Table t = store.table(table);
    int n = 0;
    for (String key : t.keysFrom(startkey)) {
      if (n >= recordcount) {
        break;
      }
      Map<String, String> record = t.get(key);
      if (record != null) {
        HashMap<String, ByteIterator> row = new HashMap<>();
        copy(record, fields, row);
        result.add(row);
        n++;
      }
    }
    return Status.OK;
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    Map<String, String> changes = strings(values);
    Map<String, String> updated = store.table(table).computeIfPresent(key, (k, old) -> {
      Map<String, String> copy = new HashMap<>(old);
      copy.putAll(changes);
      return Map.copyOf(copy);
    });
    return updated == null ? Status.NOT_FOUND : Status.OK;
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    store.table(table).put(key, Map.copyOf(strings(values)));
    return Status.OK;
  }

  @Override
  public Status delete(String table, String key) {
    return store.table(table).remove(key) ? Status.OK : Status.NOT_FOUND;
  }
}
