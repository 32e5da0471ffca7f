package dev.ycsbdriver.matrix;

import dev.ycsbdriver.config.ConfigException;
import dev.ycsbdriver.config.Warmup;
import dev.ycsbdriver.result.ResultFiles;
import dev.ycsbdriver.result.ResultJson;
import dev.ycsbdriver.result.model.ResultDocument;
import dev.ycsbdriver.runner.StopSignal;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Runs a matrix's plan visit by visit, each cell, load and crash test in its own driver process, and keeps the
 * size of the table the cells share (see {@link MatrixRunner} for when a visit loads and how the table size
 * travels from cell to cell). Each cell's outcome goes to its {@link CellFile} as soon as it ends, and a progress
 * line to stderr.
 *
 * <p>One instance per invocation, used once on its thread; not thread-safe.
 */
final class MatrixVisits {
  private final MatrixSpec spec;
  private final Path output;
  private final PrintStream err;
  private final StopSignal stop;
  private final MatrixTally tally;
  private final List<MatrixOrder.Visit> plan;
  private final KeptTables keptTables;
  /** The cells of the plan, crash tests included. */
  private final int total;
  /** The table size a group that keeps its tables left in each at the end of its last visit. */
  private final Map<Table, Long> left = new HashMap<>();
  /**
   * The table {@link #tableRecords} describes, as the last cell that ran left it: a cell of any other table loads
   * first (two groups may share one table: the profiles of a store).
   */
  private Table loaded;
  /** The records in the loaded table, or -1 when unknown. */
  private long tableRecords = -1;
  /** The 1-based position of the current cell in the plan. */
  private int index;

  /**
   * One table of a store and profile: a matrix whose workloads set {@code table} (and {@code recordcount}) gives a
   * group one table per size.
   *
   * @param group the store and profile
   * @param name the table's name
   */
  record Table(MatrixOrder.Group group, String name) {
  }

  /** What a cell's child process left: where, which cell, how it ended, its result and the status given it. */
  record Ended(Path dir, String label, String signature, CellProcess.Ending end, Duration timeout,
               Optional<Path> result, ResultDocument json, String status) {
  }

  /**
   * @param spec the matrix
   * @param output the matrix's output directory, absolute
   * @param err receives the progress lines
   * @param stop a stop request ends the current cell gracefully and runs no more
   * @param tally counts the cells and prints their progress
   * @param plan the visits, in run order
   * @throws IOException when a workload file cannot be read ({@link KeptTables#of})
   */
  MatrixVisits(MatrixSpec spec, Path output, PrintStream err, StopSignal stop, MatrixTally tally,
               List<MatrixOrder.Visit> plan) throws IOException {
    this.spec = spec;
    this.output = output;
    this.err = err;
    this.stop = stop;
    this.tally = tally;
    this.plan = plan;
    this.total = plan.stream().mapToInt(MatrixOrder.Visit::size).sum();
    this.keptTables = KeptTables.of(spec, plan.stream().map(MatrixOrder.Visit::group).distinct().toList());
  }

  /**
   * Runs every pending cell of the plan, in order, until a stop is requested.
   *
   * @param pending the directories of the cells to run; the others ended in an earlier invocation
   * @throws IOException when a cell's directory or file cannot be written
   */
  void run(Set<Path> pending) throws IOException {
    for (MatrixOrder.Visit v : plan) {
      if (stop.requested()) {
        break;
      }
      visit(v, pending);
    }
  }

