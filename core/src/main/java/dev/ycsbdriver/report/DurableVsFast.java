package dev.ycsbdriver.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The table a reader of a durable-vs-fast comparison wants first: per store and profile, the throughput of
 * workloads A (update heavy) and C (read only), ops per server CPU% on both, and what the crash tests found:
 * acknowledged writes lost over acknowledged writes, with the profile's claim and whether it held.
 * One table per thread count. Markdown and HTML show {@link #tables}; CSV and JSON take {@link #rows}.
 *
 * <p>Stateless and thread-safe.
 */
public final class DurableVsFast {
  /** The workloads whose figures the table shows, when they ran: YCSB's update-heavy A and read-only C. */
  public static final List<String> WORKLOADS = List.of("workloada", "workloadc");
  /** Shown where no crash test ran. */
  public static final String NOT_TESTED = "—";

  private DurableVsFast() {
  }

  /**
   * One row: a store in a profile at a thread count.
   *
   * @param store the store configuration's name
   * @param profile the profile, or null for a store without profiles
   * @param threads client threads
   * @param throughput per workload of {@link #WORKLOADS} that ran, its throughput in ops/s
   * @param opsPerServerCpu per workload of {@link #WORKLOADS} that ran, ops per server CPU%; null when not measured
   * @param claim the profile's claim from its crash tests, else from its runs' configuration, or null
   * @param crash the store's and profile's crash tests, or null when none ran
   */
  public record Row(String store, String profile, int threads, Map<String, Spread> throughput,
                    Map<String, Spread> opsPerServerCpu, String claim, CrashEntry crash) {
  }

  /**
   * @param model the grouped results
   * @return the rows, per thread count ascending, then in the report's store and profile order
   */
  public static List<Row> rows(ReportModel model) {
    List<Row> rows = new ArrayList<>();
    for (int t : model.threads()) {
      for (String[] sp : model.storeProfiles()) {
        CrashEntry crash = model.crash(sp[0], sp[1]);
        Map<String, Spread> throughput = new LinkedHashMap<>();
        Map<String, Spread> perCpu = new LinkedHashMap<>();
        String claim = crash == null ? null : crash.claim();
        boolean ran = false;
        for (String w : model.workloads()) {
          ReportCell c = model.exactCell(sp[1], sp[0], t, w);
          if (c == null) {
            continue;
          }
          ran = true;
          if (claim == null && !c.runs().isEmpty()) {
            claim = c.runs().get(0).durabilityClaim();
          }
          if (WORKLOADS.contains(w)) {
            throughput.put(w, c.throughput());
            perCpu.put(w, c.opsPerServerCpu());
          }
        }
        if (ran || crash != null) {
          rows.add(new Row(sp[0], sp[1], t, throughput, perCpu, claim, crash));
        }
      }
    }
    return rows;
  }

  /**
   * @param model the grouped results
   * @return one table per thread count
   */
  public static List<Table> tables(ReportModel model) {
    List<String> shown = WORKLOADS.stream().filter(model.workloads()::contains).toList();
    List<Table> tables = new ArrayList<>();
    List<Row> all = rows(model);
    for (int t : model.threads()) {
      List<String> header = new ArrayList<>(List.of("store", "profile"));
      shown.forEach(w -> header.add(w + " (ops/s)"));
      shown.forEach(w -> header.add(w + " (ops/CPU%)"));
      header.addAll(List.of("lost / acknowledged writes", "crashes", "crash claim"));
      List<List<String>> rows = new ArrayList<>();
      for (Row r : all) {
        if (r.threads() != t) {
          continue;
        }
        List<String> row = new ArrayList<>(List.of(model.names().name(r.store()),
            ReportFormat.profileName(r.profile())));
        shown.forEach(w -> row.add(marked(figure(r.throughput(), w, ReportFormat::opsPerSec), model, r, w)));
        shown.forEach(w -> row.add(marked(figure(r.opsPerServerCpu(), w, ReportFormat::decimal), model, r, w)));
        row.add(lost(r.crash()));
        row.add(r.crash() == null ? NOT_TESTED : Integer.toString(r.crash().crashes()));
        row.add(claim(r.claim(), r.crash()));
        rows.add(row);
      }
      if (!rows.isEmpty()) {
        tables.add(new Table("Durable vs fast, " + ReportFormat.threads(t), header, rows, List.of()));
      }
    }
    return tables;
  }

  /** @return the figure with the caveat marks of its cell ({@link ReportCaveats}); n/a unmarked */
  private static String marked(String text, ReportModel model, Row r, String workload) {
    return text.equals(ReportFormat.NA) ? text
        : ReportCaveats.marked(text, model.cell(r.profile(), r.store(), r.threads(), workload));
  }

  private static String figure(Map<String, Spread> figures, String workload, java.util.function.Function<Double, String> f) {
    if (!figures.containsKey(workload)) {
      return ReportFormat.NA;
    }
    Spread s = figures.get(workload);
    return s == null ? ReportFormat.NA : f.apply(s.value());
  }

  /** @return e.g. {@code 0 / 123,456}, {@code crash test failed (round 1, restart)}, or {@link #NOT_TESTED} */
  static String lost(CrashEntry crash) {
    if (crash == null) {
      return NOT_TESTED;
    }
    if (crash.lostWrites() == null) {
      return "crash test failed (" + step(crash.failures().get(0)) + ")";
    }
    return String.format(Locale.ROOT, "%,d / %,d", crash.lostWrites(), crash.acknowledgedWrites());
  }

  /** @return the round and step of a failure line, e.g. {@code round 1, restart} */
  static String step(String failure) {
    int colon = failure.indexOf(':');
    return colon < 0 ? failure : failure.substring(0, colon);
  }

  /** @return e.g. {@code no-loss, held}, {@code no-loss, NOT held}, {@code recent-loss (not tested)} */
  static String claim(String claim, CrashEntry crash) {
    if (crash == null) {
      return claim == null ? NOT_TESTED : claim + " (not tested)";
    }
    return crash.claimHeld() == null ? crash.claim() : crash.claim() + (crash.claimHeld() ? ", held" : ", NOT held");
  }
}
