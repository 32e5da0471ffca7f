package dev.ycsbdriver.binding.postgres;

import dev.ycsbdriver.binding.jdbc.ServerWideDialect;
import dev.ycsbdriver.binding.jdbc.SqlErrors;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * PostgreSQL's server-wide settings, as {@link dev.ycsbdriver.binding.jdbc.ServerSettings} changes and
 * restores them: {@code ALTER SYSTEM SET} writes {@code postgresql.auto.conf}, {@code pg_reload_conf()} makes
 * the server read it, asynchronously, so {@link #apply} waits until this session has reloaded
 * ({@code pg_conf_load_time()} moves on; sessions that connect later fork from the reloaded postmaster).
 *
 * <p>The journal holds, per setting, the value it had in {@code postgresql.auto.conf}, or {@code DEFAULT}
 * when it had none there (it came from {@code postgresql.conf}, the command line or the built-in default):
 * {@link #put} with {@code DEFAULT} is {@code ALTER SYSTEM RESET}, so a restore leaves the file as it was.
 * Settings written by {@code ALTER SYSTEM} survive a crash and restart of the server; the journal's
 * originals restore them on the next open.
 *
 * <p>Stateless and thread-safe.
 */
final class SystemSettings implements ServerWideDialect {
  /** The journal value of a setting that was not in {@code postgresql.auto.conf}. */
  static final String DEFAULT = "DEFAULT";
  /** What a value may look like: {@code on}, {@code 2000}, {@code 200ms}, {@code remote_write}. */
  private static final Pattern VALUE = Pattern.compile("[A-Za-z0-9_.+-]{1,64}");
  private static final String AUTO_CONF = "%/postgresql.auto.conf";
  private static final long POLL_MILLIS = 20;
  /** The advisory lock's two keys, {@code "YCSB"} and {@code "SETT"} in ASCII; {@code pg_locks} shows them as classid, objid. */
  private static final int LOCK_CLASS = 0x59435342;
  private static final int LOCK_OBJECT = 0x53455454;

  private final Duration reloadTimeout;

  /** @param reloadTimeout how long {@link #apply} waits for the reload, {@code postgres.reload.timeout} */
  SystemSettings(Duration reloadTimeout) {
    this.reloadTimeout = reloadTimeout;
  }

  @Override
  public String scope() {
    return "ALTER SYSTEM";
  }

  @Override
  public SqlErrors errors() {
    return PostgresErrors.INSTANCE;
  }

  /**
   * @return {@code <system_identifier>:<port>}: the cluster's identifier from {@code pg_control_system()}
   *     (set by initdb, kept across restarts) and its port. The data directory is left out because only a
   *     superuser or {@code pg_read_all_settings} may read it, and the identity must not depend on the role.
   */
  @Override
  public String serverId(Connection c) throws SQLException {
    try (Statement st = c.createStatement();
         ResultSet rs = st.executeQuery("SELECT system_identifier, current_setting('port') FROM pg_control_system()")) {
      rs.next();
      return rs.getString(1) + ":" + rs.getString(2);
    }
  }

  /**
   * {@code pg_try_advisory_lock} on a fixed key, after naming the session after {@code owner}
   * ({@code application_name}), which {@code pg_stat_activity} shows to the other drivers. An advisory lock
   * belongs to one database, but the settings belong to the cluster, and {@code pg_locks} shows the locks of every
   * database: the lock counts as taken only when no other session holds the key in any database of the cluster.
   * Each driver looks after it has taken its own, so of two that take it at once in two databases the later one
   * sees the earlier one (or both see each other and both are refused); neither goes on unseen. A session that
   * ends (a killed driver, a restarted server) releases it.
   */
  @Override
  public Optional<String> tryLock(Connection c, String owner) throws SQLException {
    one(c, "SELECT set_config('application_name', ?, false)", owner);
    boolean taken = "t".equals(one(c, "SELECT pg_try_advisory_lock(" + LOCK_CLASS + ", " + LOCK_OBJECT + ")", null));
    Optional<String> other = otherHolder(c);
    if (taken && other.isPresent()) {
      unlock(c);
    }
    if (other.isPresent() || taken) {
      return other;
    }
    return Optional.of("a session that released it a moment ago; try again");
  }

  /** @return the session other than this one that holds the lock in any database of the cluster, if one does */
  private static Optional<String> otherHolder(Connection c) throws SQLException {
    try (Statement st = c.createStatement();
         ResultSet rs = st.executeQuery("SELECT a.application_name, l.pid, host(a.client_addr), d.datname "
             + "FROM pg_locks l LEFT JOIN pg_stat_activity a ON a.pid = l.pid "
             + "LEFT JOIN pg_database d ON d.oid = l.database WHERE l.locktype = 'advisory' AND l.granted "
             + "AND l.classid = " + LOCK_CLASS + " AND l.objid = " + LOCK_OBJECT + " AND l.objsubid = 2 "
             + "AND l.pid <> pg_backend_pid() ORDER BY l.pid LIMIT 1")) {
      if (!rs.next()) {
        return Optional.empty();
      }
      String name = rs.getString(1);
      String from = rs.getString(3);
      String database = rs.getString(4);
      return Optional.of((name == null || name.isEmpty() ? "a session" : name) + " (backend pid " + rs.getInt(2)
          + ", " + (from == null ? "local socket" : "from " + from)
          + (database == null ? "" : ", database " + database) + ")");
    }
  }

  @Override
  public void unlock(Connection c) throws SQLException {
    one(c, "SELECT pg_advisory_unlock(" + LOCK_CLASS + ", " + LOCK_OBJECT + ")", null);
  }

  /**
   * @return {@code fsync=off}, {@code synchronous_commit=off}, {@code full_page_writes=off} for those off in the
   *     server's configuration ({@code pg_settings.reset_val}, so this session's own {@code SET} does not count)
   */
  @Override
  public List<String> notDurable(Connection c) throws SQLException {
    List<String> loose = new ArrayList<>();
    for (String name : List.of("fsync", "synchronous_commit", "full_page_writes")) {
      String value = one(c, "SELECT reset_val FROM pg_settings WHERE name = ?", name);
      if ("off".equals(value)) {
        loose.add(name + "=off");
      }
    }
    return loose;
  }

  @Override
  public boolean exists(Connection c, String name) throws SQLException {
    return one(c, "SELECT 1 FROM pg_settings WHERE name = ?", name) != null;
  }

  /**
   * Superusers may do everything; otherwise PostgreSQL 15+ grants {@code ALTER SYSTEM} per parameter, and
   * the role also needs {@code pg_reload_conf()} and to see where a setting comes from.
   */
  @Override
  public Optional<String> missingPrivilege(Connection c, Collection<String> names) throws SQLException {
    String role = one(c, "SELECT quote_ident(current_user)", null);
    if ("t".equals(one(c, "SELECT rolsuper FROM pg_roles WHERE rolname = current_user", null))) {
      return Optional.empty();
    }
    if (Integer.parseInt(one(c, "SELECT current_setting('server_version_num')", null)) < 150000) {
      return Optional.of("role " + role + " is not a superuser, which ALTER SYSTEM needs before PostgreSQL 15; "
          + "connect as a superuser");
    }
    List<String> lacking = new ArrayList<>();
    for (String name : names) {
      if (!"t".equals(one(c, "SELECT has_parameter_privilege(?, 'ALTER SYSTEM')", name))) {
        lacking.add(name);
      }
    }
    List<String> what = new ArrayList<>();
    List<String> grants = new ArrayList<>();
    if (!lacking.isEmpty()) {
      what.add("the ALTER SYSTEM privilege on " + String.join(", ", lacking));
      grants.add("GRANT ALTER SYSTEM ON PARAMETER " + String.join(", ", lacking) + " TO " + role);
    }
    if (!"t".equals(one(c, "SELECT has_function_privilege('pg_reload_conf()', 'EXECUTE')", null))) {
      what.add("EXECUTE on pg_reload_conf()");
      grants.add("GRANT EXECUTE ON FUNCTION pg_reload_conf() TO " + role);
    }
    if (!fileSettingsReadable(c) && !"t".equals(one(c, "SELECT pg_has_role('pg_read_all_settings', 'USAGE')", null))) {
      what.add("pg_read_all_settings (to tell which settings come from postgresql.auto.conf)");
      grants.add("GRANT pg_read_all_settings TO " + role);
    }
    if (what.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of("role " + role + " lacks " + String.join(" and ", what) + "; as a superuser: "
        + String.join("; ", grants));
  }

  /** @return the value in {@code postgresql.auto.conf}, or {@link #DEFAULT} when the setting is not there */
  @Override
  public String original(Connection c, String name) throws SQLException {
    if (fileSettingsReadable(c)) {
      // the file as it is now, also when its values are overridden (command line) or not yet reloaded
      String inFile = one(c, "SELECT setting FROM pg_file_settings WHERE name = ? AND sourcefile LIKE '" + AUTO_CONF
          + "' ORDER BY seqno DESC LIMIT 1", name);
      return inFile == null ? DEFAULT : inFile;
    }
    String fromAuto = one(c, "SELECT setting FROM pg_settings WHERE name = ? AND source = 'configuration file' "
        + "AND sourcefile LIKE '" + AUTO_CONF + "'", name);
    return fromAuto == null ? DEFAULT : fromAuto;
  }

  /**
   * {@code ALTER SYSTEM SET name = 'value'}, or {@code ALTER SYSTEM RESET name} for {@link #DEFAULT}.
   *
   * @throws IllegalArgumentException for a name not in {@link PostgresKeys#SYSTEM} or a value that is not a
   *     plain word or number
   */
  @Override
  public void put(Connection c, String name, String value) throws SQLException {
    if (!PostgresKeys.SYSTEM_NAMES.contains(name)) {
      throw new IllegalArgumentException("postgres: a restore journal may name only " + PostgresKeys.SYSTEM_NAMES
          + ", got '" + name + "'");
    }
    String v = value.trim();
    if (!VALUE.matcher(v).matches()) {
      throw new IllegalArgumentException("postgres: " + name + " must be a word or a number, got '" + value + "'");
    }
    try (Statement st = c.createStatement()) {
      // both checked above, so they are safe in the statement
      st.execute(DEFAULT.equalsIgnoreCase(v) ? "ALTER SYSTEM RESET " + name
          : "ALTER SYSTEM SET " + name + " = '" + v + "'");
    }
  }

  /** {@code pg_reload_conf()}, then waits until this session has read the configuration again. */
  @Override
  public void apply(Connection c) throws SQLException {
    Timestamp before = loadTime(c);
    try (Statement st = c.createStatement()) {
      st.execute("SELECT pg_reload_conf()");
    }
    long deadline = System.nanoTime() + reloadTimeout.toNanos();
    while (!loadTime(c).after(before)) {
      if (System.nanoTime() - deadline > 0) {
        throw new SQLException("the server did not reload its configuration within " + reloadTimeout.toMillis()
            + " ms after pg_reload_conf(); see postgres.reload.timeout");
      }
      try {
        Thread.sleep(POLL_MILLIS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new SQLException("interrupted while waiting for the server to reload its configuration", e);
      }
    }
  }

  /** @return {@code pg_settings.setting}: booleans as on/off, numbers in the setting's base unit without it */
  @Override
  public String effective(Connection c, String name) throws SQLException {
    return one(c, "SELECT setting FROM pg_settings WHERE name = ?", name);
  }

  @Override
  public String refusalHint(String name) {
    return "connect as a superuser or, on PostgreSQL 15+, GRANT ALTER SYSTEM ON PARAMETER " + name + " TO the role "
        + "(a setting given on the server's command line wins over ALTER SYSTEM)";
  }

  private static boolean fileSettingsReadable(Connection c) throws SQLException {
    return "t".equals(one(c, "SELECT has_table_privilege('pg_file_settings', 'SELECT') "
        + "AND has_function_privilege('pg_show_all_file_settings()', 'EXECUTE')", null));
  }

  private static Timestamp loadTime(Connection c) throws SQLException {
    try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("SELECT pg_conf_load_time()")) {
      rs.next();
      return rs.getTimestamp(1);
    }
  }

  /** @return the first column of the first row, booleans as {@code t}/{@code f}; null when there is no row */
  private static String one(Connection c, String sql, String parameter) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement(sql)) {
      if (parameter != null) {
        ps.setString(1, parameter);
      }
      try (ResultSet rs = ps.executeQuery()) {
        if (!rs.next()) {
          return null;
        }
        Object v = rs.getObject(1);
        return v instanceof Boolean b ? (b ? "t" : "f") : v == null ? null : v.toString();
      }
    }
  }
}
