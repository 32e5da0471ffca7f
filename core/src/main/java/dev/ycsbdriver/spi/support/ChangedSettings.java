package dev.ycsbdriver.spi.support;

import dev.ycsbdriver.config.ConfigException;
import dev.ycsbdriver.spi.BindingException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The server-wide settings one run changed, and how they are put back: once, from the binding's {@code close()} or,
 * if the JVM exits without it, from a shutdown hook. It is the restoring half of {@link SettingsChange}, which
 * changes the settings (the lock, what to change, how to read back what is in force); this class journals
 * the values to restore ({@link RestoreJournal#record}), registers the shutdown hook with the first of them, and
 * on {@link #restore()} sets each back on the connection of the run, then on a fresh connection when that failed
 * (the server restarted), and removes the journal when every value is back.
 *
 * <pre>{@code
 * ChangedSettings<Connection> changed = new ChangedSettings<>("mysql", "GLOBAL", journal, dialect, admin);
 * changed.record(Map.of("sync_binlog", "0"));     // before the first SET
 * ... SET GLOBAL sync_binlog = 1, run ...
 * changed.restore();                               // SET GLOBAL sync_binlog = 0, journal removed
 * }</pre>
 *
 * <p>Failures to restore go to stderr, one line each, and keep the journal, so that the next command for the
 * server retries; {@link #restore()} never throws. Thread-safe.
 *
 * @param <C> the store's connection type
 */
public final class ChangedSettings<C> {
  /**
   * How one store sets a value back, in the words of its messages.
   *
   * @param <C> the store's connection type
   */
  public interface Dialect<C> {
    /**
     * Sets {@code name} to {@code value} on the server.
     *
     * @throws Exception when the server refuses it or the connection fails
     */
    void put(C connection, String name, String value) throws Exception;

    /**
     * Makes the values {@link #put} set take effect (PostgreSQL's {@code pg_reload_conf()}); the default does
     * nothing.
     *
     * @throws Exception when the server refuses it or the connection fails
     */
    default void apply(C connection) throws Exception {
    }

    /**
     * @return a new connection to the same server, for a restore whose first connection broke; null when the
     *     store cannot open one
     * @throws Exception when the server cannot be reached
     */
    C reconnect() throws Exception;

    /** Closes a connection from {@link #reconnect()}; never throws. */
    void close(C connection);

    /** @return a setting and its value in a message, e.g. {@code sync_binlog = 0} */
    String assignment(String name, String value);

    /** @return why a statement failed, in one line */
    String reason(Exception failure);
  }

  private final String binding;
  private final String scope;
  private final RestoreJournal journal;
  private final Dialect<C> dialect;
  private final C connection;
  private final Map<String, String> previous = new LinkedHashMap<>();
  private final Thread hook;
  private boolean restored;

  /**
   * @param binding the binding's name, the subject of every message, e.g. {@code mysql}
   * @param scope the settings' scope in a message, e.g. {@code GLOBAL}, {@code CONFIG}
   * @param journal the server's journal, identified ({@link RestoreJournal#identified})
   * @param dialect how the store sets a value back
   * @param connection the run's connection, used first to restore; may be null when it broke
   */
  public ChangedSettings(String binding, String scope, RestoreJournal journal, Dialect<C> dialect, C connection) {
    this.binding = Objects.requireNonNull(binding, "binding");
    this.scope = Objects.requireNonNull(scope, "scope");
    this.journal = Objects.requireNonNull(journal, "journal");
    this.dialect = Objects.requireNonNull(dialect, "dialect");
    this.connection = connection;
    this.hook = new Thread(this::restore, "ycsb-" + binding + "-restore");
  }

  /**
   * Journals the values to restore before any is changed; the first call registers the shutdown hook. A value
   * already in the journal (another binding of this process changed it first) is the one restored.
   *
   * @param now setting name to its value now, in the order to restore them
   * @throws ConfigException when the journal cannot be written (exit code 2)
   * @throws BindingException when a live driver holds one of this server's journals (exit code 3)
   */
  public void record(Map<String, String> now) throws ConfigException, BindingException {
    // the journal's values, not this read: another binding of this process may have changed them already
    Map<String, String> originals = journal.record(now);
    synchronized (this) {
      if (previous.isEmpty()) {
        Runtime.getRuntime().addShutdownHook(hook);
      }
      originals.forEach(previous::putIfAbsent);
    }
  }

  /** @return the value {@code name} had before the run changed it, or null when it was not changed */
  public synchronized String original(String name) {
    return previous.get(name);
  }

  /**
   * Puts every recorded setting back and removes the journal; once, and only when something was recorded.
   * Failures go to stderr and keep the journal, so that the next command retries, as the run's figures are already
   * safe. When the run's connection fails, a fresh one ({@link Dialect#reconnect()}) is tried.
   */
  public synchronized void restore() {
    if (restored || previous.isEmpty()) {
      return;
    }
    restored = true;
    List<String> failures = putBack(connection);
    if (!failures.isEmpty()) {
      failures = retryOnFreshConnection(failures);
    }
    failures.forEach(f -> System.err.println("Warning: " + binding + ": could not restore " + scope + " " + f
        + "; the next command for this server retries from " + journal.path()));
    if (failures.isEmpty() && !journal.remove()) {
      System.err.println("Warning: " + binding + ": " + scope + " settings restored, but the journal "
          + journal.path() + " could not be removed; delete it");
    }
    if (Thread.currentThread() != hook) {
      try {
        Runtime.getRuntime().removeShutdownHook(hook);
      } catch (IllegalStateException ignored) {
        // the JVM is already shutting down; the hook has nothing left to do
      }
    }
  }

  private List<String> retryOnFreshConnection(List<String> failures) {
    C fresh;
    try {
      fresh = dialect.reconnect();
    } catch (Exception e) {
      return failures; // the first failures say enough
    }
    if (fresh == null) {
      return failures;
    }
    try {
      return putBack(fresh);
    } finally {
      dialect.close(fresh);
    }
  }

  private List<String> putBack(C c) {
    List<String> failures = new ArrayList<>();
    for (Map.Entry<String, String> e : previous.entrySet()) {
      try {
        dialect.put(c, e.getKey(), e.getValue());
      } catch (Exception ex) {
        failures.add(dialect.assignment(e.getKey(), e.getValue()) + " (" + dialect.reason(ex) + ")");
      }
    }
    if (failures.isEmpty()) {
      try {
        dialect.apply(c);
      } catch (Exception ex) {
        failures.add(String.join(", ", previous.keySet()) + " (" + dialect.reason(ex) + ")");
      }
    }
    return failures;
  }
}
