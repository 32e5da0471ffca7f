package dev.ycsbdriver.spi.support;

import dev.ycsbdriver.spi.BindingException;
import java.util.Collection;
import java.util.Map;
import java.util.Optional;

/**
 * How one store reads, changes and names its server-wide settings, for {@link SettingsChange}: the store's
 * statements (MySQL's {@code SET GLOBAL}, PostgreSQL's {@code ALTER SYSTEM}, Redis' {@code CONFIG SET}) and the
 * words its messages use for them. Everything the stores do alike (the lock count, the journal, verifying,
 * strict mode, restoring) is {@link SettingsChange}'s.
 *
 * <p>Every method runs on the connection it is given, from one thread at a time; implementations keep no state of
 * the run beyond their request and are thread-safe.
 *
 * @param <C> the store's connection type
 * @param <X> the store's failure, e.g. {@link java.sql.SQLException}; {@link RuntimeException} for a client whose
 *     failures are unchecked
 */
public interface SettingsDialect<C, X extends Exception> extends ChangedSettings.Dialect<C> {
  /**
   * What {@link #lock} found: the lock taken, another driver holding it, or a server that cannot hold it.
   *
   * @param release releases the lock in the server, or null when none was taken
   * @param holder who holds the lock when another driver does, as far as the server tells (one phrase); empty
   *     when this driver may go on
   * @param warning the line for the result when the server cannot hold the lock and only the journal of this
   *     machine guards the settings; empty otherwise
   */
  record Lock(AutoCloseable release, Optional<String> holder, Optional<String> warning) {
    /** @return the lock taken; {@code release} releases it */
    public static Lock taken(AutoCloseable release) {
      return new Lock(release, Optional.empty(), Optional.empty());
    }

    /** @return the lock another driver holds, described by {@code holder} */
    public static Lock heldBy(String holder) {
      return new Lock(null, Optional.of(holder), Optional.empty());
    }

    /** @return no lock, as the server cannot hold one; {@code warning} says so in the result */
    public static Lock unguarded(String warning) {
      return new Lock(null, Optional.empty(), Optional.of(warning));
    }
  }

  /**
   * Settings in force before the run changed anything that are less durable than the store's durable values:
   * another driver may have left them so.
   *
   * @param had the settings and what durable would be, e.g. {@code fsync=off, not its durable values}
   * @param one true when the warning speaks of one setting ({@code it}), false for several ({@code them})
   */
  record NotDurable(String had, boolean one) {
  }

  /**
   * @return how the store calls the settings' reach, e.g. {@code GLOBAL}, {@code ALTER SYSTEM}, {@code CONFIG};
   *     it names the journal's scope and appears in every message
   */
  String scope();

  /**
   * @return the server's own identity, the same for every user and across restarts, different for another
   *     instance behind the same address; null when it cannot be read (the journal is then keyed on the address)
   * @throws X when the server cannot be asked
   */
  String serverId(C connection) throws X;

  /**
   * Takes, without waiting, the lock in the server that one driver at a time holds while it changes the settings;
   * it ends with its release, its session or its lease.
   *
   * @return the lock taken, its holder, or why the server cannot hold it
   * @throws X when the server cannot be asked
   */
  Lock lock(C connection) throws X;

  /**
   * @param name a setting the profile asks for
   * @return false when this server has no such setting, which is then warned about instead of set; true by
   *     default
   * @throws X when the server cannot be asked
   */
  default boolean exists(C connection, String name) throws X {
    return true;
  }

  /**
   * @param name a setting this server does not have
   * @return more about it for the warning, beginning with {@code "; "}, or {@code ""} (the default)
   */
  default String absentHint(String name) {
    return "";
  }

  /**
   * @param name a setting this server does not have
   * @return true when the profile sets this server's own equivalent of it instead (the warning then says so in
   *     {@link #absentHint}); false by default
   */
  default boolean equivalentSetInstead(String name) {
    return false;
  }

  /**
   * Checks, before anything changes, that the connected user may change these settings.
   *
   * @param names the settings to change, in order; not empty
   * @return what the user lacks, one phrase; empty when nothing is missing (the default) or when the store tells
   *     only by refusing the change
   * @throws X when the privileges cannot be read
   */
  default Optional<String> missingPrivilege(C connection, Collection<String> names) throws X {
    return Optional.empty();
  }

  /**
   * @return what grants a missing privilege in a strict refusal, ending with {@code ", "}, e.g.
   *     {@code grant the user +config|get +config|set, }; {@code ""} (the default) when
   *     {@link #missingPrivilege} names it already
   */
  default String privilegeHint() {
    return "";
  }

  /**
   * @return what was in force before anything changed that is less durable than the store's durable values;
   *     empty when all is durable (the default)
   * @throws X when the settings cannot be read
   */
  default Optional<NotDurable> notDurable(C connection) throws X {
    return Optional.empty();
  }

  /**
   * @param name a setting about to change
   * @return the value to journal: {@link #put} with it puts the setting back as it was
   * @throws X when it cannot be read
   */
  String original(C connection, String name) throws X;

  /**
   * Changes one setting, or puts back a journaled original.
   *
   * @throws X when the server refuses it or the connection fails
   */
  @Override
  void put(C connection, String name, String value) throws X;

  /**
   * Makes the values {@link #put} set take effect (PostgreSQL's {@code pg_reload_conf()}); the default does
   * nothing.
   *
   * @throws X when the server refuses or does not finish in time
   */
  @Override
  default void apply(C connection) throws X {
  }

  /**
   * Waits until the values just set are in force where the store takes a while to get there (Redis' first AOF
   * rewrite after {@code appendonly yes}).
   *
   * @param set setting name to the value set, in order; only those the server accepted
   * @return setting name to why it is not in force, in order; empty when all are (the default)
   * @throws X when the server cannot be asked
   * @throws BindingException when the wait is interrupted (exit code 3)
   */
  default Map<String, String> settle(C connection, Map<String, String> set) throws X, BindingException {
    return Map.of();
  }

  /**
   * @param name a setting that exists
   * @return its value now in force, written as the binding's keys write it, for comparison (ignoring case) with
   *     the profile's value
   * @throws X when it cannot be read
   */
  String effective(C connection, String name) throws X;

  /** @return how the verification names the change, e.g. {@code the change}, {@code CONFIG SET} */
  String changeStatement();

  /**
   * @return the statement that changes {@code name} in a refusal, e.g. {@code SET GLOBAL sync_binlog = 1},
   *     {@code CONFIG REWRITE}
   */
  String statement(String name, String value);

  /**
   * @param why why the server did not take it
   * @return what could not be done in a warning, after {@code could not}, e.g. {@code set GLOBAL sync_binlog = 1}
   */
  String notSet(String name, String value, String why);

  /**
   * @param inForce the value in force after the previous values were put back, or {@code unknown}
   * @return what a strict refusal says of the server after it, e.g. {@code sync_binlog stays 0}
   */
  String afterRefusal(String name, String inForce);

  /**
   * @param why why the server did not take it
   * @return the hint that fixes a refusal, e.g. {@code grant SUPER (MariaDB) or SYSTEM_VARIABLES_ADMIN (MySQL 8+)}
   */
  String refusalHint(String name, String why);
}