  private void visit(MatrixOrder.Visit v, Set<Path> pending) throws IOException {
    Table failed = null;
    for (int i = 0; i < v.size() && !stop.requested(); i++) {
      index++;
      Cell cell = i < v.cells().size() ? v.cells().get(i) : null;
      CrashCell crash = cell == null ? v.crash() : null;
      Path dir = cell != null ? cell.directory(output) : crash.directory(output);
      if (!pending.contains(dir)) {
        continue;
      }
      // a crash test writes into the table the group's last cell left
      Table table = cell != null ? table(v.group(), cell.workload())
          : loaded != null && loaded.group().equals(v.group()) ? loaded : table(v.group(), spec.workloads().get(0));
      if (!table.equals(failed) && (tableRecords < 0 || !table.equals(loaded))) {
        failed = prepareTable(v, table) ? null : table;
      }
      tally.attempted();
      if (table.equals(failed)) {
        recordFailure(dir, cell != null ? cell.label() : crash.label(),
            cell != null ? cell.signature(spec) : crash.signature(spec),
            "the load failed; see " + output.relativize(loadDirectory(v, table).resolve(CellProcess.LOG_FILE)));
      } else if (cell != null) {
        long inserted = runCell(cell);
        tableRecords = inserted < 0 ? -1 : tableRecords + inserted;
        if (tableRecords < 0) {
          left.remove(table);
        } else if (keptTables.keeps(v.group())) {
          left.put(table, tableRecords);
        }
      } else {
        runCrash(crash);
        // the crash test killed the store mid-write: its table is not one the runner can count
        tableRecords = -1;
        left.remove(table);
      }
    }
  }

  /** @return the table the group's cells of the workload use */
  private Table table(MatrixOrder.Group group, MatrixSpec.Workload workload) {
    return new Table(group, spec.table(group.store(), workload));
  }

  /** @return the first of the matrix's workloads that uses the table: its load takes that file and record count */
  private MatrixSpec.Workload loadedBy(Table table) {
    return spec.workloads().stream().filter(w -> spec.table(table.group().store(), w).equals(table.name()))
        .findFirst().orElseThrow();
  }

  /** @return whether the group's workloads use more than one table */
  private boolean severalTables(MatrixOrder.Group group) {
    return spec.workloads().stream().map(w -> spec.table(group.store(), w)).distinct().count() > 1;
  }

  /**
   * Makes the table the loaded one: kept from the group's last visit when it keeps its tables, else loaded.
   *
   * @return false when the load failed
   */
  private boolean prepareTable(MatrixOrder.Visit v, Table table) throws IOException {
    Long kept = keptTables.keeps(v.group()) ? left.get(table) : null;
    String what = v.group().label() + (severalTables(v.group()) ? " table " + table.name() : "");
    if (kept != null) {
      err.println("[matrix] " + what + ": table kept from its last visit (" + kept + " records; its "
          + "cells only read and no other store uses it)");
      tableRecords = kept;
    } else {
      tableRecords = load(v, table) ? spec.recordCount(loadedBy(table)) : -1;
    }
    boolean loadFailed = tableRecords < 0;
    loaded = loadFailed ? null : table;
    return !loadFailed;
  }

  /**
   * @return the directory of a table's load: {@code load} in repeat 1, {@code load-r<N>} in repeat N; with several
   *     tables per store and profile {@code load-<table>} and {@code load-<table>-r<N>}
   */
  private Path loadDirectory(MatrixOrder.Visit v, Table table) {
    Path group = Cell.group(output, v.group().store(), v.group().profile());
    String name = severalTables(v.group()) ? "load-" + table.name() : "load";
    return group.resolve(v.repeat() == 1 ? name : name + "-r" + v.repeat());
  }

  /**
   * Loads a table of the visit's store and profile: dropped, created and filled with its workload's
   * {@code recordcount} records (the workload file's, else the matrix's).
   *
   * @return whether the load succeeded
   */
  private boolean load(MatrixOrder.Visit v, Table table) throws IOException {
    MatrixSpec.Store store = v.group().store();
    String profile = v.group().profile();
    Path dir = loadDirectory(v, table);
    deleteTree(dir);
    MatrixSpec.Workload workload = loadedBy(table);
    long records = spec.recordCount(workload);
    CellArguments args = new CellArguments(spec, output, store, profile, dir, List.of("load", store.binding(), "-P",
        workload.file().toString(), "-threads", Integer.toString(spec.loadThreads())),
        CellArguments.forLoad(spec, store));
    args.put("recordcount", Long.toString(records)).put("droptable", "true").put("createtable", "true");
    String what = v.group().label() + (severalTables(v.group()) ? " table " + table.name() : "")
        + (spec.repeats() == 1 ? "" : " for repeat " + v.repeat());
    err.println("[matrix] loading " + what + ": " + records + " records, " + spec.loadThreads() + " threads");
    CellProcess.Ending end = CellProcess.run(args.args(), args.secrets(), spec.jvmArgs(), dir, spec.cellTimeout(), stop);
    tally.loaded(end.elapsedMillis());
    Optional<Path> result = newestResult(dir);
    if (end.exitCode() != 0 || result.isEmpty()) {
      err.println("[matrix] load of " + what + " failed (exit " + end.exitCode() + ")"
          + (end.lastError() == null ? "" : ": " + end.lastError()));
      return false;
    }
    ResultDocument document = readResult(result);
    double opsPerSec = document == null || document.figures().throughputOpsPerSec() == null ? 0
        : document.figures().throughputOpsPerSec();
    err.println("[matrix] loaded " + what + " in " + MatrixRunner.human(end.elapsedMillis())
        + String.format(Locale.ROOT, " (%,.0f records/s)", opsPerSec));
    return true;
  }

