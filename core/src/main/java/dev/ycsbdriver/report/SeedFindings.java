package dev.ycsbdriver.report;

import dev.ycsbdriver.measure.Operation;
import dev.ycsbdriver.report.Finding.Claim;
import dev.ycsbdriver.report.Finding;
import dev.ycsbdriver.report.Finding.Verdict;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * The seed rows of the findings: each shape a seed's published figures show ({@link ReferenceFigures}), their ratio
 * beside ours with its 95% interval ({@link RatioInterval}), like for like (the same stores, steps and thread counts),
 * and a verdict. The rows, each a {@link Finding} whose {@link Claim#seed()} is true:
 * <ul>
 *   <li>{@link Claim#SEED_FAST_VS_DURABLE}, {@link Claim#SEED_NOISE_FLOOR}: per store and workload, their fast
 *       profile's figure over their durable one's, beside ours; on a workload that only reads, an A/A control;</li>
 *   <li>{@link Claim#SEED_STORE_VS_STORE}: per profile, workload (and operation, for latencies), each store over
 *       every store behind it in their order, fastest first, among the stores both ran;</li>
 *   <li>{@link Claim#SEED_STEPS_TOTAL}: where their figures give each step's operations, the sum of their steps'
 *       times per store (not a published total that includes other steps), each store over every one behind it,
 *       beside ours summed per repeat over the same steps;</li>
 *   <li>{@link Claim#SEED_IN_PROCESS}: their out-of-process stores' mean latency over their in-process ones',
 *       beside ours over the stores that stand for their two sets ({@link ReferenceFigures#inProcess()},
 *       {@link ReferenceFigures#outOfProcess()}): the geometric mean over each set of a store's geometric mean over
 *       its runs of the mean READ latency, its 95% interval a t-interval on the difference of the two sets' mean
 *       logs with Welch–Satterthwaite degrees of freedom (Welch, Biometrika 34, 1947).</li>
 * </ul>
 *
 * <p>The noise floor their ratio is held against: on a fast-vs-durable row, our A/A row's 95% interval for that store
 * (the spread our own repeats show where durability cannot matter) and their own A/A ratio for that store where they
 * publish one; on a store-vs-store row, the widest of each. Their ratio T is <b>inside the noise floor</b> when T lies
 * in that interval of ours or is no further from 1 than their A/A ratio (|ln T| at most |ln A/A|).
 *
 * <p>Verdicts, with ours = the ratio O, its 95% interval [L, H] and its own verdict as {@link Findings} gives it,
 * decided in this order:
 * <ol>
 *   <li>{@link Verdict#CANNOT_TELL} when ours has no noise estimate;</li>
 *   <li>on an A/A row (both parties' ratio should be 1): {@link Verdict#AGREES} when T lies in [L, H], else
 *       {@link Verdict#DISAGREES}: their figures differ, where durability cannot matter, by more than our repeats
 *       show as noise;</li>
 *   <li>when ours is {@link Verdict#AHEAD} (outside the noise and the noise floor): {@link Verdict#AGREES} when T lies
 *       on the same side of 1 as O and either in [L, H] or outside the noise floor; {@link Verdict#DISAGREES} when T
 *       lies on the other side of 1 (or at 1) and outside the noise floor; else {@link Verdict#CANNOT_TELL} (theirs
 *       inside the noise floor);</li>
 *   <li>else (ours a tie, inside the noise floor, or its tests disagree) {@link Verdict#CANNOT_TELL}: ours names no
 *       direction to agree or disagree with; the reason says whether T lies in [L, H].</li>
 * </ol>
 * Stateless and thread-safe.
 */
final class SeedFindings {
  /** The figure id of a steps-total row: the time of the seed's steps, lower is better. */
  static final String STEPS_TIME = "time-of-steps";

  private SeedFindings() {
  }

  /**
   * @param model the grouped results
   * @param ours the findings of ours ({@link Findings#of}), whose A/A rows give our noise floors
   * @return the seed rows, in the order of the list above; empty without reference figures or cells beside them
   */
  static List<Finding> of(ReportModel model, List<Finding> ours) {
    ReferenceFigures ref = model.reference();
    if (ref == null) {
      return List.of();
    }
    Map<String, Double> theirFloors = theirFloors(model);
    Finding widest = ours.stream().filter(f -> f.claim() == Claim.NOISE_FLOOR && f.low() != null)
        .max(Comparator.comparingDouble(f -> Math.abs(Math.log(f.ratio())))).orElse(null);
    Double theirWidest = theirFloors.values().stream().max(Comparator.comparingDouble(r -> Math.abs(Math.log(r))))
        .orElse(null);
    List<Finding> out = new ArrayList<>(fastOverDurable(model, ours, theirFloors));
    out.addAll(storeOverStore(model, widest, theirWidest));
    out.addAll(stepsTotal(model));
    Finding process = inProcess(model);
    if (process != null) {
      out.add(process);
    }
    return out;
  }

  /** The noise floor a seed's ratio is held against: an interval of ours and their own A/A ratio, either null. */
  record Floor(Finding ours, Double theirs) {
    /** @return whether their ratio is inside it */
    boolean inside(double t) {
      return ours != null && ours.low() != null && t >= ours.low() && t <= ours.high()
          || theirs != null && Math.abs(Math.log(t)) <= Math.abs(Math.log(theirs));
    }

    /** @return e.g. {@code ours postgres seed004-fast/seed004-durable on workloadc 0.64x–1.61x; their A/A 0.50x} */
    String text() {
      List<String> parts = new ArrayList<>();
      if (ours != null && ours.low() != null) {
        parts.add("ours " + ours.store() + " " + ReportFormat.profileName(ours.profile()) + "/"
            + ReportFormat.profileName(ours.otherProfile()) + " on " + ours.workload() + " "
            + ReportFormat.ratio(ours.low()) + "–" + ReportFormat.ratio(ours.high()));
      }
      if (theirs != null) {
        parts.add("their A/A " + ReportFormat.ratio(theirs));
      }
      return parts.isEmpty() ? null : String.join("; ", parts);
    }
  }

  /**
   * @param ours our row, as {@link Findings} concludes it
   * @param claim the seed row's claim
   * @param theirs their ratio of the same comparison
   * @param seed the seed by title and source
   * @param floor the noise floor to hold theirs against
   * @return the seed row, its verdict as the class comment defines it
   */
  static Finding judge(Finding ours, Claim claim, double theirs, String seed, Floor floor) {
    boolean inInterval = ours.low() != null && theirs >= ours.low() && theirs <= ours.high();
    String where = inInterval ? "theirs inside our interval" : "theirs outside our interval";
    Verdict verdict;
    String reason;
    if (ours.verdict() == Verdict.NO_ESTIMATE) {
      verdict = Verdict.CANNOT_TELL;
      reason = "ours has no noise estimate";
    } else if (claim == Claim.SEED_NOISE_FLOOR) {
      verdict = inInterval ? Verdict.AGREES : Verdict.DISAGREES;
      reason = inInterval ? "A/A: theirs inside our interval, both read as noise"
          : "A/A: theirs outside the noise our repeats show, where durability cannot matter";
    } else if (ours.verdict() == Verdict.AHEAD) {
      boolean sameSide = Math.signum(Math.log(theirs)) == Math.signum(Math.log(ours.ratio()));
      boolean insideFloor = floor.inside(theirs);
      if (sameSide && (inInterval || !insideFloor)) {
        verdict = Verdict.AGREES;
        reason = "same direction; " + where;
      } else if (!sameSide && !insideFloor) {
        verdict = Verdict.DISAGREES;
        reason = "opposite directions, both outside the noise";
      } else {
        verdict = Verdict.CANNOT_TELL;
        reason = "theirs inside the noise floor";
      }
    } else {
      verdict = Verdict.CANNOT_TELL;
      reason = "ours " + switch (ours.verdict()) {
        case TIE -> "a tie";
        case TESTS_DISAGREE -> "a tie (paired and unpaired tests disagree)";
        default -> ours.verdict().label();
      } + "; " + where
          + (floor.inside(theirs) ? "; theirs inside the noise floor" : "");
    }
    return ours.beside(claim, theirs, seed, verdict, reason, claim == Claim.SEED_NOISE_FLOOR ? null : floor.text());
  }

  /** @return per store, their fast profile's throughput over their durable one's on a workload that only reads */
  static Map<String, Double> theirFloors(ReportModel model) {
    Map<String, Double> out = new LinkedHashMap<>();
    for (ReferenceFigures.Figure[] pair : fastDurablePairs(model)) {
      if (readOnly(model, pair[0].workload())) {
        out.putIfAbsent(pair[0].store(), pair[0].speed() / pair[1].speed());
      }
    }
    return out;
  }

  /** @return whether our cells of the workload only read; false when we ran none */
  private static boolean readOnly(ReportModel model, String workload) {
    return model.cells().stream().filter(c -> c.workload().equals(workload)).findFirst().map(NoiseFloor::readOnly)
        .orElse(false);
  }

  /** @return their throughput figures as {fast, durable} pairs of one store and workload, in file order */
  static List<ReferenceFigures.Figure[]> fastDurablePairs(ReportModel model) {
    List<ReferenceFigures.Figure[]> out = new ArrayList<>();
    List<ReferenceFigures.Figure> figures = model.reference().figures();
    for (ReferenceFigures.Figure d : figures) {
      String prefix = d.latencyOnly() ? null : DurabilityRoles.prefix(d.profile(), DurabilityRoles.DURABLE);
      if (prefix == null) {
        continue;
      }
      for (ReferenceFigures.Figure f : figures) {
        if (f.store().equals(d.store()) && f.workload().equals(d.workload()) && !f.latencyOnly()
            && (prefix + DurabilityRoles.FAST).equals(f.profile())) {
          out.add(new ReferenceFigures.Figure[] {f, d});
        }
      }
    }
    return out;
  }

  private static List<Finding> fastOverDurable(ReportModel model, List<Finding> ours, Map<String, Double> floors) {
    List<Finding> out = new ArrayList<>();
    String seed = model.reference().source();
    for (ReferenceFigures.Figure[] pair : fastDurablePairs(model)) {
      ReferenceFigures.Figure f = pair[0];
      ReferenceFigures.Figure d = pair[1];
      ReportCell fast = ReferenceTable.ours(model, f);
      ReportCell durable = ReferenceTable.ours(model, d);
      if (fast == null || durable == null) {
        continue;
      }
      boolean aa = NoiseFloor.readOnly(fast) && NoiseFloor.readOnly(durable);
      Finding floor = ours.stream().filter(x -> x.claim() == Claim.NOISE_FLOOR && x.store().equals(f.store())
          && Objects.equals(x.profile(), f.profile()) && Objects.equals(x.otherProfile(), d.profile()))
          .findFirst().orElse(null);
      Finding row = Finding.compare(aa ? Claim.NOISE_FLOOR : Claim.FAST_VS_DURABLE, RankFigure.THROUGHPUT,
          fast.threads(), f.workload(), f.store(), f.profile(), d.store(), d.profile(), fast.runs(), durable.runs(),
          aa ? null : floor);
      if (row == null) {
        continue;
      }
      out.add(judge(row, aa ? Claim.SEED_NOISE_FLOOR : Claim.SEED_FAST_VS_DURABLE, f.speed() / d.speed(), seed,
          new Floor(floor, floors.get(f.store()))));
    }
    return out;
  }

  private static List<Finding> storeOverStore(ReportModel model, Finding widest, Double theirWidest) {
    Map<List<String>, List<ReferenceFigures.Figure>> groups = new LinkedHashMap<>();
    for (ReferenceFigures.Figure f : ReferenceTable.figures(model)) {
      if (figure(f) != null && ReferenceTable.ours(model, f) != null && figure(f).of(ReferenceTable.ours(model, f)) != null) {
        groups.computeIfAbsent(java.util.Arrays.asList(f.profile(), f.workload(), f.operation()),
            k -> new ArrayList<>()).add(f);
      }
    }
    List<Finding> out = new ArrayList<>();
    for (List<ReferenceFigures.Figure> group : groups.values()) {
      List<ReferenceFigures.Figure> sorted = new ArrayList<>(group);
      sorted.sort(Comparator.comparingDouble(ReferenceFigures.Figure::speed).reversed());
      for (int i = 0; i + 1 < sorted.size(); i++) {
        for (int j = i + 1; j < sorted.size(); j++) {
          out.add(storeOverStore(model, sorted.get(i), sorted.get(j), widest, theirWidest));
        }
      }
    }
    out.removeIf(Objects::isNull);
    return out;
  }

  /** @return the row of their {@code a} over their {@code b}, ahead of it in their order; null without ours */
  private static Finding storeOverStore(ReportModel model, ReferenceFigures.Figure a, ReferenceFigures.Figure b,
                                        Finding widest, Double theirWidest) {
    ReportCell ca = ReferenceTable.ours(model, a);
    ReportCell cb = ReferenceTable.ours(model, b);
    RankFigure by = figure(a);
    List<RunResult> top = by.higherIsBetter() ? ca.runs() : cb.runs();
    List<RunResult> bottom = by.higherIsBetter() ? cb.runs() : ca.runs();
    Finding row = Finding.compare(Claim.STORE_VS_STORE, by, ca.threads(), a.workload(), a.store(), a.profile(),
        b.store(), b.profile(), top, bottom, by.equals(RankFigure.THROUGHPUT) ? widest : null);
    if (row == null) {
      return null;
    }
    return judge(row, Claim.SEED_STORE_VS_STORE, a.speed() / b.speed(), model.reference().source(),
        new Floor(widest, theirWidest));
  }

  /** @return the figure their figure is of: throughput, or one operation's mean latency; null for an unknown one */
  static RankFigure figure(ReferenceFigures.Figure f) {
    return f.latencyOnly() ? RankFigure.find(f.operation().toLowerCase(Locale.ROOT) + "-latency-mean")
        : RankFigure.THROUGHPUT;
  }

  /**
   * One store's steps: their figures that give operations, and our time of those steps summed per repeat.
   *
   * @param theirSeconds the sum of their steps' times in seconds
   * @param ours repeat index to our time of the same steps in seconds, for the repeats that ran every step
   */
  record Steps(String store, String profile, int threads, double theirSeconds, int steps, Map<Integer, Double> ours) {
  }

  /**
   * @param model the grouped results
   * @return per store (and profile) whose figures give at least two steps with their operations, their summed time
   *     beside ours; stores without every step in our runs left out
   */
  static List<Steps> steps(ReportModel model) {
    Map<List<String>, List<ReferenceFigures.Figure>> byStore = new LinkedHashMap<>();
    for (ReferenceFigures.Figure f : ReferenceTable.figures(model)) {
      if (f.seconds() != null) {
        byStore.computeIfAbsent(java.util.Arrays.asList(f.store(), f.profile()), k -> new ArrayList<>()).add(f);
      }
    }
    List<Steps> out = new ArrayList<>();
    for (List<ReferenceFigures.Figure> figures : byStore.values()) {
      if (figures.size() < 2) {
        continue;
      }
      double theirs = 0;
      Map<Integer, Double> ours = new TreeMap<>();
      Map<Integer, Integer> stepsRun = new TreeMap<>();
      int threads = 0;
      boolean every = true;
      for (ReferenceFigures.Figure f : figures) {
        theirs += f.seconds();
        ReportCell c = ReferenceTable.ours(model, f);
        if (c == null) {
          every = false;
          break;
        }
        threads = c.threads();
        for (RunResult run : c.runs()) {
          Integer k = RatioInterval.repeat(run.file());
          Double seconds = seconds(run);
          if (k != null && seconds != null) {
            ours.merge(k, seconds, Double::sum);
            stepsRun.merge(k, 1, Integer::sum);
          }
        }
      }
      if (!every) {
        continue;
      }
      stepsRun.forEach((k, n) -> {
        if (n != figures.size()) {
          ours.remove(k);
        }
      });
      if (!ours.isEmpty()) {
        out.add(new Steps(figures.get(0).store(), figures.get(0).profile(), threads, theirs, figures.size(), ours));
      }
    }
    return out;
  }

  /** @return the run's measured time in seconds, its operations over its throughput; null without throughput */
  private static Double seconds(RunResult run) {
    long ops = run.operations().stream()
        .filter(o -> !o.name().equals(Operation.CONNECTION_WAIT.ycsbName())).mapToLong(RunResult.OperationFigures::operations)
        .sum();
    return run.throughputOpsPerSec() > 0 && ops > 0 ? ops / run.throughputOpsPerSec() : null;
  }

  private static List<Finding> stepsTotal(ReportModel model) {
    List<Steps> steps = new ArrayList<>(steps(model));
    steps.sort(Comparator.comparingDouble(Steps::theirSeconds));
    List<Finding> out = new ArrayList<>();
    for (int k = 0; k < steps.size() * steps.size(); k++) {
      Steps a = steps.get(k / steps.size());
      Steps b = steps.get(k % steps.size());
      if (k / steps.size() >= k % steps.size() || !Objects.equals(a.profile(), b.profile())) {
        continue;
      }
      RatioInterval r = RatioInterval.ofRepeats(b.ours(), a.ours(), true);
      Finding row = Finding.row(Claim.STORE_VS_STORE, STEPS_TIME, a.threads(), a.steps() + " steps", a.store(),
          a.profile(), b.store(), b.profile(), r, RatioInterval.ofRepeats(b.ours(), a.ours(), false), null, null);
      out.add(judge(row, Claim.SEED_STEPS_TOTAL, b.theirSeconds() / a.theirSeconds(), model.reference().source(),
          new Floor(null, null)));
    }
    return out;
  }

  /**
   * Our out-of-process stores' mean READ latency over our in-process ones'.
   *
   * @param ratio with its interval
   * @param inside the in-process cells that ran, in file order: a store's key, followed by its profile when it has one
   * @param outside the out-of-process cells that ran, named alike
   * @param threads the client threads of their cells
   * @param workload the workload of their cells
   */
  record Process(RatioInterval ratio, List<String> inside, List<String> outside, int threads, String workload) {
  }

  /**
   * @param model the grouped results
   * @param inSet the stores of the in-process set, or empty for every store that runs in the driver's process
   * @param outSet the stores of the out-of-process set, or empty for every other store
   * @return ours over those sets, or null when either set has no cell with a mean READ latency
   */
  static Process process(ReportModel model, List<String> inSet, List<String> outSet) {
    // one member per cell (a store in one profile), at the thread count and workload with the most cells that have
    // READ latencies (the first of equals): a store's profiles are separate members, and cells of other workloads or
    // thread counts are not pooled with them
    Map<String, List<ReportCell>> groups = new LinkedHashMap<>();
    for (ReportCell c : model.cells()) {
      if (c.figureRuns().get(0).serverCpuSource() != null && !readLogs(c).isEmpty()) {
        groups.computeIfAbsent(c.threads() + " " + c.workload(), k -> new ArrayList<>()).add(c);
      }
    }
    List<ReportCell> cells = groups.values().stream().max(Comparator.comparingInt(List::size))
        .orElse(List.of());
    Map<String, List<Double>> logs = new LinkedHashMap<>();
    Map<String, Boolean> embedded = new LinkedHashMap<>();
    Map<String, String> storeOf = new LinkedHashMap<>();
    for (ReportCell c : cells) {
      String member = c.profile() == null ? c.store() : c.store() + " " + c.profile();
      logs.put(member, readLogs(c));
      storeOf.put(member, c.store());
      embedded.put(member, c.figureRuns().get(0).embedded());
    }
    int threads = cells.isEmpty() ? 0 : cells.get(0).threads();
    String workload = cells.isEmpty() ? null : cells.get(0).workload();
    List<String> inside = logs.keySet().stream()
        .filter(m -> inSet.isEmpty() ? embedded.get(m) : inSet.contains(storeOf.get(m))).toList();
    List<String> outside = logs.keySet().stream()
        .filter(m -> outSet.isEmpty() ? !embedded.get(m) : outSet.contains(storeOf.get(m))).toList();
    if (inside.isEmpty() || outside.isEmpty()) {
      return null;
    }
    RatioInterval r = RatioInterval.ofSets(outside.stream().map(logs::get).toList(),
        inside.stream().map(logs::get).toList());
    return new Process(r, inside, outside, threads, workload);
  }

  /** @return the members as the report names their stores, e.g. {@code MariaDB, Berkeley DB JE fast} */
  static String members(ReportModel model, List<String> members) {
    return String.join(", ", members.stream().map(m -> model.names().leading(m + " ").strip()).toList());
  }

  /** @return the natural logarithm of each run's mean READ latency, where it has one above 0 */
  private static List<Double> readLogs(ReportCell c) {
    List<Double> l = new ArrayList<>();
    for (RunResult run : c.runs()) {
      Double mean = RankFigure.find("read-latency-mean").of(run);
      if (mean != null && mean > 0) {
        l.add(Math.log(mean));
      }
    }
    return l;
  }

  private static Finding inProcess(ReportModel model) {
    ReferenceFigures ref = model.reference();
    if (ref.outOfProcessOverInProcess() == null) {
      return null;
    }
    Process p = process(model, ref.inProcess(), ref.outOfProcess());
    if (p == null) {
      return null;
    }
    Finding row = Finding.row(Claim.STORE_VS_STORE, RankFigure.find("read-latency-mean"), p.threads(), p.workload(),
        "in-process (" + members(model, p.inside()) + ")", null,
        "out-of-process (" + members(model, p.outside()) + ")", null, p.ratio(), null, null, null);
    return judge(row, Claim.SEED_IN_PROCESS, ref.outOfProcessOverInProcess(), ref.source(), new Floor(null, null));
  }

  /**
   * @param model the grouped results
   * @return the table of its seed rows; without rows when it has no reference figures or none beside ours
   */
  static Table table(ReportModel model) {
    return table(of(model, Findings.of(model)), model.reference() == null ? null : model.reference().source(),
        model.names());
  }

  /**
   * @param rows the seed rows
   * @param seed the seed by title and source
   * @return the table of the seed rows for Markdown and HTML, with notes defining the verdicts
   */
  static Table table(List<Finding> rows, String seed, StoreNames names) {
    List<List<String>> out = new ArrayList<>();
    for (Finding f : rows) {
      out.add(List.of(f.claim().label().substring("ours vs the seed's: ".length()), f.figure(),
          ReportFormat.threads(f.threads()), f.workload(), f.subject(names), f.other(names),
          ReportFormat.ratio(f.theirs()), ReportFormat.ratio(f.ratio()),
          f.low() == null ? ReportFormat.NA : String.format(Locale.ROOT, "%.2f–%.2f", f.low(), f.high()),
          f.testText(), f.noiseFloor() == null ? "—" : names.leading(f.noiseFloor()), f.verdict().label(),
          f.reason()));
    }
    return new Table("Findings: ours vs the seed's", List.of("claim", "figure", "threads", "workload", "subject",
        "over", "theirs", "ours", "95% interval (ours)", "test (ours)", "noise floor", "verdict", "why"), out,
        notes(seed));
  }

  /** @return how to read the seed rows: the seed, the verdicts and the noise floor */
  static List<String> notes(String seed) {
    return List.of("Seed: " + seed + ". Theirs: the seed's ratio of the same comparison, from its published figures "
            + "(one run each, so without an interval); ours: this report's, with its 95% interval and test as in the "
            + "findings above. Above 1 favours the subject.",
        "Verdicts: agrees (ours outside the noise and theirs on the same side of 1, inside our interval or outside "
            + "the noise floor; on an A/A row, theirs inside our interval); disagrees (ours outside the noise and "
            + "theirs on the other side of 1 outside the noise floor; on an A/A row, theirs outside our interval); "
            + "cannot tell (ours a tie, inside the noise floor, with disagreeing tests or without a noise estimate, "
            + "or theirs inside the noise floor).",
        "Noise floor of theirs: our A/A interval (fast/durable on a workload that only reads) of that store, or the "
            + "widest for store vs store, and their own A/A ratio where they publish one: theirs is inside it when it "
            + "lies in our A/A interval or no further from 1 than their A/A ratio.");
  }

  /**
   * @param model the grouped results
   * @return every row the report states: ours ({@link Findings#of(ReportModel)}), then the seed rows; the rows of
   *     {@code report.json} and {@code report-findings.csv}
   */
  public static List<Finding> all(ReportModel model) {
    List<Finding> ours = Findings.of(model);
    List<Finding> out = new java.util.ArrayList<>(ours);
    out.addAll(of(model, ours));
    return out;
  }
}
