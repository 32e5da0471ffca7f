package dev.ycsbdriver.binding.jdbc;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/**
 * How one store reads, changes and puts back its server-wide settings (MySQL's {@code SET GLOBAL},
 * PostgreSQL's {@code ALTER SYSTEM}), for {@link ServerSettings}. Every method runs on the connection it is
 * given, from one thread at a time; implementations keep no state of the run and are thread-safe.
 */
public interface ServerWideDialect {
  /**
   * @return how the store calls the settings' reach, e.g. {@code GLOBAL} or {@code ALTER SYSTEM}; it names the
   *     journal's scope and appears in every message
   */
  String scope();

  /** @return how the store says what went wrong; the SQL standard's classes unless the store has its own */
  default SqlErrors errors() {
    return SqlErrors.STANDARD;
  }

  /**
   * @return the server's own identity, the same for every role and across restarts, different for another
   *     instance behind the same address
   * @throws SQLException when it cannot be read
   */
  String serverId(Connection c) throws SQLException;

  /**
   * Takes, without waiting, the lock in the server that one driver at a time holds while it changes the
   * settings, on this session: released by {@link #unlock} or when the session ends (also when the driver is
   * killed or the server restarts).
   *
   * @param owner who takes it, e.g. {@code ycsb-driver pid 4242 on host-a}, at most 64 characters; left where
   *     the store lets other sessions see it
   * @return empty when this session now holds the lock; else who holds it, as far as the server tells (one
   *     phrase, e.g. {@code ycsb-driver pid 17 on host-b (backend pid 812, from 10.0.0.7)})
   * @throws SQLException when the server cannot be asked
   */
  Optional<String> tryLock(Connection c, String owner) throws SQLException;

  /**
   * Releases the lock {@link #tryLock} took on this session.
   *
   * @throws SQLException when the server cannot be asked; ending the session releases it as well
   */
  void unlock(Connection c) throws SQLException;

  /**
   * @return the server-wide settings in force now that are less durable than the store's durable defaults,
   *     as {@code name=value} (e.g. {@code fsync=off}), in a fixed order; empty when all are durable. A driver
   *     killed on another machine leaves them so without a journal here.
   * @throws SQLException when they cannot be read
   */
  List<String> notDurable(Connection c) throws SQLException;

  /**
   * @param name a setting the profile asks for
   * @return false when this server has no such setting (e.g. MySQL's {@code binlog_group_commit_sync_delay}
   *     on MariaDB), which is then recorded as absent instead of failing the run
   * @throws SQLException when the server cannot be asked
   */
  boolean exists(Connection c, String name) throws SQLException;

  /**
   * Checks, before anything changes, that the connected role may change these settings.
   *
   * @param names the settings to change; not empty
   * @return what the role lacks and the statement that grants it, one sentence; empty when nothing is
   *     missing or when the store tells only by refusing the change
   * @throws SQLException when the privileges cannot be read
   */
  default Optional<String> missingPrivilege(Connection c, Collection<String> names) throws SQLException {
    return Optional.empty();
  }

  /**
   * @param name a setting about to change
   * @return the value to journal: {@link #put} with it puts the setting back as it was
   * @throws SQLException when it cannot be read
   */
  String original(Connection c, String name) throws SQLException;

  /**
   * Changes one setting, or puts back a journaled original. The name and value are checked here as well,
   * because a journal file can be edited.
   *
   * @param name one of the settings the binding may change
   * @param value a value the binding's keys accept, or one {@link #original} returned
   * @throws SQLException when the server refuses
   * @throws IllegalArgumentException for a name the binding never changes or a malformed value
   */
  void put(Connection c, String name, String value) throws SQLException;

  /**
   * Makes the values {@link #put} wrote take effect for sessions that connect afterwards (PostgreSQL reloads
   * its configuration and waits until it has); nothing to do where a put takes effect at once.
   *
   * @throws SQLException when the server refuses or does not finish within the binding's timeout
   */
  default void apply(Connection c) throws SQLException {
  }

  /**
   * @param name a setting that exists
   * @return its value now in force, written as the binding's keys write it, for comparison with the
   *     profile's value
   * @throws SQLException when it cannot be read
   */
  String effective(Connection c, String name) throws SQLException;

  /**
   * @param name a setting the server refused to change
   * @return the hint that fixes it, e.g. {@code grant SUPER (MariaDB) or SYSTEM_VARIABLES_ADMIN (MySQL 8+)}
   */
  String refusalHint(String name);

  /**
   * @param name a setting this server does not have
   * @return more about it for the warning, beginning with {@code "; "}, or {@code ""}
   */
  default String absentHint(String name) {
    return "";
  }

  /**
   * @param name a setting this server does not have
   * @return true when the profile sets this server's own equivalent of it instead; false by default
   */
  default boolean equivalentSetInstead(String name) {
    return false;
  }
}
