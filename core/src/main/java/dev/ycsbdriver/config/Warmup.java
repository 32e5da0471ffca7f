package dev.ycsbdriver.config;

import java.time.Duration;
import java.util.Locale;

/**
 * What the run phase does before its clock starts: nothing, a fixed stretch, or a stretch that ends when
 * the driver is warm ({@code warmup=auto}). Operations of the warm-up run against the store like any other
 * but are left out of every figure.
 *
 * <p>{@code auto} ends once the JIT compiler's queue has emptied and throughput has stopped changing (see
 * {@code dev.ycsbdriver.runner.SteadyState}), at the latest after {@link #limit()}; a failed operation ends it
 * at once, so that failures are measured rather than warmed away.
 *
 * @param auto whether the warm-up ends at steady state rather than after a fixed time
 * @param limit a fixed warm-up's length, or an automatic one's longest ({@code warmup.max}); zero for none
 */
public record Warmup(boolean auto, Duration limit) {
  /** No warm-up: every operation is measured, as in YCSB. */
  public static final Warmup NONE = new Warmup(false, Duration.ZERO);
  /** The value of {@code warmup} that asks for a warm-up ending at steady state. */
  public static final String AUTO = "auto";

  /** @return whether there is no warm-up at all */
  public boolean none() {
    return limit.isZero();
  }

  /**
   * @return how the result and the status lines name it: {@code none}, {@code auto} or a duration such as
   *     {@code 1500ms}
   */
  public String label() {
    return none() ? "none" : auto ? AUTO : limit.toMillis() + "ms";
  }

  /**
   * Reads {@code warmup} and {@code warmup.max}.
   *
   * @param settings the merged configuration
   * @param warmupKey the spec of {@code warmup}: {@code auto} or a duration
   * @param maxKey the spec of {@code warmup.max}: a duration, the longest automatic warm-up
   * @return the warm-up asked for
   * @throws ConfigException when either value is malformed or out of range
   */
  static Warmup from(Settings settings, PropertySpec warmupKey, PropertySpec maxKey) throws ConfigException {
    String text = settings.getTrimmed(warmupKey);
    Duration max = settings.getDuration(maxKey);
    if (text != null && text.toLowerCase(Locale.ROOT).equals(AUTO)) {
      return new Warmup(true, max);
    }
    Duration fixed;
    try {
      fixed = settings.getDuration(warmupKey, Duration.ZERO, Duration.ofDays(1));
    } catch (ConfigException e) {
      throw new ConfigException(e.getMessage().replace(warmupKey.key() + ": must be a duration",
          warmupKey.key() + ": must be auto or a duration"));
    }
    return fixed.isZero() ? NONE : new Warmup(false, fixed);
  }
}
