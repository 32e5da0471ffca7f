package dev.ycsbdriver.matrix;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ycsbdriver.config.SecretProperties;
import dev.ycsbdriver.config.Secrets;
import dev.ycsbdriver.result.ResultFiles;
import dev.ycsbdriver.runner.StopSignal;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Runs a matrix: per store and profile, one load (the table dropped and created again), then every run
 * cell, each in its own driver process. Each cell's outcome is written to its {@code cell.json} as soon
 * as it ends, so a second run of the same matrix does only the cells that have no successful
 * {@code cell.json} with the same command (resume after a crash or Ctrl-C). A failed cell is recorded
 * with its error and the matrix goes on.
 *
 * <p>Workloads that insert (D, E) add records after {@code recordcount}, always from the same first
 * key, so a second inserting cell on the same table would collide with the first one's keys. The
 * runner therefore counts the records each cell inserted (from its result JSON, warm-up included) and
 * gives the next cell the table's real size as {@code recordcount}: its inserts start after the
 * existing keys and its reads choose among all of them. When that count is unknown (a cell crashed),
 * the store is loaded again before its next cell.
 *
 * <p>One instance per invocation; not thread-safe.
 */
public final class MatrixRunner {
  /** Name of the file that records a cell's outcome. */
  public static final String CELL_FILE = "cell.json";
  private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private final MatrixSpec spec;
  private final Path output;
  private final PrintStream err;
  private final StopSignal stop;
  private final List<Path> results = new ArrayList<>();
  private int failed;
  private int done;
  private int ranNow;
  private long cellMillisTotal;
  private long startNanos;

  /**
   * @param spec the matrix
   * @param err receives the progress lines
   * @param stop a stop request ends the current cell gracefully and runs no more
   */
  public MatrixRunner(MatrixSpec spec, PrintStream err, StopSignal stop) {
    this.spec = spec;
    this.output = spec.output().toAbsolutePath().normalize();
    this.err = err;
    this.stop = stop;
  }

  /**
   * How the matrix ended.
   *
   * @param cells run cells in the matrix
   * @param succeeded cells with a successful result, including those of earlier invocations
   * @param failed cells that failed in this invocation
   * @param skipped cells already done by an earlier invocation
   * @param interrupted whether a stop request ended the matrix early
   * @param results the result JSON files of every successful cell, in matrix order
   */
  public record Outcome(int cells, int succeeded, int failed, int skipped, boolean interrupted, List<Path> results) {
  }

