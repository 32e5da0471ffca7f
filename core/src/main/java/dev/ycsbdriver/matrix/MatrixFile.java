package dev.ycsbdriver.matrix;

import static dev.ycsbdriver.matrix.MatrixValues.duration;
import static dev.ycsbdriver.matrix.MatrixValues.integer;
import static dev.ycsbdriver.matrix.MatrixValues.list;
import static dev.ycsbdriver.matrix.MatrixValues.name;
import static dev.ycsbdriver.matrix.MatrixValues.names;
import static dev.ycsbdriver.matrix.MatrixValues.properties;
import static dev.ycsbdriver.matrix.MatrixValues.text;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ycsbdriver.config.ConfigException;
import dev.ycsbdriver.config.Secrets;
import dev.ycsbdriver.config.Warmup;
import dev.ycsbdriver.report.ReferenceFigures;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;
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
 *   source: "Seed 004 — vendor YCSB page, high-scale tests (docs/seeds.md#seed-004)"
 *   figures:
 *     - {store: h2, profile: durable, workload: workloada, throughput: 1234, meanLatencyMillis: 1.07}
 *     - {store: h2, workload: reads, operation: READ, meanLatencyMicros: 5}  # one operation's mean latency
 *     - {store: h2, workload: inserts, threads: 1, throughput: 56179.8, operations: 10000}  # their time: 178 ms
 *   statements: ["in-process stores about 100 times faster than out-of-process ones"]  # quoted as theirs
 *   outOfProcessOverInProcess: 100  # their out-of-process mean latency over their in-process one (x)
 *   inProcess: [h2]                 # our stores that stand for their in-process set; default: every embedded one
 *   outOfProcess: [mongodb]         # likewise for their out-of-process set; default: every server
 * }</pre>
 *
 * <p>Stateless and thread-safe.
 */
public final class MatrixFile {
  /** A store key: the store runs only when this environment variable is set, else the report names it left out. */
  static final String WHEN_ENV = "when-env";
  private static final Set<String> STORE_KEYS = Set.of("name", "binding", "properties", "profiles", WHEN_ENV);
  private static final Pattern ENV_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
  /** {@code ${env:NAME}} in a property value: the environment variable, read when a cell starts. */
  static final Pattern ENV = Pattern.compile("\\$\\{env:([A-Za-z_][A-Za-z0-9_]*)}");
  /** The shortest {@code cellTimeout} beyond the measured time: a cell's JVM starts, connects and writes its result. */
  static final Duration CELL_START_MIN = Duration.ofSeconds(10);
  /** The default {@code cellTimeout} with a {@code duration}: this much beyond the warm-up and the duration. */
  private static final Duration CELL_TIMEOUT_MARGIN = Duration.ofMinutes(5);

  private MatrixFile() {
  }

