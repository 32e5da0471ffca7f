package dev.ycsbdriver.report;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;

/**
 * The report's tables, in the layout people publish: first, when the report ranks by a figure, the stores ranked
 * ({@link Ranking}); then durable against fast per store and profile
 * ({@link DurableVsFast}: throughput of A and C, ops per CPU%, lost writes of the crash tests); then per
 * profile and thread count, throughput (rows stores, columns workloads), throughput relative to the baseline
 * store, mean and p99 latency per operation, ops per server CPU%, and CPU utilisation; then the profiles side
 * by side per store; then once per store and profile the servers' effective settings ({@code Configurations}),
 * so a reader can check each label; last, another party's published figures when the matrix gives them.
 *
 * <p>Figures are medians over repeats, or the best run's ({@link RepeatAggregate}); with more than one repeat the
 * min-max spread follows in brackets (left out when the repeats agree to the digits shown). Stateless and
 * thread-safe.
 */
public final class ReportTables {
  private ReportTables() {
  }

  /**
   * @param model the grouped results
   * @return the sections, in order
   */
  public static List<Table.Section> build(ReportModel model) {
    List<Table.Section> sections = new ArrayList<>();
    List<Table> ranking = Ranking.tables(model);
    if (!ranking.isEmpty()) {
      sections.add(new Table.Section("Ranking", ranking));
    }
    sections.add(new Table.Section("Durable vs fast", DurableVsFast.tables(model)));
    for (String profile : model.profiles()) {
      List<Table> tables = new ArrayList<>();
      for (int t : model.threads()) {
        List<ReportCell> cells = model.cells(profile, t);
        if (cells.isEmpty()) {
          continue;
        }
        List<String> stores = present(model.stores(), cells, ReportCell::store);
        List<String> workloads = present(model.workloads(), cells, ReportCell::workload);
        String at = ", " + ReportFormat.threads(t);
        tables.add(byWorkload(model, profile, t, stores, workloads, "Throughput (ops/s)" + at, "ops/s",
            ReportTables::throughput));
        if (model.baseline() != null && stores.contains(model.baseline()) && stores.size() > 1) {
          tables.add(relative(model, profile, t, stores, workloads, at));
        }
        tables.add(latency(model, profile, t, stores, workloads, "Mean latency (µs)" + at, true));
        tables.add(latency(model, profile, t, stores, workloads, "p99 latency (µs)" + at, false));
        tables.add(byWorkload(model, profile, t, stores, workloads, "CPU efficiency (ops per server CPU%)" + at,
            "ops/CPU%", ReportCell::opsPerServerCpu, ReportFormat::decimal));
        tables.add(byWorkload(model, profile, t, stores, workloads, "Driver CPU per operation (µs)" + at,
            "µs/op", ReportCell::driverCpuPerOperation, ReportFormat::decimal));
        tables.add(cpu(model, profile, t, stores, workloads, at));
      }
      sections.add(new Table.Section("Profile: " + ReportFormat.profileName(profile), tables));
    }
    List<Table> versus = durableVersusFast(model);
    if (!versus.isEmpty()) {
      sections.add(new Table.Section("Profiles side by side", versus));
    }
    sections.add(new Table.Section("Machine condition", List.of(MachineCondition.table(model))));
    sections.add(new Table.Section("Configurations", List.of(Configurations.table(model))));
    if (model.reference() != null) {
      List<Table> reference = new ArrayList<>(ReferenceTable.tables(model));
      reference.addAll(ReferenceShapes.tables(model));
      sections.add(new Table.Section("Reference figures", reference));
    }
    return sections;
  }

  private static List<String> present(List<String> order, List<ReportCell> cells, Function<ReportCell, String> f) {
    Set<String> there = new LinkedHashSet<>();
    cells.forEach(c -> there.add(f.apply(c)));
    return order.stream().filter(there::contains).toList();
  }

  private static Table byWorkload(ReportModel model, String profile, int t, List<String> stores, List<String> workloads,
                                  String title, String unit, Function<ReportCell, Spread> figure,
                                  Function<Double, String> format) {
    return byWorkload(model, profile, t, stores, workloads, title, unit, c -> spread(c, figure, format));
  }

