package dev.ycsbdriver.matrix;

import dev.ycsbdriver.config.RunConfig;
import dev.ycsbdriver.config.Settings;
import java.time.Duration;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * The top-level keys of a matrix file, each declared once: its name, the value it takes and its range, its
 * default, and what it does. {@link MatrixFile} takes from here the keys it knows (an unknown key is an error
 * with a "did you mean" hint), the ranges it checks and the defaults it applies; the public accessors serve a
 * listing of the keys.
 *
 * <p>Immutable and thread-safe.
 */
public enum MatrixKey {
  /** The matrix's name. */
  NAME("name", Kind.NAME, 0, 0, null, "the file name without .yaml",
      "the matrix's name, in its report and its default output"),
  /** Where the matrix's results go. */
  OUTPUT("output", Kind.TEXT, 0, 0, null, "results/matrix-<name>", "the directory every cell's result goes to"),
  /** Records in each store's table. */
  RECORD_COUNT("recordcount", Kind.WHOLE_NUMBER, 0, RunConfig.RECORD_COUNT.maxLong(), null, "required unless every workload file sets recordcount",
      "records each load puts in a store's table, for every workload (it wins over a workload file's)"),
  /** Operations per cell, instead of {@link #DURATION}. */
  OPERATION_COUNT("operationcount", Kind.WHOLE_NUMBER, 1, Long.MAX_VALUE / 2, null,
      "none: give operationcount or duration, or operationcount in every workload file", "operations per cell, for every workload (it wins over a workload file's)"),
  /** Measured time per cell, instead of {@link #OPERATION_COUNT}. */
  DURATION("duration", Kind.DURATION, 1000, Long.MAX_VALUE, null, "none: give operationcount or duration, or operationcount in every workload file",
      "the measured time of each cell"),
  /** Each cell's warm-up. */
  WARMUP("warmup", Kind.WARMUP, 0, Long.MAX_VALUE, "auto", null,
      "each cell's warm-up: auto (until the driver is warm, at most warmupMax), a duration, or 0 for none"),
  /** The longest automatic warm-up. */
  WARMUP_MAX("warmupMax", Kind.DURATION, 1000, Long.MAX_VALUE, "60s", null, "the longest warm-up of warmup: auto"),
  /** Runs of every cell. */
  REPEATS("repeats", Kind.WHOLE_NUMBER, 1, 1000, "1", null,
      "runs of every cell; repeat 1 visits every cell before repeat 2 starts"),
  /** Client thread counts. */
  THREADS("threads", Kind.WHOLE_NUMBERS, RunConfig.THREADS.minLong(), RunConfig.THREADS.maxLong(), null, "required",
      "client thread counts, a cell for each"),
  /** Workload files. */
  WORKLOADS("workloads", Kind.LIST, 0, 0, null, "required", "workload files, under workloads/ or paths"),
  /** Properties of every store. */
  PROPERTIES("properties", Kind.MAPPING, 0, 0, null, "none",
      "properties for every store; ${output} is the output directory and ${env:NAME} an environment variable"),
  /** Client threads of each load. */
  LOAD_THREADS("loadThreads", Kind.WHOLE_NUMBER, RunConfig.THREADS.minLong(), RunConfig.THREADS.maxLong(), "16", null,
      "client threads of each load"),
  /** The stores. */
  STORES("stores", Kind.LIST, 0, 0, null, "required",
      "the stores: binding, and optionally name, profiles, properties and when-env"),
  /** The store the report compares with. */
  BASELINE("baseline", Kind.NAME, 0, 0, null, "none", "the store whose figures the report's ratios divide by"),
  /** The workload of the report's latency tables. */
  LATENCY_WORKLOAD("latencyWorkload", Kind.NAME, 0, 0, null, "the first workload",
      "the workload of the report's latency tables"),
  /** Arguments of each cell's JVM. */
  JVM_ARGS("jvmArgs", Kind.LIST, 0, 0, null, "none", "arguments of each cell's JVM"),
  /** The longest a cell's process may take. */
  CELL_TIMEOUT("cellTimeout", Kind.DURATION, 0, Long.MAX_VALUE, null,
      "with duration: warm-up + duration + 5m; else none", "the longest a cell's process may take; 0 for no limit"),
  /** Durability profiles of the stores that name none. */
  PROFILES("profiles", Kind.NAMES, 0, 0, null, "none", "durability profiles of every store that names none"),
  /** A crash test after each store's and profile's cells. */
  CRASHTEST("crashtest", Kind.MAPPING, 0, 0, null, "none",
      "a crash test cell after each store's and profile's cells: rounds, after, threads, properties, timeout"),
  /** Another party's published figures. */
  REFERENCE("reference", Kind.MAPPING, 0, 0, null, "none", "another party's published figures, shown beside ours"),
  /** How the report combines repeats. */
  AGGREGATE("aggregate", Kind.CHOICE, 0, 0, "median", null,
      "how the report combines repeats: median, or best (the best run's figures)"),
  /** What the report ranks the stores by. */
  RANK("rank", Kind.CHOICE, 0, 0, null, "none", "the figure the report ranks stores by, e.g. throughput"),
  /** The seed of the shuffled run order. */
  SEED("seed", Kind.WHOLE_NUMBER, Long.MIN_VALUE, Long.MAX_VALUE, null,
      "drawn, printed and recorded in <output>/order.json", "the seed of the shuffled run order"),
  /** The order of a visit's cells. */
  CELL_ORDER("cellOrder", Kind.CHOICE, 0, 0, "shuffled", null,
      "the order of a visit's cells: shuffled, or listed (workloads in the file's order, each building on the table "
          + "the one before left: the steps of a scenario)");

