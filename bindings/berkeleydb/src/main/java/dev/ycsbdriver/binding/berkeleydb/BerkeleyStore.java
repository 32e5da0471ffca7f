package dev.ycsbdriver.binding.berkeleydb;

import com.sleepycat.je.Database;
import com.sleepycat.je.DatabaseConfig;
import com.sleepycat.je.DatabaseException;
import com.sleepycat.je.DatabaseNotFoundException;
import com.sleepycat.je.Environment;
import com.sleepycat.je.EnvironmentConfig;
import com.sleepycat.je.JEVersion;
import dev.ycsbdriver.config.ConfigException;
import dev.ycsbdriver.result.model.Warning;
import dev.ycsbdriver.spi.Binding;
import dev.ycsbdriver.spi.BindingException;
import dev.ycsbdriver.spi.ErrorLog;
import dev.ycsbdriver.config.Phase;
import dev.ycsbdriver.spi.ServerFacts;
import dev.ycsbdriver.spi.ServerLocation;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import site.ycsb.DB;

/**
 * A JE environment opened for one run, with the table's {@link Database}; makes one {@link BerkeleyDb} per client
 * thread, all sharing the environment and the database handles (JE handles are thread-safe).
 *
 * <p>Lifecycle: {@link #open} (environment, drop and create the table when asked, read the facts) → {@link #newDb()}
 * per thread → {@link #close()}, which closes the database handles and then the environment (JE checkpoints on
 * close). Thread-safe.
 */
final class BerkeleyStore implements Binding {
  /**
   * What to open.
   *
   * @param dir the environment directory, existing
   * @param config the environment's configuration
   * @param transactional whether the environment and its databases are transactional
   * @param durability {@code berkeleydb.durability}, or null when not set (JE's default commits, no flush)
   * @param table the YCSB table, the database opened at start
   * @param createTable create the table's database when missing, in the load phase
   * @param dropTable remove the table's database first
   * @param phase load or run
   * @param profile the durability profile's name, or null
   */
  record Spec(Path dir, EnvironmentConfig config, boolean transactional, WriteDurability durability, String table,
              boolean createTable, boolean dropTable, Phase phase, String profile) {
  }

  private final Environment env;
  private final Spec spec;
  private final WriteDurability.LogFlush flush;
  private final ErrorLog errors;
  private final ServerFacts facts;
  private final Map<String, Database> databases = new ConcurrentHashMap<>();

  private BerkeleyStore(Environment env, Spec spec, ErrorLog errors, Database first) {
    this.env = env;
    this.spec = spec;
    this.errors = errors;
    this.flush = spec.transactional() || spec.durability() == null ? WriteDurability.LogFlush.NONE
        : spec.durability().afterNonTransactionalWrite();
    databases.put(spec.table(), first);
    this.facts = facts();
  }

  /**
   * @param spec what to open
   * @param errors where the client threads report failed operations
   * @return the open store
   * @throws ConfigException when JE refuses the configuration (exit code 2)
   * @throws BindingException when the environment cannot be opened, or the table is missing (exit code 3)
   */
  static BerkeleyStore open(Spec spec, ErrorLog errors) throws ConfigException, BindingException {
    Environment env;
    try {
      env = new Environment(spec.dir().toFile(), spec.config());
    } catch (IllegalArgumentException e) {
      throw BerkeleyFailures.refusedSetting(spec.dir(), e);
    } catch (DatabaseException e) {
      throw BerkeleyFailures.openFailure(spec.dir(), e);
    }
    try {
      return new BerkeleyStore(env, spec, errors, prepareTable(env, spec));
    } catch (BindingException | RuntimeException e) {
      env.close();
      throw e;
    }
  }

  private static Database prepareTable(Environment env, Spec spec) throws BindingException {
    String table = spec.table();
    try {
      if (spec.dropTable()) {
        try {
          env.removeDatabase(null, table);
        } catch (DatabaseNotFoundException absent) {
          // nothing to drop
        }
      }
      boolean exists = env.getDatabaseNames().contains(table);
      // only the load phase creates: an empty table made for a run would only turn its reads into NOT_FOUND
      if (!exists && !(spec.phase() == Phase.LOAD && spec.createTable())) {
        String hint = spec.phase() == Phase.LOAD ? "add -p createtable=true to create it"
            : "load the records first: bin/ycsb load berkeleydb -P <workload>";
        throw new BindingException("berkeleydb: table " + table + " does not exist; " + hint);
      }
      return env.openDatabase(null, table, databaseConfig(spec.transactional(), true));
    } catch (DatabaseException e) {
      throw BerkeleyFailures.failure("preparing table " + table, e);
    }
  }

