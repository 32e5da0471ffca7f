package dev.ycsbdriver.binding.jdbc;

import dev.ycsbdriver.config.ConfigException;
import dev.ycsbdriver.result.model.Warning;
import dev.ycsbdriver.spi.BindingException;
import dev.ycsbdriver.spi.ErrorLog;
import dev.ycsbdriver.spi.support.RestoreJournal;
import dev.ycsbdriver.spi.RestoredSetting;
import dev.ycsbdriver.spi.support.SettingsChange;
import dev.ycsbdriver.spi.support.SettingsDialect;
import dev.ycsbdriver.spi.support.SettingsOwner;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Server-wide settings a durability profile sets for one run and puts back afterwards (MySQL's GLOBAL
 * {@code sync_binlog}, PostgreSQL's {@code ALTER SYSTEM SET fsync}): leaving them changed would change every
 * other client of the server.
 *
 * <p>The steps (the server's identity and lock, the journal, verifying, strict mode, restoring once) are
 * {@link SettingsChange}'s; this class is the SQL dialect of them: it opens the connection from the request's
 * source, runs the store's {@link ServerWideDialect} on it, closes it when the lock is released, and turns a failed
 * statement into the binding's message. The lock ({@link ServerWideDialect#tryLock}) is held until {@link #close()},
 * or until the connection breaks (a server that crashes releases it). After a {@code kill -9} the next command for
 * the server restores from the journal.
 *
 * <pre>{@code
 * ServerSettings changed = ServerSettings.open(new ServerSettings.Request("mysql", "127.0.0.1:3306/ycsb",
 *     profile, source, journal, new GlobalSettings(), Map.of("sync_binlog", "1"), true, context.errors()));
 * ... run, with changed.warnings() and changed.restored() in the result ...
 * changed.close();
 * }</pre>
 *
 * <p>Thread-safe.
 */
public final class ServerSettings implements AutoCloseable {
  /**
   * What to change.
   *
   * @param binding the binding's name, the subject of every message
   * @param server where the binding connects, e.g. {@code 127.0.0.1:5432/ycsb}, for messages
   * @param profile the durability profile's name, or null
   * @param source opens the connection the settings are changed through
   * @param journal the journal of the server's address; {@link #open} keys it on the server's identity
   * @param dialect how the store changes its settings
   * @param wanted setting name to value, in the order to set them; empty to only restore a journal
   * @param strict true: a setting that cannot be set fails the run (exit code 3); false: a warning
   * @param log where the settings restored from a journal are said as soon as they are back
   *     ({@link SettingsChange.Request#log()}), usually the context's {@code errors()}
   */
  public record Request(String binding, String server, String profile, ConnectionSource source,
                        RestoreJournal journal, ServerWideDialect dialect, Map<String, String> wanted,
                        boolean strict, ErrorLog log) {
    /**
     * Copies {@code wanted}, keeping its order.
     *
     * @throws NullPointerException for a null binding, journal, dialect or log
     */
    public Request {
      Objects.requireNonNull(binding, "binding");
      Objects.requireNonNull(journal, "journal");
      Objects.requireNonNull(dialect, "dialect");
      Objects.requireNonNull(log, "log");
      wanted = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(wanted));
    }
  }

  private final SettingsChange<Connection, SQLException> change;

  private ServerSettings(SettingsChange<Connection, SQLException> change) {
    this.change = change;
  }

  /**
   * Restores a journal a killed driver left, then changes the wanted settings and checks they are in force.
   * Connects only when there is something to change or a journal to restore.
   *
   * @param request what to change
   * @return the changed settings; close it when the run ends
   * @throws ConfigException when the journal cannot be read or written (exit code 2); nothing was changed
   * @throws BindingException when the server cannot be reached, a live driver holds the journal, the role
   *     lacks a privilege or a setting is refused while strict (exit code 3); what was changed is put back
   */
  public static ServerSettings open(Request request) throws ConfigException, BindingException {
    SettingsChange.Request change = new SettingsChange.Request(request.binding(), request.server(), request.profile(),
        request.journal(), request.wanted(), Map.of(), request.strict(), request.log());
    SettingsChange.Connector<Connection, SQLException> connector = new SettingsChange.Connector<>() {
      @Override
      public Connection connect() throws BindingException {
        try {
          return request.source().open();
        } catch (SQLException e) {
          throw SqlFailures.connectFailure(request.binding(), request.server(), e, request.dialect().errors());
        }
      }

      @Override
      public void done(Connection c) {
        closeQuietly(c);
      }
    };
    try {
      return new ServerSettings(SettingsChange.open(change, new SqlDialect(request), connector));
    } catch (SQLException e) {
      throw SqlFailures.failure(request.binding(), "reading or changing the server's " + request.dialect().scope()
          + " settings", e, request.dialect().errors());
    }
  }

  /** The store's {@link ServerWideDialect} in the words of its messages; a fresh connection from the source. */
  private record SqlDialect(Request request) implements SettingsDialect<Connection, SQLException> {
    private ServerWideDialect store() {
      return request.dialect();
    }

    @Override
    public String scope() {
      return store().scope();
    }

    @Override
    public String serverId(Connection c) throws SQLException {
      return store().serverId(c);
    }

    @Override
    public Lock lock(Connection c) throws SQLException {
      Optional<String> holder = store().tryLock(c, SettingsOwner.describe());
      return holder.isPresent() ? Lock.heldBy(holder.get()) : Lock.taken(() -> store().unlock(c));
    }

    @Override
    public boolean exists(Connection c, String name) throws SQLException {
      return store().exists(c, name);
    }

    @Override
    public String absentHint(String name) {
      return store().absentHint(name);
    }

    @Override
    public boolean equivalentSetInstead(String name) {
      return store().equivalentSetInstead(name);
    }

    @Override
    public Optional<String> missingPrivilege(Connection c, Collection<String> names) throws SQLException {
      return store().missingPrivilege(c, names);
    }

    @Override
    public Optional<NotDurable> notDurable(Connection c) throws SQLException {
      List<String> loose = store().notDurable(c);
      return loose.isEmpty() ? Optional.empty()
          : Optional.of(new NotDurable(String.join(", ", loose) + ", not its durable values", false));
    }

    @Override
    public String original(Connection c, String name) throws SQLException {
      return store().original(c, name);
    }

    @Override
    public void put(Connection c, String name, String value) throws SQLException {
      store().put(c, name, value);
    }

    @Override
    public void apply(Connection c) throws SQLException {
      store().apply(c);
    }

    @Override
    public String effective(Connection c, String name) throws SQLException {
      return store().effective(c, name);
    }

    @Override
    public Connection reconnect() throws SQLException {
      return request.source() == null ? null : request.source().open();
    }

    @Override
    public void close(Connection c) {
      closeQuietly(c);
    }

    @Override
    public String assignment(String name, String value) {
      return name + " = " + value;
    }

    @Override
    public String reason(Exception failure) {
      return failure.getMessage();
    }

    @Override
    public String changeStatement() {
      return "the change";
    }

    @Override
    public String statement(String name, String value) {
      String scope = scope();
      return (scope.startsWith("ALTER") ? scope + " SET" : "SET " + scope) + " " + assignment(name, value);
    }

    @Override
    public String notSet(String name, String value, String why) {
      return "set " + scope() + " " + assignment(name, value);
    }

    @Override
    public String afterRefusal(String name, String inForce) {
      return name + " stays " + inForce;
    }

    @Override
    public String refusalHint(String name, String why) {
      return store().refusalHint(name);
    }
  }

  /** @return settings a killed driver left changed, restored before this run; empty when none */
  public List<RestoredSetting> restored() {
    return change.restored();
  }

  /** @return lines for the result: settings absent, not set, or held by a running driver; may be empty */
  public List<Warning> warnings() {
    return change.warnings();
  }

  /** Puts every changed setting back and removes the journal, once: see {@link SettingsChange#restore()}. */
  public void restore() {
    change.restore();
  }

  /** Restores the settings (see {@link #restore()}), releases the server's lock and closes the connection; never throws. */
  @Override
  public void close() {
    change.close();
  }

  private static void closeQuietly(Connection c) {
    if (c != null) {
      try {
        c.close();
      } catch (SQLException ignored) {
        // nothing more to release
      }
    }
  }
}
