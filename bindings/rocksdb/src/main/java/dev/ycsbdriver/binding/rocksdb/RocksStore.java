package dev.ycsbdriver.binding.rocksdb;

import dev.ycsbdriver.spi.BindingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.rocksdb.Cache;
import org.rocksdb.ColumnFamilyDescriptor;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.ColumnFamilyOptions;
import org.rocksdb.DBOptions;
import org.rocksdb.Filter;
import org.rocksdb.Options;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;

/**
 * One RocksDB database directory, opened once per process and shared by every binding and client thread that
 * asks for it; closed when the last of them releases it. Each table is a column family of the same name.
 *
 * <p>RocksDB lets one process open a directory once (its {@code LOCK} file), so two bindings of one process
 * (an integration test's own binding and the command line it runs) must share the handle: {@link #acquire}
 * counts references per directory.
 *
 * <p>Updates are read-modify-write of a whole record; {@link #lockFor} gives the lock that orders the writes of
 * one key: 4096 stripes by the key's hash. All writers of the directory are in this process (RocksDB's lock
 * keeps other processes out), so the stripes order every write of a key.
 *
 * <p>Thread-safe. A dropped table's handle stays open until the database closes, so a client thread that still
 * holds it gets an error from RocksDB, never a freed handle.
 */
final class RocksStore {
  private static final int STRIPES = 4096;
  private static final Map<Path, RocksStore> OPEN = new HashMap<>();

  private final Path dir;
  private final RocksTuning tuning;
  private final RocksDB db;
  private final ColumnFamilyHandle defaultHandle;
  private final ConcurrentHashMap<String, ColumnFamilyHandle> tables = new ConcurrentHashMap<>();
  private final List<ColumnFamilyHandle> dropped = new ArrayList<>();
  private final List<AutoCloseable> natives;
  private final ColumnFamilyOptions tableOptions;
  private final Object[] stripes = new Object[STRIPES];
  /** Guarded by {@code OPEN}. */
  private int references = 1;

  private RocksStore(Path dir, RocksTuning tuning, RocksDB db, List<ColumnFamilyHandle> handles,
                     ColumnFamilyOptions tableOptions, List<AutoCloseable> natives) {
    this.dir = dir;
    this.tuning = tuning;
    this.db = db;
    this.tableOptions = tableOptions;
    this.natives = natives;
    ColumnFamilyHandle def = null;
    for (ColumnFamilyHandle h : handles) {
      String name = name(h);
      if (name.equals(RocksKeys.DEFAULT_COLUMN_FAMILY)) {
        def = h;
      } else {
        tables.put(name, h);
      }
    }
    this.defaultHandle = def;
    for (int i = 0; i < STRIPES; i++) {
      stripes[i] = new Object();
    }
  }

  /**
   * Opens the database in {@code dir}, creating it when missing, or shares the one this process already has open.
   *
   * @param dir an existing directory, absolute and normalised
   * @param tuning the options to open with; must equal those of an open database in the same directory
   * @return the store; call {@link #release()} once when done
   * @throws BindingException when the native library cannot load, RocksDB cannot open the directory (locked by
   *     another process, corrupt, unreadable), or it is open in this process with other options
   */
  static RocksStore acquire(Path dir, RocksTuning tuning) throws BindingException {
    synchronized (OPEN) {
      RocksStore open = OPEN.get(dir);
      if (open != null) {
        if (!open.tuning.equals(tuning)) {
          throw new BindingException("rocksdb: " + dir + " is already open in this process with other options ("
              + open.tuning + "), asked for " + tuning + "; RocksDB options are fixed while a database is open");
        }
        open.references++;
        return open;
      }
      RocksStore store = open(dir, tuning);
      OPEN.put(dir, store);
      return store;
    }
  }