  private static DatabaseConfig databaseConfig(boolean transactional, boolean allowCreate) {
    return new DatabaseConfig().setTransactional(transactional).setAllowCreate(allowCreate);
  }

  /**
   * The database of a table other than the one opened at start, opened once and kept; it must exist.
   *
   * @param table the YCSB table
   * @return its database
   * @throws DatabaseNotFoundException when it does not exist
   */
  Database database(String table) {
    return databases.computeIfAbsent(table, t -> env.openDatabase(null, t, databaseConfig(spec.transactional(), false)));
  }

  private ServerFacts facts() {
    EnvironmentConfig c = env.getConfig();
    Map<String, String> settings = new LinkedHashMap<>();
    settings.put("environment", spec.dir().toString());
    settings.put("transactional", Boolean.toString(c.getTransactional()));
    String durability = WriteDurability.name(c.getDurability());
    settings.put("durability", spec.transactional() || spec.durability() != null ? durability : "none");
    settings.put("durability.applied", spec.transactional() ? "by each write's commit" : flush.description());
    settings.put("cache_size_bytes", Long.toString(c.getCacheSize()));
    if ("0".equals(spec.config().getConfigParam(EnvironmentConfig.MAX_MEMORY))) {
      settings.put("je.maxMemoryPercent", Integer.toString(c.getCachePercent()));
    }
    settings.put("je.log.fileMax", c.getConfigParam(EnvironmentConfig.LOG_FILE_MAX));
    settings.put("je.lock.timeout_ms", Long.toString(c.getLockTimeout(TimeUnit.MILLISECONDS)));
    settings.put("je.log.flushNoSyncInterval", c.getConfigParam(EnvironmentConfig.LOG_FLUSH_NO_SYNC_INTERVAL));
    settings.put("je.log.flushSyncInterval", c.getConfigParam(EnvironmentConfig.LOG_FLUSH_SYNC_INTERVAL));
    List<Warning> warnings = new ArrayList<>();
    if (!spec.transactional() && spec.durability() == null) {
      warnings.add(new Warning(Warning.Code.NOT_DURABLE,
          "berkeleydb: non-transactional writes without berkeleydb.durability stay in JE's log buffer until "
          + "it fills or the background flush runs (je.log.flushNoSyncInterval): a crash of the process loses them"));
    } else if ("COMMIT_NO_SYNC".equals(durability)) {
      warnings.add(new Warning(Warning.Code.NOT_DURABLE,
          "berkeleydb: COMMIT_NO_SYNC leaves each write in JE's log buffer in the JVM: a crash of the "
          + "process loses up to je.log.flushNoSyncInterval of writes"));
    } else if ("COMMIT_WRITE_NO_SYNC".equals(durability)) {
      warnings.add(new Warning(Warning.Code.NOT_DURABLE,
          "berkeleydb: COMMIT_WRITE_NO_SYNC hands each write to the OS without fsync: it survives a crash "
          + "of the process, not of the machine"));
    }
    return new ServerFacts("Berkeley DB Java Edition", JEVersion.CURRENT_VERSION.getVersionString(), spec.profile(),
        settings, warnings);
  }

  @Override
  public DB newDb() {
    return new BerkeleyDb(this, env, databases.get(spec.table()), spec.table(), spec.transactional(), flush, errors);
  }

  @Override
  public ServerLocation serverLocation() {
    return ServerLocation.embedded();
  }

  @Override
  public ServerFacts serverFacts() {
    return facts;
  }

  @Override
  public void close() {
    for (Database db : databases.values()) {
      try {
        db.close();
      } catch (DatabaseException | IllegalStateException e) {
        System.err.println("berkeleydb: closing database " + db.getDatabaseName() + " failed: "
            + BerkeleyFailures.firstLine(e.getMessage()));
      }
    }
    try {
      env.close();
    } catch (DatabaseException | IllegalStateException e) {
      System.err.println("berkeleydb: closing environment " + spec.dir() + " failed: "
          + BerkeleyFailures.firstLine(e.getMessage()));
    }
  }
}
