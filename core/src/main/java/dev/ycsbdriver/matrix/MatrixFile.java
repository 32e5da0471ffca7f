package dev.ycsbdriver.matrix;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ycsbdriver.config.ConfigException;
import dev.ycsbdriver.config.RunConfig;
import dev.ycsbdriver.config.Warmup;
import dev.ycsbdriver.config.Settings;
import dev.ycsbdriver.report.ReferenceFigures;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads and validates a matrix file (YAML). Every error names the file, the line and the key:
 * {@code conf/matrices/x.yaml:12: stores[1].profiles[0]: must be a name such as durable, got ''}.
 *
 * <pre>{@code
 * name: embedded                   # default: the file name
 * output: results/matrix-embedded  # default: results/matrix-<name>
 * recordcount: 10000
 * duration: 10s                    # or operationcount: 100000
 * warmup: auto                     # default: until the driver is warm, at most warmupMax (default 60s);
 *                                  # or a duration, 0 for none
 * repeats: 3                       # default 1; repeat 1 visits every cell before repeat 2 starts
 * seed: 1234                       # optional: the seed of the shuffled run order; default: drawn, printed and
 *                                  # recorded in <output>/order.json
 * aggregate: median                # how the report combines repeats: median, or best (the best run's figures)
 * rank: throughput                 # optional: rank stores by this figure, e.g. read-latency-mean; the best run's
 *                                  # figure under aggregate: best
 * threads: [16]
 * workloads: [workloada, workloadb] # files under workloads/ or paths
 * properties: {fieldcount: 10}     # for every store; ${output} is the output directory and
 *                                  # ${env:NAME} an environment variable (for passwords)
 * baseline: h2
 * stores:
 *   - binding: h2
 *     profiles: [durable, fast]
 *     properties: {h2.dir: results/h2}
 *   - binding: mongodb
 *     when-env: YCSB_MONGODB_URI     # left out (and named so in the report) when not set
 *     properties: {mongodb.url: "${env:YCSB_MONGODB_URI}"}
 * crashtest:                       # optional: a crash test cell after each store's and profile's cells
 *   rounds: 3
 *   after: [5s, 15s]               # crash.after.min, crash.after.max
 *   threads: 16
 *   properties: {restart.timeout: 120s}
 * reference:                       # optional: another party's published figures, shown beside ours
 *   source: "Seed 004 (published benchmark)"
 *   figures:
 *     - {store: h2, profile: durable, workload: workloada, throughput: 1234, meanLatencyMillis: 1.07}
 *   statements: ["in-process stores about 100 times faster than out-of-process ones"]  # quoted as theirs
 *   outOfProcessOverInProcess: 100  # their out-of-process mean latency over their in-process one (x)
 * }</pre>
 *
 * <p>Stateless and thread-safe.
 */
