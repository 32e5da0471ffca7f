package dev.ycsbdriver.matrix;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.ycsbdriver.config.ConfigException;
import dev.ycsbdriver.config.Settings;
import dev.ycsbdriver.measure.Operation;
import dev.ycsbdriver.result.AtomicFile;
import dev.ycsbdriver.result.CalibrationFile;
import dev.ycsbdriver.result.model.CalibrationSection;
import dev.ycsbdriver.result.model.OperationFigures;
import dev.ycsbdriver.result.model.ResultDocument;
import dev.ycsbdriver.runner.CalibrationConfig;
import dev.ycsbdriver.runner.Calibrations;
import dev.ycsbdriver.runner.StopSignal;
import dev.ycsbdriver.spi.ServerFacts;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

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
  /** Writes and reads the matrix's own files ({@link #ORDER_FILE}, {@link #CELL_FILE}, {@link #LEFT_OUT_FILE}). */
  static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private final MatrixSpec spec;
  private final Path output;
  private final PrintStream err;
  private final StopSignal stop;
  /** Cells that ended in an earlier invocation, counted before any runs. */
  private int skipped;

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
   * @throws ConfigException when the output's {@link #ORDER_FILE} is not an order of this matrix
   * @throws IOException when the output directory cannot be written
   */
  public Outcome run() throws ConfigException, IOException {
    prepareOutput();
    CellProcess.awaitLeftChildren(output.resolve("cells"), err);
    MatrixTally tally = new MatrixTally(err, System.nanoTime());
    long seed = OrderFile.seed(spec, output, err);
    List<MatrixOrder.Visit> plan = MatrixOrder.plan(spec, seed);
    OrderFile.write(spec, output, seed, plan);
    int total = plan.stream().mapToInt(MatrixOrder.Visit::size).sum();
    // cells already done by an earlier invocation, found before any runs so that the time estimate counts
    // only the cells still to run
    Set<Path> pending = pending(plan, tally);
    tally.pending(pending.size());
    err.println("[matrix] " + spec.name() + ": " + total + " cells, output " + output);
    CalibrationConfig calibration = CalibrationConfig.from(Settings.of(spec.properties()), System.getenv());
    CalibrationSection.Probe calibrationStart = Calibrations.start(calibration, output);
    new MatrixVisits(spec, output, err, stop, tally, plan).run(pending);
    CalibrationSection calibrated = Calibrations.end(calibration, output, calibrationStart, err);
    if (calibrated != null) {
      CalibrationFile.write(output, calibrated);
    }
    List<Path> results = collectResults();
    boolean interrupted = stop.requested();
    int findings = tally.findings();
    err.println("[matrix] " + spec.name() + ": " + tally.done() + " of " + total + " cells done (" + skipped
        + " from an earlier run), " + tally.failed() + " failed" + (findings == 0 ? "" : ", " + findings + " crash test"
        + (findings == 1 ? "" : "s") + " whose claim did not hold") + (interrupted ? ", interrupted" : "") + ", in "
        + human(tally.elapsedMillis()));
    return new Outcome(total, tally.done(), tally.failed(), skipped, findings, interrupted, List.copyOf(results));
  }

  /** Writes the masked copy of the matrix file and {@link #LEFT_OUT_FILE}, and names the stores left out. */
  private void prepareOutput() throws IOException {
    Files.createDirectories(output);
    MatrixOutput.mark(spec, output);
    Path copy = output.resolve("matrix.yaml");
    if (!Files.exists(copy) || !Files.isSameFile(copy, spec.file())) {
      // the copy lands in the results and in published reports: with its secrets masked
      AtomicFile.writeString(copy, MaskedYaml.mask(Files.readString(spec.file())));
    }
    // the report of this output names the stores left out, also when made later by bin/ycsb report
    AtomicFile.write(output.resolve(LEFT_OUT_FILE), out -> JSON.writeValue(out, spec.leftOut()));
    for (String store : spec.leftOut()) {
      err.println("[matrix] left out: " + store);
    }
  }

  /**
   * Counts the cells that ended in an earlier invocation with the same command (done, skipped, findings).
   *
   * @return the directories of the cells still to run
   */
  private Set<Path> pending(List<MatrixOrder.Visit> plan, MatrixTally tally) {
    Set<Path> pending = new HashSet<>();
    for (MatrixOrder.Visit v : plan) {
      for (Cell c : v.cells()) {
        pendingOrCounted(c.directory(output), c.signature(spec), pending, tally);
      }
      if (v.crash() != null) {
        pendingOrCounted(v.crash().directory(output), v.crash().signature(spec), pending, tally);
      }
    }
    return pending;
  }

  private void pendingOrCounted(Path dir, String signature, Set<Path> pending, MatrixTally tally) {
    String status = CellFile.ended(output, dir, signature);
    if (status != null) {
      tally.ended(status);
      skipped++;
    } else {
      pending.add(dir);
    }
  }

  private List<Cell> cells(MatrixSpec.Store store, String profile) {
    List<Cell> cells = new ArrayList<>();
    for (int r = 1; r <= spec.repeats(); r++) {
      cells.addAll(MatrixOrder.cells(spec, new MatrixOrder.Group(store, profile), r));
    }
    return cells;
  }

  /**
   * @param json a run cell's result
   * @return the records the cell left in the table beyond those it started with: its inserts, warm-up
   *     included; 0 for a store its own process filled before the run ({@link ServerFacts#PRELOADED_RECORDS}
   *     among the server's settings, the memory binding), whose records end with that process
   */
  static long inserted(ResultDocument json) {
    return inserted(json, false);
  }

  /**
   * @param json a run cell's result
   * @param preloadCarries whether a store its own process fills counts its inserts too: in a matrix with
   *     {@code cellOrder: listed}, whose cells build on each other, its next cell preloads the table as this one
   *     left it
   * @return the records the cell left in the table beyond those it started with
   */
  static long inserted(ResultDocument json, boolean preloadCarries) {
    var server = json.sections().server();
    if (!preloadCarries && server != null && server.settings() != null
        && server.settings().containsKey(ServerFacts.PRELOADED_RECORDS)) {
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

  /** @return the result JSON files of every successful cell and crash test, findings included, in matrix order */
  private List<Path> collectResults() throws IOException {
    List<Path> results = new ArrayList<>();
    for (MatrixOrder.Group g : MatrixOrder.groups(spec)) {
      List<Path> dirs = new ArrayList<>();
      cells(g.store(), g.profile()).forEach(c -> dirs.add(c.directory(output)));
      if (spec.crashtest() != null) {
        dirs.add(new CrashCell(g.store(), g.profile()).directory(output));
      }
      for (Path dir : dirs) {
        Path result = CellFile.result(output, dir);
        if (result != null) {
          results.add(result);
        }
      }
    }
    return results;
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