  /**
   * @return how the matrix ended
   * @throws IOException when the output directory cannot be written
   */
  public Outcome run() throws IOException {
    Files.createDirectories(output);
    Path copy = output.resolve("matrix.yaml");
    if (!Files.exists(copy) || !Files.isSameFile(copy, spec.file())) {
      // the copy lands in the results and in published reports: with its secrets masked
      Files.writeString(copy, MaskedYaml.mask(Files.readString(spec.file())));
    }
    CellProcess.awaitLeftChildren(output.resolve("cells"), err);
    startNanos = System.nanoTime();
    int total = 0;
    for (MatrixSpec.Store store : spec.stores()) {
      total += profiles(store).size() * spec.threads().size() * spec.workloads().size() * spec.repeats();
    }
    int skipped = 0;
    int index = 0;
    err.println("[matrix] " + spec.name() + ": " + total + " cells, output " + output);
    for (MatrixSpec.Store store : spec.stores()) {
      for (String profile : profiles(store)) {
        List<Cell> cells = cells(store, profile);
        List<Cell> pending = new ArrayList<>();
        for (Cell c : cells) {
          if (finished(c)) {
            skipped++;
          } else {
            pending.add(c);
          }
        }
        if (pending.isEmpty() || stop.requested()) {
          index += cells.size();
          continue;
        }
        long tableRecords = -1;
        boolean loadFailed = false;
        for (Cell cell : cells) {
          index++;
          if (!pending.contains(cell)) {
            continue;
          }
          if (stop.requested()) {
            break;
          }
          if (tableRecords < 0 && !loadFailed) {
            tableRecords = load(store, profile) ? spec.recordCount() : -1;
            loadFailed = tableRecords < 0;
          }
          if (loadFailed) {
            recordFailure(cell, index, total, "the load failed; see " + output.relativize(
                Cell.group(output, store, profile).resolve("load").resolve(CellProcess.LOG_FILE)));
            continue;
          }
          long inserted = runCell(cell, index, total, tableRecords);
          tableRecords = inserted < 0 ? -1 : tableRecords + inserted;
        }
      }
    }
    collectResults();
    boolean interrupted = stop.requested();
    err.println("[matrix] " + spec.name() + ": " + done + " of " + total + " cells done (" + skipped
        + " from an earlier run), " + failed + " failed" + (interrupted ? ", interrupted" : "") + ", in "
        + human(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNanos)));
    return new Outcome(total, done, failed, skipped, interrupted, List.copyOf(results));
  }

  private static List<String> profiles(MatrixSpec.Store store) {
    if (store.profiles().isEmpty()) {
      List<String> none = new ArrayList<>();
      none.add(null);
      return none;
    }
    return store.profiles();
  }

  private List<Cell> cells(MatrixSpec.Store store, String profile) {
    List<Cell> cells = new ArrayList<>();
    for (int r = 1; r <= spec.repeats(); r++) {
      for (int t : spec.threads()) {
        for (MatrixSpec.Workload w : spec.workloads()) {
          cells.add(new Cell(store, profile, w, t, r));
        }
      }
    }
    return cells;
  }

  /** @return whether the cell already succeeded with the same command (apart from the table size) */
  private boolean finished(Cell cell) {
    Path file = cell.directory(output).resolve(CELL_FILE);
    if (!Files.isRegularFile(file)) {
      return false;
    }
    try {
      JsonNode node = JSON.readTree(file.toFile());
      if (!"ok".equals(node.path("status").asText()) || !signature(cell).equals(node.path("signature").asText())) {
        return false;
      }
      Path result = output.resolve(node.path("result").asText());
      if (Files.isRegularFile(result)) {
        done++;
        return true;
      }
      return false;
    } catch (IOException e) {
      return false;
    }
  }

  private boolean load(MatrixSpec.Store store, String profile) throws IOException {
    Path dir = Cell.group(output, store, profile).resolve("load");
    deleteTree(dir);
    List<String> args = new ArrayList<>(List.of("load", store.binding(), "-P",
        spec.workloads().get(0).file().toString(), "-threads", Integer.toString(spec.loadThreads())));
    Map<String, String> secrets = common(args, store, profile, dir);
    put(args, "recordcount", Long.toString(spec.recordCount()));
    put(args, "droptable", "true");
    put(args, "createtable", "true");
    String what = store.name() + (profile == null ? "" : " " + profile);
    err.println("[matrix] loading " + what + ": " + spec.recordCount() + " records, " + spec.loadThreads()
        + " threads");
    CellProcess.Ending end = CellProcess.run(args, secrets, spec.jvmArgs(), dir, spec.cellTimeout(), stop);
    Optional<Path> result = newestResult(dir);
    if (end.exitCode() != 0 || result.isEmpty()) {
      err.println("[matrix] load of " + what + " failed (exit " + end.exitCode() + ")"
          + (end.lastError() == null ? "" : ": " + end.lastError()));
      return false;
    }
    double opsPerSec = JSON.readTree(result.get().toFile()).path("throughputOpsPerSec").asDouble();
    err.println("[matrix] loaded " + what + " in " + human(end.elapsedMillis()) + String.format(Locale.ROOT,
        " (%,.0f records/s)", opsPerSec));
    return true;
  }

  /** @return records the cell inserted, or -1 when unknown */
  private long runCell(Cell cell, int index, int total, long tableRecords) throws IOException {
    Path dir = cell.directory(output);
    deleteTree(dir);
    List<String> args = new ArrayList<>(List.of("run", cell.store().binding(), "-P", cell.workload().file().toString(),
        "-threads", Integer.toString(cell.threads()), "-s"));
    Map<String, String> secrets = common(args, cell.store(), cell.profile(), dir);
    put(args, "recordcount", Long.toString(tableRecords));
    put(args, "operationcount", Long.toString(spec.operationCount()));
    if (!spec.duration().isZero()) {
      put(args, "maxexecutiontime", Long.toString((spec.duration().toMillis() + 999) / 1000));
    }
    if (!spec.warmup().isZero()) {
      put(args, "warmup", spec.warmup().toMillis() + "ms");
    }
    CellProcess.Ending end = CellProcess.run(args, secrets, spec.jvmArgs(), dir, spec.cellTimeout(), stop);
    Optional<Path> result = newestResult(dir);
    JsonNode json = null;
    if (result.isPresent()) {
      try {
        json = JSON.readTree(result.get().toFile());
      } catch (IOException e) {
        json = null;
      }
    }
    String status;
    String error = null;
    if (end.exitCode() == 0 && json != null) {
      status = "ok";
      done++;
    } else {
      status = end.interrupted() ? "interrupted" : "failed";
      error = end.timedOut() ? "stopped after the cell timeout of " + human(spec.cellTimeout().toMillis())
          : end.lastError() != null ? end.lastError()
          : json == null ? "the run wrote no result (exit " + end.exitCode() + ")"
          : "exit " + end.exitCode();
      if (!end.interrupted()) {
        failed++;
      }
    }
    ranNow++;
    cellMillisTotal += end.elapsedMillis();
    ObjectNode record = JSON.createObjectNode();
    record.put("status", status);
    record.put("cell", cell.label());
    record.put("exitCode", end.exitCode());
    record.put("error", error == null ? null : Secrets.maskText(error));
    record.put("result", result.map(p -> output.relativize(p.toAbsolutePath()).toString()).orElse(null));
    record.put("elapsedMillis", end.elapsedMillis());
    record.put("tableRecordsAtStart", tableRecords);
    record.put("signature", signature(cell));
    JSON.writeValue(dir.resolve(CELL_FILE).toFile(), record);
    progress(cell, index, total, status, error, json);
    return json == null ? -1 : inserted(json);
  }

  private void recordFailure(Cell cell, int index, int total, String error) throws IOException {
    Path dir = cell.directory(output);
    deleteTree(dir);
    Files.createDirectories(dir);
    ObjectNode record = JSON.createObjectNode();
    record.put("status", "failed");
    record.put("cell", cell.label());
    record.put("error", error);
    record.put("signature", signature(cell));
    JSON.writeValue(dir.resolve(CELL_FILE).toFile(), record);
    failed++;
    progress(cell, index, total, "failed", error, null);
  }

  private void progress(Cell cell, int index, int total, String status, String error, JsonNode json) {
    long elapsed = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNanos);
    int remaining = total - index;
    String left = ranNow == 0 || remaining == 0 ? "" : ", about " + human(cellMillisTotal / ranNow * remaining) + " left";
    String what = "ok".equals(status)
        ? String.format(Locale.ROOT, "%,.0f ops/s", json.path("throughputOpsPerSec").asDouble())
        : status.toUpperCase(Locale.ROOT) + (error == null ? "" : ": " + Secrets.maskText(error));
    err.println("[matrix] cell " + index + "/" + total + " " + cell.label() + ": " + what + "; elapsed "
        + human(elapsed) + left);
  }

  /** @return operations that took a new key: every INSERT, warm-up included; -1 when unknown */
  private static long inserted(JsonNode json) {
    long n = json.path("warmupOperations").path("INSERT").asLong(0);
    for (JsonNode op : json.path("operations")) {
      if ("INSERT".equals(op.path("name").asText())) {
        n += op.path("operations").asLong(0);
      }
    }
    return n;
  }

  /**
   * Adds the matrix's and the store's properties to {@code args}, except secrets: a secret key, credentials in
   * a value, or a value taken from the environment ({@code ${env:NAME}}), which every user could read on a
   * command line.
   *
   * @return the secrets, for the child's environment
   */
  private Map<String, String> common(List<String> args, MatrixSpec.Store store, String profile, Path dir) {
    // the store's value of a key replaces the matrix's before either is sorted into arguments or secrets
    Map<String, String> given = new LinkedHashMap<>(spec.properties());
    given.putAll(store.properties());
    Map<String, String> secrets = new LinkedHashMap<>();
    for (Map.Entry<String, String> e : given.entrySet()) {
      String value = expand(e.getValue());
      if (MatrixFile.ENV.matcher(e.getValue()).find() || SecretProperties.isSecret(e.getKey(), value)) {
        secrets.put(e.getKey(), value);
      } else {
        put(args, e.getKey(), value);
      }
    }
    if (profile != null) {
      put(args, "profile", profile);
    }
    put(args, "store.name", store.name());
    put(args, "result.dir", dir.toString());
    return secrets;
  }

  /**
   * {@code ${output}} in a property value stands for the matrix's output directory, {@code ${env:NAME}}
   * for an environment variable (checked when the file was read). Only the child's environment holds the
   * expanded value; {@code cell.json} and the logs hold the masked command.
   */
  private String expand(String value) {
    String v = value.replace("${output}", output.toString());
    return MatrixFile.ENV.matcher(v).replaceAll(m -> java.util.regex.Matcher.quoteReplacement(
        java.util.Objects.requireNonNullElse(System.getenv(m.group(1)), "")));
  }

  private static void put(List<String> args, String key, String value) {
    args.add("-p");
    args.add(key + "=" + value);
  }

  /**
   * A cell's command apart from its table size and output directory: a finished cell counts only while
   * the matrix file still asks for the same run.
   */
  private String signature(Cell cell) {
    Map<String, Object> s = new LinkedHashMap<>();
    s.put("binding", cell.store().binding());
    s.put("storeProperties", masked(cell.store().properties()));
    s.put("properties", masked(spec.properties()));
    s.put("profile", cell.profile());
    s.put("workload", cell.workload().file().toAbsolutePath().normalize().toString());
    s.put("threads", cell.threads());
    s.put("recordcount", spec.recordCount());
    s.put("operationcount", spec.operationCount());
    s.put("durationMillis", spec.duration().toMillis());
    s.put("warmupMillis", spec.warmup().toMillis());
    s.put("jvmArgs", spec.jvmArgs());
    return Secrets.maskText(s.toString());
  }

  /** @return the properties sorted by key, each value masked by its key */
  private static Map<String, String> masked(Map<String, String> properties) {
    Map<String, String> out = new java.util.TreeMap<>();
    properties.forEach((k, v) -> out.put(k, Secrets.maskValue(k, v)));
    return out;
  }

  private void collectResults() throws IOException {
    for (MatrixSpec.Store store : spec.stores()) {
      for (String profile : profiles(store)) {
        for (Cell c : cells(store, profile)) {
          Path file = c.directory(output).resolve(CELL_FILE);
          if (!Files.isRegularFile(file)) {
            continue;
          }
          JsonNode node = JSON.readTree(file.toFile());
          if ("ok".equals(node.path("status").asText())) {
            Path result = output.resolve(node.path("result").asText());
            if (Files.isRegularFile(result)) {
              results.add(result);
            }
          }
        }
      }
    }
  }

  private static Optional<Path> newestResult(Path dir) throws IOException {
    if (!Files.isDirectory(dir)) {
      return Optional.empty();
    }
    try (Stream<Path> entries = Files.list(dir)) {
      return entries.map(d -> d.resolve(ResultFiles.RESULT_FILE)).filter(Files::isRegularFile)
          .max(Comparator.comparing(p -> p.getParent().getFileName().toString()));
    }
  }

  private static void deleteTree(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> walk = Files.walk(dir)) {
      for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    }
  }

  static String human(long millis) {
    Duration d = Duration.ofMillis(millis);
    if (d.toMinutes() >= 60) {
      return d.toHours() + "h" + String.format(Locale.ROOT, "%02dm", d.toMinutesPart());
    }
    if (d.toSeconds() >= 60) {
      return d.toMinutes() + "m" + String.format(Locale.ROOT, "%02ds", d.toSecondsPart());
    }
    return String.format(Locale.ROOT, "%.1fs", millis / 1000.0);
  }
}