  private static Table byWorkload(ReportModel model, String profile, int t, List<String> stores, List<String> workloads,
                                  String title, String unit, Function<ReportCell, String> text) {
    List<String> header = new ArrayList<>();
    header.add("store");
    workloads.forEach(w -> header.add(w + " (" + unit + ")"));
    List<List<String>> rows = new ArrayList<>();
    for (String s : stores) {
      List<String> row = new ArrayList<>();
      row.add(model.names().name(s));
      for (String w : workloads) {
        row.add(text.apply(model.cell(profile, s, t, w)));
      }
      rows.add(row);
    }
    return new Table(title, header, rows, List.of());
  }

  private static Table relative(ReportModel model, String profile, int t, List<String> stores, List<String> workloads,
                                String at) {
    List<String> header = new ArrayList<>();
    header.add("store");
    workloads.forEach(w -> header.add(w + " (x " + model.names().name(model.baseline()) + ")"));
    List<List<String>> rows = new ArrayList<>();
    for (String s : stores) {
      List<String> row = new ArrayList<>();
      row.add(model.names().name(s));
      for (String w : workloads) {
        ReportCell base = model.cell(profile, model.baseline(), t, w);
        ReportCell c = model.cell(profile, s, t, w);
        row.add(c != null && c == base && !c.runs().isEmpty() ? ReportFormat.ratio(1) : ratioCell(RatioInterval.of(c, base)));
      }
      rows.add(row);
    }
    return new Table("Throughput relative to " + model.names().name(model.baseline()) + " (x)" + at, header, rows, List.of(RATIO_NOTE));
  }

  private static Table latency(ReportModel model, String profile, int t, List<String> stores, List<String> workloads,
                               String title, boolean mean) {
    // columns {workload, operation, its name}: a batched operation and one sent alone get columns of their own
    List<String[]> columns = new ArrayList<>();
    for (String w : workloads) {
      Set<List<String>> ops = new LinkedHashSet<>();
      for (String s : stores) {
        ReportCell c = model.cell(profile, s, t, w);
        if (c != null) {
          (mean ? c.meanLatency() : c.p99Latency()).keySet()
              .forEach(op -> ops.add(List.of(op, OperationNames.of(model, c, op))));
        }
      }
      ops.forEach(op -> columns.add(new String[] {w, op.get(0), op.get(1)}));
    }
    List<String> header = new ArrayList<>();
    header.add("store");
    columns.forEach(c -> header.add(c[0] + " " + c[2] + " (µs)"));
    List<List<String>> rows = new ArrayList<>();
    for (String s : stores) {
      List<String> row = new ArrayList<>();
      row.add(model.names().name(s));
      for (String[] col : columns) {
        ReportCell cell = model.cell(profile, s, t, col[0]);
        boolean same = cell != null && OperationNames.of(model, cell, col[1]).equals(col[2]);
        row.add(spread(same ? cell : null,
            c -> (mean ? c.meanLatency() : c.p99Latency()).get(col[1]), ReportFormat::micros));
      }
      rows.add(row);
    }
    return new Table(title, header, rows,
        OperationNames.anyBatched(model) ? List.of(OperationNames.BATCH_NOTE) : List.of());
  }

  private static Table cpu(ReportModel model, String profile, int t, List<String> stores, List<String> workloads,
                           String at) {
    List<String> header = List.of("store", "workload", "server avg (% of a core)", "server peak (% of a core)",
        "driver avg (% of a core)", "machine avg (% of a core)", "server CPU source");
    List<List<String>> rows = new ArrayList<>();
    for (String s : stores) {
      for (String w : workloads) {
        ReportCell c = model.cell(profile, s, t, w);
        if (c == null) {
          continue;
        }
        String source = c.runs().isEmpty() || c.figureRuns().get(0).serverCpuSource() == null ? ReportFormat.NA
            : c.figureRuns().get(0).serverCpuSource();
        rows.add(List.of(model.names().name(s), w, spread(c, ReportCell::serverCpuAvg, ReportFormat::decimal),
            spread(c, ReportCell::serverCpuPeak, ReportFormat::decimal),
            spread(c, ReportCell::driverCpuAvg, ReportFormat::decimal),
            spread(c, ReportCell::machineCpuAvg, ReportFormat::decimal), source));
      }
    }
    return new Table("CPU utilisation" + at, header, rows, List.of());
  }

