package dev.ycsbdriver.binding.jdbc;

import dev.ycsbdriver.config.ConfigException;
import dev.ycsbdriver.config.Phase;
import dev.ycsbdriver.config.PropertySpec;
import dev.ycsbdriver.config.Settings;
import dev.ycsbdriver.spi.support.ConnectionMode;
import dev.ycsbdriver.spi.support.NetworkTimeouts;
import java.util.List;

/** Keys every SQL binding shares with upstream YCSB's JDBC binding. */
public final class JdbcKeys {
  /** Drop the table before the run. */
  public static final PropertySpec DROP_TABLE = PropertySpec.of("droptable", "false", "",
      "drop the table (and all its records) before the phase starts; a table whose columns are not a YCSB table's "
          + "(YCSB_KEY and FIELD0..n) is refused unless droptable.force=true").flag();
  /** Drop the table before the run even when it is not shaped like a YCSB table. */
  public static final PropertySpec DROP_TABLE_FORCE = PropertySpec.of("droptable.force", "false", "",
      "with droptable=true, drop the table even when its columns are not a YCSB table's (YCSB_KEY and FIELD0..n): "
          + "for a table of your own you mean to lose").flag();
  /** Generic JDBC: the driver class. */
  public static final PropertySpec DRIVER = PropertySpec.optional("db.driver", "",
      "JDBC driver class; needed only for drivers that do not register themselves");
  /** Generic JDBC: the URL. */
  public static final PropertySpec URL = PropertySpec.optional("db.url", "", "JDBC URL of the database");
  /** Generic JDBC: the user. */
  public static final PropertySpec USER = PropertySpec.optional("db.user", "", "user name");
  /** Generic JDBC: the password; never printed. */
  public static final PropertySpec PASSWORD = PropertySpec.optional("db.passwd", "", "password (masked in every output)");
  /** Inserts per batch. */
  public static final PropertySpec BATCH_SIZE = PropertySpec.of("db.batchsize", "0", "inserts",
      "inserts sent as one batch; 0 or 1 sends each insert on its own").integer(0, 1_000_000);
  /** Rows per round trip of a scan. */
  public static final PropertySpec FETCH_SIZE = PropertySpec.of("jdbc.fetchsize", "0", "rows",
      "rows a scan fetches per round trip; 0 for the JDBC driver's default").integer(0, 1_000_000);
  /** Autocommit. */
  public static final PropertySpec AUTO_COMMIT = PropertySpec.of("jdbc.autocommit", "true", "",
      "true: each statement commits itself; false: the driver commits after each write and batch").flag();
  /** Whether a profile's server-wide setting that cannot be set fails the run. */
  public static final PropertySpec PROFILE_STRICT = PropertySpec.of("profile.strict", "true", "",
      "fail (exit code 3) when the profile's server-wide settings cannot be set; false warns and records what is in force").flag();

  /**
   * Generic JDBC: {@code jdbc.login.timeout} ({@link java.sql.DriverManager#setLoginTimeout}, honoured by
   * most drivers, pgjdbc among them) and {@code jdbc.socket.timeout} ({@link java.sql.Connection#setNetworkTimeout}
   * where the driver supports it). JDBC has no driver-independent connect timeout.
   */
  public static final NetworkTimeouts.Keys TIMEOUTS = NetworkTimeouts.Keys.withoutConnect("jdbc");

  private JdbcKeys() {
  }

  /**
   * Which of two keys for one setting to read: a binding's own key ({@code postgres.url}) when it is
   * given or when upstream's key ({@code db.url}) is not, else upstream's.
   *
   * @return {@code own} or {@code upstream}
   */
  public static PropertySpec effective(Settings settings, PropertySpec own, PropertySpec upstream) {
    return settings.contains(own.key()) || !settings.contains(upstream.key()) ? own : upstream;
  }

  /**
   * @param binding the binding's name, the keys' namespace
   * @return {@code <binding>.connections}, {@code .pool.size} and {@code .pool.timeout} ({@link ConnectionMode}),
   *     the pool being HikariCP's
   */
  public static List<PropertySpec> connectionModes(String binding) {
    return ConnectionMode.keys(binding, "a HikariCP pool");
  }

  /**
   * @param binding the binding's name, the key's namespace
   * @param how how the store opens read-only, for the description, e.g. {@code SQLite's read-only open}
   * @return the {@code <binding>.readonly} key
   */
  public static PropertySpec readOnly(String binding, String how) {
    return PropertySpec.of(binding + ".readonly", "false", "",
        "open the database read-only (" + how + "): writes fail as ERROR; only for runs of read-only workloads on "
            + "records loaded before, so neither load nor droptable").flag();
  }

  /**
   * @param binding the binding's name, the key's namespace
   * @param hint the store's clause that makes a query use no index
   * @return the {@code <binding>.read.index} key: false makes reads find their record without an index
   *     ({@link UserTable#readingWithoutIndex})
   */
  public static PropertySpec readIndex(String binding, UserTable.NoIndexHint hint) {
    return PropertySpec.of(binding + ".read.index", "true", "",
        "false: each read finds its record with no index (FROM usertable" + hint.sql() + "), so the store reads the "
            + "whole table for every read (seed 003's slow query); updates, scans and deletes keep the index")
        .flag();
  }

  /**
   * @param settings the run's settings
   * @param readIndex the key, from {@link #readIndex}
   * @param hint the store's clause that makes a query use no index
   * @return the workload's table ({@link UserTable#of}), reading without an index when the key says so
   * @throws ConfigException as {@link UserTable#of} does
   */
  public static UserTable table(Settings settings, PropertySpec readIndex, UserTable.NoIndexHint hint)
      throws ConfigException {
    UserTable table = UserTable.of(settings);
    return settings.getBoolean(readIndex) ? table : table.readingWithoutIndex(hint);
  }

  /**
   * Reads {@code <binding>.readonly}.
   *
   * @param settings the run's settings
   * @param readOnly the key, from {@link #readOnly}
   * @param phase the phase about to run
   * @return whether to open the database read-only
   * @throws ConfigException (exit code 2) when it is asked for a load or with {@code droptable}, which write
   */
  public static boolean readOnly(Settings settings, PropertySpec readOnly, Phase phase)
      throws ConfigException {
    if (!settings.getBoolean(readOnly)) {
      return false;
    }
    if (phase == Phase.LOAD) {
      throw new ConfigException(readOnly.key() + "=true: a load writes its records; load without it, then run with it");
    }
    if (settings.getBoolean(DROP_TABLE)) {
      throw new ConfigException(readOnly.key() + "=true: droptable=true would write; leave one of them out");
    }
    return true;
  }

  /**
   * @param defaultValue whether the binding creates the table by default
   * @return the {@code createtable} key with that default
   */
  public static PropertySpec createTable(boolean defaultValue) {
    return PropertySpec.of("createtable", Boolean.toString(defaultValue), "",
        "in the load phase, create the table when it does not exist (YCSB_KEY primary key, FIELD0..FIELDn)").flag();
  }
}