  /**
   * The stores of a matrix file.
   *
   * @param included the stores that run, in file order
   * @param leftOut the stores left out, each with why ({@code when-env} not set)
   * @param names the names of every store, left out or not, in file order
   */
  private record Stores(List<MatrixSpec.Store> included, List<String> leftOut, Set<String> names) {
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
    // every problem is named at once: each check that fails adds its line and the reading goes on with a fallback
    // chosen to add no problem of its own to the checks that depend on it
    MatrixProblems problems = new MatrixProblems();
    problems.check(() -> {
      yaml.checkKeys("", MatrixKey.names());
      return null;
    }, null);
    String fileName = file.getFileName().toString().replaceFirst("\\.ya?ml$", "");
    String name = problems.check(() -> name(yaml, MatrixKey.NAME.pointer(), fileName), fileName);
    Path output = problems.check(() -> Path.of(text(yaml, MatrixKey.OUTPUT.pointer(), "results/matrix-" + name)),
        null);
    long recordCount = problems.check(() -> root.has(MatrixKey.RECORD_COUNT.key())
        ? integer(yaml, MatrixKey.RECORD_COUNT) : -1L, 0L);
    boolean hasOps = root.has(MatrixKey.OPERATION_COUNT.key());
    boolean hasDuration = root.has(MatrixKey.DURATION.key());
    if (hasOps && hasDuration) {
      problems.add(yaml.error("/duration", "give either operationcount or duration, not both"));
    }
    long ops = problems.check(() -> hasOps ? integer(yaml, MatrixKey.OPERATION_COUNT) : hasDuration ? 0L : -1L, 0L);
    Duration duration = problems.check(() -> hasDuration ? duration(yaml, MatrixKey.DURATION) : Duration.ZERO,
        Duration.ZERO);
    Warmup warmup = problems.check(() -> warmup(yaml), Warmup.NONE);
    int repeats = problems.check(() -> (int) integer(yaml, MatrixKey.REPEATS), 1);
    List<Integer> threads = threads(yaml, problems);
    List<MatrixSpec.Workload> workloads = workloads(yaml, file, home, problems);
    for (int i = 0; i < workloads.size(); i++) {
      if (recordCount < 0 && workloads.get(i).recordCount() < 0) {
        problems.add(yaml.error("/workloads/" + i, workloads.get(i).file().getFileName() + " sets no recordcount: give "
            + "recordcount in the matrix (for every workload) or in each workload file"));
      }
      if (ops < 0 && workloads.get(i).operationCount() < 1) {
        problems.add(yaml.error("/workloads/" + i, workloads.get(i).file().getFileName() + " sets no operationcount: "
            + "give operationcount or duration in the matrix (for every workload), or operationcount in each workload "
            + "file"));
      }
    }
    Map<String, String> properties = problems.check(() -> properties(yaml, MatrixKey.PROPERTIES.pointer(), env),
        Map.of());
    int loadThreads = problems.check(() -> (int) integer(yaml, MatrixKey.LOAD_THREADS), 1);
    int before = problems.count();
    Stores stores = stores(yaml, env, problems);
    // a store with a problem is missing from the names: checks against them would name it again
    boolean storesRead = problems.count() == before;
    String baseline = storesRead ? problems.check(() -> baseline(yaml, stores), null) : null;
    String latencyWorkload = workloads.isEmpty() ? null
        : problems.check(() -> latencyWorkload(yaml, workloads), null);
    List<String> jvmArgs = problems.check(() -> jvmArgs(yaml), List.of());
    Duration cellTimeout = problems.check(() -> cellTimeout(yaml, duration, warmup), Duration.ZERO);
    MatrixSpec.Crashtest crashtest = problems.check(() -> root.has(MatrixKey.CRASHTEST.key())
        ? MatrixSections.crashtest(yaml, MatrixKey.CRASHTEST.pointer(), env) : null, null);
    ReferenceFigures reference = problems.check(() -> storesRead && root.has(MatrixKey.REFERENCE.key())
        ? MatrixSections.reference(yaml, MatrixKey.REFERENCE.pointer(), stores.names()) : null, null);
    MatrixSections.ReportChoice choice = problems.check(() -> MatrixSections.reportChoice(yaml),
        MatrixSections.ReportChoice.DEFAULT);
    Long seed = problems.check(() -> root.has(MatrixKey.SEED.key()) ? integer(yaml, MatrixKey.SEED) : null, null);
    boolean listed = problems.check(() -> listedOrder(yaml), false);
    problems.throwIfAny();
    MatrixSpec spec = new MatrixSpec(name, file, output, recordCount, ops, duration, warmup, repeats, threads,
        workloads, properties, loadThreads, stores.included(), baseline, latencyWorkload, jvmArgs, cellTimeout,
        crashtest, reference, stores.leftOut(), choice.aggregate(), choice.rank(), seed, listed);
    oneSizePerTable(yaml, spec);
    return spec;
  }