  private static RocksStore open(Path dir, RocksTuning tuning) throws BindingException {
    RocksNativeLibrary.load();
    List<AutoCloseable> natives = new ArrayList<>();
    Cache cache = tuning.blockCache();
    natives.add(cache);
    Filter filter = tuning.bloomFilter();
    if (filter != null) {
      natives.add(filter);
    }
    ColumnFamilyOptions tableOptions = tuning.tableOptions(cache, filter);
    DBOptions dbOptions = tuning.dbOptions();
    // closed in reverse: options before the cache and filter they point to
    natives.add(tableOptions);
    natives.add(dbOptions);
    List<ColumnFamilyHandle> handles = new ArrayList<>();
    try {
      List<ColumnFamilyDescriptor> families = new ArrayList<>();
      for (byte[] name : existingColumnFamilies(dir)) {
        families.add(new ColumnFamilyDescriptor(name, tableOptions));
      }
      RocksDB db = RocksDB.open(dbOptions, dir.toString(), families, handles);
      return new RocksStore(dir, tuning, db, handles, tableOptions, natives);
    } catch (RocksDBException e) {
      closeAll(natives);
      throw RocksFailures.openFailure(dir, e);
    }
  }

  private static List<byte[]> existingColumnFamilies(Path dir) throws RocksDBException {
    if (!Files.exists(dir.resolve("CURRENT"))) {
      return List.of(RocksDB.DEFAULT_COLUMN_FAMILY);
    }
    try (Options options = new Options()) {
      List<byte[]> names = RocksDB.listColumnFamilies(options, dir.toString());
      // a CURRENT that names no readable MANIFEST lists nothing: open with the default family, and RocksDB says why
      return names.isEmpty() ? List.of(RocksDB.DEFAULT_COLUMN_FAMILY) : names;
    }
  }

  /** @return the open database; valid until the last {@link #release()} */
  RocksDB db() {
    return db;
  }

  /** @return the database directory */
  Path dir() {
    return dir;
  }

  /** @return the options the database was opened with */
  RocksTuning tuning() {
    return tuning;
  }

  /** @return the column family of {@code table}, or null when the table does not exist */
  ColumnFamilyHandle table(String table) {
    return tables.get(table);
  }

  /**
   * @return the column family of {@code table}, created with the store's options when missing
   * @throws RocksDBException when RocksDB cannot create it
   */
  synchronized ColumnFamilyHandle createTable(String table) throws RocksDBException {
    ColumnFamilyHandle h = tables.get(table);
    if (h == null) {
      h = db.createColumnFamily(new ColumnFamilyDescriptor(table.getBytes(StandardCharsets.UTF_8), tableOptions));
      tables.put(table, h);
    }
    return h;
  }

  /**
   * Drops the column family of {@code table} and all its records; nothing when it does not exist.
   *
   * @throws RocksDBException when RocksDB cannot drop it
   */
  synchronized void dropTable(String table) throws RocksDBException {
    ColumnFamilyHandle h = tables.remove(table);
    if (h != null) {
      db.dropColumnFamily(h);
      dropped.add(h);
    }
  }

  /** @return the lock that orders writes of {@code key} (any table) */
  Object lockFor(String key) {
    int h = key.hashCode();
    return stripes[(h ^ (h >>> 16)) & (STRIPES - 1)];
  }

  /**
   * Gives up one reference; the last closes the column families, the database and its options. Never throws:
   * a failed close is one line on stderr.
   */
  void release() {
    synchronized (OPEN) {
      if (--references > 0) {
        return;
      }
      OPEN.remove(dir);
    }
    synchronized (this) {
      List<AutoCloseable> all = new ArrayList<>(tables.values());
      all.addAll(dropped);
      if (defaultHandle != null) {
        all.add(defaultHandle);
      }
      closeAll(all);
      try {
        db.closeE();
      } catch (RocksDBException e) {
        System.err.println("rocksdb: closing " + dir + " failed: " + RocksFailures.describe(e));
      }
      closeAll(natives);
    }
  }

  private static void closeAll(List<AutoCloseable> objects) {
    for (int i = objects.size() - 1; i >= 0; i--) {
      try {
        objects.get(i).close();
      } catch (Exception e) {
        System.err.println("rocksdb: releasing " + objects.get(i).getClass().getSimpleName() + " failed: " + e.getMessage());
      }
    }
  }

  private static String name(ColumnFamilyHandle h) {
    try {
      return new String(h.getName(), StandardCharsets.UTF_8);
    } catch (RocksDBException e) {
      throw new IllegalStateException("rocksdb: a column family without a name: " + e.getMessage(), e);
    }
  }
}
