package dev.ycsbdriver.matrix;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ycsbdriver.config.ConfigException;
import dev.ycsbdriver.config.SecretProperties;
import dev.ycsbdriver.config.Secrets;
import dev.ycsbdriver.config.Warmup;
import dev.ycsbdriver.measure.Operation;
import dev.ycsbdriver.result.ResultFiles;
import dev.ycsbdriver.result.ResultJson;
import dev.ycsbdriver.result.model.OperationFigures;
import dev.ycsbdriver.result.model.ResultDocument;
import dev.ycsbdriver.runner.StopSignal;
import dev.ycsbdriver.spi.ServerFacts;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Runs a matrix, each cell in its own driver process, in the order of {@link MatrixOrder}: repeat-major
 * (repeat 1 visits every cell before repeat 2 starts), stores and profiles and the cells within each shuffled
 * with a seed. The seed comes from the matrix file's {@code seed}, else from the output's {@link #ORDER_FILE}
 * of an earlier run, else it is drawn; it is printed and recorded, with the order, in {@link #ORDER_FILE}.
 * With {@code repeats: 1} the order is the only difference from running the stores one after another.
 *
 * <p>Each visit of a store and profile within a repeat starts with a load (the table dropped and created
 * again), since another profile of the same store may have changed the table in between; the load is left
 * out when the previous visit that ran was of the same store and profile and its table size is known, and when
 * the group keeps its table ({@link KeptTables}: its cells only read and no other group can touch its table).
 * Each cell's outcome is written to its {@code cell.json} as soon as it ends, so a second run of the same
 * matrix does only the cells that have no successful {@code cell.json} with the same command (resume after a
 * crash or Ctrl-C), in the same order. A failed cell is recorded with its error and the matrix goes on.
 *
 * <p>Workloads that insert (D, E) add records after {@code recordcount}, always from the same first
 * key, so a second inserting cell on the same table would collide with the first one's keys. The
 * runner therefore counts the records each cell inserted (from its result JSON, warm-up included) and
 * gives the next cell of the visit the table's real size as {@code recordcount}: its inserts start after
 * the existing keys and its reads choose among all of them. When that count is unknown (a cell crashed),
 * the store is loaded again before its next cell.
 *
 * <p>With a {@code crashtest} section, each store and profile's visit of the last repeat ends with a crash
 * test cell ({@link CrashCell}) on the table its workload cells left. A crash test whose claim did not hold
 * is a finding: recorded with status {@code finding}, never run again on resume, and counted in
 * {@link Outcome#findings()}.
 *
 * <p>One instance per invocation; not thread-safe.
 */
public final class MatrixRunner {
  /** Name of the file that records a cell's outcome. */
  public static final String CELL_FILE = "cell.json";
  /** Name of the file in the output that lists the stores left out (a JSON array of strings). */
  public static final String LEFT_OUT_FILE = "left-out.json";
  /**
   * Name of the file in the output that records the run order: {@code seed} (a long), {@code repeats} and
   * {@code visits}, each {@code repeat}, {@code store}, {@code profile} (null for none) and {@code cells} (their
   * labels in run order, the crash test last).
   */
  public static final String ORDER_FILE = "order.json";
  private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private final MatrixSpec spec;
  private final Path output;
  private final PrintStream err;
  private final StopSignal stop;
  private final List<Path> results = new ArrayList<>();
  private int failed;
  private int findings;
  private int done;
  private int ranNow;
  private long cellMillisTotal;
  private long loadMillisTotal;
  private int pendingTotal;
  private int attempted;
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
   * @param findings crash test cells whose profile's claim did not hold (counted in {@code succeeded}: they
   *     are findings, not cells to retry), including those of earlier invocations
   * @param interrupted whether a stop request ended the matrix early
   * @param results the result JSON files of every successful cell and crash test, findings included, in
   *     matrix order
   */
  public record Outcome(int cells, int succeeded, int failed, int skipped, int findings, boolean interrupted,
                        List<Path> results) {
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
    // the report of this output names the stores left out, also when made later by bin/ycsb report
    JSON.writeValue(output.resolve(LEFT_OUT_FILE).toFile(), spec.leftOut());
    for (String store : spec.leftOut()) {
      err.println("[matrix] left out: " + store);
    }
    CellProcess.awaitLeftChildren(output.resolve("cells"), err);
    startNanos = System.nanoTime();
    long seed = seed();
    List<MatrixOrder.Visit> plan = MatrixOrder.plan(spec, seed);
    writeOrder(seed, plan);
    int total = plan.stream().mapToInt(MatrixOrder.Visit::size).sum();
    // cells already done by an earlier invocation, found before any runs so that the time estimate counts
    // only the cells still to run
    Set<Path> pending = new HashSet<>();
    int skipped = 0;
    for (MatrixOrder.Visit v : plan) {
      for (Cell c : v.cells()) {
        if (finished(c.directory(output), signature(c))) {
          skipped++;
        } else {
          pending.add(c.directory(output));
        }
      }
      if (v.crash() != null) {
        if (finished(v.crash().directory(output), v.crash().signature(spec))) {
          skipped++;
        } else {
          pending.add(v.crash().directory(output));
        }
      }
    }
    pendingTotal = pending.size();
    err.println("[matrix] " + spec.name() + ": " + total + " cells, output " + output);
    int index = 0;
    // the group whose table tableRecords describes, as the last cell that ran left it: a cell of any other
    // group loads first (two groups may share one table: the profiles of a store)
    MatrixOrder.Group loaded = null;
    long tableRecords = -1;
    KeptTables keptTables = KeptTables.of(spec, plan.stream().map(MatrixOrder.Visit::group).distinct().toList());
    // the table size a group that keeps its table left at the end of its last visit
    Map<MatrixOrder.Group, Long> left = new HashMap<>();
    for (MatrixOrder.Visit v : plan) {
      if (stop.requested()) {
        break;
      }
      boolean loadFailed = false;
      String loadError = "the load failed; see " + output.relativize(loadDirectory(v).resolve(CellProcess.LOG_FILE));
      for (int i = 0; i < v.size() && !stop.requested(); i++) {
        index++;
        Cell cell = i < v.cells().size() ? v.cells().get(i) : null;
        CrashCell crash = cell == null ? v.crash() : null;
        Path dir = cell != null ? cell.directory(output) : crash.directory(output);
        if (!pending.contains(dir)) {
          continue;
        }
        if (!loadFailed && (tableRecords < 0 || !v.group().equals(loaded))) {
          Long kept = keptTables.keeps(v.group()) ? left.get(v.group()) : null;
          if (kept != null) {
            err.println("[matrix] " + v.group().label() + ": table kept from its last visit (" + kept + " records; its "
                + "cells only read and no other store uses it)");
            tableRecords = kept;
          } else {
            tableRecords = load(v) ? spec.recordCount() : -1;
          }
          loadFailed = tableRecords < 0;
          loaded = loadFailed ? null : v.group();
        }
        attempted++;
        if (loadFailed) {
          recordFailure(dir, cell != null ? cell.label() : crash.label(),
              cell != null ? signature(cell) : crash.signature(spec), index, total, loadError);
        } else if (cell != null) {
          long inserted = runCell(cell, index, total, tableRecords);
          tableRecords = inserted < 0 ? -1 : tableRecords + inserted;
          if (tableRecords < 0) {
            left.remove(v.group());
          } else if (keptTables.keeps(v.group())) {
            left.put(v.group(), tableRecords);
          }
        } else {
          runCrash(crash, index, total, tableRecords);
          // the crash test killed the store mid-write: its table is not one the runner can count
          tableRecords = -1;
          left.remove(v.group());
        }
      }
    }
    collectResults();
    boolean interrupted = stop.requested();
    err.println("[matrix] " + spec.name() + ": " + done + " of " + total + " cells done (" + skipped
        + " from an earlier run), " + failed + " failed" + (findings == 0 ? "" : ", " + findings + " crash test"
        + (findings == 1 ? "" : "s") + " whose claim did not hold") + (interrupted ? ", interrupted" : "") + ", in "
        + human(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNanos)));
    return new Outcome(total, done, failed, skipped, findings, interrupted, List.copyOf(results));
  }

  /**
   * @return the matrix file's {@code seed}, else the one {@link #ORDER_FILE} recorded for this output, else a
   *     new one; printed with where it came from
   */
  private long seed() {
    if (spec.seed() != null) {
      err.println("[matrix] order: seed " + spec.seed() + " (from the matrix file)");
      return spec.seed();
    }
    Path file = output.resolve(ORDER_FILE);
    if (Files.isRegularFile(file)) {
      try {
        JsonNode seed = JSON.readTree(file.toFile()).path("seed");
        if (seed.isIntegralNumber()) {
          err.println("[matrix] order: seed " + seed.asLong() + " (recorded in " + file + " by an earlier run; put seed: "
              + seed.asLong() + " in the matrix file to repeat this order elsewhere)");
          return seed.asLong();
        }
      } catch (IOException e) {
        // unreadable: draw a new seed and record it
      }
    }
    long seed = ThreadLocalRandom.current().nextLong(1, 1_000_000_000L);
    err.println("[matrix] order: seed " + seed + " (put seed: " + seed + " in the matrix file to repeat this order)");
    return seed;
  }

  /** Writes {@link #ORDER_FILE}: the seed and every visit of the plan, in run order. */
  private void writeOrder(long seed, List<MatrixOrder.Visit> plan) throws IOException {
    ObjectNode order = JSON.createObjectNode();
    order.put("seed", seed);
    order.put("repeats", spec.repeats());
    ArrayNode visits = order.putArray("visits");
    for (MatrixOrder.Visit v : plan) {
      ObjectNode visit = visits.addObject();
      visit.put("repeat", v.repeat());
      visit.put("store", v.group().store().name());
      visit.put("profile", v.group().profile());
      ArrayNode cells = visit.putArray("cells");
      v.cells().forEach(c -> cells.add(c.label()));
      if (v.crash() != null) {
        cells.add(v.crash().label());
      }
    }
    JSON.writeValue(output.resolve(ORDER_FILE).toFile(), order);
  }

  private List<Cell> cells(MatrixSpec.Store store, String profile) {
    List<Cell> cells = new ArrayList<>();
    for (int r = 1; r <= spec.repeats(); r++) {
      cells.addAll(MatrixOrder.cells(spec, new MatrixOrder.Group(store, profile), r));
    }
    return cells;
  }

  /**
   * @return whether the cell already succeeded with the same command (apart from the table size); a crash test
   *     whose claim did not hold counts as done, and as a finding
   */
  private boolean finished(Path dir, String signature) {
    Path file = dir.resolve(CELL_FILE);
    if (!Files.isRegularFile(file)) {
      return false;
    }
    try {
      JsonNode node = JSON.readTree(file.toFile());
      String status = node.path("status").asText();
      boolean ended = "ok".equals(status) || CrashCell.FINDING.equals(status);
      if (!ended || !signature.equals(node.path("signature").asText())
          || !Files.isRegularFile(output.resolve(node.path("result").asText()))) {
        return false;
      }
      done++;
      findings += CrashCell.FINDING.equals(status) ? 1 : 0;
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  /** @return the directory of a visit's load: {@code load} in repeat 1, {@code load-r<N>} in repeat N */
  private Path loadDirectory(MatrixOrder.Visit v) {
    Path group = Cell.group(output, v.group().store(), v.group().profile());
    return v.repeat() == 1 ? group.resolve("load") : group.resolve("load-r" + v.repeat());
  }

  private boolean load(MatrixOrder.Visit v) throws IOException {
    MatrixSpec.Store store = v.group().store();
    String profile = v.group().profile();
    Path dir = loadDirectory(v);
    deleteTree(dir);
    CellArguments args = new CellArguments(spec, output, store, profile, dir, List.of("load", store.binding(), "-P",
        spec.workloads().get(0).file().toString(), "-threads", Integer.toString(spec.loadThreads())));
    args.put("recordcount", Long.toString(spec.recordCount())).put("droptable", "true").put("createtable", "true");
    String what = v.group().label() + (spec.repeats() == 1 ? "" : " for repeat " + v.repeat());
    err.println("[matrix] loading " + what + ": " + spec.recordCount() + " records, " + spec.loadThreads()
        + " threads");
    CellProcess.Ending end = CellProcess.run(args.args(), args.secrets(), spec.jvmArgs(), dir, spec.cellTimeout(), stop);
    loadMillisTotal += end.elapsedMillis();
    Optional<Path> result = newestResult(dir);
    if (end.exitCode() != 0 || result.isEmpty()) {
      err.println("[matrix] load of " + what + " failed (exit " + end.exitCode() + ")"
          + (end.lastError() == null ? "" : ": " + end.lastError()));
      return false;
    }
    ResultDocument loaded = readResult(result);
    double opsPerSec = loaded == null || loaded.figures().throughputOpsPerSec() == null ? 0
        : loaded.figures().throughputOpsPerSec();
    err.println("[matrix] loaded " + what + " in " + human(end.elapsedMillis()) + String.format(Locale.ROOT,
        " (%,.0f records/s)", opsPerSec));
    return true;
  }

  /** @return records the cell inserted, or -1 when unknown */
  private long runCell(Cell cell, int index, int total, long tableRecords) throws IOException {
    Path dir = cell.directory(output);
    deleteTree(dir);
    CellArguments args = new CellArguments(spec, output, cell.store(), cell.profile(), dir, List.of("run",
        cell.store().binding(), "-P", cell.workload().file().toString(), "-threads", Integer.toString(cell.threads()),
        "-s"));
    args.put("recordcount", Long.toString(tableRecords)).put("operationcount", Long.toString(spec.operationCount()));
    if (!spec.duration().isZero()) {
      args.put("maxexecutiontime", Long.toString((spec.duration().toMillis() + 999) / 1000));
    }
    if (spec.warmup().auto()) {
      args.put("warmup", Warmup.AUTO).put("warmup.max", spec.warmup().limit().toMillis() + "ms");
    } else if (!spec.warmup().none()) {
      args.put("warmup", spec.warmup().limit().toMillis() + "ms");
    }
    CellProcess.Ending end = CellProcess.run(args.args(), args.secrets(), spec.jvmArgs(), dir, spec.cellTimeout(), stop);
    Optional<Path> result = newestResult(dir);
    ResultDocument json = readResult(result);
    String status = end.exitCode() == 0 && json != null ? "ok" : end.interrupted() ? "interrupted" : "failed";
    finish(new Ended(dir, cell.label(), signature(cell), end, spec.cellTimeout(), result, json, status), tableRecords,
        index, total, json == null || json.figures().throughputOpsPerSec() == null ? null
            : String.format(Locale.ROOT, "%,.0f ops/s", json.figures().throughputOpsPerSec()));
    return json == null ? -1 : inserted(json);
  }

  /** Runs the crash test of a store and profile; a claim that did not hold is a finding, not a failure. */
  private void runCrash(CrashCell crash, int index, int total, long tableRecords) throws IOException {
    Path dir = crash.directory(output);
    deleteTree(dir);
    CellArguments args = crash.arguments(spec, output, tableRecords);
    err.println("[matrix] crash test of " + crash.label().replaceFirst(" crashtest$", "") + ": "
        + (spec.crashtest().rounds() == null ? "" : spec.crashtest().rounds() + " rounds, ") + "up to "
        + human(spec.crashtest().timeout().toMillis()));
    CellProcess.Ending end = CellProcess.run(args.args(), args.secrets(), spec.jvmArgs(), dir,
        spec.crashtest().timeout(), stop);
    Optional<Path> result = newestResult(dir);
    ResultDocument document = readResult(result);
    String status = CrashCell.status(end.exitCode(), document);
    if (end.interrupted() && !CrashCell.FINDING.equals(status)) {
      status = "interrupted";
    }
    finish(new Ended(dir, crash.label(), crash.signature(spec), end, spec.crashtest().timeout(), result, document,
        status),
        tableRecords, index, total, document == null ? null : CrashCell.summary(document));
  }

  /** What a cell's child process left: where, which cell, how it ended, its result and the status given it. */
  private record Ended(Path dir, String label, String signature, CellProcess.Ending end, Duration timeout,
                       Optional<Path> result, ResultDocument json, String status) {
  }

  /** Counts the cell, writes its {@code cell.json} and prints its progress line. */
  private void finish(Ended e, long tableRecords, int index, int total, String summary) throws IOException {
    String error = null;
    if ("ok".equals(e.status()) || CrashCell.FINDING.equals(e.status())) {
      done++;
      findings += CrashCell.FINDING.equals(e.status()) ? 1 : 0;
    } else {
      CellProcess.Ending end = e.end();
      error = end.timedOut() ? "stopped after the cell timeout of " + human(e.timeout().toMillis())
          : end.lastError() != null ? end.lastError()
          : e.json() == null ? "the run wrote no result (exit " + end.exitCode() + ")"
          : "exit " + end.exitCode();
      if (!end.interrupted()) {
        failed++;
      }
    }
    ranNow++;
    cellMillisTotal += e.end().elapsedMillis();
    ObjectNode record = JSON.createObjectNode();
    record.put("status", e.status());
    record.put("cell", e.label());
    record.put("exitCode", e.end().exitCode());
    record.put("error", error == null ? null : Secrets.maskText(error));
    record.put("result", e.result().map(p -> output.relativize(p.toAbsolutePath()).toString()).orElse(null));
    record.put("elapsedMillis", e.end().elapsedMillis());
    record.put("tableRecordsAtStart", tableRecords);
    record.put("signature", e.signature());
    JSON.writeValue(e.dir().resolve(CELL_FILE).toFile(), record);
    progress(e.label(), index, total, e.status(), error, summary);
  }

  /** @return the cell's result, or null when it wrote none or one that is not a result this version reads */
  private static ResultDocument readResult(Optional<Path> result) {
    if (result.isEmpty()) {
      return null;
    }
    try {
      return ResultJson.readDocument(result.get());
    } catch (ConfigException e) {
      return null;
    }
  }

  private void recordFailure(Path dir, String label, String signature, int index, int total, String error)
      throws IOException {
    deleteTree(dir);
    Files.createDirectories(dir);
    ObjectNode record = JSON.createObjectNode();
    record.put("status", "failed");
    record.put("cell", label);
    record.put("error", error);
    record.put("signature", signature);
    JSON.writeValue(dir.resolve(CELL_FILE).toFile(), record);
    failed++;
    progress(label, index, total, "failed", error, null);
  }

  private void progress(String label, int index, int total, String status, String error, String summary) {
    long elapsed = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNanos);
    // the cells still to run, and the loads among them as often as so far
    int remaining = pendingTotal - attempted;
    String left = ranNow == 0 || remaining == 0 ? ""
        : ", about " + human((cellMillisTotal + loadMillisTotal) / ranNow * remaining) + " left";
    String what = "ok".equals(status) ? summary
        : CrashCell.FINDING.equals(status) ? "FINDING: " + summary
        : status.toUpperCase(Locale.ROOT) + (error == null ? "" : ": " + Secrets.maskText(error));
    err.println("[matrix] cell " + index + "/" + total + " " + label + ": " + what + "; elapsed "
        + human(elapsed) + left);
  }

  /**
   * @param json a run cell's result
   * @return the records the cell left in the table beyond those it started with: its inserts, warm-up
   *     included; 0 for a store its own process filled before the run ({@link ServerFacts#PRELOADED_RECORDS}
   *     among the server's settings, the memory binding), whose records end with that process
   */
  static long inserted(ResultDocument json) {
    var server = json.sections().server();
    if (server != null && server.settings() != null && server.settings().containsKey(ServerFacts.PRELOADED_RECORDS)) {
      return 0;
    }
    String insert = Operation.INSERT.ycsbName();
    Map<String, Long> warmedUp = json.plan().warmupOperations();
    long n = warmedUp == null ? 0 : warmedUp.getOrDefault(insert, 0L);
    for (OperationFigures op : json.sections().operations() == null ? List.<OperationFigures>of()
        : json.sections().operations()) {
      n += insert.equals(op.name()) ? op.operations() : 0;
    }
    return n;
  }

  /**
   * A cell's command apart from its table size and output directory: a finished cell counts only while
   * the matrix file still asks for the same run.
   */
  private String signature(Cell cell) {
    Map<String, Object> s = new LinkedHashMap<>();
    s.put("binding", cell.store().binding());
    s.put("storeProperties", CellArguments.masked(cell.store().properties()));
    s.put("properties", CellArguments.masked(spec.properties()));
    s.put("profile", cell.profile());
    s.put("workload", cell.workload().file().toAbsolutePath().normalize().toString());
    s.put("threads", cell.threads());
    s.put("recordcount", spec.recordCount());
    s.put("operationcount", spec.operationCount());
    s.put("durationMillis", spec.duration().toMillis());
    s.put("warmup", spec.warmup().label());
    s.put("warmupMillis", spec.warmup().limit().toMillis());
    s.put("jvmArgs", spec.jvmArgs());
    return Secrets.maskText(s.toString());
  }

  private void collectResults() throws IOException {
    for (MatrixOrder.Group g : MatrixOrder.groups(spec)) {
      List<Path> dirs = new ArrayList<>();
      cells(g.store(), g.profile()).forEach(c -> dirs.add(c.directory(output)));
      if (spec.crashtest() != null) {
        dirs.add(new CrashCell(g.store(), g.profile()).directory(output));
      }
      for (Path dir : dirs) {
        Path file = dir.resolve(CELL_FILE);
        if (!Files.isRegularFile(file)) {
          continue;
        }
        JsonNode node = JSON.readTree(file.toFile());
        String status = node.path("status").asText();
        if ("ok".equals(status) || CrashCell.FINDING.equals(status)) {
          Path result = output.resolve(node.path("result").asText());
          if (Files.isRegularFile(result)) {
            results.add(result);
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