public final class MatrixFile {
  /** A store key: the store runs only when this environment variable is set, else the report names it left out. */
  static final String WHEN_ENV = "when-env";
  static final Set<String> KEYS = Set.of("name", "output", "recordcount", "operationcount", "duration",
      "warmup", "warmupMax", "repeats", "threads", "workloads", "properties", "loadThreads", "stores", "baseline",
      "latencyWorkload", "jvmArgs", "cellTimeout", "profiles", "crashtest", "reference", "aggregate", "rank", "seed");
  private static final Set<String> STORE_KEYS = Set.of("name", "binding", "properties", "profiles", WHEN_ENV);
  private static final Pattern ENV_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
  /** {@code ${env:NAME}} in a property value: the environment variable, read when a cell starts. */
  static final Pattern ENV = Pattern.compile("\\$\\{env:([A-Za-z_][A-Za-z0-9_]*)}");
  /** The shortest {@code cellTimeout} beyond the measured time: a cell's JVM starts, connects and writes its result. */
  static final Duration CELL_START_MIN = Duration.ofSeconds(10);
  private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]*");

  private MatrixFile() {
  }

  /**
   * @param file the matrix file
   * @param home the installation directory, whose {@code workloads/} holds the named workloads
   * @return the validated matrix
   * @throws ConfigException naming the file, line and key of the first problem
   */
  public static MatrixSpec read(Path file, Path home) throws ConfigException {
    return read(file, home, System::getenv);
  }

  /**
   * @param file the matrix file
   * @param home the installation directory, whose {@code workloads/} holds the named workloads
   * @param env the environment: a variable's value, or null when it is not set ({@code when-env},
   *     {@code ${env:NAME}})
   * @return the validated matrix
   * @throws ConfigException naming the file, line and key of the first problem
   */
  public static MatrixSpec read(Path file, Path home, UnaryOperator<String> env) throws ConfigException {
    LocatedYaml yaml = LocatedYaml.read(file);
    JsonNode root = yaml.root();
    if (!root.isObject()) {
      throw yaml.error("", "must be a mapping of keys such as stores, workloads and threads");
    }
    yaml.checkKeys("", KEYS);
    String fileName = file.getFileName().toString().replaceFirst("\\.ya?ml$", "");
    String name = name(yaml, "/name", fileName);
    Path output = Path.of(text(yaml, "/output", "results/matrix-" + name));
    long recordCount = integer(yaml, "/recordcount", null, 1, RunConfig.RECORD_COUNT.maxLong());
    boolean hasOps = root.has("operationcount");
    boolean hasDuration = root.has("duration");
    if (hasOps == hasDuration) {
      throw yaml.error(hasOps ? "/duration" : "", "give either operationcount or duration, "
          + (hasOps ? "not both" : "got neither"));
    }
    long ops = hasOps ? integer(yaml, "/operationcount", null, 1, Long.MAX_VALUE / 2) : 0;
    Duration duration = hasDuration ? duration(yaml, "/duration", null, Duration.ofSeconds(1)) : Duration.ZERO;
    Warmup warmup = warmup(yaml);
    int repeats = (int) integer(yaml, "/repeats", 1L, 1, 1000);
    List<Integer> threads = new ArrayList<>();
    for (String p : list(yaml, "/threads", true)) {
      threads.add((int) integer(yaml, p, null, RunConfig.THREADS.minLong(), RunConfig.THREADS.maxLong()));
    }
    List<MatrixSpec.Workload> workloads = new ArrayList<>();
    Set<String> workloadNames = new HashSet<>();
    for (String p : list(yaml, "/workloads", false)) {
      MatrixSpec.Workload w = workload(yaml, p, file, home);
      if (!workloadNames.add(w.name())) {
        throw yaml.error(p, "workload " + w.name() + " is listed twice");
      }
      workloads.add(w);
    }
    Map<String, String> properties = properties(yaml, "/properties", env);
    int loadThreads = (int) integer(yaml, "/loadThreads", 16L, RunConfig.THREADS.minLong(),
        RunConfig.THREADS.maxLong());
    List<String> defaultProfiles = root.has("profiles") ? names(yaml, "/profiles") : List.of();
    List<MatrixSpec.Store> stores = new ArrayList<>();
    List<String> leftOut = new ArrayList<>();
    Set<String> storeNames = new java.util.LinkedHashSet<>();
    for (String p : list(yaml, "/stores", false)) {
      if (!root.at(p).isObject()) {
        throw yaml.error(p, "must be a mapping with binding, and optionally name, profiles and properties");
      }
      yaml.checkKeys(p, STORE_KEYS);
      String binding = name(yaml, p + "/binding", null);
      String storeName = name(yaml, p + "/name", binding);
      if (!storeNames.add(storeName)) {
        throw yaml.error(p + (root.at(p).has("name") ? "/name" : "/binding"), "store " + storeName
            + " is listed twice; give each configuration its own name");
      }
      List<String> profiles = root.at(p).has("profiles") ? names(yaml, p + "/profiles") : defaultProfiles;
      String whenEnv = root.at(p).has(WHEN_ENV) ? text(yaml, p + "/" + WHEN_ENV, null) : null;
      if (whenEnv != null && !ENV_NAME.matcher(whenEnv).matches()) {
        throw yaml.error(p + "/" + WHEN_ENV, "must be an environment variable's name such as YCSB_MONGODB_URI, got '"
            + whenEnv + "'");
      }
      boolean included = whenEnv == null || env.apply(whenEnv) != null;
      Map<String, String> storeProperties = properties(yaml, p + "/properties", included ? env : null);
      if (included) {
        stores.add(new MatrixSpec.Store(storeName, binding, storeProperties, profiles));
      } else {
        leftOut.add(storeName + " (environment variable " + whenEnv + " is not set)");
      }
    }
    if (stores.isEmpty()) {
      throw yaml.error("/stores", "every store is left out: set " + String.join(" or ", leftOut));
    }
    String given = root.has("baseline") ? name(yaml, "/baseline", null) : null;
    if (given != null && !storeNames.contains(given)) {
      throw yaml.error("/baseline", "must name one of the stores (" + String.join(", ", storeNames) + "), got "
          + given);
    }
    // a baseline left out: the report compares without one and says why the store is missing
    String baseline = stores.stream().anyMatch(st -> st.name().equals(given)) ? given : null;
    String latencyWorkload = root.has("latencyWorkload") ? name(yaml, "/latencyWorkload", null)
        : workloads.get(0).name();
    if (!workloadNames.contains(latencyWorkload)) {
      throw yaml.error("/latencyWorkload", "must name one of the workloads, got " + latencyWorkload);
    }
    List<String> jvmArgs = new ArrayList<>();
    if (root.has("jvmArgs")) {
      for (String p : list(yaml, "/jvmArgs", true)) {
        jvmArgs.add(text(yaml, p, null));
      }
    }
    Duration defaultTimeout = hasDuration ? warmup.limit().plus(duration).plusMinutes(5) : Duration.ZERO;
    Duration cellTimeout = cellTimeout(yaml, defaultTimeout, hasDuration ? duration : Duration.ZERO, warmup);
    MatrixSpec.Crashtest crashtest = root.has("crashtest") ? MatrixSections.crashtest(yaml, "/crashtest", env) : null;
    ReferenceFigures reference = root.has("reference") ? MatrixSections.reference(yaml, "/reference", storeNames)
        : null;
    MatrixSections.ReportChoice choice = MatrixSections.reportChoice(yaml);
    return new MatrixSpec(name, file, output, recordCount, ops, duration, warmup, repeats, threads, workloads,
        properties, loadThreads, stores, baseline, latencyWorkload, jvmArgs, cellTimeout, crashtest, reference, leftOut,
        choice.aggregate(), choice.rank(), root.has("seed") ? integer(yaml, "/seed", null, Long.MIN_VALUE, Long.MAX_VALUE)
        : null);
  }

  /**
   * {@code cellTimeout}, 0 for no limit: a cell's process needs {@link #CELL_START_MIN} to start its JVM, connect and write its
   * result, on top of the measured time and a fixed warm-up; a shorter timeout would stop every cell.
   */
  private static Duration cellTimeout(LocatedYaml yaml, Duration fallback, Duration duration, Warmup warmup)
      throws ConfigException {
    Duration timeout = duration(yaml, "/cellTimeout", fallback, Duration.ZERO);
    if (timeout.isZero()) {
      return timeout; // no limit
    }
    Duration measured = duration.plus(warmup.auto() || warmup.none() ? Duration.ZERO : warmup.limit());
    Duration floor = measured.plus(CELL_START_MIN);
    if (timeout.compareTo(floor) < 0) {
      throw yaml.error("/cellTimeout", "must be at least " + floor.toSeconds() + "s ("
          + (measured.isZero() ? "" : measured.toSeconds() + "s of warm-up and duration + ") + CELL_START_MIN.toSeconds()
          + "s for the cell's JVM to start and write its result), got " + yaml.root().get("cellTimeout").asText());
    }
    return timeout;
  }

  private static MatrixSpec.Workload workload(LocatedYaml yaml, String pointer, Path file, Path home)
      throws ConfigException {
    String given = text(yaml, pointer, null);
    List<Path> candidates = new ArrayList<>();
    candidates.add(Path.of(given));
    if (file.toAbsolutePath().getParent() != null) {
      candidates.add(file.toAbsolutePath().getParent().resolve(given));
    }
    if (home != null) {
      candidates.add(home.resolve("workloads").resolve(given));
    }
    for (Path c : candidates) {
      if (Files.isRegularFile(c)) {
        return new MatrixSpec.Workload(c.getFileName().toString(), c);
      }
    }
    throw yaml.error(pointer, "no such workload file: " + given + " (looked in the current directory, beside the "
        + "matrix file" + (home == null ? "" : " and in " + home.resolve("workloads")) + ")");
  }

  /** @return the node at the pointer, or null when it is absent and {@code optional} */
  private static JsonNode given(LocatedYaml yaml, String pointer, boolean optional) throws ConfigException {
    JsonNode n = yaml.root().at(pointer);
    if (n.isMissingNode() || n.isNull()) {
      if (!optional) {
        throw yaml.error(pointer, "a value is required");
      }
      return null;
    }
    return n;
  }

  static String text(LocatedYaml yaml, String pointer, String fallback) throws ConfigException {
    JsonNode n = given(yaml, pointer, fallback != null);
    if (n == null) {
      return fallback;
    }
    if (!n.isValueNode()) {
      throw yaml.error(pointer, "must be a single value, got a " + (n.isArray() ? "list" : "mapping"));
    }
    String s = n.asText().trim();
    if (s.isEmpty()) {
      throw yaml.error(pointer, "must not be empty");
    }
    return s;
  }

  static String name(LocatedYaml yaml, String pointer, String fallback) throws ConfigException {
    String s = text(yaml, pointer, fallback);
    if (!NAME.matcher(s).matches()) {
      throw yaml.error(pointer, "must be a name of letters, digits, '.', '_' or '-', got '" + s + "'");
    }
    return s;
  }

  static long integer(LocatedYaml yaml, String pointer, Long fallback, long min, long max)
      throws ConfigException {
    JsonNode n = given(yaml, pointer, fallback != null);
    if (n == null) {
      return fallback;
    }
    if (!n.isIntegralNumber()) {
      throw yaml.error(pointer, "must be a whole number, got '" + n.asText() + "'");
    }
    long v = n.asLong();
    if (v < min || v > max) {
      throw yaml.error(pointer, "must be between " + min + " and " + max + ", got " + v);
    }
    return v;
  }

  /** @return {@code warmup} ({@code auto}, the default, or a duration) with {@code warmupMax} for auto */
  private static Warmup warmup(LocatedYaml yaml) throws ConfigException {
    Duration max = duration(yaml, "/warmupMax", Duration.ofSeconds(60), Duration.ofSeconds(1));
    JsonNode n = yaml.root().at("/warmup");
    if (n.isMissingNode() || n.isNull() || n.asText().trim().equalsIgnoreCase(Warmup.AUTO)) {
      return new Warmup(true, max);
    }
    if (n.asText().trim().equals("0")) {
      return Warmup.NONE;
    }
    Duration fixed = duration(yaml, "/warmup", null, Duration.ZERO);
    return fixed.isZero() ? Warmup.NONE : new Warmup(false, fixed);
  }

  static Duration duration(LocatedYaml yaml, String pointer, Duration fallback, Duration min)
      throws ConfigException {
    JsonNode n = given(yaml, pointer, fallback != null);
    if (n == null) {
      return fallback;
    }
    Duration d = Settings.parseDuration(n.asText(), null);
    if (d == null) {
      throw yaml.error(pointer, "must be a duration with its unit such as 500ms, 30s, 2m or 1h, got '"
          + n.asText() + "'");
    }
    if (d.compareTo(min) < 0) {
      throw yaml.error(pointer, "must be at least " + min.toMillis() + " ms, got " + n.asText());
    }
    return d;
  }

  /** @return the pointers of the list's elements; a single value counts as a list of one when allowed */
  static List<String> list(LocatedYaml yaml, String pointer, boolean scalarAllowed) throws ConfigException {
    JsonNode n = yaml.root().at(pointer);
    if (n.isMissingNode() || n.isNull()) {
      throw yaml.error(pointer, "a value is required");
    }
    if (scalarAllowed && n.isValueNode()) {
      return List.of(pointer);
    }
    if (!n.isArray()) {
      throw yaml.error(pointer, "must be a list, e.g. [a, b]");
    }
    if (n.isEmpty()) {
      throw yaml.error(pointer, "must not be empty");
    }
    List<String> out = new ArrayList<>();
    for (int i = 0; i < n.size(); i++) {
      out.add(pointer + "/" + i);
    }
    return out;
  }

  static List<String> names(LocatedYaml yaml, String pointer) throws ConfigException {
    JsonNode n = yaml.root().at(pointer);
    if (n.isArray() && n.isEmpty()) {
      return List.of();
    }
    List<String> out = new ArrayList<>();
    for (String p : list(yaml, pointer, true)) {
      String s = name(yaml, p, null);
      if (out.contains(s)) {
        throw yaml.error(p, s + " is listed twice");
      }
      out.add(s);
    }
    return out;
  }

  /**
   * @param env the environment, in which every {@code ${env:NAME}} must be set; null to check none (a store
   *     left out)
   */
  static Map<String, String> properties(LocatedYaml yaml, String pointer, UnaryOperator<String> env)
      throws ConfigException {
    JsonNode n = yaml.root().at(pointer);
    Map<String, String> out = new LinkedHashMap<>();
    if (n.isMissingNode() || n.isNull()) {
      return out;
    }
    if (!n.isObject()) {
      throw yaml.error(pointer, "must be a mapping of property keys to values, e.g. {fieldcount: 10}");
    }
    for (Iterator<Map.Entry<String, JsonNode>> it = n.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      if (!e.getValue().isValueNode() || e.getValue().isNull()) {
        throw yaml.error(pointer + "/" + e.getKey(), "must be a single value");
      }
      Matcher ref = ENV.matcher(e.getValue().asText());
      while (env != null && ref.find()) {
        if (env.apply(ref.group(1)) == null) {
          throw yaml.error(pointer + "/" + e.getKey(), "environment variable " + ref.group(1)
              + " is not set; set it before running the matrix (its value is never printed or saved)");
        }
      }
      out.put(e.getKey(), e.getValue().asText());
    }
    return out;
  }
}
