package dev.ycsbdriver.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Renders the report as CSV (RFC 4180, Jackson's CSV writer) for spreadsheets: one row per report cell
 * and operation, in long format. Cell-wide figures (throughput, CPU) repeat on each operation's row. Each figure is
 * the cell's aggregate over its repeats, named in the {@code aggregate} column: {@code median}, or {@code best}
 * (every figure of the cell's best run).
 * Every column name carries its unit; a figure that is not available is an empty field. The {@code throughput_x_*}
 * columns give the cell's throughput over the baseline store's (empty for the baseline's own cells) and over its
 * store's durable profile (for a fast profile), each with the bounds of its 95% interval and the basis of its noise
 * estimate ({@link RatioInterval}: {@code paired-repeats}, {@code repeats}, {@code within-run} or {@code none}).
 * The {@code caveats} column names the caveat groups of the cell's runs ({@link ReportCaveats}), separated by
 * {@code ;}, empty when none.
 *
 * <p>The columns are sealed by a golden test. Stateless and thread-safe.
 */
public final class CsvReport {
  /** The columns, in order. */
  public static final List<String> COLUMNS = List.of("profile", "store", "threads", "workload", "repeats",
      "aggregate", "failed_runs", "throughput_ops_per_sec", "throughput_min_ops_per_sec", "throughput_max_ops_per_sec",
      "throughput_ok_ops_per_sec", "operation", "mean_latency_us", "p99_latency_us", "server_cpu_avg_percent", "server_cpu_peak_percent",
      "driver_cpu_avg_percent", "machine_cpu_avg_percent", "ops_per_server_cpu_percent", "driver_cpu_us_per_op",
      "server_settings", "throughput_x_baseline", "throughput_x_baseline_low", "throughput_x_baseline_high",
      "throughput_x_baseline_basis", "throughput_x_durable", "throughput_x_durable_low", "throughput_x_durable_high",
      "throughput_x_durable_basis", "caveats");

  /** The columns of {@code report-ranking.csv}, in order: one row per {@link Ranking.Entry}. */
  public static final List<String> RANKING_COLUMNS = List.of("figure", "unit", "higher_is_better", "threads", "workload",
      "rank", "store", "profile", "aggregate", "value", "median", "min", "max", "runs", "failed_runs",
      "longest_operation_us", "ops_per_server_cpu_percent");

  /** The columns of {@code report-durable-vs-fast.csv}, in order: one row per {@link DurableVsFast.Row}. */
  public static final List<String> DURABLE_VS_FAST_COLUMNS = durableVsFastColumns();

  private static final CsvMapper CSV = CsvMapper.builder()
      .enable(com.fasterxml.jackson.dataformat.csv.CsvGenerator.Feature.STRICT_CHECK_FOR_QUOTING).build();

  private CsvReport() {
  }

  /**
   * @param model the grouped results
   * @return the CSV document with a header line
   */
  public static String render(ReportModel model) {
    CsvSchema.Builder schema = CsvSchema.builder().setUseHeader(true).setLineSeparator("\n");
    COLUMNS.forEach(schema::addColumn);
    List<Map<String, Object>> rows = new ArrayList<>();
    for (ReportCell c : model.cells()) {
      List<String> ops = new ArrayList<>(c.meanLatency().keySet());
      if (ops.isEmpty()) {
        ops.add(null);
      }
      for (String op : ops) {
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("profile", ReportFormat.profileName(c.profile()));
        row.put("store", c.store());
        row.put("threads", c.threads());
        row.put("workload", c.workload());
        row.put("repeats", c.repeats());
        row.put("aggregate", model.aggregate().id());
        row.put("failed_runs", c.failedRuns());
        row.put("throughput_ops_per_sec", shown(c.throughput(), 1));
        row.put("throughput_min_ops_per_sec", c.throughput() == null ? null : round(c.throughput().min(), 1));
        row.put("throughput_max_ops_per_sec", c.throughput() == null ? null : round(c.throughput().max(), 1));
        row.put("throughput_ok_ops_per_sec", shown(c.throughputOk(), 1));
        row.put("operation", op);
        row.put("mean_latency_us", op == null ? null : latency(c.meanLatency().get(op)));
        row.put("p99_latency_us", op == null ? null : latency(c.p99Latency().get(op)));
        row.put("server_cpu_avg_percent", shown(c.serverCpuAvg(), 1));
        row.put("server_cpu_peak_percent", shown(c.serverCpuPeak(), 1));
        row.put("driver_cpu_avg_percent", shown(c.driverCpuAvg(), 1));
        row.put("machine_cpu_avg_percent", shown(c.machineCpuAvg(), 1));
        row.put("ops_per_server_cpu_percent", shown(c.opsPerServerCpu(), 1));
        row.put("driver_cpu_us_per_op", shown(c.driverCpuPerOperation(), 2));
        List<String> kv = new ArrayList<>();
        c.serverSettings().forEach((k, v) -> kv.add(k + "=" + v));
        row.put("server_settings", String.join(";", kv));
        ReportCell base = model.baseline() == null ? null
            : model.cell(c.profile(), model.baseline(), c.threads(), c.workload());
        ratio(row, "throughput_x_baseline", base == c ? null : RatioInterval.of(c, base));
        String durable = DurabilityRoles.durablePartner(c.profile());
        ratio(row, "throughput_x_durable", durable == null ? null
            : RatioInterval.of(c, model.exactCell(durable, c.store(), c.threads(), c.workload())));
        row.put("caveats", String.join(";", ReportCaveats.of(c).stream().map(ReportCaveats.Group::id).toList()));
        rows.add(row);
      }
    }
    return write(schema, rows);
  }

  private static List<String> durableVsFastColumns() {
    List<String> columns = new ArrayList<>(List.of("profile", "store", "threads"));
    DurableVsFast.WORKLOADS.forEach(w -> columns.add(w + "_ops_per_sec"));
    DurableVsFast.WORKLOADS.forEach(w -> columns.add(w + "_ops_per_server_cpu_percent"));
    columns.addAll(List.of("crash_claim", "crash_claim_held", "crashes", "crash_acknowledged_writes",
        "crash_lost_writes", "crash_in_doubt_writes"));
    return List.copyOf(columns);
  }

  /**
   * @param model the grouped results
   * @return the durable-vs-fast table as CSV with a header line: figures (per the aggregate) of the workloads that ran (empty where
   *     one did not), the crash tests' sums (empty where none ran)
   */
  public static String renderDurableVsFast(ReportModel model) {
    CsvSchema.Builder schema = CsvSchema.builder().setUseHeader(true).setLineSeparator("\n");
    DURABLE_VS_FAST_COLUMNS.forEach(schema::addColumn);
    List<Map<String, Object>> rows = new ArrayList<>();
    for (DurableVsFast.Row r : DurableVsFast.rows(model)) {
      Map<String, Object> row = new LinkedHashMap<>();
      row.put("profile", ReportFormat.profileName(r.profile()));
      row.put("store", r.store());
      row.put("threads", r.threads());
      DurableVsFast.WORKLOADS.forEach(w -> row.put(w + "_ops_per_sec", shown(r.throughput().get(w), 1)));
      DurableVsFast.WORKLOADS.forEach(w -> row.put(w + "_ops_per_server_cpu_percent",
          shown(r.opsPerServerCpu().get(w), 1)));
      CrashEntry c = r.crash();
      row.put("crash_claim", r.claim());
      row.put("crash_claim_held", c == null ? null : c.claimHeld());
      row.put("crashes", c == null ? null : c.crashes());
      row.put("crash_acknowledged_writes", c == null ? null : c.acknowledgedWrites());
      row.put("crash_lost_writes", c == null ? null : c.lostWrites());
      row.put("crash_in_doubt_writes", c == null ? null : c.inDoubtWrites());
      rows.add(row);
    }
    return write(schema, rows);
  }

  /**
   * @param model the grouped results
   * @return the rankings as CSV with a header line, best first in each; the figure in its unit ({@code unit}),
   *     {@code value} per the aggregate beside its median, min and max over the runs; an unranked cell has an
   *     empty rank and figure
   */
  public static String renderRanking(ReportModel model) {
    CsvSchema.Builder schema = CsvSchema.builder().setUseHeader(true).setLineSeparator("\n");
    RANKING_COLUMNS.forEach(schema::addColumn);
    List<Map<String, Object>> rows = new ArrayList<>();
    RankFigure by = model.rank();
    for (Ranking.Group g : Ranking.groups(model)) {
      for (Ranking.Entry e : g.entries()) {
        Spread f = e.figure();
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("figure", by.id());
        row.put("unit", by.unit());
        row.put("higher_is_better", by.higherIsBetter());
        row.put("threads", g.threads());
        row.put("workload", g.workload());
        row.put("rank", e.rank() == 0 ? null : e.rank());
        row.put("store", e.cell().store());
        row.put("profile", ReportFormat.profileName(e.cell().profile()));
        row.put("aggregate", model.aggregate().id());
        row.put("value", f == null ? null : round(f.value(), 1));
        row.put("median", f == null ? null : round(f.median(), 1));
        row.put("min", f == null ? null : round(f.min(), 1));
        row.put("max", f == null ? null : round(f.max(), 1));
        row.put("runs", e.cell().repeats());
        row.put("failed_runs", e.cell().failedRuns());
        row.put("longest_operation_us", shown(e.cell().longestOperation(), 1));
        row.put("ops_per_server_cpu_percent", shown(e.cell().opsPerServerCpu(), 1));
        rows.add(row);
      }
    }
    return write(schema, rows);
  }

  /**
   * The columns of {@code report-findings.csv}, in order: the components of {@link Finding}, one row per
   * finding.
   */
  public static final List<String> FINDINGS_COLUMNS = java.util.Arrays.stream(
      Finding.class.getRecordComponents()).map(java.lang.reflect.RecordComponent::getName).toList();

  /**
   * @param model the grouped results
   * @return the findings ({@link SeedFindings#all}: ours, then the seed rows) as CSV with a header line, in the order
   *     of the report's findings tables;
   *     ids for the claim, test and verdict, ratios and p-values to 4 decimals, and empty bounds without a noise
   *     estimate
   */
  public static String renderFindings(ReportModel model) {
    CsvSchema.Builder schema = CsvSchema.builder().setUseHeader(true).setLineSeparator("\n");
    FINDINGS_COLUMNS.forEach(schema::addColumn);
    List<Map<String, Object>> rows = new ArrayList<>();
    for (Finding f : SeedFindings.all(model)) {
      Map<String, Object> row = CSV.convertValue(f,
          new com.fasterxml.jackson.core.type.TypeReference<LinkedHashMap<String, Object>>() {
          });
      row.replaceAll((column, value) -> value instanceof Double d ? round(d, 4) : value);
      rows.add(row);
    }
    return write(schema, rows);
  }

  private static String write(CsvSchema.Builder schema, List<Map<String, Object>> rows) {
    for (Map<String, Object> row : rows) {
      row.replaceAll((column, value) -> value instanceof String text ? neutralised(text) : value);
    }
    try {
      return CSV.writer(schema.build()).writeValueAsString(rows);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("CSV of plain values cannot fail", e);
    }
  }

  /**
   * @return text that a spreadsheet shows as text: a cell that starts with {@code =}, {@code +}, {@code -},
   *     {@code @}, a tab or a carriage return (a formula to Excel, LibreOffice and Google Sheets) gets a leading
   *     {@code '}, as OWASP's "CSV Injection" page recommends; numbers are not text and stay as they are
   */
  static String neutralised(String text) {
    if (!text.isEmpty() && "=+-@\t\r".indexOf(text.charAt(0)) >= 0) {
      return "'" + text;
    }
    return text;
  }

  /** Puts {@code <name>}, {@code <name>_low}, {@code <name>_high} and {@code <name>_basis}; empty without a ratio. */
  private static void ratio(Map<String, Object> row, String name, RatioInterval r) {
    row.put(name, r == null ? null : round(r.ratio(), 4));
    row.put(name + "_low", r == null || !r.known() ? null : round(r.low(), 4));
    row.put(name + "_high", r == null || !r.known() ? null : round(r.high(), 4));
    row.put(name + "_basis", r == null ? null : r.basis().id());
  }

  private static Double shown(Spread s, int decimals) {
    return s == null ? null : round(s.value(), decimals);
  }

  /** @return a latency in microseconds to 0.1 µs, or to the nanosecond below 1 µs, where 0.1 µs is most of it */
  private static Double latency(Spread s) {
    return shown(s, s != null && s.value() < 1 ? 3 : 1);
  }

  private static double round(double v, int decimals) {
    double f = Math.pow(10, decimals);
    return Math.round(v * f) / f;
  }
}