  /**
   * Refuses two workloads that would load one store's table with different record counts: each load drops the
   * table, so their cells would read a table of the other's size.
   */
  private static void oneSizePerTable(LocatedYaml yaml, MatrixSpec spec) throws ConfigException {
    for (MatrixSpec.Store store : spec.stores()) {
      Map<String, MatrixSpec.Workload> first = new java.util.HashMap<>();
      for (int i = 0; i < spec.workloads().size(); i++) {
        MatrixSpec.Workload w = spec.workloads().get(i);
        MatrixSpec.Workload other = first.putIfAbsent(spec.table(store, w), w);
        if (other != null && spec.recordCount(other) != spec.recordCount(w)) {
          throw yaml.error("/workloads/" + i, "workload " + w.name() + " loads table " + spec.table(store, w)
              + " of store " + store.name() + " with " + spec.recordCount(w) + " records, workload " + other.name()
              + " with " + spec.recordCount(other) + ": give each size a table of its own (table=... in its file)");
        }
      }
    }
  }

  /** @return the thread counts that are valid; a problem added for each one that is not */
  private static List<Integer> threads(LocatedYaml yaml, MatrixProblems problems) {
    List<Integer> threads = new ArrayList<>();
    for (String p : problems.check(() -> list(yaml, MatrixKey.THREADS.pointer(), true), List.<String>of())) {
      Integer t = problems.check(() -> (int) integer(yaml, p, null, MatrixKey.THREADS.min(),
          MatrixKey.THREADS.max()), null);
      if (t != null) {
        threads.add(t);
      }
    }
    return threads;
  }

  /** @return the workloads that are valid; a problem added for each one that is not */
  private static List<MatrixSpec.Workload> workloads(LocatedYaml yaml, Path file, Path home,
                                                     MatrixProblems problems) {
    List<MatrixSpec.Workload> workloads = new ArrayList<>();
    Set<String> workloadNames = new HashSet<>();
    for (String p : problems.check(() -> list(yaml, MatrixKey.WORKLOADS.pointer(), false), List.<String>of())) {
      MatrixSpec.Workload w = problems.check(() -> workload(yaml, p, file, home), null);
      if (w == null) {
        continue;
      }
      if (!workloadNames.add(w.name())) {
        problems.add(yaml.error(p, "workload " + w.name() + " is listed twice"));
        continue;
      }
      workloads.add(w);
    }
    return workloads;
  }

  /** @return the stores, with {@code profiles} for those that name none */
  private static Stores stores(LocatedYaml yaml, UnaryOperator<String> env, MatrixProblems problems) {
    List<String> defaultProfiles = problems.check(() -> yaml.root().has(MatrixKey.PROFILES.key())
        ? names(yaml, MatrixKey.PROFILES.pointer()) : List.of(), List.of());
    Stores stores = new Stores(new ArrayList<>(), new ArrayList<>(), new LinkedHashSet<>());
    List<String> listed = problems.check(() -> list(yaml, MatrixKey.STORES.pointer(), false), null);
    if (listed == null) {
      return stores;
    }
    boolean valid = true;
    for (String p : listed) {
      valid &= problems.check(() -> {
        store(yaml, p, defaultProfiles, env, stores);
        return true;
      }, false);
    }
    if (valid && stores.included().isEmpty()) {
      problems.add(yaml.error("/stores", "every store is left out: set " + String.join(" or ", stores.leftOut())));
    }
    return stores;
  }

