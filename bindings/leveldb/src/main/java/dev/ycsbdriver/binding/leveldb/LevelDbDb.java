package dev.ycsbdriver.binding.leveldb;

import dev.ycsbdriver.spi.ErrorLog;
import dev.ycsbdriver.spi.support.FieldList;
import dev.ycsbdriver.spi.support.FreeSpace;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import org.iq80.leveldb.DB;
import org.iq80.leveldb.DBIterator;
import org.iq80.leveldb.WriteOptions;
import site.ycsb.ByteIterator;
import site.ycsb.DBException;
import site.ycsb.Status;

/**
 * One client thread's handle on the shared LevelDB database ({@link SharedDatabase}); records are laid out as
 * {@link KeyLayout} says.
 *
 * <ul>
 *   <li>read: one {@code Get}; the record's fields (all, or those asked for), {@code NOT_FOUND} when absent.
 *   <li>scan: an iterator seeks to {@code table 0x00 startkey} and reads up to {@code recordcount} records
 *       forward in key order, stopping at the end of the table; the iterator reads one consistent snapshot.
 *   <li>update: read-modify-write: {@code Get}, merge the new field values into the record, {@code Put} the
 *       whole record; {@code NOT_FOUND} when absent. The three steps hold the key's lock stripe
 *       ({@link SharedDatabase#lockFor}), as do insert and delete, so concurrent writes of one key in this
 *       process are applied one after the other and none loses another's fields.
 *   <li>insert: one {@code Put} of the whole record (replacing one with the same key).
 *   <li>delete: {@code Get} then {@code Delete} under the key's lock; {@code NOT_FOUND} when absent.
 * </ul>
 *
 * <p>Writes fail without reaching LevelDB while the file system's free space is under
 * {@code leveldb.min_free_space} ({@link FreeSpace}): LevelDB maps its files into memory, so it cannot report a
 * full disk, and the JVM would end with {@code SIGBUS}.
 *
 * <p>Every {@code Put} and {@code Delete} uses the binding's {@code WriteOptions}: with {@code sync=true}
 * LevelDB syncs its log file ({@code fdatasync}) before the write returns; with {@code sync=false} the write
 * is in the operating system's page cache when it returns.
 *
 * <p>Not thread-safe: one instance per client thread. A LevelDB failure is counted in the run's
 * {@link ErrorLog} and returned as {@code Status.ERROR}.
 */
final class LevelDbDb extends site.ycsb.DB {
  private static final String BINDING = "leveldb";
  private final SharedDatabase shared;
  private final DB db;
  private final WriteOptions writeOptions;
  private final ErrorLog errors;
  private final FreeSpace space;
  private String prefixTable;
  private byte[] prefix;
  private boolean held;

  LevelDbDb(SharedDatabase shared, WriteOptions writeOptions, ErrorLog errors, FreeSpace space) {
    this.shared = shared;
    this.db = shared.db();
    this.writeOptions = writeOptions;
    this.errors = errors;
    this.space = space;
  }

  @Override
  public void init() {
    shared.hold();
    held = true;
  }

  @Override
  public void cleanup() throws DBException {
    if (!held) {
      return;
    }
    held = false;
    try {
      shared.release();
    } catch (IOException e) {
      throw new DBException("leveldb: closing " + shared.dir() + " failed: " + e.getMessage(), e);
    }
  }

  private byte[] key(String table, String key) {
    if (!table.equals(prefixTable)) {
      prefix = KeyLayout.tablePrefix(table);
      prefixTable = table;
    }
    return KeyLayout.key(prefix, key);
  }

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    try {
      byte[] record = db.get(key(table, key));
      if (record == null) {
        return Status.NOT_FOUND;
      }
      FieldList.PLAIN.decode(record, fields, result);
      return Status.OK;
    } catch (RuntimeException e) {
      return failed("READ", e);
    }
  }

  @Override
  public Status scan(String table, String startkey, int recordcount, Set<String> fields,
                     Vector<HashMap<String, ByteIterator>> result) {
    byte[] start = key(table, startkey);
    try (DBIterator it = db.iterator()) {
      it.seek(start);
      for (int n = 0; n < recordcount && it.hasNext(); n++) {
        Map.Entry<byte[], byte[]> entry = it.next();
        if (!KeyLayout.hasPrefix(entry.getKey(), prefix)) {
          break;
        }
        HashMap<String, ByteIterator> row = new HashMap<>();
        FieldList.PLAIN.decode(entry.getValue(), fields, row);
        result.add(row);
      }
      return Status.OK;
    } catch (IOException | RuntimeException e) {
      return failed("SCAN", e);
    }
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    byte[] k = key(table, key);
    Map<String, byte[]> changes = FieldList.bytesOf(values);
    if (space.low()) {
      return diskFull("UPDATE");
    }
    try {
      synchronized (shared.lockFor(k)) {
        byte[] record = db.get(k);
        if (record == null) {
          return Status.NOT_FOUND;
        }
        db.put(k, FieldList.PLAIN.merge(record, changes), writeOptions);
      }
      return Status.OK;
    } catch (RuntimeException e) {
      return failed("UPDATE", e);
    }
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    byte[] k = key(table, key);
    byte[] record = FieldList.PLAIN.encodeValues(values);
    if (space.low()) {
      return diskFull("INSERT");
    }
    try {
      synchronized (shared.lockFor(k)) {
        db.put(k, record, writeOptions);
      }
      return Status.OK;
    } catch (RuntimeException e) {
      return failed("INSERT", e);
    }
  }

  @Override
  public Status delete(String table, String key) {
    if (space.low()) {
      return diskFull("DELETE");
    }
    byte[] k = key(table, key);
    try {
      synchronized (shared.lockFor(k)) {
        if (db.get(k) == null) {
          return Status.NOT_FOUND;
        }
        db.delete(k, writeOptions);
      }
      return Status.OK;
    } catch (RuntimeException e) {
      return failed("DELETE", e);
    }
  }

  private Status diskFull(String operation) {
    errors.error(BINDING, operation, "disk full", space.describe());
    return Status.ERROR;
  }

  private Status failed(String operation, Exception e) {
    errors.error(BINDING, operation, cause(e), e.getMessage());
    return Status.ERROR;
  }

  /**
   * @return the kind of a failure: LevelDB's status class ({@code IO error}, {@code Corruption}) when the
   *     message starts with one, else the exception's simple class name
   */
  static String cause(Exception e) {
    String text = e.getMessage();
    if (e instanceof org.iq80.leveldb.DBException && text != null) {
      int colon = text.indexOf(':');
      if (colon > 0 && colon <= 20) {
        return text.substring(0, colon);
      }
    }
    if (e instanceof IllegalArgumentException) {
      return "record not in the binding's encoding";
    }
    return e.getClass().getSimpleName();
  }
}
