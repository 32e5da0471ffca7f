package dev.ycsbdriver.binding.mysql;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Server-wide variables set for one run and put back afterwards: the durability profile's
 * {@code innodb_flush_log_at_trx_commit} and {@code sync_binlog} are GLOBAL in MySQL and MariaDB, so
 * leaving them changed would change every other client of the server.
 *
 * <p>{@link #restore()} runs once, from {@code Binding.close()} or, if the JVM exits without it
 * (a second Ctrl-C), from a shutdown hook. Thread-safe.
 */
final class GlobalSettings {
  private final Connection connection;
  private final Map<String, String> previous = new LinkedHashMap<>();
  private final Thread hook = new Thread(this::restore, "ycsb-mysql-restore");
  private boolean restored;

  GlobalSettings(Connection connection) {
    this.connection = connection;
  }

  /** @return the variable's current global value */
  static String read(Connection c, String name) throws SQLException {
    try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("SELECT @@GLOBAL." + name)) {
      rs.next();
      return rs.getString(1);
    }
  }

  /**
   * Sets a global variable, remembering its value before.
   *
   * @param name a variable name from the binding's fixed list
   * @param value an integer, validated by the caller
   * @throws SQLException when the server refuses (no SUPER / SYSTEM_VARIABLES_ADMIN privilege)
   */
  synchronized void set(String name, long value) throws SQLException {
    String before = read(connection, name);
    try (Statement st = connection.createStatement()) {
      st.execute("SET GLOBAL " + name + " = " + value);
    }
    if (previous.isEmpty()) {
      Runtime.getRuntime().addShutdownHook(hook);
    }
    previous.putIfAbsent(name, before);
  }

  /** Puts every changed variable back; failures go to stderr, as the run's figures are already safe. */
  synchronized void restore() {
    if (restored || previous.isEmpty()) {
      return;
    }
    restored = true;
    for (Map.Entry<String, String> e : previous.entrySet()) {
      try (Statement st = connection.createStatement()) {
        st.execute("SET GLOBAL " + e.getKey() + " = " + Long.parseLong(e.getValue()));
      } catch (SQLException | NumberFormatException ex) {
        System.err.println("Warning: mysql: could not restore GLOBAL " + e.getKey() + " = " + e.getValue()
            + " (" + ex.getMessage() + "); set it back by hand");
      }
    }
    if (Thread.currentThread() != hook) {
      try {
        Runtime.getRuntime().removeShutdownHook(hook);
      } catch (IllegalStateException ignored) {
        // the JVM is already shutting down; the hook has nothing left to do
      }
    }
  }
}
