package dev.ycsbdriver.binding.rocksdb;

import dev.ycsbdriver.spi.ErrorLog;
import dev.ycsbdriver.spi.support.FieldList;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.ReadOptions;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;
import org.rocksdb.WriteOptions;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;

/**
 * One client thread's handle on a {@link RocksStore}: a table is a column family, a record is one key (the YCSB
 * key's UTF-8 bytes) whose value is a {@link FieldList#COUNTED} record.
 *
 * <p>read: one {@code get}, then the fields asked for; scan: an iterator seeks to the start key and walks up to
 * {@code n} records in key order (RocksDB's bytewise comparator: for YCSB's ASCII keys, the keys' string order);
 * update: under the key's stripe lock, {@code get}, merge the new field values into the record, {@code put};
 * insert: under the lock, {@code put} of the whole record (replacing one with the same key); delete: under the lock,
 * {@code get} (for {@code NOT_FOUND}) then {@code delete}. Every write goes through the binding's
 * {@link WriteOptions} (the profile's {@code sync} and {@code disableWAL}).
 *
 * <p>Not thread-safe: one client thread only. A failed operation is counted in the run's {@link ErrorLog} and
 * returns {@link Status#ERROR}.
 */
final class RocksDbClient extends DB {
  private static final String BINDING = "rocksdb";

  private final RocksStore store;
  private final WriteOptions writeOptions;
  private final ReadOptions readOptions;
  private final ErrorLog errors;
  /** The last table's column family, so an operation on the same table looks nothing up. */
  private String cachedTable;
  private ColumnFamilyHandle cachedHandle;

  RocksDbClient(RocksStore store, WriteOptions writeOptions, ReadOptions readOptions, ErrorLog errors) {
    this.store = store;
    this.writeOptions = writeOptions;
    this.readOptions = readOptions;
    this.errors = errors;
  }

  private ColumnFamilyHandle handle(String table) {
    if (!table.equals(cachedTable)) {
      cachedHandle = store.table(table);
      cachedTable = cachedHandle == null ? null : table;
    }
    return cachedHandle;
  }

  private static byte[] key(String key) {
    return key.getBytes(StandardCharsets.UTF_8);
  }

  private Status noTable(String operation, String table) {
    errors.error(BINDING, operation, "no table", "table " + table + " does not exist");
    return Status.ERROR;
  }

  private Status failed(String operation, RocksDBException e) {
    errors.error(BINDING, operation, RocksFailures.kind(e), RocksFailures.describe(e));
    return Status.ERROR;
  }

  private Status corrupt(String operation, FieldList.CorruptRecordException e) {
    errors.error(BINDING, operation, "corrupt record", e.getMessage());
    return Status.ERROR;
  }

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    ColumnFamilyHandle cf = handle(table);
    if (cf == null) {
      return noTable("READ", table);
    }
    try {
      byte[] record = store.db().get(cf, readOptions, key(key));
      if (record == null) {
        return Status.NOT_FOUND;
      }
      FieldList.COUNTED.decode(record, fields, result);
      return Status.OK;
    } catch (RocksDBException e) {
      return failed("READ", e);
    } catch (FieldList.CorruptRecordException e) {
      return corrupt("READ", e);
    }
  }

  @Override
  public Status scan(String table, String startkey, int recordcount, Set<String> fields,
                     Vector<HashMap<String, ByteIterator>> result) {
    ColumnFamilyHandle cf = handle(table);
    if (cf == null) {
      return noTable("SCAN", table);
    }
    try (RocksIterator it = store.db().newIterator(cf, readOptions)) {
      it.seek(key(startkey));
      for (int n = 0; n < recordcount && it.isValid(); n++, it.next()) {
        HashMap<String, ByteIterator> row = new HashMap<>();
        FieldList.COUNTED.decode(it.value(), fields, row);
        result.add(row);
      }
      it.status();
      return Status.OK;
    } catch (RocksDBException e) {
      return failed("SCAN", e);
    } catch (FieldList.CorruptRecordException e) {
      return corrupt("SCAN", e);
    }
  }

  /** One write of a key, run under the key's lock. */
  @FunctionalInterface
  private interface KeyWrite {
    Status apply(ColumnFamilyHandle cf, byte[] key) throws RocksDBException;
  }

  /** Runs {@code write} holding the lock of {@code key}, so writes of one key never interleave. */
  private Status locked(String operation, String table, String key, KeyWrite write) {
    ColumnFamilyHandle cf = handle(table);
    if (cf == null) {
      return noTable(operation, table);
    }
    byte[] k = key(key);
    try {
      synchronized (store.lockFor(key)) {
        return write.apply(cf, k);
      }
    } catch (RocksDBException e) {
      return failed(operation, e);
    } catch (FieldList.CorruptRecordException e) {
      return corrupt(operation, e);
    }
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    Map<String, byte[]> changes = FieldList.bytesOf(values);
    return locked("UPDATE", table, key, (cf, k) -> {
      byte[] old = store.db().get(cf, readOptions, k);
      if (old == null) {
        return Status.NOT_FOUND;
      }
      store.db().put(cf, writeOptions, k, FieldList.COUNTED.merge(old, changes));
      return Status.OK;
    });
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    byte[] record = FieldList.COUNTED.encodeValues(values);
    return locked("INSERT", table, key, (cf, k) -> {
      store.db().put(cf, writeOptions, k, record);
      return Status.OK;
    });
  }

  @Override
  public Status delete(String table, String key) {
    return locked("DELETE", table, key, (cf, k) -> {
      if (store.db().get(cf, readOptions, k) == null) {
        return Status.NOT_FOUND;
      }
      store.db().delete(cf, writeOptions, k);
      return Status.OK;
    });
  }
}
