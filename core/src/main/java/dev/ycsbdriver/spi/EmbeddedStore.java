package dev.ycsbdriver.spi;

/**
 * The embedded stores whose files {@link StoreDirectory} recognises, each with the words that name its directory
 * in a message.
 *
 * <p>Immutable and thread-safe.
 */
public enum EmbeddedStore {
  /** RocksDB: {@code CURRENT}, {@code MANIFEST-*}, and always {@code IDENTITY} and {@code OPTIONS-*}. */
  ROCKSDB("RocksDB", "a RocksDB directory"),
  /** LevelDB: {@code CURRENT} and {@code MANIFEST-*}, never {@code OPTIONS-*} or {@code IDENTITY}. */
  LEVELDB("LevelDB", "a LevelDB directory"),
  /** Berkeley DB Java Edition: {@code *.jdb} log files and {@code je.*} files ({@code je.lck}, {@code je.properties}). */
  BERKELEYDB("Berkeley DB JE", "a Berkeley DB JE environment"),
  /** H2 2.x: a {@code *.mv.db} file starting with {@code H:2,}, beside its {@code *.trace.db}. */
  H2("H2", "a directory of H2 files (ycsb.mv.db)"),
  /** SQLite: a file starting with {@code SQLite format 3\0}, beside its {@code -wal}, {@code -shm}, {@code -journal}. */
  SQLITE("SQLite", "a directory of SQLite files (ycsb.db)");

  private final String product;
  private final String directory;

  EmbeddedStore(String product, String directory) {
    this.product = product;
    this.directory = directory;
  }

  /** @return the store's product name, e.g. {@code RocksDB} */
  public String product() {
    return product;
  }

  /** @return what a directory of this store is called in a message, e.g. {@code a RocksDB directory} */
  public String directory() {
    return directory;
  }
}
