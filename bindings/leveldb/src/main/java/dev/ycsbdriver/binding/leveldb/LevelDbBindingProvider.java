package dev.ycsbdriver.binding.leveldb;

import dev.ycsbdriver.config.ConfigException;
import dev.ycsbdriver.config.CoreWorkloadKeys;
import dev.ycsbdriver.config.Phase;
import dev.ycsbdriver.config.PropertySpec;
import dev.ycsbdriver.config.Settings;
import dev.ycsbdriver.result.model.Warning;
import dev.ycsbdriver.spi.Binding;
import dev.ycsbdriver.spi.BindingContext;
import dev.ycsbdriver.spi.BindingException;
import dev.ycsbdriver.spi.BindingProvider;
import dev.ycsbdriver.spi.ErrorLog;
import dev.ycsbdriver.spi.support.FreeSpace;
import dev.ycsbdriver.spi.support.NamedFiles;
import dev.ycsbdriver.spi.ServerFacts;
import dev.ycsbdriver.spi.ServerLocation;
import dev.ycsbdriver.spi.support.StoreDirectory;
import dev.ycsbdriver.spi.StoreFiles;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import org.fusesource.leveldbjni.JniDBFactory;
import org.iq80.leveldb.WriteOptions;

/**
 * The {@code leveldb} binding: Google's LevelDB (the C++ library, through leveldbjni 1.8's JNI bindings) in
 * the driver's process. One database directory ({@code leveldb.dir}, default {@code <result.dir>/leveldb}),
 * opened once per process and shared by every client thread ({@link SharedDatabase}); records laid out as
 * {@link KeyLayout} says, operations as {@link LevelDbDb} says.
 *
 * <p>Durability is LevelDB's {@code WriteOptions.sync} on every put and delete ({@code leveldb.sync}): with
 * {@code true} (profile {@code durable}) LevelDB syncs its log file before the write returns, so an
 * acknowledged write survives a crash of the machine; with {@code false} (profile {@code fast}, LevelDB's
 * default) the write is in the operating system when it returns: it survives a crash of the driver's
 * process, not of the machine.
 */
public final class LevelDbBindingProvider implements BindingProvider {
  /**
   * A LevelDB directory: {@code CURRENT} and {@code MANIFEST-*} with their {@code *.log} and {@code *.ldb} (older:
   * {@code *.sst}) files, and never {@code IDENTITY} or {@code OPTIONS-*}, which only RocksDB writes; {@code LOCK}
   * and {@code LOG} of an open that wrote no database hold no data.
   */
  static final StoreFiles FILES = new NamedFiles("LevelDB", "a LevelDB directory",
      Pattern.compile("CURRENT|MANIFEST-\\d+"), Pattern.compile("IDENTITY|OPTIONS-\\d+(\\.dbtmp)?"),
      Pattern.compile("CURRENT|MANIFEST-\\d+|\\d+\\.(log|ldb|sst|dbtmp)|LOCK|LOG|LOG\\.old.*"),
      Pattern.compile("LOCK|LOG|LOG\\.old.*"));

