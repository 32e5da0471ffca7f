package dev.ycsbdriver.binding.rocksdb;

import dev.ycsbdriver.config.ConfigException;
import dev.ycsbdriver.config.CoreWorkloadKeys;
import dev.ycsbdriver.config.Phase;
import dev.ycsbdriver.config.PropertySpec;
import dev.ycsbdriver.config.Settings;
import dev.ycsbdriver.spi.Binding;
import dev.ycsbdriver.spi.BindingContext;
import dev.ycsbdriver.spi.BindingException;
import dev.ycsbdriver.spi.BindingProvider;
import dev.ycsbdriver.spi.ErrorLog;
import dev.ycsbdriver.spi.support.FieldList;
import dev.ycsbdriver.spi.support.NamedFiles;
import dev.ycsbdriver.spi.ServerFacts;
import dev.ycsbdriver.spi.ServerLocation;
import dev.ycsbdriver.spi.support.StoreDirectory;
import dev.ycsbdriver.spi.StoreFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import org.rocksdb.ReadOptions;
import org.rocksdb.RocksDBException;
import org.rocksdb.WriteOptions;

/**
 * The {@code rocksdb} binding: an embedded RocksDB database ({@code <rocksdb.dir>}, by default
 * {@code <result.dir>/rocksdb}) in the driver's process, opened once per process and shared by every client
 * thread, one column family per table. See {@link RocksDbClient} for what each operation does and
 * {@link FieldList#COUNTED} for the record format.
 *
 * <p>Durability is RocksDB's {@code WriteOptions}: {@code sync=true} (durable) fsyncs the write-ahead log before
 * a write returns; {@code sync=false} (fast) hands the log record to the OS before it returns, so it survives a
 * crash of the driver but not of the machine; {@code disableWAL=true} (unsafe) keeps writes in memtables only
 * until a flush.
 */
public final class RocksDbBindingProvider implements BindingProvider {
  /**
   * A RocksDB directory: {@code CURRENT} and {@code MANIFEST-*} with their {@code *.log}, {@code *.sst} and
   * {@code *.blob} files, and always {@code IDENTITY} and {@code OPTIONS-*}, which LevelDB never writes; {@code LOCK}
   * and {@code LOG} of an open that wrote no database hold no data.
   */
  static final StoreFiles FILES = new NamedFiles("RocksDB", "a RocksDB directory",
      Pattern.compile("IDENTITY|OPTIONS-\\d+(\\.dbtmp)?"), null,
      Pattern.compile("IDENTITY|OPTIONS-\\d+(\\.dbtmp)?|CURRENT|MANIFEST-\\d+|\\d+\\.(log|sst|ldb|blob|dbtmp)"
          + "|LOCK|LOG|LOG\\.old.*"),
      Pattern.compile("LOCK|LOG|LOG\\.old.*"));

  private static final String LOAD_FIRST = "load the records first: bin/ycsb load rocksdb -P <workload>";

  @Override
  public String name() {
    return "rocksdb";
  }

  @Override
  public String description() {
    return "embedded RocksDB in the driver's process, a column family per table; profiles durable (sync=true), "
        + "fast (sync=false) and unsafe (disableWAL=true)";
  }

  @Override
  public List<PropertySpec> properties() {
    return RocksKeys.all();
  }

  @Override
  public Optional<StoreFiles> storeFiles() {
    return Optional.of(FILES);
  }

  @Override
  public Binding open(BindingContext context) throws ConfigException, BindingException {
    Settings s = context.settings();
    String table = s.getTrimmed(CoreWorkloadKeys.TABLE);
    if (table.equals(RocksKeys.DEFAULT_COLUMN_FAMILY)) {
      throw new ConfigException("table: must not be '" + table + "', the name of RocksDB's own column family; "
          + "choose another table name");
    }
    boolean sync = s.getBoolean(RocksKeys.SYNC);
    boolean disableWal = s.getBoolean(RocksKeys.DISABLE_WAL);
    if (sync && disableWal) {
      throw new ConfigException(RocksKeys.DISABLE_WAL.key() + ": must be false when rocksdb.sync=true, got true; "
          + "a synced write needs the write-ahead log");
    }
    RocksTuning tuning = RocksKeys.tuning(s);
    boolean createTable = s.getBoolean(RocksKeys.CREATE_TABLE);
    boolean dropTable = s.getBoolean(RocksKeys.DROP_TABLE);
    Path dir = directory(s.getTrimmed(RocksKeys.DIR), context.resultDirectory());
    if (context.phase() == Phase.RUN && !Files.exists(dir.resolve("CURRENT"))) {
      // opening would create an empty database where the user perhaps mistyped the directory
      throw new BindingException("rocksdb: table " + table + " does not exist; " + LOAD_FIRST + " (no database in "
          + dir + ")");
    }

    RocksStore store = RocksStore.acquire(dir, tuning);
    WriteOptions writeOptions = new WriteOptions().setSync(sync).setDisableWAL(disableWal);
    ReadOptions readOptions = new ReadOptions();
    Runnable release = () -> {
      writeOptions.close();
      readOptions.close();
      store.release();
    };
    try {
      prepareTable(store, table, context.phase(), createTable, dropTable);
      ServerFacts facts = RocksFacts.read(store, table, writeOptions, context.profile());
      ErrorLog errors = context.errors();
      return Binding.of(() -> new RocksDbClient(store, writeOptions, readOptions, errors), ServerLocation.embedded(),
          facts, release);
    } catch (BindingException | RuntimeException e) {
      release.run();
      throw e;
    }
  }

  private static Path directory(String given, Path resultDirectory) throws ConfigException, BindingException {
    return StoreDirectory.claim(FILES, RocksKeys.DIR.key(), "rocksdb", given, resultDirectory);
  }

  private static void prepareTable(RocksStore store, String table, Phase phase, boolean create, boolean drop)
      throws BindingException {
    try {
      if (drop) {
        store.dropTable(table);
      }
      // only the load phase creates: an empty table made for a run would only turn its reads into NOT_FOUND
      if (phase == Phase.LOAD && create) {
        store.createTable(table);
      }
    } catch (RocksDBException e) {
      if (RocksFailures.isFullDisk(e)) {
        throw RocksFailures.fullDisk(store.dir(), e);
      }
      throw new BindingException("rocksdb: preparing table " + table + " in " + store.dir() + " failed ("
          + RocksFailures.describe(e) + ")", e);
    }
    if (store.table(table) == null) {
      String hint = phase == Phase.LOAD ? "add -p createtable=true to create it"
          : LOAD_FIRST;
      throw new BindingException("rocksdb: table " + table + " does not exist; " + hint);
    }
  }

  /** The open binding: the shared store, this binding's read and write options, and its facts. */
}