  private static List<Table> durableVersusFast(ReportModel model) {
    List<String> profiles = model.profiles().stream().filter(Objects::nonNull).toList();
    List<Table> tables = new ArrayList<>();
    if (profiles.size() < 2) {
      return tables;
    }
    String first = profiles.get(0);
    String last = profiles.get(profiles.size() - 1);
    for (int t : model.threads()) {
      List<String> header = new ArrayList<>(List.of("store", "workload"));
      profiles.forEach(p -> header.add(p + " (ops/s)"));
      header.add(last + " / " + first + " (x)");
      profiles.forEach(p -> header.add(p + " p99 (µs, slowest operation)"));
      List<List<String>> rows = new ArrayList<>();
      for (String s : model.stores()) {
        for (String w : model.workloads()) {
          List<ReportCell> cells = profiles.stream().map(p -> model.exactCell(p, s, t, w)).toList();
          if (cells.stream().filter(Objects::nonNull).count() < 2) {
            continue;
          }
          List<String> row = new ArrayList<>(List.of(model.names().name(s), w));
          cells.forEach(c -> row.add(spread(c, ReportCell::throughput, ReportFormat::opsPerSec)));
          ReportCell a = cells.get(0);
          ReportCell b = cells.get(cells.size() - 1);
          row.add(ratioCell(RatioInterval.of(b, a)));
          cells.forEach(c -> row.add(c == null ? ReportFormat.NA : slowestP99(model, c)));
          rows.add(row);
        }
      }
      if (!rows.isEmpty()) {
        tables.add(new Table("Throughput per profile, " + ReportFormat.threads(t), header, rows, List.of(RATIO_NOTE)));
      }
    }
    return tables;
  }

  /** The note under a table of ratios. */
  static final String RATIO_NOTE = "Ratios are of the geometric means over the runs, their 95% interval in brackets "
      + "(see Reading this report); ≈ marks a tie (the interval includes 1), (?) a ratio without a noise estimate.";

  /** @return the ratio as a table shows it ({@link RatioInterval#cell}), or n/a */
  static String ratioCell(RatioInterval r) {
    return r == null ? ReportFormat.NA : r.cell();
  }

  private static String slowestP99(ReportModel model, ReportCell c) {
    String name = null;
    double worst = -1;
    for (Map.Entry<String, Spread> e : c.p99Latency().entrySet()) {
      if (e.getValue().value() > worst) {
        worst = e.getValue().value();
        name = e.getKey();
      }
    }
    return name == null ? ReportFormat.NA : ReportFormat.micros(worst) + " " + OperationNames.of(model, c, name);
  }

  private static String spread(ReportCell c, Function<ReportCell, Spread> figure, Function<Double, String> format) {
    if (c == null) {
      return ReportFormat.NA;
    }
    if (c.runs().isEmpty()) {
      return "failed";
    }
    Spread s = figure.apply(c);
    if (s == null) {
      return ReportFormat.NA;
    }
    String text = format.apply(s.value());
    String min = format.apply(s.min());
    String max = format.apply(s.max());
    if (s.count() > 1 && !min.equals(max)) {
      text += " [" + min + "–" + max + "]";
    }
    return ReportCaveats.marked(text, c);
  }

  /**
   * Throughput of every status, then, where fewer operations returned OK, the OK throughput beside it:
   * {@code 348,475 (OK 1,020)}, so an error storm never reads as a fast store.
   */
  private static String throughput(ReportCell c) {
    String text = spread(c, ReportCell::throughput, ReportFormat::opsPerSec);
    if (c == null || c.throughputOk() == null || c.throughput() == null) {
      return text;
    }
    String ok = ReportFormat.opsPerSec(c.throughputOk().value());
    return ok.equals(ReportFormat.opsPerSec(c.throughput().value())) ? text : text + " (OK " + ok + ")";
  }
}
