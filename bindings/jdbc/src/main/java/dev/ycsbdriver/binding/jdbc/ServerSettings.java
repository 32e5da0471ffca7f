package dev.ycsbdriver.binding.jdbc;

import dev.ycsbdriver.config.ConfigException;
import dev.ycsbdriver.spi.BindingException;
import dev.ycsbdriver.spi.ChangedSettings;
import dev.ycsbdriver.spi.RestoreJournal;
import dev.ycsbdriver.spi.RestoredSetting;
import dev.ycsbdriver.spi.SettingsOwner;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
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
 * <p>{@link #open} connects, reads the server's identity ({@link ServerWideDialect#serverId}), which keys its
 * {@link RestoreJournal}, and takes the lock in the server that one driver at a time holds while it changes the
 * settings ({@link ServerWideDialect#tryLock}); another driver that holds it, on this machine or another,
 * refuses this run before anything is recorded or changed. Then it restores what a killed driver left in the
 * journal (with or without a profile), warns when the server's settings are not durable before it changes them
 * (another driver may have left them so), journals the values to restore, changes them through the store's
 * dialect and reads back what is in force. The lock is held until {@link #close()}, or until the connection
 * breaks (a server that crashes releases it). {@link #restore()} sets them back and removes the
 * journal; it runs once, from {@code Binding.close()} or, if the JVM exits without it (a second Ctrl-C),
 * from a shutdown hook. After a {@code kill -9} the next command for the server restores from the journal.
 *
 * <pre>{@code
 * ServerSettings changed = ServerSettings.open(new ServerSettings.Request("mysql", "127.0.0.1:3306/ycsb",
 *     profile, source, journal, new GlobalSettings(), Map.of("sync_binlog", "1"), true));
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
   */
  public record Request(String binding, String server, String profile, ConnectionSource source,
                        RestoreJournal journal, ServerWideDialect dialect, Map<String, String> wanted,
                        boolean strict) {
    /** Copies {@code wanted}, keeping its order. */
    public Request {
      Objects.requireNonNull(binding, "binding");
      Objects.requireNonNull(journal, "journal");
      Objects.requireNonNull(dialect, "dialect");
      wanted = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(wanted));
    }
  }

  private final Request request;
  private final Connection admin;
  private final RestoreJournal journal;
  /** The in-process key of the server's lock ({@link SettingsOwner}), null when this object holds none. */
  private final String lockKey;
  private final List<RestoredSetting> restoredFromJournal;
  private final List<String> warnings = new ArrayList<>();
  private final ChangedSettings<Connection> changed;
  private boolean released;

  private ServerSettings(Request request, Connection admin, RestoreJournal journal, String lockKey,
                         RestoreJournal.Recovery recovery) {
    this.request = request;
    this.admin = admin;
    this.journal = journal;
    this.lockKey = lockKey;
    this.restoredFromJournal = recovery.restored();
    this.warnings.addAll(recovery.warnings());
    this.changed = new ChangedSettings<>(request.binding(), request.dialect().scope(), journal, restorer(request),
        admin);
  }

  /** Sets values back through the store's dialect; a fresh connection comes from the request's source. */
  private static ChangedSettings.Dialect<Connection> restorer(Request request) {
    ServerWideDialect dialect = request.dialect();
    return new ChangedSettings.Dialect<>() {
      @Override
      public void put(Connection c, String name, String value) throws SQLException {
        dialect.put(c, name, value);
      }

      @Override
      public void apply(Connection c) throws SQLException {
        dialect.apply(c);
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
    };
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
    RestoreJournal.Recovery none = new RestoreJournal.Recovery(List.of(), List.of());
    if (request.wanted().isEmpty() && !request.journal().pending()) {
      return new ServerSettings(request, null, request.journal(), null, none);
    }
    Connection admin;
    try {
      admin = request.source().open();
    } catch (SQLException e) {
      throw SqlFailures.connectFailure(request.binding(), request.server(), e, request.dialect().errors());
    }
    ServerSettings settings = null;
    String lockKey = null;
    try {
      ServerWideDialect dialect = request.dialect();
      String serverId = dialect.serverId(admin);
      RestoreJournal journal = request.journal().identified(serverId);
      lockKey = request.binding() + " " + journal.path().getFileName();
      if (SettingsOwner.enter(lockKey)) {
        Optional<String> holder = dialect.tryLock(admin, SettingsOwner.describe());
        if (holder.isPresent()) {
          SettingsOwner.leave(lockKey);
          lockKey = null;
          String what = request.binding() + ": " + dialect.scope() + " settings of " + request.server() + " (server "
              + serverId + ") are being changed by another driver: " + holder.get();
          if (!request.wanted().isEmpty()) {
            throw new BindingException(what + "; two runs that change them at once would each restore the other's "
                + "values; nothing was recorded or changed; wait for it to end");
          }
          closeQuietly(admin);
          return new ServerSettings(request, null, journal, null, new RestoreJournal.Recovery(List.of(),
              List.of(what + "; this run measures with its values")));
        }
        SettingsOwner.hold(lockKey, () -> dialect.unlock(admin));
      }
      RestoreJournal.Recovery recovery = journal.recover((n, v) -> dialect.put(admin, n, v));
      if (!recovery.restored().isEmpty()) {
        dialect.apply(admin);
      }
      if (request.wanted().isEmpty()) {
        // nothing to change: the lock is not held through a run that changes nothing
        release(lockKey, admin);
        return new ServerSettings(request, null, journal, null, recovery);
      }
      settings = new ServerSettings(request, admin, journal, lockKey, recovery);
      settings.change();
      return settings;
    } catch (SQLException e) {
      if (settings != null) {
        settings.close();
      } else {
        release(lockKey, admin);
      }
      throw SqlFailures.failure(request.binding(), "reading or changing the server's " + request.dialect().scope()
          + " settings", e, request.dialect().errors());
    } catch (ConfigException | BindingException | RuntimeException e) {
      if (settings != null) {
        settings.close();
      } else {
        release(lockKey, admin);
      }
      throw e;
    }
  }

  /**
   * Leaves the server's lock (the last holder in this process unlocks it) and closes the connection; closing the
   * session that took the lock releases it as well.
   */
  private static void release(String lockKey, Connection admin) {
    if (lockKey != null) {
      SettingsOwner.leave(lockKey);
    }
    closeQuietly(admin);
  }

  private void change() throws SQLException, ConfigException, BindingException {
    ServerWideDialect dialect = request.dialect();
    Map<String, String> toSet = new LinkedHashMap<>();
    for (Map.Entry<String, String> w : request.wanted().entrySet()) {
      if (dialect.exists(admin, w.getKey())) {
        toSet.put(w.getKey(), w.getValue());
      } else {
        warnings.add(request.binding() + ": " + w.getKey() + " does not exist on this server; not set (profile "
            + request.profile() + " asks for " + w.getValue() + ")" + dialect.absentHint(w.getKey()));
      }
    }
    if (toSet.isEmpty()) {
      return;
    }
    Optional<String> missing = dialect.missingPrivilege(admin, toSet.keySet());
    if (missing.isPresent()) {
      String what = request.binding() + ": cannot change " + dialect.scope() + " " + String.join(", ", toSet.keySet())
          + " for profile " + request.profile() + ": " + missing.get();
      if (request.strict()) {
        throw new BindingException(what + "; nothing was changed; or add -p profile.strict=false");
      }
      warnings.add(what + "; the server's own values are in force for this run");
      return;
    }
    List<String> loose = dialect.notDurable(admin);
    if (!loose.isEmpty()) {
      warnings.add(request.binding() + ": before this run changed anything the server had " + String.join(", ", loose)
          + ", not its durable values; another driver may have left them changed (one killed on another machine, or "
          + "with another journal directory); they are recorded as the values to restore; check the server's "
          + "configuration");
    }
    journal(toSet);
    Map<String, String> failed = new LinkedHashMap<>();
    for (Map.Entry<String, String> w : toSet.entrySet()) {
      try {
        dialect.put(admin, w.getKey(), w.getValue());
      } catch (SQLException e) {
        failed.put(w.getKey(), e.getMessage());
      }
    }
    dialect.apply(admin);
    for (Map.Entry<String, String> w : toSet.entrySet()) {
      String now = dialect.effective(admin, w.getKey());
      if (!failed.containsKey(w.getKey()) && !w.getValue().equalsIgnoreCase(now)) {
        failed.put(w.getKey(), "the server still reports " + now + " after the change");
      }
    }
    for (Map.Entry<String, String> f : failed.entrySet()) {
      refused(f.getKey(), toSet.get(f.getKey()), f.getValue());
    }
  }

  private void journal(Map<String, String> toSet) throws SQLException, ConfigException, BindingException {
    Map<String, String> now = new LinkedHashMap<>();
    for (String name : toSet.keySet()) {
      now.put(name, request.dialect().original(admin, name));
    }
    changed.record(now);
  }

  private void refused(String name, String value, String why) throws BindingException {
    String scope = request.dialect().scope();
    if (request.strict()) {
      restore();
      throw new BindingException(request.binding() + ": cannot " + (scope.startsWith("ALTER") ? scope + " SET" : "SET "
          + scope) + " " + name + " = " + value + " for profile " + request.profile() + " (" + why + "); " + name
          + " stays " + inForce(name) + "; " + request.dialect().refusalHint(name) + ", or add -p profile.strict=false");
    }
    warnings.add(request.binding() + ": could not set " + scope + " " + name + " = " + value + "; " + inForce(name)
        + " is in force for this run");
  }

  private String inForce(String name) {
    try {
      return request.dialect().effective(admin, name);
    } catch (SQLException e) {
      return "unknown";
    }
  }

  /** @return settings a killed driver left changed, restored before this run; empty when none */
  public List<RestoredSetting> restored() {
    return restoredFromJournal;
  }

  /** @return lines for the result: settings absent, not set, or held by a running driver; may be empty */
  public synchronized List<String> warnings() {
    return List.copyOf(warnings);
  }

  /**
   * Puts every changed setting back and removes the journal; once ({@link ChangedSettings#restore()}). Failures go
   * to stderr and keep the journal, so that the next command retries. When the connection broke (the server
   * crashed and restarted), a new one is tried.
   */
  public void restore() {
    changed.restore();
  }

  /** Restores the settings (see {@link #restore()}), releases the server's lock and closes the connection; never throws. */
  @Override
  public void close() {
    restore();
    synchronized (this) {
      if (!released) {
        released = true;
        release(lockKey, admin);
      }
    }
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