  /** @return records the cell inserted, or -1 when unknown */
  private long runCell(Cell cell) throws IOException {
    Path dir = cell.directory(output);
    deleteTree(dir);
    CellArguments args = new CellArguments(spec, output, cell.store(), cell.profile(), dir, List.of("run",
        cell.store().binding(), "-P", cell.workload().file().toString(), "-threads", Integer.toString(cell.threads()),
        "-s"));
    args.put("recordcount", Long.toString(tableRecords))
        .put("operationcount", Long.toString(spec.operationCount(cell.workload())));
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
    String status = end.exitCode() == 0 && json != null ? CellFile.OK : end.interrupted() ? "interrupted" : "failed";
    finish(new Ended(dir, cell.label(), cell.signature(spec), end, spec.cellTimeout(), result, json, status),
        json == null || json.figures().throughputOpsPerSec() == null ? null
            : String.format(Locale.ROOT, "%,.0f ops/s", json.figures().throughputOpsPerSec()));
    return json == null ? -1 : MatrixRunner.inserted(json, spec.listedOrder());
  }

  /** Runs the crash test of a store and profile; a claim that did not hold is a finding, not a failure. */
  private void runCrash(CrashCell crash) throws IOException {
    Path dir = crash.directory(output);
    deleteTree(dir);
    CellArguments args = crash.arguments(spec, output, tableRecords);
    err.println("[matrix] crash test of " + crash.label().replaceFirst(" crashtest$", "") + ": "
        + (spec.crashtest().rounds() == null ? "" : spec.crashtest().rounds() + " rounds, ") + "up to "
        + MatrixRunner.human(spec.crashtest().timeout().toMillis()));
    CellProcess.Ending end = CellProcess.run(args.args(), args.secrets(), spec.jvmArgs(), dir,
        spec.crashtest().timeout(), stop);
    Optional<Path> result = newestResult(dir);
    ResultDocument document = readResult(result);
    String status = CrashCell.status(end.exitCode(), document);
    if (end.interrupted() && !CrashCell.FINDING.equals(status)) {
      status = "interrupted";
    }
    finish(new Ended(dir, crash.label(), crash.signature(spec), end, spec.crashtest().timeout(), result, document,
        status), document == null ? null : CrashCell.summary(document));
  }

  /** Counts the cell, writes its {@code cell.json} and prints its progress line. */
  private void finish(Ended e, String summary) throws IOException {
    String error = null;
    if (!tally.ended(e.status())) {
      CellProcess.Ending end = e.end();
      error = end.timedOut() ? "stopped after the cell timeout of " + MatrixRunner.human(e.timeout().toMillis())
          : end.lastError() != null ? end.lastError()
          : e.json() == null ? "the run wrote no result (exit " + end.exitCode() + ")"
          : "exit " + end.exitCode();
      if (!end.interrupted()) {
        tally.countFailure();
      }
    }
    tally.ran(e.end().elapsedMillis());
    CellFile.writeEnded(output, e, error, tableRecords);
    tally.progress(e.label(), index, total, e.status(), error, summary);
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

  private void recordFailure(Path dir, String label, String signature, String error) throws IOException {
    deleteTree(dir);
    Files.createDirectories(dir);
    CellFile.writeFailed(dir, label, signature, error);
    tally.countFailure();
    tally.progress(label, index, total, "failed", error, null);
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
}
