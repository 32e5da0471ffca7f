package dev.ycsbdriver.binding.mysql;

import dev.ycsbdriver.binding.jdbc.ServerWideDialect;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * MySQL's and MariaDB's GLOBAL variables, as {@link dev.ycsbdriver.binding.jdbc.ServerSettings} changes and
 * restores them: {@code SET GLOBAL} takes effect at once for every new transaction, so there is nothing to
 * apply. Refusals show only when a {@code SET GLOBAL} fails (no SUPER / SYSTEM_VARIABLES_ADMIN privilege).
 * Stateless and thread-safe.
 */
final class GlobalSettings implements ServerWideDialect {
  /** The only variables this binding changes, hence the only ones it restores from a journal. */
  static final List<String> NAMES = List.of("innodb_flush_log_at_trx_commit", "sync_binlog",
      "binlog_group_commit_sync_delay", "binlog_commit_wait_usec", "binlog_commit_wait_count");
  /** MySQL's group-commit delay; {@link #MARIADB_DELAY} is MariaDB's own equivalent. */
  static final String MYSQL_DELAY = "binlog_group_commit_sync_delay";
  /** MariaDB's group-commit delay, which waits only while {@code binlog_commit_wait_count} is above 0. */
  static final String MARIADB_DELAY = "binlog_commit_wait_usec";
  /** The name of the {@code GET_LOCK} lock one driver at a time holds while it changes the GLOBAL variables. */
  static final String LOCK = "ycsb-driver.server-settings";
  /** MySQL's and MariaDB's error code for {@code Unknown system variable}. */
  static final int UNKNOWN_VARIABLE = 1193;

  private final Set<String> asked;

  /** A dialect for restoring a journal: no profile's settings asked for. */
  GlobalSettings() {
    this(Set.of());
  }

  /** @param asked the variables the run's profile asks for, which tell the absent-variable hints what stands in */
  GlobalSettings(Set<String> asked) {
    this.asked = Set.copyOf(asked);
  }

  @Override
  public String scope() {
    return "GLOBAL";
  }