  static final PropertySpec DIR = PropertySpec.optional("leveldb.dir", "",
      "database directory (created when missing); default <result.dir>/leveldb");
  static final PropertySpec SYNC = PropertySpec.of("leveldb.sync", "false", "",
      "WriteOptions.sync of every put and delete: true syncs LevelDB's log file before the write returns; "
          + "LevelDB's default is false; set by the durable (true) and fast (false) profiles").flag();
  static final PropertySpec CACHE_SIZE = PropertySpec.of("leveldb.cache_size", "8388608", "bytes",
      "LevelDB block cache (uncompressed blocks, LRU); 0 leaves LevelDB's built-in 8 MiB cache")
      .integer(0, 1L << 40);
  static final PropertySpec WRITE_BUFFER_SIZE = PropertySpec.of("leveldb.write_buffer_size", "4194304", "bytes",
      "memtable size at which it is written out as a level-0 table; LevelDB's default is 4 MiB")
      .integer(64L << 10, 1L << 30);
  static final PropertySpec BLOCK_SIZE = PropertySpec.of("leveldb.block_size", "4096", "bytes",
      "uncompressed size of a table block, the unit of reads and of the cache; LevelDB's default is 4 KiB")
      .integer(1L << 10, 4L << 20);
  static final PropertySpec MAX_OPEN_FILES = PropertySpec.of("leveldb.max_open_files", "1000", "files",
      "table files LevelDB keeps open; LevelDB's default is 1000").integer(74, 50_000);
  static final PropertySpec COMPRESSION = PropertySpec.of("leveldb.compression", "snappy", "",
      "compression of table blocks: snappy (LevelDB's default) or none").choice("snappy", "none");
  static final PropertySpec MIN_FREE_SPACE = PropertySpec.of("leveldb.min_free_space", "67108864", "bytes",
      "least free space on the file system of leveldb.dir: below it the run does not start (exit code 1) and writes "
          + "fail; LevelDB maps its files into memory, so a full disk would end the JVM with SIGBUS; 0 turns the "
          + "check off").integer(0, 1L << 50);
  /** How often the free space is polled during a run; the floor must exceed what LevelDB writes in this time. */
  private static final Duration FREE_SPACE_POLL = Duration.ofMillis(10);
  static final PropertySpec CREATE_TABLE = PropertySpec.of("createtable", "true", "",
      "in the load phase, create the table (its marker key) when it does not exist").flag();
  static final PropertySpec DROP_TABLE = PropertySpec.of("droptable", "false", "",
      "delete the table's records and marker before the phase starts").flag();

  @Override
  public String name() {
    return "leveldb";
  }

  @Override
  public String description() {
    return "embedded LevelDB (C++, leveldbjni " + JniDBFactory.VERSION + ") in the driver's process; profiles "
        + "durable (sync=true) and fast (sync=false)";
  }

  @Override
  public List<PropertySpec> properties() {
    return List.of(DIR, SYNC, CACHE_SIZE, WRITE_BUFFER_SIZE, BLOCK_SIZE, MAX_OPEN_FILES, COMPRESSION, MIN_FREE_SPACE,
        CREATE_TABLE, DROP_TABLE);
  }

  @Override
  public Optional<StoreFiles> storeFiles() {
    return Optional.of(FILES);
  }

  @Override
  public Binding open(BindingContext context) throws ConfigException, BindingException {
    Settings s = context.settings();
    String table = s.getTrimmed(CoreWorkloadKeys.TABLE);
    if (table.isEmpty() || table.indexOf('\0') >= 0) {
      throw new ConfigException("table: must be non-empty and without a zero character for leveldb, got '"
          + table.replace("\0", "\\0") + "'");
    }
    StoreOptions options = new StoreOptions(s.getLong(CACHE_SIZE), s.getInt(WRITE_BUFFER_SIZE), s.getInt(BLOCK_SIZE),
        s.getInt(MAX_OPEN_FILES), s.getChoice(COMPRESSION));
    WriteOptions writeOptions = new WriteOptions().sync(s.getBoolean(SYNC));
    boolean drop = s.getBoolean(DROP_TABLE);
    boolean create = s.getBoolean(CREATE_TABLE);
    Path dir = directory(s.getTrimmed(DIR), context.resultDirectory());
    long minFreeBytes = s.getLong(MIN_FREE_SPACE);
    FreeSpace.require(name(), MIN_FREE_SPACE.key(), dir, minFreeBytes, context.resultDirectory());
    FreeSpace space;
    try {
      space = FreeSpace.watch(MIN_FREE_SPACE.key(), dir, minFreeBytes, FREE_SPACE_POLL);
    } catch (IOException e) {
      throw new BindingException("leveldb: cannot find the file system of " + dir + " (" + e.getMessage() + ")", e);
    }

    SharedDatabase shared;
    try {
      shared = SharedDatabase.hold(dir, options);
      try {
        prepare(shared, table, drop, create, context.phase());
      } catch (BindingException | RuntimeException e) {
        releaseQuietly(shared);
        throw e;
      }
    } catch (BindingException | RuntimeException e) {
      space.close();
      throw e;
    }
    ServerFacts facts = facts(shared, options, writeOptions.sync(), context.profile());
    ErrorLog errors = context.errors();
    return Binding.of(() -> new LevelDbDb(shared, writeOptions, errors, space), ServerLocation.embedded(), facts,
        () -> {
          releaseQuietly(shared);
          space.close();
        });
  }

