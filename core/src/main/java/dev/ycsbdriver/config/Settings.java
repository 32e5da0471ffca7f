package dev.ycsbdriver.config;

import java.time.Duration;
import java.util.Collection;
import java.util.Collections;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The merged configuration of one command: {@code -P} files, then the durability profile, then
 * {@code -p} and flags, as an immutable map from property name to text, with typed accessors that
 * validate. Out-of-range values are errors, never clamped.
 *
 * <p>Immutable and thread-safe. {@link #toProperties()} hands out a fresh copy each time, because
 * YCSB workloads and bindings receive a mutable {@link Properties}.
 *
 * <p>Example:
 * <pre>{@code
 * int threads = settings.getInt(RunConfig.THREADS);   // range from the spec: "threadcount: must be >= 1, got 0"
 * }</pre>
 */
public final class Settings {
  private static final Pattern DURATION = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(ms|s|m|h)?");

  private final Map<String, String> values;

  private Settings(Map<String, String> values) {
    this.values = Collections.unmodifiableMap(new TreeMap<>(values));
  }

  /**
   * @param values property name to value; copied
   * @return settings over a copy of {@code values}
   */
  public static Settings of(Map<String, String> values) {
    return new Settings(values);
  }

  /**
   * @param properties copied; non-string keys or values are ignored
   * @return settings over a copy of {@code properties}
   */
  public static Settings of(Properties properties) {
    Map<String, String> map = new TreeMap<>();
    for (String name : properties.stringPropertyNames()) {
      map.put(name, properties.getProperty(name));
    }
    return new Settings(map);
  }

  /** @return a new settings object with {@code key} set to {@code value} */
  public Settings with(String key, String value) {
    Map<String, String> copy = new TreeMap<>(values);
    copy.put(key, value);
    return new Settings(copy);
  }

  /** @return every key and value, sorted by key; unmodifiable */
  public Map<String, String> asMap() {
    return values;
  }

  /** @return every key and value with secrets masked (see {@link Secrets}), sorted by key */
  public Map<String, String> masked() {
    Map<String, String> out = new TreeMap<>();
    values.forEach((k, v) -> out.put(k, Secrets.maskValue(k, v)));
    return out;
  }

  /** @return a fresh mutable copy, for YCSB's {@code Workload.init} and {@code DB.setProperties} */
  public Properties toProperties() {
    Properties p = new Properties();
    values.forEach(p::setProperty);
    return p;
  }

  /** @return whether the key is set (to any value, even empty) */
  public boolean contains(String key) {
    return values.containsKey(key);
  }

  /** @return the raw value, or null when unset */
  public String raw(String key) {
    return values.get(key);
  }

  /** @return the value of {@code spec}, its default when unset (null when it has none) */
  public String getString(PropertySpec spec) {
    String v = values.get(spec.key());
    return v != null ? v : spec.defaultValue();
  }

  /**
   * @return the trimmed value, or the default; null when neither is set
   */
  public String getTrimmed(PropertySpec spec) {
    String v = getString(spec);
    return v == null ? null : v.trim();
  }

  /**
   * @return the value of {@code spec}, a {@link PropertySpec.Kind#INTEGER}, as an int
   * @throws ConfigException if it is not an integer or lies outside the spec's range
   * @throws IllegalArgumentException if the spec is not an integer within the int range
   */
  public int getInt(PropertySpec spec) throws ConfigException {
    requireKind(spec, PropertySpec.Kind.INTEGER);
    if (spec.minLong() < Integer.MIN_VALUE || spec.maxLong() > Integer.MAX_VALUE) {
      throw new IllegalArgumentException(spec.key() + ": its range exceeds an int; read it with getLong");
    }
    return (int) getLong(spec, spec.minLong(), spec.maxLong());
  }

  /**
   * @return the value of {@code spec}, a {@link PropertySpec.Kind#INTEGER}, as a long
   * @throws ConfigException if it is not an integer or lies outside the spec's range
   */
  public long getLong(PropertySpec spec) throws ConfigException {
    requireKind(spec, PropertySpec.Kind.INTEGER);
    return getLong(spec, spec.minLong(), spec.maxLong());
  }

  /**
   * @return the value of {@code spec}, a {@link PropertySpec.Kind#NUMBER}
   * @throws ConfigException if it is not a finite number or lies outside the spec's range
   */
  public double getDouble(PropertySpec spec) throws ConfigException {
    requireKind(spec, PropertySpec.Kind.NUMBER);
    return getDouble(spec, spec.min(), spec.max());
  }

  /**
   * @return the value of {@code spec}, a {@link PropertySpec.Kind#DURATION}
   * @throws ConfigException if it is not a duration or lies outside the spec's range
   */
  public Duration getDuration(PropertySpec spec) throws ConfigException {
    requireKind(spec, PropertySpec.Kind.DURATION);
    return getDuration(spec, Duration.ofMillis(spec.minLong()), Duration.ofMillis(spec.maxLong()));
  }

  /**
   * @return the value of {@code spec}, a {@link PropertySpec.Kind#CHOICE}, lower-cased
   * @throws ConfigException if the value is not one of the spec's choices
   */
  public String getChoice(PropertySpec spec) throws ConfigException {
    requireKind(spec, PropertySpec.Kind.CHOICE);
    return getChoice(spec, spec.choices());
  }

  /**
   * @return the value of {@code spec}, a {@link PropertySpec.Kind#IDENTIFIER}, trimmed, or the default
   * @throws ConfigException if the value is not a name by {@link Identifier}'s rule
   */
  public String getIdentifier(PropertySpec spec) throws ConfigException {
    requireKind(spec, PropertySpec.Kind.IDENTIFIER);
    String v = getTrimmed(spec);
    String problem = v == null ? null : Identifier.problem(v, (int) spec.minLong(), (int) spec.maxLong());
    if (problem != null) {
      throw new ConfigException(spec.key() + ": " + problem);
    }
    return v;
  }

  /**
   * Checks the value of {@code spec} against its kind and range, when it is set; a {@link PropertySpec.Kind#TEXT}
   * is left to its owner.
   *
   * @throws ConfigException naming the key when its value is malformed or out of range
   */
  public void check(PropertySpec spec) throws ConfigException {
    if (!values.containsKey(spec.key())) {
      return;
    }
    switch (spec.kind()) {
      case INTEGER -> getLong(spec);
      case NUMBER -> getDouble(spec);
      case FLAG -> getBoolean(spec);
      case DURATION -> getDuration(spec);
      case CHOICE -> getChoice(spec);
      case IDENTIFIER -> getIdentifier(spec);
      case TEXT -> {
      }
      default -> throw new IllegalStateException("unknown kind " + spec.kind());
    }
  }

  private static void requireKind(PropertySpec spec, PropertySpec.Kind kind) {
    if (spec.kind() != kind) {
      throw new IllegalArgumentException(spec.key() + ": declared as " + spec.kind() + ", read as " + kind);
    }
  }

  /**
   * For a key declared without a range (a {@link PropertySpec.Kind#TEXT} spec); prefer {@link #getInt(PropertySpec)}.
   *
   * @param min smallest accepted value, inclusive
   * @param max largest accepted value, inclusive
   * @return the value of {@code spec} as an int
   * @throws ConfigException if it is not an integer or lies outside [min, max]
   */
  public int getInt(PropertySpec spec, int min, int max) throws ConfigException {
    return (int) getLong(spec, min, max);
  }

  /**
   * @param min smallest accepted value, inclusive
   * @param max largest accepted value, inclusive
   * @return the value of {@code spec} as a long
   * @throws ConfigException if it is not an integer or lies outside [min, max]
   */
  public long getLong(PropertySpec spec, long min, long max) throws ConfigException {
    String text = getTrimmed(spec);
    if (text == null) {
      throw new ConfigException(spec.key() + ": a value is required" + unitHint(spec));
    }
    long v;
    try {
      v = Long.parseLong(text);
    } catch (NumberFormatException e) {
      throw new ConfigException(spec.key() + ": must be an integer" + unitHint(spec) + ", got '" + text + "'");
    }
    checkRange(spec, v, min, max, text);
    return v;
  }

  /**
   * @param min smallest accepted value, inclusive
   * @param max largest accepted value, inclusive
   * @return the value of {@code spec} as a double
   * @throws ConfigException if it is not a finite number or lies outside [min, max]
   */
  public double getDouble(PropertySpec spec, double min, double max) throws ConfigException {
    String text = getTrimmed(spec);
    if (text == null) {
      throw new ConfigException(spec.key() + ": a value is required" + unitHint(spec));
    }
    double v;
    try {
      v = Double.parseDouble(text);
    } catch (NumberFormatException e) {
      throw new ConfigException(spec.key() + ": must be a number" + unitHint(spec) + ", got '" + text + "'");
    }
    if (!Double.isFinite(v)) {
      throw new ConfigException(spec.key() + ": must be a finite number" + unitHint(spec) + ", got " + text);
    }
    if (v < min) {
      throw new ConfigException(spec.key() + ": must be >= " + fmt(min) + unitHint(spec) + ", got " + text);
    }
    if (v > max) {
      throw new ConfigException(spec.key() + ": must be <= " + fmt(max) + unitHint(spec) + ", got " + text);
    }
    return v;
  }

  /**
   * @return the value of {@code spec} as a boolean
   * @throws ConfigException unless the value is {@code true} or {@code false} (any case)
   */
  public boolean getBoolean(PropertySpec spec) throws ConfigException {
    String text = getTrimmed(spec);
    if (text == null) {
      return false;
    }
    if (text.equalsIgnoreCase("true")) {
      return true;
    }
    if (text.equalsIgnoreCase("false")) {
      return false;
    }
    throw new ConfigException(spec.key() + ": must be true or false, got '" + text + "'");
  }

  /**
   * Reads a duration written as a number and a unit: {@code ms}, {@code s}, {@code m} (minutes) or
   * {@code h}, e.g. {@code 500ms}, {@code 1.5s}, {@code 2m}.
   *
   * @param text the text, may be null
   * @param defaultUnit the unit of a bare number, or null (or anything but the four) to require a unit
   * @return the duration, rounded to the nanosecond; null when the text is not such a duration
   */
  public static Duration parseDuration(String text, String defaultUnit) {
    if (text == null) {
      return null;
    }
    Matcher m = DURATION.matcher(text.trim().toLowerCase(Locale.ROOT));
    if (!m.matches()) {
      return null;
    }
    double amount = Double.parseDouble(m.group(1));
    String unit = m.group(2) != null ? m.group(2) : defaultUnit == null ? "" : defaultUnit;
    double millis = switch (unit) {
      case "ms" -> amount;
      case "s" -> amount * 1_000;
      case "m" -> amount * 60_000;
      case "h" -> amount * 3_600_000;
      default -> Double.NaN;
    };
    return Double.isNaN(millis) ? null : Duration.ofNanos(Math.round(millis * 1_000_000));
  }

  /**
   * A wait a client thread may be in when the run stops (a reconnect backoff, a wait for a pooled connection), so
   * at most half of {@code stop.timeout}: the key's value, or, when the key is not given, its default lowered to
   * half of a shorter {@code stop.timeout} (not below {@code min}).
   *
   * @param spec the key
   * @param min smallest value
   * @param max largest value
   * @param waiting what waits, for the message, e.g. {@code a thread waiting out its backoff}
   * @return the value
   * @throws ConfigException when malformed, out of range, or above half of {@code stop.timeout}
   */
  public Duration getDurationWithinStop(PropertySpec spec, Duration min, Duration max, String waiting)
      throws ConfigException {
    Duration value = getDuration(spec, min, max);
    Duration stop = getDuration(RunConfig.STOP_TIMEOUT, Duration.ZERO, Duration.ofHours(1));
    if (!contains(spec.key()) && value.multipliedBy(2).compareTo(stop) > 0) {
      // the default yields to a short stop.timeout the user chose
      value = stop.dividedBy(2).compareTo(min) < 0 ? min : stop.dividedBy(2);
    }
    if (value.multipliedBy(2).compareTo(stop) > 0) {
      throw new ConfigException(spec.key() + ": must be at most half of stop.timeout (" + stop.toMillis() + "ms), got "
          + getTrimmed(spec) + "; " + waiting + " must end within the stop timeout");
    }
    return value;
  }

  /**
   * Reads a duration written with a unit ({@code 500ms}, {@code 1s}, {@code 2m}, {@code 1h}); a bare
   * number is taken in the spec's unit ({@code ms}, {@code s}, {@code m} or {@code h}).
   *
   * @param min smallest accepted duration, inclusive
   * @param max largest accepted duration, inclusive
   * @return the duration
   * @throws ConfigException if the text is not a duration or lies outside [min, max]
   */
  public Duration getDuration(PropertySpec spec, Duration min, Duration max) throws ConfigException {
    String text = getTrimmed(spec);
    if (text == null) {
      throw new ConfigException(spec.key() + ": a value is required");
    }
    Duration d = parseDuration(text, spec.unit());
    if (d == null) {
      throw new ConfigException(parseDuration(text, "ms") != null
          ? spec.key() + ": give a unit (ms, s, m, h), got '" + text + "'"
          : spec.key() + ": must be a duration such as 500ms, 1s or 2m, got '" + text + "'");
    }
    if (d.compareTo(min) < 0 || d.compareTo(max) > 0) {
      throw new ConfigException(spec.key() + ": must be between " + human(min) + " and " + human(max)
          + ", got " + text);
    }
    return d;
  }

  /**
   * @param allowed the accepted values, lower case
   * @return the value of {@code spec}, lower-cased
   * @throws ConfigException if the value is not one of {@code allowed}
   */
  public String getChoice(PropertySpec spec, Collection<String> allowed) throws ConfigException {
    String text = getTrimmed(spec);
    String v = text == null ? null : text.toLowerCase(Locale.ROOT);
    if (v == null || !allowed.contains(v)) {
      throw new ConfigException(spec.key() + ": must be one of " + String.join(", ", allowed) + ", got '"
          + text + "'");
    }
    return v;
  }

  private static void checkRange(PropertySpec spec, long v, long min, long max, String text)
      throws ConfigException {
    if (v < min) {
      throw new ConfigException(spec.key() + ": must be >= " + min + unitHint(spec) + ", got " + text);
    }
    if (v > max) {
      throw new ConfigException(spec.key() + ": must be <= " + max + unitHint(spec) + ", got " + text);
    }
  }

  private static String unitHint(PropertySpec spec) {
    return spec.unit().isEmpty() ? "" : " (" + spec.unit() + ")";
  }

  private static String fmt(double d) {
    return d == Math.rint(d) && Math.abs(d) < 1e15 ? Long.toString((long) d) : Double.toString(d);
  }

  private static String human(Duration d) {
    long ms = d.toMillis();
    return ms % 1000 == 0 ? (ms / 1000) + "s" : ms + "ms";
  }

  @Override
  public String toString() {
    return masked().toString();
  }
}
