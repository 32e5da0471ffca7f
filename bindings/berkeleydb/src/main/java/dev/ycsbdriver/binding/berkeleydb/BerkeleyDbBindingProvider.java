package dev.ycsbdriver.binding.berkeleydb;

import com.sleepycat.je.EnvironmentConfig;
import dev.ycsbdriver.config.ConfigException;
import dev.ycsbdriver.config.CoreWorkloadKeys;
import dev.ycsbdriver.config.PropertySpec;
import dev.ycsbdriver.config.Settings;
import dev.ycsbdriver.spi.Binding;
import dev.ycsbdriver.spi.BindingContext;
import dev.ycsbdriver.spi.BindingException;
import dev.ycsbdriver.spi.BindingProvider;
import dev.ycsbdriver.spi.support.NamedFiles;
import dev.ycsbdriver.spi.support.StoreDirectory;
import dev.ycsbdriver.spi.StoreFiles;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

/**
 * The {@code berkeleydb} binding: Berkeley DB Java Edition (JE) in the driver's process. One environment (a
 * directory of {@code .jdb} log files), opened once per process and shared by every client thread; one JE
 * {@code Database} per YCSB table. Transactional by default (each write operation one transaction, committed
 * with {@code berkeleydb.durability}); {@code berkeleydb.transactional=false} opens it without transactions.
 * The effective settings are read back from the open environment into the result.
 *
 * <p>Stateless and thread-safe; {@link #open} does the work.
 */
public final class BerkeleyDbBindingProvider implements BindingProvider {
  /**
   * A Berkeley DB Java Edition environment: log files {@code NNNNNNNN.jdb}, numbered in hexadecimal
   * ({@code 0000000a.jdb}; the cleaner deletes the oldest or renames them {@code .del}, and a damaged one is
   * {@code .bad}), and {@code je.*} files ({@code je.lck}, {@code je.properties}, {@code je.info.0}).
   */
  static final StoreFiles FILES = new NamedFiles("Berkeley DB JE", "a Berkeley DB JE environment", null, null,
      Pattern.compile("[0-9a-f]{8}\\.(jdb|del|bad)|je\\..+"), null);

  static final String NAME = "berkeleydb";
  static final PropertySpec DIR = PropertySpec.optional("berkeleydb.dir", "",
      "directory of the JE environment (its .jdb log files); created when missing; default <result.dir>/berkeleydb");
  static final PropertySpec TRANSACTIONAL = PropertySpec.of("berkeleydb.transactional", "true", "",
      "true: each write is a JE transaction committed with berkeleydb.durability; false: no transactions "
          + "(writes are followed by the flush berkeleydb.durability names)").flag();
  static final PropertySpec DURABILITY = PropertySpec.optional("berkeleydb.durability", "",
      "commit_sync (fsync before return), commit_write_no_sync (written to the OS before return) or commit_no_sync "
          + "(left in JE's buffer); JE's default is commit_sync; set by the durable, fast and nosync profiles")
      .choice("commit_sync", "commit_write_no_sync", "commit_no_sync");
  static final PropertySpec CACHE_PERCENT = PropertySpec.of("berkeleydb.cache.percent", "60", "% of heap",
      "JE je.maxMemoryPercent: the cache's share of the JVM's maximum heap; unused when berkeleydb.cache.size is set")
      .integer(1, 90);
  static final PropertySpec CACHE_SIZE = PropertySpec.optional("berkeleydb.cache.size", "MiB",
      "JE je.maxMemory: the cache's size; when set it overrides berkeleydb.cache.percent; must fit in the heap")
      .integer(1, 1_048_576);
  static final PropertySpec LOG_FILE_SIZE = PropertySpec.of("berkeleydb.log.filesize", "10000000", "bytes",
      "JE je.log.fileMax: the size at which JE starts a new .jdb log file").integer(1_000_000, 1_073_741_824);
  static final PropertySpec LOCK_TIMEOUT = PropertySpec.of("berkeleydb.lock.timeout", "10s", "ms",
      "JE je.lock.timeout: how long an operation waits for a record another thread has locked before it fails; "
          + "0 waits forever; JE's own default is 500ms").duration(Duration.ZERO, Duration.ofMinutes(75));
  static final PropertySpec CREATE_TABLE = PropertySpec.of("createtable", "true", "",
      "in the load phase, create the table's JE database when it does not exist").flag();
  static final PropertySpec DROP_TABLE = PropertySpec.of("droptable", "false", "",
      "remove the table's JE database (and all its records) before the phase starts").flag();

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public String description() {
    return "Berkeley DB Java Edition in the driver's process, transactional or not; profiles durable (COMMIT_SYNC), "
        + "fast (COMMIT_WRITE_NO_SYNC) and nosync (COMMIT_NO_SYNC)";
  }

  @Override
  public List<PropertySpec> properties() {
    return List.of(DIR, TRANSACTIONAL, DURABILITY, CACHE_PERCENT, CACHE_SIZE, LOG_FILE_SIZE, LOCK_TIMEOUT,
        CREATE_TABLE, DROP_TABLE);
  }

  @Override
  public Optional<StoreFiles> storeFiles() {
    return Optional.of(FILES);
  }

  @Override
  public Binding open(BindingContext context) throws ConfigException, BindingException {
    Settings s = context.settings();
    boolean transactional = s.getBoolean(TRANSACTIONAL);
    WriteDurability durability = s.contains(DURABILITY.key()) ? WriteDurability.of(s.getChoice(DURABILITY)) : null;
    EnvironmentConfig config = environmentConfig(s, transactional, durability);
    Path dir = directory(s.getTrimmed(DIR), context.resultDirectory());
    String table = s.getTrimmed(CoreWorkloadKeys.TABLE);
    BerkeleyStore.Spec spec = new BerkeleyStore.Spec(dir, config, transactional, durability, table,
        s.getBoolean(CREATE_TABLE), s.getBoolean(DROP_TABLE), context.phase(), context.profile());
    return BerkeleyStore.open(spec, context.errors());
  }

  /**
   * The environment's configuration from the binding's keys.
   *
   * @throws ConfigException for a malformed value
   */
  static EnvironmentConfig environmentConfig(Settings s, boolean transactional, WriteDurability durability)
      throws ConfigException {
    EnvironmentConfig config = new EnvironmentConfig();
    config.setAllowCreate(true);
    config.setTransactional(transactional);
    if (s.contains(CACHE_SIZE.key())) {
      config.setCacheSize(s.getLong(CACHE_SIZE) * 1024 * 1024);
    } else {
      config.setCachePercent(s.getInt(CACHE_PERCENT));
    }
    config.setConfigParam(EnvironmentConfig.LOG_FILE_MAX, Long.toString(s.getLong(LOG_FILE_SIZE)));
    config.setLockTimeout(s.getDuration(LOCK_TIMEOUT).toMillis(), TimeUnit.MILLISECONDS);
    if (durability != null) {
      config.setDurability(durability.je());
    }
    return config;
  }

  /**
   * The environment directory: the one given, else {@code <resultDirectory>/berkeleydb}; created when missing.
   *
   * @throws ConfigException when it holds anything but JE's files, or is not writable
   * @throws BindingException when it cannot be created (a file in the way, no permission)
   */
  static Path directory(String given, Path resultDirectory) throws ConfigException, BindingException {
    return StoreDirectory.claim(FILES, DIR.key(), NAME, given, resultDirectory);
  }
}
