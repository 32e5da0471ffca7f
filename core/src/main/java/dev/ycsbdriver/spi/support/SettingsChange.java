package dev.ycsbdriver.spi.support;

import dev.ycsbdriver.config.ConfigException;
import dev.ycsbdriver.result.model.Warning.Code;
import dev.ycsbdriver.result.model.Warning;
import dev.ycsbdriver.spi.BindingException;
import dev.ycsbdriver.spi.ErrorLog;
import dev.ycsbdriver.spi.RestoredSetting;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Server-wide settings a durability profile sets for one run and puts back afterwards (MySQL's GLOBAL
 * {@code sync_binlog}, PostgreSQL's {@code ALTER SYSTEM SET fsync}, Redis' {@code CONFIG SET appendfsync}): leaving
 * them changed would change every other client of the server. The steps are the same for every store; the store's
 * statements and words are its {@link SettingsDialect}.
 *
 * <p>{@link #open} connects only when there is something to change or a journal to restore. It reads the server's
 * identity, which keys the {@link RestoreJournal}, and takes the lock in the server that one driver at a time holds
 * while it changes the settings (counted per process by {@link SettingsOwner}); another driver that holds it, on
 * this machine or another, refuses a run that would change them before anything is recorded or changed. Then it
 * restores what a killed driver left in the journal (and says so at once, {@link ErrorLog#restored}), skips (with a warning) a setting the server does not have,
 * checks the user's privilege, warns when the server's settings are not durable before it changes them, journals the
 * values to restore ({@link ChangedSettings#record}), sets the wanted values, waits until they settle and reads back
 * what is in force. A setting refused or not in force fails the run when strict (the previous values are put back
 * first), else it is a warning. The lock is held until {@link #close()}. {@link #restore()} puts the values back
 * once, from the binding's {@code close()} or a shutdown hook ({@link ChangedSettings}).
 *
 * <pre>{@code
 * SettingsChange<Connection, SQLException> changed = SettingsChange.open(new SettingsChange.Request("mysql",
 *     "127.0.0.1:3306/ycsb", "durable", journal, Map.of("sync_binlog", "1"), Map.of(), true, context.errors()),
 *     dialect, connector);
 * ... run, with changed.warnings() and changed.restored() in the result ...
 * changed.close();
 * }</pre>
 *
 * <p>Thread-safe.
 *
 * @param <C> the store's connection type
 * @param <X> the store's failure
 */
public final class SettingsChange<C, X extends Exception> implements AutoCloseable {
  private static final String NOT_STRICT = "or add -p profile.strict=false";

  /**
   * What to change.
   *
   * @param binding the binding's name, the subject of every message, e.g. {@code mysql}
   * @param server where the binding connects, for messages, e.g. {@code 127.0.0.1:5432/ycsb}
   * @param profile the durability profile's name, or null
   * @param journal the journal of the server's address; {@link #open} keys it on the server's identity
   * @param wanted setting name to value, in the order to set them; empty to only restore a journal
   * @param after steps that are journaled after the settings and run after they are verified, as a name and
   *     value {@link SettingsDialect#put} understands (Redis' {@code config-file=rewrite}); never verified; may be
   *     empty
   * @param strict true: a setting that cannot be set fails the run (exit code 3); false: a warning
   * @param log where the line naming the settings restored from a journal is printed ({@link ErrorLog#restored}),
   *     as soon as they are back, so that it is there also when the command fails afterwards
   */
  public record Request(String binding, String server, String profile, RestoreJournal journal,
                        Map<String, String> wanted, Map<String, String> after, boolean strict, ErrorLog log) {
    /**
     * Copies both maps, keeping their order.
     *
     * @throws NullPointerException for a null binding, journal or log
     */
    public Request {
      Objects.requireNonNull(binding, "binding");
      Objects.requireNonNull(journal, "journal");
      Objects.requireNonNull(log, "log");
      wanted = Collections.unmodifiableMap(new LinkedHashMap<>(wanted));
      after = Collections.unmodifiableMap(new LinkedHashMap<>(after));
    }
  }

  /**
   * Opens the connection the settings are changed through.
   *
   * @param <C> the store's connection type
   * @param <X> the store's failure
   */
  @FunctionalInterface
  public interface Connector<C, X extends Exception> {
    /**
     * @return an open connection to the server
     * @throws X when the server cannot be reached
     * @throws BindingException when the caller has already turned the failure into a message (exit code 3)
     */
    C connect() throws X, BindingException;

    /**
     * Called once when the connection {@link #connect()} returned is no longer needed: the lock is released and
     * nothing is left to restore on it. The default leaves it open, for a binding that goes on using it.
     */
    default void done(C connection) {
    }
  }

  private final Request request;
  private final SettingsDialect<C, X> dialect;
  private final Connector<C, X> connector;
  private final C connection;
  /** The in-process key of the server's lock ({@link SettingsOwner}), null when this object holds none. */
  private final String lockKey;
  private final List<RestoredSetting> restoredFromJournal;
  private final List<Warning> warnings = new ArrayList<>();
  private final ChangedSettings<C> changed;
  private boolean released;

  private SettingsChange(Request request, SettingsDialect<C, X> dialect, Connector<C, X> connector,
                         RestoreJournal journal, C connection, String lockKey, RestoreJournal.Recovery recovery) {
    this.request = request;
    this.dialect = dialect;
    this.connector = connector;
    this.connection = connection;
    this.lockKey = lockKey;
    this.restoredFromJournal = recovery.restored();
    recovery.warnings().forEach(w -> this.warnings.add(Warning.other(w)));
    this.changed = new ChangedSettings<>(request.binding(), dialect.scope(), journal, dialect, connection);
  }

  /**
   * Restores a journal a killed driver left, then changes the wanted settings and checks they are in force.
   *
   * @param request what to change
   * @param dialect the store's statements and words
   * @param connector opens the connection, only when there is something to change or a journal to restore
   * @return the changed settings; close it when the run ends
   * @throws ConfigException when the journal cannot be read or written (exit code 2); nothing was changed
   * @throws BindingException when a live driver holds the journal or the lock, the user lacks a privilege, or a
   *     setting is refused or not in force while strict (exit code 3); what was changed is put back
   * @throws X when the server fails; what was changed is put back
   */
  public static <C, X extends Exception> SettingsChange<C, X> open(Request request, SettingsDialect<C, X> dialect,
      Connector<C, X> connector) throws X, ConfigException, BindingException {
    RestoreJournal.Recovery none = new RestoreJournal.Recovery(List.of(), List.of());
    if (request.wanted().isEmpty() && !request.journal().pending()) {
      return new SettingsChange<>(request, dialect, connector, request.journal(), null, null, none);
    }
    C c = connector.connect();
    SettingsChange<C, X> change = null;
    String lockKey = null;
    try {
      String serverId = dialect.serverId(c);
      RestoreJournal journal = request.journal().identified(serverId);
      lockKey = request.binding() + " " + journal.path().getFileName();
      List<String> lockWarnings = new ArrayList<>();
      if (SettingsOwner.enter(lockKey)) {
        SettingsDialect.Lock lock = dialect.lock(c);
        if (lock.holder().isPresent()) {
          SettingsOwner.leave(lockKey);
          lockKey = null;
          String what = request.binding() + ": " + dialect.scope() + " settings of " + request.server() + " (server "
              + serverId + ") are being changed by another driver: " + lock.holder().get();
          if (!request.wanted().isEmpty()) {
            throw new BindingException(what + "; two runs that change them at once would each restore the other's "
                + "values; nothing was recorded or changed; wait for it to end");
          }
          connector.done(c);
          return new SettingsChange<>(request, dialect, connector, journal, null, null,
              new RestoreJournal.Recovery(List.of(), List.of(what + "; this run measures with its values")));
        }
        if (lock.release() != null) {
          SettingsOwner.hold(lockKey, lock.release());
        }
        lock.warning().ifPresent(lockWarnings::add);
      }
      RestoreJournal.Recovery recovery = journal.recover((n, v) -> dialect.put(c, n, v));
      if (!recovery.restored().isEmpty()) {
        try {
          dialect.apply(c);
        } finally {
          // the journal is gone: the line is the only account of the restore when a later step fails
          request.log().restored(request.binding(), recovery.restored());
        }
      }
      if (request.wanted().isEmpty()) {
        // nothing to change: the lock is not held through a run that changes nothing
        release(lockKey, connector, c);
        return new SettingsChange<>(request, dialect, connector, journal, null, null, recovery);
      }
      change = new SettingsChange<>(request, dialect, connector, journal, c, lockKey, recovery);
      for (String w : lockWarnings) {
        change.warnings.add(Warning.other(w));
      }
      change.change();
      return change;
    } catch (Exception e) {
      if (change != null) {
        change.close();
      } else {
        release(lockKey, connector, c);
      }
      throw e;
    }
  }

  /** Leaves the server's lock (the last holder in this process releases it), then lets the connection go. */
  private static <C> void release(String lockKey, Connector<C, ?> connector, C connection) {
    if (lockKey != null) {
      SettingsOwner.leave(lockKey);
    }
    if (connection != null) {
      connector.done(connection);
    }
  }

  private void change() throws X, ConfigException, BindingException {
    Map<String, String> toSet = new LinkedHashMap<>();
    for (Map.Entry<String, String> w : request.wanted().entrySet()) {
      if (dialect.exists(connection, w.getKey())) {
        toSet.put(w.getKey(), w.getValue());
      } else {
        Code code = dialect.equivalentSetInstead(w.getKey()) ? Code.EQUIVALENT_SETTING : Code.SETTING_NOT_APPLIED;
        warnings.add(new Warning(code, request.binding() + ": " + w.getKey() + " does not exist on this server; not "
            + "set (profile " + request.profile() + " asks for " + w.getValue() + ")"
            + dialect.absentHint(w.getKey())));
      }
    }
    if (toSet.isEmpty() || !mayChange(toSet)) {
      return;
    }
    dialect.notDurable(connection).ifPresent(n -> warnings.add(Warning.other(request.binding() + ": before this run "
        + "changed anything the server had " + n.had() + "; another driver may have left " + (n.one() ? "it" : "them")
        + " changed (one killed on another machine, or with another journal directory); "
        + (n.one() ? "it is recorded as the value" : "they are recorded as the values")
        + " to restore; check the server's configuration")));
    Map<String, String> originals = new LinkedHashMap<>();
    for (String name : toSet.keySet()) {
      originals.put(name, dialect.original(connection, name));
    }
    originals.putAll(request.after());
    changed.record(originals);
    Map<String, String> set = new LinkedHashMap<>();
    for (Map.Entry<String, String> w : toSet.entrySet()) {
      if (put(w.getKey(), w.getValue(), "")) {
        set.put(w.getKey(), w.getValue());
      }
    }
    dialect.apply(connection);
    for (Map.Entry<String, String> f : dialect.settle(connection, set).entrySet()) {
      set.remove(f.getKey());
      refused(f.getKey(), toSet.get(f.getKey()), f.getValue());
    }
    for (Map.Entry<String, String> s : set.entrySet()) {
      String now = dialect.effective(connection, s.getKey());
      if (!s.getValue().equalsIgnoreCase(now)) {
        refused(s.getKey(), s.getValue(), "the server still reports " + now + " after " + dialect.changeStatement());
      }
    }
    for (Map.Entry<String, String> a : request.after().entrySet()) {
      put(a.getKey(), a.getValue(), dialect.statement(a.getKey(), a.getValue()) + " failed: ");
    }
  }

  /**
   * @return true when the user may change these settings; else a strict run fails here and a lenient one has a
   *     warning, before anything is recorded or changed
   */
  private boolean mayChange(Map<String, String> toSet) throws X, BindingException {
    Optional<String> missing = dialect.missingPrivilege(connection, toSet.keySet());
    if (missing.isEmpty()) {
      return true;
    }
    String what = request.binding() + ": cannot change " + dialect.scope() + " " + String.join(", ", toSet.keySet())
        + " for profile " + request.profile() + ": " + missing.get();
    if (request.strict()) {
      throw new BindingException(what + "; nothing was changed; " + dialect.privilegeHint() + NOT_STRICT);
    }
    warnings.add(new Warning(Code.SETTING_NOT_APPLIED, what + "; the server's own values are in force for this run"));
    return false;
  }

  /**
   * @param prefix put before the server's reason in a refusal
   * @return true when the server took the value; else it is {@link #refused}
   */
  private boolean put(String name, String value, String prefix) throws BindingException {
    try {
      dialect.put(connection, name, value);
      return true;
    } catch (Exception e) {
      refused(name, value, prefix + dialect.reason(e));
      return false;
    }
  }

  private void refused(String name, String value, String why) throws BindingException {
    if (request.strict()) {
      restore();
      throw new BindingException(request.binding() + ": cannot " + dialect.statement(name, value) + " for profile "
          + request.profile() + " (" + why + "); " + dialect.afterRefusal(name, inForce(name)) + "; "
          + dialect.refusalHint(name, why) + ", " + NOT_STRICT);
    }
    warnings.add(new Warning(Code.SETTING_NOT_APPLIED, request.binding() + ": could not "
        + dialect.notSet(name, value, why)
        + (request.after().containsKey(name) ? "" : "; " + inForce(name) + " is in force for this run")));
  }

  private String inForce(String name) {
    try {
      return dialect.effective(connection, name);
    } catch (Exception e) {
      return "unknown";
    }
  }

  /** @return the value {@code name} had before the run changed it, or null when it was not changed */
  public String original(String name) {
    return changed.original(name);
  }

  /** @return settings a killed driver left changed, restored before this run; empty when none */
  public List<RestoredSetting> restored() {
    return restoredFromJournal;
  }

  /** @return lines for the result: settings absent, not set, or held by a running driver; may be empty */
  public synchronized List<Warning> warnings() {
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

  /**
   * Restores the settings (see {@link #restore()}), releases the server's lock and lets the connection go
   * ({@link Connector#done}); never throws.
   */
  @Override
  public void close() {
    restore();
    synchronized (this) {
      if (!released) {
        released = true;
        release(lockKey, connector, connection);
      }
    }
  }
}
