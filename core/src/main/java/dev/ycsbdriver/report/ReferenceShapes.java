package dev.ycsbdriver.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The shapes of another party's figures beside the shapes of ours, where absolute figures cannot be compared
 * (other hardware, other client): per store and workload, the fast profile's throughput over the durable one's;
 * per profile and workload, the order of the stores by throughput; and the mean latency of out-of-process stores
 * over that of in-process ones (the stores whose server is the driver's own process).
 *
 * <p>Profiles pair as {@link ReportSummary} pairs them: {@code durable} with {@code fast}, {@code <p>-durable} with
 * {@code <p>-fast}. Ours are taken at their thread count where they give one, else at our highest. Stateless and
 * thread-safe.
 */
final class ReferenceShapes {
  /** The operation whose mean latency the in-process comparison uses. */
  static final String READ = "READ";
  /** How {@link RunResult#serverCpuSource()} begins for a store that runs in the driver's process. */
  private static final String EMBEDDED = "embedded";

  private ReferenceShapes() {
  }

  /**
   * @param model the grouped results, with {@link ReportModel#reference()} not null
   * @return the shape tables that have rows: fast / durable, store order, in-process; may be empty
   */
  static List<Table> tables(ReportModel model) {
    List<Table> out = new ArrayList<>();
    Table ratios = fastOverDurable(model);
    if (!ratios.rows().isEmpty()) {
      out.add(ratios);
    }
    Table order = storeOrder(model);
    if (!order.rows().isEmpty()) {
      out.add(order);
    }
    Table process = inProcess(model);
    if (process != null) {
      out.add(process);
    }
    return out;
  }

  private static Table fastOverDurable(ReportModel model) {
    List<List<String>> rows = new ArrayList<>();
    List<ReferenceFigures.Figure> figures = model.reference().figures();
    for (ReferenceFigures.Figure d : figures) {
      String prefix = d.profile() == null ? null : d.profile().equals("durable") ? ""
          : d.profile().endsWith("-durable") ? d.profile().substring(0, d.profile().length() - "durable".length()) : null;
      if (prefix == null) {
        continue;
      }
      for (ReferenceFigures.Figure f : figures) {
        if (f.store().equals(d.store()) && f.workload().equals(d.workload()) && (prefix + "fast").equals(f.profile())) {
          double theirs = f.throughputOpsPerSec() / d.throughputOpsPerSec();
          ReportCell fastCell = ReferenceTable.ours(model, f);
          ReportCell durableCell = ReferenceTable.ours(model, d);
          RatioInterval noise = fastCell == null || durableCell == null ? null : RatioInterval.of(fastCell, durableCell);
          // the ratio the report's other tables state: of the geometric means over the runs, where there are runs
          Double ours = noise != null && noise.known() ? Double.valueOf(noise.ratio())
              : ratio(ours(model, f), ours(model, d));
          String agree = agree(theirs, ours);
          if (ours != null && (noise == null || !noise.outsideNoise())) {
            // ours cannot say which way it goes: neither a match nor a contradiction
            agree = "ours within noise" + (noise == null || !noise.known() ? "" : " (" + noise.interval() + ")");
          }
          rows.add(List.of(model.names().name(d.store()), d.workload(), f.profile() + " / " + d.profile(), ReportTables.ratio(theirs),
              ours == null ? ReportTables.NA : ReportTables.ratio(ours), agree));
        }
      }
    }
    return new Table("Shape: fast over durable per store (theirs vs ours)",
        List.of("store", "workload", "profiles", "theirs (x)", "ours (x)", "same direction"), rows,
        List.of("Throughput of the fast profile over the durable one, each party's over its own figures. "
            + "\"same direction\": both above 1, both below 1, or both within 5% of 1; \"ours within noise\" when our "
            + "ratio's 95% interval includes 1 (or there is no noise estimate), so ours says neither."));
  }

  private static Table storeOrder(ReportModel model) {
    Map<List<String>, List<ReferenceFigures.Figure>> groups = new LinkedHashMap<>();
    for (ReferenceFigures.Figure f : model.reference().figures()) {
      groups.computeIfAbsent(java.util.Arrays.asList(f.profile(), f.workload()), k -> new ArrayList<>()).add(f);
    }
    List<List<String>> rows = new ArrayList<>();
    for (Map.Entry<List<String>, List<ReferenceFigures.Figure>> e : groups.entrySet()) {
      List<ReferenceFigures.Figure> both = e.getValue().stream().filter(f -> ours(model, f) != null).toList();
      if (both.size() < 2) {
        continue;
      }
      String theirs = order(model.names(), both, ReferenceFigures.Figure::throughputOpsPerSec);
      String ours = order(model.names(), both, f -> ours(model, f));
      String same = theirs.replaceAll(" \\([^)]*\\)", "").equals(ours.replaceAll(" \\([^)]*\\)", "")) ? "yes" : "no";
      String noise = withinNoise(model, both);
      rows.add(List.of(ReportTables.profileName(e.getKey().get(0)), e.getKey().get(1), theirs, ours,
          noise == null ? same : "ours within noise (" + noise + ")"));
    }
    return new Table("Shape: store order per workload (theirs vs ours)",
        List.of("profile", "workload", "theirs (fastest first)", "ours (fastest first)", "same order"), rows,
        List.of("Stores that both parties ran, by throughput (ours: the median over the runs); each store after the "
            + "first with the first's lead over it (x). \"ours within noise\" when the 95% interval of our ratio of "
            + "two stores next to each other in our order includes 1 (or there is no noise estimate), so our order "
            + "says neither."));
  }

  /**
   * @return the first pair of stores next to each other in our order whose ratio cannot be told from noise, e.g.
   *     {@code postgres / mysql 95% interval 0.77x–3.85x}, or null when every step of our order is outside the noise
   */
  private static String withinNoise(ReportModel model, List<ReferenceFigures.Figure> figures) {
    List<ReferenceFigures.Figure> sorted = new ArrayList<>(figures);
    sorted.sort(Comparator.comparing((ReferenceFigures.Figure f) -> ours(model, f), Comparator.reverseOrder()));
    for (int i = 0; i + 1 < sorted.size(); i++) {
      ReportCell ahead = ReferenceTable.ours(model, sorted.get(i));
      ReportCell behind = ReferenceTable.ours(model, sorted.get(i + 1));
      RatioInterval r = RatioInterval.of(ahead, behind);
      if (!r.outsideNoise()) {
        return model.names().name(ahead.store()) + " / " + model.names().name(behind.store()) + (r.known() ? " " + r.interval() : ", no noise estimate");
      }
    }
    return null;
  }

  /** @return e.g. {@code mongodb > postgres (2.03x) > mysql (4.13x)} */
  private static String order(StoreNames names, List<ReferenceFigures.Figure> figures,
                              java.util.function.Function<ReferenceFigures.Figure, Double> value) {
    List<ReferenceFigures.Figure> sorted = new ArrayList<>(figures);
    sorted.sort(Comparator.comparing(value, Comparator.reverseOrder()));
    double first = value.apply(sorted.get(0));
    List<String> parts = new ArrayList<>();
    for (ReferenceFigures.Figure f : sorted) {
      parts.add(parts.isEmpty() ? names.name(f.store()) : names.name(f.store()) + " (" + ReportTables.ratio(first / value.apply(f)) + ")");
    }
    return String.join(" > ", parts);
  }

  /** @return the in-process table, or null when neither party gives that shape */
  private static Table inProcess(ReportModel model) {
    Double theirs = model.reference().outOfProcessOverInProcess();
    if (theirs == null) {
      return null;
    }
    Set<String> inside = new LinkedHashSet<>();
    Set<String> outside = new LinkedHashSet<>();
    double logIn = 0;
    double logOut = 0;
    for (ReportCell c : model.cells()) {
      Spread mean = c.meanLatency().get(READ);
      if (c.runs().isEmpty() || mean == null || mean.value() <= 0 || c.figureRuns().get(0).serverCpuSource() == null) {
        continue;
      }
      if (c.figureRuns().get(0).serverCpuSource().startsWith(EMBEDDED)) {
        inside.add(model.names().name(c.store()));
        logIn += Math.log(mean.value());
      } else {
        outside.add(model.names().name(c.store()));
        logOut += Math.log(mean.value());
      }
    }
    String ours = inside.isEmpty() || outside.isEmpty() ? ReportTables.NA
        : ReportTables.ratio(Math.exp(logOut / outside.size() - logIn / inside.size()));
    return new Table("Shape: in-process vs out-of-process stores (theirs vs ours)",
        List.of("comparison", "theirs (x)", "ours (x)"),
        List.of(List.of("out-of-process over in-process mean " + READ + " latency",
            String.format(Locale.ROOT, "~%.0fx", theirs), ours)),
        List.of("Ours: geometric mean of the cells' mean " + READ + " latency, out of process ("
            + (outside.isEmpty() ? "none" : String.join(", ", outside)) + ") over in process ("
            + (inside.isEmpty() ? "none" : String.join(", ", inside)) + ", the stores whose server is the driver's "
            + "own process)."));
  }

  /** @return our throughput beside their figure, or null when we have no such cell */
  static Double ours(ReportModel model, ReferenceFigures.Figure f) {
    ReportCell c = ReferenceTable.ours(model, f);
    return c == null || c.throughput() == null ? null : c.throughput().value();
  }

  private static Double ratio(Double a, Double b) {
    return a == null || b == null || b == 0 ? null : a / b;
  }

  private static String agree(double theirs, Double ours) {
    if (ours == null) {
      return ReportTables.NA;
    }
    int t = side(theirs);
    int o = side(ours);
    return t == o ? "yes" : "no";
  }

  /** @return 1 above 1.05, -1 below 1 / 1.05, 0 between */
  private static int side(double ratio) {
    return ratio >= 1.05 ? 1 : ratio <= 1 / 1.05 ? -1 : 0;
  }
}
