package dev.ycsbdriver.config;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * One configuration key as its owner declares it: name, default, unit, a one-line description, and
 * what a valid value is (its {@link Kind} and range). Owners (the runner, the CPU sampler, each binding)
 * keep their keys as constants of this type, so a key is written once; {@link PropertyRegistry} answers
 * from these declarations whether a key is known and whether its value is valid, and {@code bin/ycsb bindings},
 * {@code bin/ycsb properties} (which writes {@code docs/properties.md}) and the READMEs show the same text.
 *
 * <p>Example:
 * <pre>{@code
 * static final PropertySpec THREADS = PropertySpec.of("threadcount", "1", "threads", "client threads").integer(1, 100_000);
 * }</pre>
 *
 * <p>Immutable and thread-safe.
 *
 * @param key the property name as typed after {@code -p}, e.g. {@code db.batchsize}
 * @param defaultValue the value used when the key is absent, as text; {@code null} when there is none
 * @param unit the unit of the value ({@code "ms"}, {@code "records"}, {@code "ops/s"}), or {@code ""}
 *     when the value has none (a name, a flag); a bare number given to a {@link Kind#DURATION} is read
 *     in this unit
 * @param description one sentence for humans
 * @param kind what a valid value looks like; {@link Kind#TEXT} accepts anything
 * @param min smallest valid value, inclusive: a number for {@link Kind#INTEGER} and {@link Kind#NUMBER},
 *     milliseconds for {@link Kind#DURATION}; for {@link Kind#IDENTIFIER} the number of dot-separated parts
 *     allowed (1, or 2 for {@code schema.name}); unused otherwise
 * @param max largest valid value, inclusive, in the same unit as {@code min}; for {@link Kind#IDENTIFIER} the
 *     longest part in characters
 * @param choices the valid values of a {@link Kind#CHOICE}, lower case; empty for other kinds
 */
public record PropertySpec(String key, String defaultValue, String unit, String description, Kind kind,
                           double min, double max, List<String> choices) {

  /** What a valid value of a key looks like. */
  public enum Kind {
    /** Any text; its owner checks it. */
    TEXT,
    /** A whole number in [min, max]. */
    INTEGER,
    /** A finite decimal number in [min, max]. */
    NUMBER,
    /** {@code true} or {@code false}, any case. */
    FLAG,
    /** A duration such as {@code 500ms} or {@code 2m}, in [min, max] milliseconds. */
    DURATION,
    /** One of {@code choices}, any case. */
    CHOICE,
    /** A name that goes into a query unquoted: {@link Identifier}'s rule, with min parts and max characters a part. */
    IDENTIFIER
  }

  /**
   * @throws NullPointerException if {@code key}, {@code unit}, {@code description}, {@code kind} or
   *     {@code choices} is null
   * @throws IllegalArgumentException if {@code min > max}, or a {@link Kind#CHOICE} has no choices
   */
  public PropertySpec {
    Objects.requireNonNull(key, "key");
    Objects.requireNonNull(unit, "unit");
    Objects.requireNonNull(description, "description");
    Objects.requireNonNull(kind, "kind");
    choices = choices.stream().map(c -> c.toLowerCase(Locale.ROOT)).toList();
    if (min > max) {
      throw new IllegalArgumentException(key + ": min " + min + " > max " + max);
    }
    if (kind == Kind.CHOICE && choices.isEmpty()) {
      throw new IllegalArgumentException(key + ": a choice needs its values");
    }
  }

  /** Declares a text key that has a default; narrow it with {@link #integer}, {@link #flag} and friends. */
  public static PropertySpec of(String key, String defaultValue, String unit, String description) {
    return new PropertySpec(key, defaultValue, unit, description, Kind.TEXT, 0, 0, List.of());
  }

  /** Declares a text key without a default (absent means "not set"). */
  public static PropertySpec optional(String key, String unit, String description) {
    return of(key, null, unit, description);
  }

  /**
   * @param min smallest valid value, inclusive
   * @param max largest valid value, inclusive
   * @return this key as a whole number in [min, max]
   */
  public PropertySpec integer(long min, long max) {
    return new PropertySpec(key, defaultValue, unit, description, Kind.INTEGER, min, max, List.of());
  }

  /**
   * @param min smallest valid value, inclusive
   * @param max largest valid value, inclusive; {@link Double#MAX_VALUE} for no upper bound
   * @return this key as a finite decimal number in [min, max]
   */
  public PropertySpec number(double min, double max) {
    return new PropertySpec(key, defaultValue, unit, description, Kind.NUMBER, min, max, List.of());
  }

  /** @return this key as {@code true} or {@code false} */
  public PropertySpec flag() {
    return new PropertySpec(key, defaultValue, unit, description, Kind.FLAG, 0, 0, List.of());
  }

  /**
   * @param min shortest valid duration, inclusive
   * @param max longest valid duration, inclusive
   * @return this key as a duration in [min, max]; a bare number is read in {@link #unit()}
   */
  public PropertySpec duration(Duration min, Duration max) {
    return new PropertySpec(key, defaultValue, unit, description, Kind.DURATION, min.toMillis(), max.toMillis(),
        List.of());
  }

  /**
   * @param values the valid values, matched in any case
   * @return this key as one of {@code values}
   */
  public PropertySpec choice(String... values) {
    return new PropertySpec(key, defaultValue, unit, description, Kind.CHOICE, 0, 0, List.of(values));
  }

  /**
   * @param parts dot-separated parts allowed: 1, or 2 for {@code schema.name}
   * @param maxLength the longest part, in characters
   * @return this key as a name by {@link Identifier}'s rule
   */
  public PropertySpec identifier(int parts, int maxLength) {
    return new PropertySpec(key, defaultValue, unit, description, Kind.IDENTIFIER, parts, maxLength, List.of());
  }

  /** @return {@link #min()} as a whole number, for {@link Kind#INTEGER} */
  public long minLong() {
    return (long) min;
  }

  /** @return {@link #max()} as a whole number, for {@link Kind#INTEGER}; exact up to 2^53 and for Long.MAX_VALUE */
  public long maxLong() {
    return (long) max;
  }
}
