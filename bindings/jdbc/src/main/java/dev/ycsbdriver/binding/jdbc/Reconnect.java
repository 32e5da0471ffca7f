package dev.ycsbdriver.binding.jdbc;

import dev.ycsbdriver.config.ConfigException;
import dev.ycsbdriver.config.PropertySpec;
import dev.ycsbdriver.config.Settings;
import dev.ycsbdriver.spi.ErrorLog;
import java.time.Duration;
import java.util.List;

/**
 * How a client thread whose connection broke gets a new one: it waits a backoff before each attempt,
 * starting at {@code initial} and doubling after each failed attempt up to {@code max}; the first
 * success resets it. So a dead server costs each thread at most one failed operation per backoff, and a
 * restarted server is used again within {@code max} of its coming back.
 *
 * <p>The backoff is slept inside the operation that finds the connection down, so it is bounded by
 * {@code max}, which must stay at most half of {@code stop.timeout}: a thread asleep in its backoff when
 * the run stops still ends within the stop timeout.
 *
 * <p>Immutable and thread-safe.
 *
 * @param binding the binding's name, the subject of its errors
 * @param errors where failed operations and connection events are reported
 * @param initialNanos the first backoff, in nanoseconds, at least 1 ms
 * @param maxNanos the largest backoff, in nanoseconds, at least {@code initialNanos}
 */
public record Reconnect(String binding, ErrorLog errors, long initialNanos, long maxNanos) {
  /** Default first backoff. */
  public static final String INITIAL_DEFAULT = "100ms";
  /** Default largest backoff. */
  public static final String MAX_DEFAULT = "2s";

  /**
   * @param binding the binding's name, the keys' namespace
   * @return {@code <binding>.reconnect.backoff.initial} and {@code .max}, for the binding's key list
   */
  public static List<PropertySpec> keys(String binding) {
    return List.of(
        PropertySpec.of(binding + ".reconnect.backoff.initial", INITIAL_DEFAULT, "ms",
            "after a client thread's connection broke (SQLState class 08, connection closed or not valid): wait "
                + "before its first reconnect attempt; doubles after each failed attempt; 1ms to 1m")
            .duration(Duration.ofMillis(1), Duration.ofMinutes(1)),
        PropertySpec.of(binding + ".reconnect.backoff.max", MAX_DEFAULT, "ms",
            "largest wait between reconnect attempts; operations due meanwhile fail as ERROR after the wait, "
                + "so a dead server is no error storm; at least the initial backoff, at most half of stop.timeout (the "
                + "default yields to a shorter stop.timeout)")
            .duration(Duration.ofMillis(1), Duration.ofMinutes(1)));
  }

  /**
   * Reads the keys of {@link #keys(String)}.
   *
   * @param binding the binding's name
   * @param settings the run's settings
   * @param errors the run's error log
   * @return the policy
   * @throws ConfigException for a malformed or out-of-range backoff, or a max above half of stop.timeout
   */
  public static Reconnect from(String binding, Settings settings, ErrorLog errors) throws ConfigException {
    List<PropertySpec> keys = keys(binding);
    Duration initial = settings.getDuration(keys.get(0), Duration.ofMillis(1), Duration.ofMinutes(1));
    Duration max = settings.getDurationWithinStop(keys.get(1), initial, Duration.ofMinutes(1),
        "a thread waiting out its backoff");
    return new Reconnect(binding, errors, initial.toNanos(), max.toNanos());
  }

  /**
   * For embedded stores, whose connection does not break: default backoff, no keys.
   *
   * @param binding the binding's name
   * @param errors the run's error log
   * @return the policy
   */
  public static Reconnect embedded(String binding, ErrorLog errors) {
    return new Reconnect(binding, errors, Duration.ofMillis(100).toNanos(), Duration.ofSeconds(2).toNanos());
  }
}