  /**
   * Drops the table when asked, then makes sure it exists: the load phase creates it when {@code createtable}
   * allows; the run phase never does (its records would be missing).
   */
  private static void prepare(SharedDatabase shared, String table, boolean drop, boolean create, Phase phase)
      throws BindingException {
    try {
      if (drop) {
        Tables.drop(shared.db(), table);
      }
      if (!Tables.exists(shared.db(), table)) {
        if (phase == Phase.RUN) {
          throw new BindingException("leveldb: table " + table + " does not exist; load the records first: "
              + "bin/ycsb load leveldb -P <workload> -p leveldb.dir=" + shared.dir());
        }
        if (!create) {
          throw new BindingException("leveldb: table " + table + " does not exist in " + shared.dir()
              + " and createtable=false; leave createtable=true to create it");
        }
        Tables.create(shared.db(), table);
      }
    } catch (IOException | org.iq80.leveldb.DBException e) {
      throw new BindingException("leveldb: cannot prepare table " + table + " in " + shared.dir() + " ("
          + OpenFailures.firstLine(e.getMessage()) + ")", e);
    }
  }

  /**
   * @param given {@code leveldb.dir}, or empty for the default
   * @param resultDirectory the run's result base directory
   * @return the database directory, created when missing, absolute, symbolic links resolved (so that two
   *     spellings of one directory share one open database)
   * @throws ConfigException when it holds anything but LevelDB's files, or is not writable
   * @throws BindingException when it cannot be created
   */
  static Path directory(String given, Path resultDirectory) throws ConfigException, BindingException {
    return StoreDirectory.claim(FILES, DIR.key(), "leveldb", given, resultDirectory);
  }

  private static ServerFacts facts(SharedDatabase shared, StoreOptions asked, boolean sync, String profile) {
    Map<String, String> settings = new LinkedHashMap<>();
    settings.put("library", "org.fusesource.leveldbjni:leveldbjni-all " + JniDBFactory.VERSION
        + " (native LevelDB with Snappy, JNI)");
    settings.put("database", shared.dir().toString());
    settings.put("sync", Boolean.toString(sync));
    settings.putAll(shared.options().facts());
    List<Warning> warnings = new ArrayList<>();
    if (!shared.options().equals(asked)) {
      warnings.add(new Warning(Warning.Code.SETTING_NOT_APPLIED,
          "leveldb: " + shared.dir() + " was already open in this process with other options; those "
          + "are in force, not this command's: " + asked.facts()));
    }
    if (!sync) {
      warnings.add(new Warning(Warning.Code.NOT_DURABLE,
          "leveldb: sync=false: a write is in the operating system's page cache when it returns; a crash "
          + "of the driver loses nothing, a crash of the machine can lose the writes not yet written back"));
    }
    return new ServerFacts("LevelDB", "leveldbjni " + JniDBFactory.VERSION, profile, settings, warnings);
  }

  static void releaseQuietly(SharedDatabase shared) {
    try {
      shared.release();
    } catch (IOException | RuntimeException e) {
      System.err.println("ycsb: warning: leveldb: closing " + shared.dir() + " failed: "
          + OpenFailures.firstLine(e.getMessage()));
    }
  }
}
