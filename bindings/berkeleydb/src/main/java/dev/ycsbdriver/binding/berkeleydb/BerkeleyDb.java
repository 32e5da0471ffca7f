package dev.ycsbdriver.binding.berkeleydb;

import com.sleepycat.je.Cursor;
import com.sleepycat.je.CursorConfig;
import com.sleepycat.je.Database;
import com.sleepycat.je.DatabaseEntry;
import com.sleepycat.je.DatabaseException;
import com.sleepycat.je.Environment;
import com.sleepycat.je.LockMode;
import com.sleepycat.je.OperationStatus;
import com.sleepycat.je.Transaction;
import dev.ycsbdriver.spi.ErrorLog;
import dev.ycsbdriver.spi.support.FieldList;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;

/**
 * One client thread's handle on the shared JE environment. Records are stored as {@link #key} and {@link FieldList#PLAIN}: key = the
 * YCSB key's UTF-8 bytes, data = the compact field list.
 *
 * <ul>
 *   <li>read: {@code Database.get} of the key; the asked fields are decoded, the others skipped;
 *       {@code NOT_FOUND} when absent.</li>
 *   <li>scan: a {@code Cursor} (read-committed, so it holds no lock behind it) positioned with
 *       {@code getSearchKeyRange(startkey)}, then {@code getNext} until {@code recordcount} records: key order is
 *       JE's default comparator, unsigned bytes.</li>
 *   <li>update: a read-modify-write on one {@code Cursor}: {@code getSearchKey} with {@link LockMode#RMW} takes the
 *       record's write lock, the changed fields are merged into the stored ones, {@code putCurrent} writes them.
 *       Transactional: inside one transaction, committed with the environment's durability, so the lock is held
 *       until the commit. Non-transactional: the cursor's locker holds the write lock until the cursor closes,
 *       after the put. Either way a concurrent update of the same key waits (up to {@code berkeleydb.lock.timeout})
 *       and then reads the new value: no update is lost. {@code NOT_FOUND} when absent.</li>
 *   <li>insert: {@code Database.put} (replaces a record with the same key); delete: {@code Database.delete},
 *       {@code NOT_FOUND} when absent. Transactional: each an auto-commit transaction.</li>
 * </ul>
 *
 * <p>Non-transactional writes are followed by the {@link WriteDurability.LogFlush} of {@code berkeleydb.durability}.
 * A JE failure (lock timeout, an invalidated environment) is counted in the run's {@link ErrorLog} and returned as
 * {@code ERROR}; a transaction that did not commit is aborted. Not thread-safe: one instance per client thread.
 */
final class BerkeleyDb extends DB {
  private static final String BINDING = "berkeleydb";

  private final BerkeleyStore store;
  private final Environment env;
  private final Database table;
  private final String tableName;
  private final boolean transactional;
  private final WriteDurability.LogFlush flush;
  private final ErrorLog errors;

  BerkeleyDb(BerkeleyStore store, Environment env, Database table, String tableName, boolean transactional,
             WriteDurability.LogFlush flush, ErrorLog errors) {
    this.store = store;
    this.env = env;
    this.table = table;
    this.tableName = tableName;
    this.transactional = transactional;
    this.flush = flush;
    this.errors = errors;
  }

  private Database database(String name) {
    return name.equals(tableName) ? table : store.database(name);
  }

  private Status failed(String operation, RuntimeException e) {
    errors.error(BINDING, operation, e.getClass().getSimpleName(), BerkeleyFailures.firstLine(e.getMessage()));
    return Status.ERROR;
  }

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    try {
      DatabaseEntry data = new DatabaseEntry();
      if (database(table).get(null, new DatabaseEntry(key(key)), data, LockMode.DEFAULT)
          != OperationStatus.SUCCESS) {
        return Status.NOT_FOUND;
      }
      FieldList.PLAIN.decode(data.getData(), fields, result);
      return Status.OK;
    } catch (DatabaseException | IllegalArgumentException | IllegalStateException e) {
      return failed("READ", e);
    }
  }

  @Override
  public Status scan(String table, String startkey, int recordcount, Set<String> fields,
                     Vector<HashMap<String, ByteIterator>> result) {
    try (Cursor cursor = database(table).openCursor(null, CursorConfig.READ_COMMITTED)) {
      DatabaseEntry key = new DatabaseEntry(key(startkey));
      DatabaseEntry data = new DatabaseEntry();
      OperationStatus status = cursor.getSearchKeyRange(key, data, LockMode.DEFAULT);
      for (int n = 0; n < recordcount && status == OperationStatus.SUCCESS; n++) {
        HashMap<String, ByteIterator> row = new HashMap<>();
        FieldList.PLAIN.decode(data.getData(), fields, row);
        result.add(row);
        if (n + 1 < recordcount) {
          status = cursor.getNext(key, data, LockMode.DEFAULT);
        }
      }
      return Status.OK;
    } catch (DatabaseException | IllegalArgumentException | IllegalStateException e) {
      return failed("SCAN", e);
    }
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    Transaction txn = null;
    try {
      Database db = database(table);
      txn = transactional ? env.beginTransaction(null, null) : null;
      boolean found;
      try (Cursor cursor = db.openCursor(txn, null)) {
        DatabaseEntry data = new DatabaseEntry();
        found = cursor.getSearchKey(new DatabaseEntry(key(key)), data, LockMode.RMW)
            == OperationStatus.SUCCESS;
        if (found) {
          cursor.putCurrent(new DatabaseEntry(FieldList.PLAIN.merge(data.getData(), FieldList.bytesOf(values))));
        }
      }
      if (txn != null) {
        Transaction t = txn;
        txn = null;
        if (found) {
          t.commit();
        } else {
          t.abort();
        }
      }
      if (!found) {
        return Status.NOT_FOUND;
      }
      flush.after(env);
      return Status.OK;
    } catch (DatabaseException | IllegalArgumentException | IllegalStateException e) {
      abort(txn);
      return failed("UPDATE", e);
    }
  }

  private void abort(Transaction txn) {
    if (txn == null) {
      return;
    }
    try {
      txn.abort();
    } catch (DatabaseException | IllegalStateException e) {
      errors.error(BINDING, "ABORT", e.getClass().getSimpleName(), BerkeleyFailures.firstLine(e.getMessage()));
    }
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    try {
      database(table).put(null, new DatabaseEntry(key(key)), new DatabaseEntry(FieldList.PLAIN.encodeValues(values)));
      flush.after(env);
      return Status.OK;
    } catch (DatabaseException | IllegalArgumentException | IllegalStateException e) {
      return failed("INSERT", e);
    }
  }

  @Override
  public Status delete(String table, String key) {
    try {
      if (database(table).delete(null, new DatabaseEntry(key(key))) != OperationStatus.SUCCESS) {
        return Status.NOT_FOUND;
      }
      flush.after(env);
      return Status.OK;
    } catch (DatabaseException | IllegalArgumentException | IllegalStateException e) {
      return failed("DELETE", e);
    }
  }

  /**
   * The JE key of a record: the YCSB key's UTF-8 bytes. JE orders keys by its default comparator, unsigned byte by
   * byte, which for UTF-8 is code point order and for YCSB's ASCII keys ({@code user123...}) the order of
   * {@link String#compareTo}; scans rely on it. The data is the record's fields in {@link FieldList#PLAIN}.
   *
   * @param key a YCSB key
   * @return its UTF-8 bytes
   */
  static byte[] key(String key) {
    return key.getBytes(StandardCharsets.UTF_8);
  }
}
