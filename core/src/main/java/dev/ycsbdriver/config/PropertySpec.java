package dev.ycsbdriver.config;

import java.util.Objects;

/**
 * One configuration key as its owner declares it: name, default, unit and a one-line description.
 * Owners (the runner, the CPU sampler, each binding) keep their keys as constants of this type, so a
 * key is written once, and {@code bin/ycsb bindings} and the READMEs show the same text.
 *
 * <p>Immutable and thread-safe.
 *
 * @param key the property name as typed after {@code -p}, e.g. {@code db.batchsize}
 * @param defaultValue the value used when the key is absent, as text; {@code null} when there is none
 * @param unit the unit of the value ({@code "ms"}, {@code "records"}, {@code "ops/s"}), or {@code ""}
 *     when the value has none (a name, a flag)
 * @param description one sentence for humans
 */
public record PropertySpec(String key, String defaultValue, String unit, String description) {

  /**
   * @throws NullPointerException if {@code key}, {@code unit} or {@code description} is null
   */
  public PropertySpec {
    Objects.requireNonNull(key, "key");
    Objects.requireNonNull(unit, "unit");
    Objects.requireNonNull(description, "description");
  }

  /** Declares a key that has a default. */
  public static PropertySpec of(String key, String defaultValue, String unit, String description) {
    return new PropertySpec(key, defaultValue, unit, description);
  }

  /** Declares a key without a default (absent means "not set"). */
  public static PropertySpec optional(String key, String unit, String description) {
    return new PropertySpec(key, null, unit, description);
  }
}
