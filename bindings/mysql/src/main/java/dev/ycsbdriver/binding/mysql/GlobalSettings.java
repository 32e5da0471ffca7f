package dev.ycsbdriver.binding.mysql;

import dev.ycsbdriver.config.ConfigException;
import dev.ycsbdriver.spi.BindingException;
import dev.ycsbdriver.spi.RestoreJournal;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Server-wide variables set for one run and put back afterwards: the durability profile's
 * {@code innodb_flush_log_at_trx_commit} and {@code sync_binlog} are GLOBAL in MySQL and MariaDB, so
 * leaving them changed would change every other client of the server.
 *
 * <p>Before anything is changed, {@link #journal} writes the values to restore to the server's
 * {@link RestoreJournal}; {@link #restore()} sets them back and removes the journal. It runs once, from
 * {@code Binding.close()} or, if the JVM exits without it (a second Ctrl-C), from a shutdown hook; after a
 * {@code kill -9} the next command for the server restores from the journal. Thread-safe.
 */
final class GlobalSettings {
  /** The only variables this binding changes, hence the only ones it restores from a journal. */
  static final List<String> NAMES = List.of("innodb_flush_log_at_trx_commit", "sync_binlog");

  private final Connection connection;
  private final RestoreJournal journal;
  private final String serverId;
  private final Map<String, String> previous = new LinkedHashMap<>();
  private final Thread hook = new Thread(this::restore, "ycsb-mysql-restore");
  private boolean restored;

  /**
   * @param connection the connection the variables are set and restored through
   * @param journal the server's journal
   * @param serverId the server's identity, from {@link #serverId}
   */
  GlobalSettings(Connection connection, RestoreJournal journal, String serverId) {
    this.connection = connection;
    this.journal = journal;
    this.serverId = serverId;
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
  static String serverId(Connection c) throws SQLException {
    try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("SELECT @@hostname, @@port, @@datadir")) {
      rs.next();
      return rs.getString(1) + ":" + rs.getString(2) + ":" + rs.getString(3);
    }
  }

  /**
   * Sets one of {@link #NAMES}; the name and value are checked because a journal file could be edited.
   *
   * @throws SQLException when the server refuses
   * @throws IllegalArgumentException for a name not in {@link #NAMES} or a value that is not an integer
   */
  static void setGlobal(Connection c, String name, String value) throws SQLException {
    if (!NAMES.contains(name)) {
      throw new IllegalArgumentException("mysql: a restore journal may name only " + NAMES + ", got '" + name + "'");
    }
    long v = Long.parseLong(value.trim());
    try (Statement st = c.createStatement()) {
      st.execute("SET GLOBAL " + name + " = " + v);
    }
  }

  /**
   * Reads the variables' current values and journals them, before any is changed.
   *
   * @param names variables from {@link #NAMES}
   * @throws SQLException when a value cannot be read
   * @throws ConfigException when the journal cannot be written; nothing was changed
   * @throws BindingException when a running driver holds this server's journal
   */
  synchronized void journal(Collection<String> names) throws SQLException, ConfigException, BindingException {
    Map<String, String> now = new LinkedHashMap<>();
    for (String name : names) {
      now.put(name, read(connection, name));
    }
    journal.record(serverId, now);
    if (previous.isEmpty()) {
      Runtime.getRuntime().addShutdownHook(hook);
    }
    now.forEach(previous::putIfAbsent);
  }

  /**
   * Sets a journaled global variable.
   *
   * @param name a variable passed to {@link #journal} before
   * @param value an integer, validated by the caller
   * @throws SQLException when the server refuses (no SUPER / SYSTEM_VARIABLES_ADMIN privilege)
   * @throws IllegalStateException when {@code name} was not journaled
   */
  synchronized void set(String name, long value) throws SQLException {
    if (!previous.containsKey(name)) {
      throw new IllegalStateException(name + " must be journaled before it is changed");
    }
    setGlobal(connection, name, Long.toString(value));
  }

  /**
   * Puts every changed variable back and removes the journal; failures go to stderr and keep the journal,
   * so that the next command retries, as the run's figures are already safe.
   */
  synchronized void restore() {
    if (restored || previous.isEmpty()) {
      return;
    }
    restored = true;
    boolean all = true;
    for (Map.Entry<String, String> e : previous.entrySet()) {
      try {
        setGlobal(connection, e.getKey(), e.getValue());
      } catch (SQLException | IllegalArgumentException ex) {
        all = false;
        System.err.println("Warning: mysql: could not restore GLOBAL " + e.getKey() + " = " + e.getValue()
            + " (" + ex.getMessage() + "); the next command for this server retries from " + journal.path());
      }
    }
    if (all && !journal.remove()) {
      System.err.println("Warning: mysql: GLOBAL settings restored, but the journal " + journal.path()
          + " could not be removed; delete it");
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
