package dev.ycsbdriver.spi.support;

import dev.ycsbdriver.config.ConfigException;
import dev.ycsbdriver.config.CoreWorkloadKeys;
import dev.ycsbdriver.config.Phase;
import dev.ycsbdriver.config.PropertySpec;
import dev.ycsbdriver.config.Settings;
import java.time.Duration;
import java.util.List;

/**
 * How the client threads of a binding get their connections to the store ({@code <binding>.connections}), for
 * the bindings whose client library can share or pool them (the SQL bindings through HikariCP, MongoDB through its
 * driver's own pool):
 * <ul>
 *   <li>{@code thread} (the default, as upstream YCSB): each client thread opens its own connection and keeps it;</li>
 *   <li>{@code shared}: one connection for all client threads, used by one operation at a time, in the order the
 *       threads asked for it;</li>
 *   <li>{@code pool}: a pool of {@code <binding>.pool.size} connections; each operation borrows one and returns it
 *       when it ends, waiting at most {@code <binding>.pool.timeout} for one to be free.</li>
 * </ul>
 * In {@code shared} and {@code pool} the time an operation waited for its connection is measured apart from its
 * service time, as the operation {@code CONNECTION-WAIT} ({@link ConnectionWait}): a pool too
 * small shows up as waiting, not as a slow store.
 *
 * <p>Immutable and thread-safe.
 *
 * @param kind which of the three
 * @param poolSize connections in the pool, 1 to 1,000; 1 for {@code shared}, the thread count's own for {@code thread}
 *     (unused there)
 * @param poolTimeout longest wait for a connection of the pool or the shared one; then the operation fails as ERROR
 */
public record ConnectionMode(Kind kind, int poolSize, Duration poolTimeout) {
  /** The three ways to connect. */
  public enum Kind {
    /** One connection per client thread. */
    THREAD,
    /** One connection for all client threads, one operation at a time. */
    SHARED,
    /** A pool of connections that each operation borrows. */
    POOL;

    /** @return the key's value, e.g. {@code pool} */
    public String value() {
      return name().toLowerCase(java.util.Locale.ROOT);
    }
  }

  /** Default pool size: HikariCP's default {@code maximumPoolSize}. */
  public static final int POOL_SIZE_DEFAULT = 10;
  /** Default longest wait for a connection: half of the default {@code stop.timeout}, 5 s. */
  public static final String POOL_TIMEOUT_DEFAULT = "2500ms";
  /** Shortest wait HikariCP accepts for {@code connectionTimeout}. */
  static final Duration POOL_TIMEOUT_MIN = Duration.ofMillis(250);

  /** The default: one connection per client thread. */
  public static final ConnectionMode PER_THREAD = new ConnectionMode(Kind.THREAD, 0, Duration.ZERO);

  /**
   * @param binding the binding's name, the keys' namespace
   * @param pool the pool's kind, for the descriptions, e.g. {@code a HikariCP pool}
   * @return {@code <binding>.connections}, {@code .pool.size} and {@code .pool.timeout}, for the binding's key list
   */
  public static List<PropertySpec> keys(String binding, String pool) {
    return List.of(
        PropertySpec.of(binding + ".connections", "thread", "",
            "thread: one connection per client thread (YCSB's); shared: one connection for all threads, one "
                + "operation at a time; pool: " + pool + " of " + binding + ".pool.size connections that each "
                + "operation borrows. In shared and pool the wait for a connection is measured apart, as "
                + "CONNECTION-WAIT").choice("thread", "shared", "pool"),
        PropertySpec.of(binding + ".pool.size", Integer.toString(POOL_SIZE_DEFAULT), "connections",
            "connections in the pool of " + binding + ".connections=pool, opened at the start and kept")
            .integer(1, 1000),
        PropertySpec.of(binding + ".pool.timeout", POOL_TIMEOUT_DEFAULT, "ms",
            "longest wait of an operation for a connection (pool or shared); then it fails as ERROR; at most half of "
                + "stop.timeout (the default yields to a shorter stop.timeout)").duration(POOL_TIMEOUT_MIN,
            Duration.ofHours(1)));
  }

  /**
   * Reads the keys of {@link #keys(String, String)}.
   *
   * @param binding the binding's name
   * @param settings the run's settings
   * @param batchSize the binding's inserts per batch: above 1 only with {@code thread}, whose connection keeps the
   *     queued batch between operations
   * @return the mode
   * @throws ConfigException (exit code 2) for an unknown mode, a size or timeout out of range, a timeout above half
   *     of stop.timeout, a pool size given without {@code pool}, or batched inserts without {@code thread}
   */
  public static ConnectionMode from(String binding, Settings settings, int batchSize) throws ConfigException {
    List<PropertySpec> keys = keys(binding, "");
    Kind kind = Kind.valueOf(settings.getChoice(keys.get(0)).toUpperCase(java.util.Locale.ROOT));
    if (kind != Kind.POOL && settings.contains(keys.get(1).key())) {
      throw new ConfigException(keys.get(1).key() + ": applies only to " + keys.get(0).key() + "=pool, which is "
          + kind.value() + " here");
    }
    if (kind != Kind.THREAD && batchSize > 1) {
      throw new ConfigException(keys.get(0).key() + "=" + kind.value() + ": batched inserts (batch size " + batchSize
          + ") need " + keys.get(0).key() + "=thread, whose connection keeps a batch between operations");
    }
    if (kind == Kind.THREAD) {
      return PER_THREAD;
    }
    Duration timeout = settings.getDurationWithinStop(keys.get(2), POOL_TIMEOUT_MIN, Duration.ofHours(1),
        "a thread waiting for a connection");
    return new ConnectionMode(kind, kind == Kind.SHARED ? 1 : settings.getInt(keys.get(1)), timeout);
  }

  /**
   * Reads the keys of {@link #keys(String, String)} for a phase: the batch size counts only where the phase inserts
   * (a load, or a run with {@code insertproportion} above 0), so a read-only run of a store whose loads batch may
   * share a connection or borrow from a pool.
   *
   * @param binding the binding's name
   * @param settings the run's settings
   * @param batchSize the binding's inserts per batch
   * @param phase the phase about to run
   * @return the mode
   * @throws ConfigException as {@link #from(String, Settings, int)}, batched inserts counting only where it inserts
   */
  public static ConnectionMode from(String binding, Settings settings, int batchSize, Phase phase)
      throws ConfigException {
    boolean inserts = phase == Phase.LOAD || settings.getDouble(CoreWorkloadKeys.INSERT_PROPORTION) > 0;
    return from(binding, settings, inserts ? batchSize : 0);
  }

  /** @return e.g. {@code a pool of 10 connections}, {@code one shared connection}, {@code one connection per thread} */
  public String describe() {
    return switch (kind) {
      case THREAD -> "one connection per client thread";
      case SHARED -> "one connection shared by all client threads";
      case POOL -> "a pool of " + poolSize + (poolSize == 1 ? " connection" : " connections");
    };
  }
}