  /** Reads the store at {@code p} into {@code stores}: included, or left out when its {@code when-env} is not set. */
  private static void store(LocatedYaml yaml, String p, List<String> defaultProfiles, UnaryOperator<String> env,
                            Stores stores) throws ConfigException {
    JsonNode node = yaml.root().at(p);
    if (!node.isObject()) {
      throw yaml.error(p, "must be a mapping with binding, and optionally name, profiles and properties");
    }
    yaml.checkKeys(p, STORE_KEYS);
    String binding = name(yaml, p + "/binding", null);
    String storeName = name(yaml, p + "/name", binding);
    if (!stores.names().add(storeName)) {
      throw yaml.error(p + (node.has("name") ? "/name" : "/binding"), "store " + storeName
          + " is listed twice; give each configuration its own name");
    }
    List<String> profiles = node.has("profiles") ? names(yaml, p + "/profiles") : defaultProfiles;
    String whenEnv = node.has(WHEN_ENV) ? text(yaml, p + "/" + WHEN_ENV, null) : null;
    if (whenEnv != null && !ENV_NAME.matcher(whenEnv).matches()) {
      throw yaml.error(p + "/" + WHEN_ENV, "must be an environment variable's name such as YCSB_MONGODB_URI, got '"
          + whenEnv + "'");
    }
    boolean included = whenEnv == null || env.apply(whenEnv) != null;
    Map<String, String> storeProperties = properties(yaml, p + "/properties", included ? env : null);
    if (included) {
      stores.included().add(new MatrixSpec.Store(storeName, binding, storeProperties, profiles));
    } else {
      stores.leftOut().add(storeName + " (environment variable " + whenEnv + " is not set)");
    }
  }

  /** @return {@code baseline}, or null for none or a store left out (the report then says why it is missing) */
  private static String baseline(LocatedYaml yaml, Stores stores) throws ConfigException {
    String given = yaml.root().has(MatrixKey.BASELINE.key()) ? name(yaml, MatrixKey.BASELINE.pointer(), null) : null;
    if (given != null && !stores.names().contains(given)) {
      throw yaml.error("/baseline", "must name one of the stores (" + String.join(", ", stores.names()) + "), got "
          + given);
    }
    return stores.included().stream().anyMatch(st -> st.name().equals(given)) ? given : null;
  }

  /** @return {@code latencyWorkload}, by default the first workload */
  private static String latencyWorkload(LocatedYaml yaml, List<MatrixSpec.Workload> workloads)
      throws ConfigException {
    String latencyWorkload = yaml.root().has(MatrixKey.LATENCY_WORKLOAD.key())
        ? name(yaml, MatrixKey.LATENCY_WORKLOAD.pointer(), null) : workloads.get(0).name();
    if (workloads.stream().noneMatch(w -> w.name().equals(latencyWorkload))) {
      throw yaml.error("/latencyWorkload", "must name one of the workloads, got " + latencyWorkload);
    }
    return latencyWorkload;
  }

  /** @return whether a JVM option sets a secret key ({@code -Dx.password=...}) or holds credentials */
  private static boolean holdsSecret(String jvmArg) {
    int eq = jvmArg.indexOf('=');
    if (jvmArg.startsWith("-D") && eq > 2 && eq < jvmArg.length() - 1
        && Secrets.isSecretKey(jvmArg.substring(2, eq))) {
      return true;
    }
    return !Secrets.maskText(jvmArg).equals(jvmArg);
  }

  private static List<String> jvmArgs(LocatedYaml yaml) throws ConfigException {
    List<String> jvmArgs = new ArrayList<>();
    if (yaml.root().has(MatrixKey.JVM_ARGS.key())) {
      for (String p : list(yaml, MatrixKey.JVM_ARGS.pointer(), true)) {
        String arg = text(yaml, p, null);
        if (holdsSecret(arg)) {
          // a cell's JVM options are on its command line, which every user can read (ps), and in its crash file
          String shown = arg.startsWith("-D") ? "-D" + Secrets.maskArgs(List.of(arg.substring(2))) : Secrets.maskText(arg);
          throw yaml.error(p, "must hold no secret, got '" + shown + "'; every user can read a JVM's options (ps): give secrets in the "
              + "store's properties or ${env:NAME}, which reach a cell through its environment");
        }
        jvmArgs.add(arg);
      }
    }
    return jvmArgs;
  }

