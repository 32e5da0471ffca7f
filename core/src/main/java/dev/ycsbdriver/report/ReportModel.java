package dev.ycsbdriver.report;

import dev.ycsbdriver.result.model.CalibrationSection;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * Run results grouped into report cells (profile x store x threads x workload), with the orders in which
 * tables show them: profiles and stores as first met (the baseline store first), thread counts ascending,
 * workloads by name.
 *
 * <p>Immutable once built and thread-safe to read.
 *
 * @param title the report's title
 * @param baseline the store others are compared with, or null
 * @param profiles profiles met, each a section of the report; null stands for runs without a profile
 *     and is listed only when no run had one (otherwise those runs appear under every profile)
 * @param stores store names
 * @param threads thread counts, ascending
 * @param workloads workload names, sorted
 * @param cells every cell, in profile, threads, store, workload order
 * @param crashes crash tests per store and profile, in store and profile order; may be empty
 * @param machines distinct machine descriptions of the runs
 * @param runCount run results read
 * @param leftOut stores a matrix left out, each with its reason, e.g.
 *     {@code mongodb: environment variable YCSB_MONGODB_URI is not set}; may be empty
 * @param reference another party's published figures, or null
 * @param aggregate how each cell's repeats become its figures
 * @param rank the figure the report ranks stores by ({@link Ranking}), or null for no ranking; under
 *     {@link RepeatAggregate#BEST} also the figure that chooses each cell's best run (throughput when null)
 * @param matrixCalibration the machine's condition at the start and end of the matrix the runs come from
 *     ({@link dev.ycsbdriver.result.CalibrationFile}), or null when not recorded
 */
public record ReportModel(String title, String baseline, List<String> profiles, List<String> stores,
                          List<Integer> threads, List<String> workloads, List<ReportCell> cells,
                          List<CrashEntry> crashes, List<String> machines, int runCount, List<String> leftOut,
                          ReferenceFigures reference, RepeatAggregate aggregate, RankFigure rank,
                          CalibrationSection matrixCalibration) {

  /** Copies the lists. */
  public ReportModel {
    crashes = List.copyOf(crashes);
    leftOut = List.copyOf(leftOut);
  }

  /**
   * @param runs the run results
   * @param title the report's title
   * @param baseline a store name, or null
   * @return the model, without crash tests, left-out stores or reference figures, with medians over repeats
   */
  public static ReportModel build(List<RunResult> runs, String title, String baseline) {
    return build(new ResultReader.Results(runs, List.of()), title, baseline, List.of(), null);
  }

  /**
   * @param results the run and crash test results
   * @param title the report's title
   * @param baseline a store name, or null
   * @param leftOut stores a matrix left out, with their reasons; may be empty
   * @param reference published figures of another party, or null
   * @return the model with medians over repeats and no ranking
   */
  public static ReportModel build(ResultReader.Results results, String title, String baseline, List<String> leftOut,
                                  ReferenceFigures reference) {
    return build(results, title, baseline, leftOut, reference, RepeatAggregate.MEDIAN, null);
  }

  /**
   * @param results the run and crash test results
   * @param title the report's title
   * @param baseline a store name, or null
   * @param leftOut stores a matrix left out, with their reasons; may be empty
   * @param reference published figures of another party, or null
   * @return the model
   */
  public static ReportModel build(ResultReader.Results results, String title, String baseline, List<String> leftOut,
                                  ReferenceFigures reference, RepeatAggregate aggregate, RankFigure rank) {
    List<RunResult> runs = results.runs();
    List<String> profiles = new ArrayList<>();
    Set<String> stores = new LinkedHashSet<>();
    if (baseline != null && runs.stream().anyMatch(r -> r.storeName().equals(baseline))) {
      stores.add(baseline);
    }
    Set<Integer> threads = new TreeSet<>();
    Set<String> workloads = new TreeSet<>();
    Set<String> machines = new LinkedHashSet<>();
    Map<List<Object>, List<RunResult>> groups = new LinkedHashMap<>();
    for (RunResult r : runs) {
      if (!profiles.contains(r.profile())) {
        profiles.add(r.profile());
      }
      stores.add(r.storeName());
      threads.add(r.threads());
      workloads.add(r.workload());
      machines.add(r.machine());
      groups.computeIfAbsent(key(r.profile(), r.storeName(), r.threads(), r.workload()), k -> new ArrayList<>()).add(r);
    }
    if (profiles.contains(null) && profiles.size() > 1) {
      // a store without durability profiles (e.g. memory) is a reference row in every profile's tables
      profiles.remove(null);
    }
    List<String> storeList = List.copyOf(stores);
    List<ReportCell> cells = new ArrayList<>();
    for (Map.Entry<List<Object>, List<RunResult>> e : groups.entrySet()) {
      cells.add(cell(e.getValue(), aggregate, rank == null ? RankFigure.THROUGHPUT : rank));
    }
    List<String> profileOrder = profiles;
    cells.sort(Comparator.<ReportCell>comparingInt(c -> c.profile() == null ? Integer.MAX_VALUE : profileOrder.indexOf(c.profile()))
        .thenComparingInt(ReportCell::threads)
        .thenComparingInt(c -> storeList.indexOf(c.store()))
        .thenComparing(ReportCell::workload));
    return new ReportModel(title, baseline != null && storeList.contains(baseline) ? baseline : null, profiles, storeList,
        List.copyOf(threads), List.copyOf(workloads), cells, crashes(results.crashes(), storeList, profiles),
        List.copyOf(machines), runs.size(), leftOut, reference, aggregate, rank, null);
  }

  /**
   * @param calibration the matrix's calibrations, or null
   * @return this model with them
   */
  public ReportModel withMatrixCalibration(CalibrationSection calibration) {
    return new ReportModel(title, baseline, profiles, stores, threads, workloads, cells, crashes, machines, runCount,
        leftOut, reference, aggregate, rank, calibration);
  }

  /** @return the crash results grouped per store and profile: stores and profiles of the runs first */
  private static List<CrashEntry> crashes(List<CrashResult> results, List<String> stores, List<String> profiles) {
    Map<List<Object>, List<CrashResult>> groups = new LinkedHashMap<>();
    for (CrashResult r : results) {
      groups.computeIfAbsent(key(r.profile(), r.storeName(), 0, ""), k -> new ArrayList<>()).add(r);
    }
    List<CrashEntry> out = new ArrayList<>();
    groups.values().forEach(g -> out.add(CrashEntry.of(g)));
    out.sort(Comparator.<CrashEntry>comparingInt(c -> rank(stores, c.store()))
        .thenComparingInt(c -> rank(profiles, c.profile())));
    return out;
  }

  /** @return the index in the list, or past its end (in first-met order, as the sort is stable) */
  private static int rank(List<String> order, String value) {
    int i = order.indexOf(value);
    return i < 0 ? Integer.MAX_VALUE : i;
  }

  /**
   * Every store and profile the report holds, runs first, each once: a store without profiles has a null
   * profile; a store and profile of crash tests only come last.
   *
   * @return pairs {@code [store, profile]}
   */
  public List<String[]> storeProfiles() {
    List<String[]> out = new ArrayList<>();
    Set<List<String>> seen = new java.util.HashSet<>();
    for (String s : stores) {
      for (String p : profileOrder()) {
        boolean ran = cells.stream().anyMatch(c -> c.store().equals(s) && Objects.equals(c.profile(), p));
        if ((ran || crash(s, p) != null) && seen.add(java.util.Arrays.asList(s, p))) {
          out.add(new String[] {s, p});
        }
      }
    }
    for (CrashEntry c : crashes) {
      if (seen.add(java.util.Arrays.asList(c.store(), c.profile()))) {
        out.add(new String[] {c.store(), c.profile()});
      }
    }
    return out;
  }

  private List<String> profileOrder() {
    List<String> order = new ArrayList<>(profiles);
    if (!order.contains(null)) {
      order.add(null);
    }
    return order;
  }

  /** @return the names a reader sees for the stores ({@link StoreNames#of(List, List)}) */
  public StoreNames names() {
    return StoreNames.of(stores(), cells());
  }

  /** @return the crash tests of exactly that store and profile, or null when none ran */
  public CrashEntry crash(String store, String profile) {
    return crashes.stream().filter(c -> c.of(store, profile)).findFirst().orElse(null);
  }

  private static List<Object> key(String profile, String store, int threads, String workload) {
    List<Object> k = new ArrayList<>();
    k.add(profile);
    k.add(store);
    k.add(threads);
    k.add(workload);
    return k;
  }

  private static ReportCell cell(List<RunResult> all, RepeatAggregate aggregate, RankFigure bestBy) {
    RunResult first = all.get(0);
    List<RunResult> ok = all.stream().filter(r -> r.status().equals("ok")).toList();
    int best = aggregate == RepeatAggregate.BEST ? bestRun(ok, bestBy) : -1;
    Set<String> ops = new LinkedHashSet<>();
    ok.forEach(r -> r.operations().forEach(op -> ops.add(op.name())));
    Map<String, Spread> means = new LinkedHashMap<>();
    Map<String, Spread> p99s = new LinkedHashMap<>();
    for (String op : ops) {
      put(means, op, spread(ok, best, r -> operation(r, op, RunResult.OperationFigures::meanMicros)));
      put(p99s, op, spread(ok, best, r -> operation(r, op, RunResult.OperationFigures::p99Micros)));
    }
    return new ReportCell(first.profile(), first.storeName(), first.threads(), first.workload(),
        all.size() - ok.size(), spread(ok, best, RunResult::throughputOpsPerSec),
        spread(ok, best, RunResult::throughputOkOpsPerSec), means, p99s,
        spread(ok, best, RunResult::serverCpuAvgPercent), spread(ok, best, RunResult::serverCpuPeakPercent),
        spread(ok, best, RunResult::driverCpuAvgPercent), spread(ok, best, RunResult::machineCpuAvgPercent),
        spread(ok, best, RunResult::opsPerServerCpuPercent), ok, best < 0 ? null : ok.get(best));
  }

  /**
   * The best run by a figure: the highest throughput, the lowest latency. Ties go to the run read first (repeat r1
   * before r2). Runs without the figure (e.g. no such operation) are passed over; when none has it, the best run
   * by throughput.
   *
   * @param runs runs that ended ok, in the order read
   * @param by the figure
   * @return the index of the best run in {@code runs}, or -1 when it is empty
   */
  static int bestRun(List<RunResult> runs, RankFigure by) {
    int best = -1;
    for (int i = 0; i < runs.size(); i++) {
      Double v = by.of(runs.get(i));
      if (v != null && (best < 0 || by.better(v, by.of(runs.get(best))))) {
        best = i;
      }
    }
    return best >= 0 || by.equals(RankFigure.THROUGHPUT) ? best : bestRun(runs, RankFigure.THROUGHPUT);
  }

  private static Double operation(RunResult r, String name, Function<RunResult.OperationFigures, Double> figure) {
    for (RunResult.OperationFigures op : r.operations()) {
      if (op.name().equals(name)) {
        return figure.apply(op);
      }
    }
    return null;
  }

  private static Spread spread(List<RunResult> runs, int best, Function<RunResult, Double> figure) {
    return Spread.of(runs.stream().map(figure).toList(), best);
  }

  private static void put(Map<String, Spread> out, String op, Spread s) {
    if (s != null) {
      out.put(op, s);
    }
  }

  /**
   * @return the cell of that profile, else the store's cell without a profile (a store that has none
   *     appears under every profile), or null when nothing ran there
   */
  public ReportCell cell(String profile, String store, int threadCount, String workload) {
    ReportCell c = exactCell(profile, store, threadCount, workload);
    return c != null || profile == null ? c : exactCell(null, store, threadCount, workload);
  }

  /** @return the cell of exactly that profile (null: runs without one), or null */
  public ReportCell exactCell(String profile, String store, int threadCount, String workload) {
    for (ReportCell c : cells) {
      if (Objects.equals(c.profile(), profile) && c.store().equals(store) && c.threads() == threadCount
          && c.workload().equals(workload)) {
        return c;
      }
    }
    return null;
  }

  /** @return the cells of one profile and thread count, with those of stores that have no profile */
  public List<ReportCell> cells(String profile, int threadCount) {
    return cells.stream().filter(c -> (c.profile() == null || Objects.equals(c.profile(), profile))
        && c.threads() == threadCount).toList();
  }
}