  /** What a key's value is. */
  public enum Kind {
    /** A single value. */
    TEXT,
    /** A name of letters, digits, '.', '_' or '-'. */
    NAME,
    /** A whole number within the key's range. */
    WHOLE_NUMBER,
    /** A whole number within the key's range, or a list of them. */
    WHOLE_NUMBERS,
    /** A duration with its unit (500ms, 30s, 2m, 1h), at least the key's minimum. */
    DURATION,
    /** {@code auto} or a duration. */
    WARMUP,
    /** A list. */
    LIST,
    /** A name, or a list of names. */
    NAMES,
    /** A mapping of keys to values. */
    MAPPING,
    /** One of a fixed set of words. */
    CHOICE
  }

  private static final Set<String> NAMES = Collections.unmodifiableSet(new LinkedHashSet<>(
      Arrays.stream(values()).map(MatrixKey::key).toList()));

  private final String key;
  private final Kind kind;
  private final long min;
  private final long max;
  private final String defaultValue;
  private final String defaultNote;
  private final String description;

  /**
   * @param min the smallest value of a whole number; of a duration, in milliseconds; 0 otherwise
   * @param max the largest value of a whole number; 0 otherwise
   * @param defaultValue the default as a matrix file spells it, or null when it has none or derives it
   * @param defaultNote the default in words when it is not a value, or null
   */
  MatrixKey(String key, Kind kind, long min, long max, String defaultValue, String defaultNote, String description) {
    this.key = key;
    this.kind = kind;
    this.min = min;
    this.max = max;
    this.defaultValue = defaultValue;
    this.defaultNote = defaultNote;
    this.description = description;
  }

  /** @return every key's name, in declaration order; unmodifiable */
  public static Set<String> names() {
    return NAMES;
  }

  /** @return the key as a matrix file spells it, e.g. {@code recordcount} */
  public String key() {
    return key;
  }

  /** @return what its value is */
  public Kind kind() {
    return kind;
  }

  /**
   * @return the range of a whole number ({@code 1..1000}) or the least duration ({@code >= 1000 ms}); empty for
   *     other kinds and for durations of at least 0
   */
  public String range() {
    return switch (kind) {
      case WHOLE_NUMBER, WHOLE_NUMBERS -> min + ".." + max;
      case DURATION, WARMUP -> min == 0 ? "" : ">= " + min + " ms";
      default -> "";
    };
  }

  /** @return the default: a value as a matrix file spells it ({@code 60s}), or in words ({@code required}) */
  public String defaultText() {
    return defaultValue != null ? defaultValue : defaultNote;
  }

  /** @return what the key does, in one line */
  public String description() {
    return description;
  }

  /** @return the JSON pointer of the key in a matrix file, e.g. {@code /recordcount} */
  String pointer() {
    return "/" + key;
  }

  /** @return the smallest whole number the key takes */
  long min() {
    return min;
  }

  /** @return the largest whole number the key takes */
  long max() {
    return max;
  }

  /** @return the shortest duration the key takes */
  Duration minDuration() {
    return Duration.ofMillis(min);
  }

  /** @return the default as a matrix file spells it, or null when the key has none or derives it */
  String defaultValue() {
    return defaultValue;
  }

  /** @return the default of a whole-number key, or null when it has none or derives it */
  Long defaultNumber() {
    return defaultValue == null ? null : Long.valueOf(defaultValue);
  }

  /** @return the default of a duration key, or null when it has none or derives it */
  Duration defaultDuration() {
    return defaultValue == null ? null : Settings.parseDuration(defaultValue, null);
  }
}
