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
    Table steps = steps(model);
    if (!steps.rows().isEmpty()) {
      out.add(steps);
    }
    Table process = inProcess(model);
    if (process != null) {
      out.add(process);
    }
    return out;
  }

  private static Table fastOverDurable(ReportModel model) {
    List<List<String>> rows = new ArrayList<>();
    List<Finding> findings = Findings.of(model);
    java.util.Map<String, Double> theirFloors = SeedFindings.theirFloors(model);
    for (ReferenceFigures.Figure[] pair : SeedFindings.fastDurablePairs(model)) {
      ReferenceFigures.Figure f = pair[0];
      ReferenceFigures.Figure d = pair[1];
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
      Finding floor = findings.stream().filter(x -> x.claim() == Finding.Claim.NOISE_FLOOR
          && x.store().equals(d.store()) && f.profile().equals(x.profile())).findFirst().orElse(null);
      rows.add(List.of(model.names().name(d.store()), d.workload(), f.profile() + " / " + d.profile(), ReportFormat.ratio(theirs),
          ours == null ? ReportFormat.NA : ReportFormat.ratio(ours), agree,
          noiseFloor(theirs, floor, theirFloors.get(d.store()), floor != null && floor.workload().equals(d.workload()))));
    }
    return new Table("Shape: fast over durable per store (theirs vs ours)",
        List.of("store", "workload", "profiles", "theirs (x)", "ours (x)", "same direction", "theirs vs the noise floor"),
        rows,
        List.of("Throughput of the fast profile over the durable one, each party's over its own figures. "
            + "\"same direction\": both above 1, both below 1, or both within 5% of 1; \"ours within noise\" when our "
            + "ratio's 95% interval includes 1 (or there is no noise estimate), so ours says neither.",
            "Theirs vs the noise floor: on the workload that only reads (an A/A control: durability cannot matter), "
            + "whether their ratio lies outside the noise our own repeats show there (our A/A ratio's 95% interval); "
            + "on the others, whether it lies inside that interval or no further from 1 than their own A/A ratio, "
            + "where a difference cannot be told from noise (see \"Findings: ours vs the seed's\")."));
  }

  /**
   * @param theirs their fast over durable
   * @param floor our A/A row of the store, or null
   * @param theirFloor their A/A ratio of the store, or null
   * @param aa whether this row is the A/A workload itself
   * @return e.g. {@code A/A: theirs outside our noise (0.64x–1.61x)} or {@code inside (ours ...; their A/A 0.50x)}
   */
  private static String noiseFloor(double theirs, Finding floor, Double theirFloor, boolean aa) {
    boolean ours = floor != null && floor.low() != null;
    String interval = ours ? ReportFormat.ratio(floor.low()) + "–" + ReportFormat.ratio(floor.high()) : null;
    if (aa) {
      return !ours ? ReportFormat.NA : "A/A: theirs " + (theirs >= floor.low() && theirs <= floor.high() ? "inside"
          : "outside") + " our noise (" + interval + ")";
    }
    SeedFindings.Floor f = new SeedFindings.Floor(floor, theirFloor);
    String text = f.text();
    return text == null ? ReportFormat.NA : (f.inside(theirs) ? "inside" : "outside") + " (" + text + ")";
  }

  private static Table storeOrder(ReportModel model) {
    Map<List<String>, List<ReferenceFigures.Figure>> groups = new LinkedHashMap<>();
    for (ReferenceFigures.Figure f : ReferenceTable.figures(model)) {
      groups.computeIfAbsent(java.util.Arrays.asList(f.profile(), f.workload(), f.operation()), k -> new ArrayList<>())
          .add(f);
    }
    List<List<String>> rows = new ArrayList<>();
    for (Map.Entry<List<String>, List<ReferenceFigures.Figure>> e : groups.entrySet()) {
      List<ReferenceFigures.Figure> both = e.getValue().stream().filter(f -> ours(model, f) != null).toList();
      if (both.size() < 2) {
        continue;
      }
      String theirs = order(model.names(), both, ReferenceFigures.Figure::speed);
      String ours = order(model.names(), both, f -> ours(model, f));
      String same = theirs.replaceAll(" \\([^)]*\\)", "").equals(ours.replaceAll(" \\([^)]*\\)", "")) ? "yes" : "no";
      String noise = withinNoise(model, both);
      String workload = e.getKey().get(2) == null ? e.getKey().get(1) : e.getKey().get(1) + " " + e.getKey().get(2);
      rows.add(List.of(ReportFormat.profileName(e.getKey().get(0)), workload, theirs, ours,
          noise == null ? same : "ours within noise (" + noise + ")"));
    }
    return new Table("Shape: store order per workload (theirs vs ours)",
        List.of("profile", "workload", "theirs (fastest first)", "ours (fastest first)", "same order"), rows,
        List.of("Stores that both parties ran, by throughput (ours: the median over the runs), or by one operation's "
            + "mean latency where that is their figure (lowest first); each store after the first with the first's "
            + "lead over it (x). \"ours within noise\" when the 95% interval of our ratio of two stores next to each "
            + "other in our order includes 1 (or there is no noise estimate), so our order says neither."));
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
      RankFigure by = SeedFindings.figure(sorted.get(i));
      RatioInterval r = by.higherIsBetter() ? RatioInterval.of(ahead.runs(), behind.runs(), by)
          : RatioInterval.of(behind.runs(), ahead.runs(), by);
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
      parts.add(parts.isEmpty() ? names.name(f.store()) : names.name(f.store()) + " (" + ReportFormat.ratio(first / value.apply(f)) + ")");
    }
    return String.join(" > ", parts);
  }

  /** @return the in-process table, or null when neither party gives that shape */
  private static Table inProcess(ReportModel model) {
    Double theirs = model.reference().outOfProcessOverInProcess();
    if (theirs == null) {
      return null;
    }
    ReferenceFigures ref = model.reference();
    SeedFindings.Process same = SeedFindings.process(model, ref.inProcess(), ref.outOfProcess());
    SeedFindings.Process all = SeedFindings.process(model, List.of(), List.of());
    List<List<String>> rows = new ArrayList<>();
    rows.add(List.of("their sets: in process " + setText(model, ref.inProcess(), same == null ? null : same.inside())
            + ", out of process " + setText(model, ref.outOfProcess(), same == null ? null : same.outside()),
        String.format(Locale.ROOT, "~%.0fx", theirs), same == null ? ReportFormat.NA : same.ratio().text()));
    if (all != null && (same == null || !all.inside().equals(same.inside()) || !all.outside().equals(same.outside()))) {
      rows.add(List.of("a different set, not theirs: every store of ours, in process ("
          + SeedFindings.members(model, all.inside()) + ") and out of process ("
          + SeedFindings.members(model, all.outside()) + ")", "not published",
          all.ratio().text()));
    }
    return new Table("Shape: in-process vs out-of-process stores (theirs vs ours)",
        List.of("stores compared", "theirs (x)", "ours (x)"), rows,
        List.of("Mean " + READ + " latency of the out-of-process stores over that of the in-process ones. Ours: the "
            + "geometric mean over each set of each store's geometric mean over its runs, with a 95% interval from "
            + "the runs' spread (Welch–Satterthwaite); the first row over the stores that stand for the seed's own "
            + "sets, as the matrix's reference section names them, the only row to compare with theirs.",
            "Ours, the best run of each store (as the report's ranking shows it), over every store of ours: "
                + bestRuns(model) + "; a different set of stores as well."));
  }

  /**
   * @return e.g. {@code (memory, berkeleydb-txn; not run: mongodb)}, or {@code (not named; ours: H2, SQLite)}, the
   *     stores as the report names them
   */
  private static String setText(ReportModel model, List<String> named, List<String> ran) {
    if (named.isEmpty()) {
      return "(not named; ours: " + (ran == null ? "none" : SeedFindings.members(model, ran)) + ")";
    }
    // a ran cell is named by its store's key, followed by a space and its profile when it has one
    List<String> missing = named.stream()
        .filter(s -> ran == null || ran.stream().noneMatch(m -> m.equals(s) || m.startsWith(s + " "))).toList();
    return "(" + (ran == null ? "" : SeedFindings.members(model, ran)) + (missing.isEmpty() ? "" : "; not run: "
        + String.join(", ", missing.stream().map(model.names()::name).toList())) + ")";
  }

  /** @return the ratio of the cells' shown mean READ latency, out of process over in process, e.g. {@code 16.28x} */
  private static String bestRuns(ReportModel model) {
    Set<String> inside = new LinkedHashSet<>();
    Set<String> outside = new LinkedHashSet<>();
    double logIn = 0;
    double logOut = 0;
    for (ReportCell c : model.cells()) {
      Spread mean = c.meanLatency().get(READ);
      if (c.runs().isEmpty() || mean == null || mean.value() <= 0 || c.figureRuns().get(0).serverCpuSource() == null) {
        continue;
      }
      if (c.figureRuns().get(0).embedded()) {
        inside.add(model.names().name(c.store()));
        logIn += Math.log(mean.value());
      } else {
        outside.add(model.names().name(c.store()));
        logOut += Math.log(mean.value());
      }
    }
    return inside.isEmpty() || outside.isEmpty() ? ReportFormat.NA
        : ReportFormat.ratio(Math.exp(logOut / outside.size() - logIn / inside.size()));
  }

  /** @return the table of the seed's steps summed per store, theirs beside ours; without rows when none */
  private static Table steps(ReportModel model) {
    List<List<String>> rows = new ArrayList<>();
    for (SeedFindings.Steps s : SeedFindings.steps(model)) {
      double geometric = Math.exp(s.ours().values().stream().mapToDouble(Math::log).average().orElseThrow());
      double min = s.ours().values().stream().mapToDouble(Double::doubleValue).min().orElseThrow();
      double max = s.ours().values().stream().mapToDouble(Double::doubleValue).max().orElseThrow();
      rows.add(List.of(model.names().name(s.store()), ReportFormat.profileName(s.profile()), Integer.toString(s.steps()),
          String.format(Locale.ROOT, "%.2f", s.theirSeconds()),
          String.format(Locale.ROOT, "%.2f (%.2f–%.2f, %d repeats)", geometric, min, max, s.ours().size())));
    }
    return new Table("Shape: the seed's steps, their time summed per store (theirs vs ours)",
        List.of("store", "profile", "steps", "theirs (s)", "ours (s)"), rows,
        List.of("Theirs: the sum over the steps of each step's operations over their throughput, as their figures "
            + "give them; a total they publish for a whole scenario with other steps (quoted above) is of a different "
            + "set of steps and is not compared. Ours: the same steps' measured time summed per repeat, the geometric "
            + "mean over the repeats that ran every step, with the shortest and longest. Store over store, with "
            + "intervals: \"Findings: ours vs the seed's\"."));
  }

  /**
   * @return how fast our cell beside their figure was, as {@link ReferenceFigures.Figure#speed()} is theirs: its
   *     throughput, or for a latency figure the inverse of our mean latency of that operation (per second); null when
   *     we have no such cell or figure
   */
  static Double ours(ReportModel model, ReferenceFigures.Figure f) {
    ReportCell c = ReferenceTable.ours(model, f);
    if (c == null) {
      return null;
    }
    if (f.latencyOnly()) {
      Spread mean = c.meanLatency().get(f.operation());
      return mean == null || !(mean.value() > 0) ? null : 1e6 / mean.value();
    }
    return c.throughput() == null ? null : c.throughput().value();
  }

  private static Double ratio(Double a, Double b) {
    return a == null || b == null || b == 0 ? null : a / b;
  }

  private static String agree(double theirs, Double ours) {
    if (ours == null) {
      return ReportFormat.NA;
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