  /**
   * {@code cellTimeout}, 0 for no limit: a cell's process needs {@link #CELL_START_MIN} to start its JVM, connect and write its
   * result, on top of the measured time and a fixed warm-up; a shorter timeout would stop every cell.
   *
   * @param duration the matrix's {@code duration}, zero when it gives {@code operationcount}; with one, the default
   *     is the warm-up's limit and the duration plus {@link #CELL_TIMEOUT_MARGIN}, else no limit
   */
  private static Duration cellTimeout(LocatedYaml yaml, Duration duration, Warmup warmup) throws ConfigException {
    Duration fallback = duration.isZero() ? Duration.ZERO : warmup.limit().plus(duration).plus(CELL_TIMEOUT_MARGIN);
    Duration timeout = duration(yaml, MatrixKey.CELL_TIMEOUT.pointer(), fallback, MatrixKey.CELL_TIMEOUT.minDuration());
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
        return sized(yaml, pointer, c);
      }
    }
    throw yaml.error(pointer, "no such workload file: " + given + " (looked in the current directory, beside the "
        + "matrix file" + (home == null ? "" : " and in " + home.resolve("workloads")) + ")");
  }

  /** @return whether {@code cellOrder} is {@code listed}; {@code shuffled}, the default, is false */
  private static boolean listedOrder(LocatedYaml yaml) throws ConfigException {
    String given = text(yaml, MatrixKey.CELL_ORDER.pointer(), MatrixKey.CELL_ORDER.defaultValue()).trim();
    if (!given.equals("shuffled") && !given.equals("listed")) {
      throw yaml.error(MatrixKey.CELL_ORDER.pointer(), "must be shuffled or listed, got '" + given + "'");
    }
    return given.equals("listed");
  }

  /** @return the workload of this file, with the {@code recordcount}, {@code table} and {@code operationcount} it sets */
  private static MatrixSpec.Workload sized(LocatedYaml yaml, String pointer, Path file) throws ConfigException {
    java.util.Properties p = new java.util.Properties();
    try (java.io.Reader r = Files.newBufferedReader(file)) {
      p.load(r);
    } catch (java.io.IOException | IllegalArgumentException e) {
      throw yaml.error(pointer, "cannot read workload file " + file + ": " + e.getMessage());
    }
    long records = count(yaml, pointer, file, p, "recordcount", 0, MatrixKey.RECORD_COUNT.max());
    long operations = count(yaml, pointer, file, p, "operationcount", 0, Integer.MAX_VALUE);
    String table = p.getProperty("table");
    return new MatrixSpec.Workload(file.getFileName().toString(), file, records,
        table == null || table.isBlank() ? null : table.trim(), operations);
  }

  /** @return the whole number a workload file gives {@code key}, or -1 when it gives none */
  private static long count(LocatedYaml yaml, String pointer, Path file, java.util.Properties p, String key, long min,
                            long max) throws ConfigException {
    String given = p.getProperty(key);
    if (given == null) {
      return -1;
    }
    long n;
    try {
      n = Long.parseLong(given.trim());
    } catch (NumberFormatException e) {
      n = min - 1;
    }
    if (n < min || n > max) {
      throw yaml.error(pointer, file.getFileName() + ": " + key + "=" + given.trim() + ": must be a whole number from "
          + min + " to " + max);
    }
    return n;
  }

  /** @return {@code warmup} ({@code auto}, the default, or a duration) with {@code warmupMax} for auto */
  private static Warmup warmup(LocatedYaml yaml) throws ConfigException {
    Duration max = duration(yaml, MatrixKey.WARMUP_MAX);
    JsonNode n = yaml.root().at(MatrixKey.WARMUP.pointer());
    String given = n.isMissingNode() || n.isNull() ? MatrixKey.WARMUP.defaultValue() : n.asText().trim();
    if (given.equalsIgnoreCase(Warmup.AUTO)) {
      return new Warmup(true, max);
    }
    if (given.equals("0")) {
      return Warmup.NONE;
    }
    Duration fixed = duration(yaml, MatrixKey.WARMUP.pointer(), null, MatrixKey.WARMUP.minDuration());
    return fixed.isZero() ? Warmup.NONE : new Warmup(false, fixed);
  }
}