  /** @return the variable's current global value */
  static String read(Connection c, String name) throws SQLException {
    try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("SELECT @@GLOBAL." + name)) {
      rs.next();
      return rs.getString(1);
    }
  }

  /**
   * @return the server's own identity, {@code @@hostname:@@port:@@datadir}: two instances behind one
   *     address (one stopped, another started on its port) differ in it
   */
  @Override
  public String serverId(Connection c) throws SQLException {
    try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("SELECT @@hostname, @@port, @@datadir")) {
      rs.next();
      return rs.getString(1) + ":" + rs.getString(2) + ":" + rs.getString(3);
    }
  }

  /**
   * {@code GET_LOCK(LOCK, 0)}, held by this session; the holder is named by its connection id and its user and
   * client address in {@code information_schema.PROCESSLIST} (whose rows of other users need PROCESS, which a
   * role that may {@code SET GLOBAL} usually has).
   */
  @Override
  public Optional<String> tryLock(Connection c, String owner) throws SQLException {
    if ("1".equals(one(c, "SELECT GET_LOCK(?, 0)", LOCK))) {
      return Optional.empty();
    }
    try (PreparedStatement ps = c.prepareStatement("SELECT IS_USED_LOCK(?), (SELECT CONCAT(p.USER, '@', p.HOST) "
        + "FROM information_schema.PROCESSLIST p WHERE p.ID = IS_USED_LOCK(?))")) {
      ps.setString(1, LOCK);
      ps.setString(2, LOCK);
      try (ResultSet rs = ps.executeQuery()) {
        rs.next();
        String id = rs.getString(1);
        String who = rs.getString(2);
        return Optional.of(id == null ? "a session that released it a moment ago; try again"
            : "connection " + id + (who == null ? "" : " of " + who) + " holds GET_LOCK('" + LOCK + "')");
      }
    }
  }

  @Override
  public void unlock(Connection c) throws SQLException {
    one(c, "SELECT RELEASE_LOCK(?)", LOCK);
  }

  /**
   * @return {@code innodb_flush_log_at_trx_commit=<v>} unless 1, and {@code sync_binlog=<v>} as {@link #looseSyncBinlog}
   *     finds it
   */
  @Override
  public List<String> notDurable(Connection c) throws SQLException {
    List<String> loose = new ArrayList<>();
    String flush = readOrAbsent(c, "innodb_flush_log_at_trx_commit");
    if (!"1".equals(flush) && !"absent".equals(flush)) {
      loose.add("innodb_flush_log_at_trx_commit=" + flush);
    }
    String sync = readOrAbsent(c, "sync_binlog");
    if (looseSyncBinlog(readOrAbsent(c, "version"), readOrAbsent(c, "log_bin"), sync)) {
      loose.add("sync_binlog=" + sync);
    }
    return loose;
  }

  /**
   * Whether {@code sync_binlog} says another driver may have left the server changed: a value other than 1 while the
   * binary log is on, except MariaDB's own default 0 (MySQL's default is 1 since 5.7.7; MariaDB's is 0, so a fresh
   * MariaDB with a binary log has it).
   *
   * @param version the server's {@code version} variable, e.g. {@code 10.11.19-MariaDB-0+deb12u1-log}
   * @param logBin {@code log_bin}: {@code 1}/{@code ON} when the binary log is on
   * @param sync {@code sync_binlog}, or {@code absent}
   * @return whether to name it among the values that are not durable
   */
  static boolean looseSyncBinlog(String version, String logBin, String sync) {
    boolean binlog = "1".equals(logBin) || "ON".equalsIgnoreCase(logBin);
    boolean mariadbDefault = "0".equals(sync) && version != null && version.contains("MariaDB");
    return binlog && !"1".equals(sync) && !"absent".equals(sync) && !mariadbDefault;
  }

  private static String one(Connection c, String sql, String parameter) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement(sql)) {
      ps.setString(1, parameter);
      try (ResultSet rs = ps.executeQuery()) {
        rs.next();
        return rs.getString(1);
      }
    }
  }

  @Override
  public boolean exists(Connection c, String name) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement("SHOW GLOBAL VARIABLES LIKE ?")) {
      ps.setString(1, name);
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          if (name.equalsIgnoreCase(rs.getString(1))) {
            return true;
          }
        }
        return false;
      }
    }
  }

  @Override
  public String original(Connection c, String name) throws SQLException {
    return read(c, name);
  }

  /**
   * Sets one of {@link #NAMES}.
   *
   * @throws IllegalArgumentException for a name not in {@link #NAMES} or a value that is not an integer
   */
  @Override
  public void put(Connection c, String name, String value) throws SQLException {
    if (!NAMES.contains(name)) {
      throw new IllegalArgumentException("mysql: a restore journal may name only " + NAMES + ", got '" + name + "'");
    }
    long v = Long.parseLong(value.trim());
    try (Statement st = c.createStatement()) {
      st.execute("SET GLOBAL " + name + " = " + v);
    }
  }

  @Override
  public String effective(Connection c, String name) throws SQLException {
    return read(c, name);
  }

  @Override
  public String refusalHint(String name) {
    return "grant SUPER (MariaDB) or SYSTEM_VARIABLES_ADMIN (MySQL 8+)";
  }

  @Override
  public boolean equivalentSetInstead(String name) {
    return MYSQL_DELAY.equals(name) ? asked.contains(MARIADB_DELAY)
        : name.startsWith("binlog_commit_wait_") && asked.contains(MYSQL_DELAY);
  }

  /** Says "is set instead" exactly when {@link #equivalentSetInstead} holds, the rule the warning's code follows. */
  @Override
  public String absentHint(String name) {
    if (MYSQL_DELAY.equals(name)) {
      return equivalentSetInstead(name)
          ? "; MySQL 5.7+ has it, MariaDB does not: its equivalent, binlog_commit_wait_usec with "
              + "binlog_commit_wait_count, is set instead"
          : "; MySQL 5.7+ has it, MariaDB does not (its equivalent binlog_commit_wait_usec with "
              + "binlog_commit_wait_count is not in this profile)";
    }
    if (name.startsWith("binlog_commit_wait_")) {
      return equivalentSetInstead(name)
          ? "; MariaDB has it, MySQL does not: its equivalent, binlog_group_commit_sync_delay, is set instead"
          : "; MariaDB has it, MySQL does not";
    }
    return "";
  }

  /**
   * @return the variable's global value, or {@code absent} when this server has no such variable
   * @throws SQLException for any other failure
   */
  static String readOrAbsent(Connection c, String name) throws SQLException {
    try {
      return read(c, name);
    } catch (SQLException e) {
      if (e.getErrorCode() == UNKNOWN_VARIABLE) {
        return "absent";
      }
      throw e;
    }
  }
}
