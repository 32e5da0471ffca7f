package dev.ycsbdriver.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * The sentences a report opens with, computed from its figures, never written by hand: first the caveats of its runs
 * ({@link ReportCaveats}); then, when the report ranks by a
 * figure, the first store per ranking ({@link Ranking}); per store, the
 * fast profile's throughput over the durable one's (geometric mean over the workloads both ran, the workloads that
 * differ outside the noise and those that do not, and the noise floor of a read-only workload); per profile, the
 * fastest store per workload and by how much, where the lead is outside the noise and the noise floor; per store, the
 * acknowledged writes its crash tests lost; and the stores a matrix left out. Every ratio carries its 95% interval
 * ({@link RatioInterval}) and every verdict is that of its row of the findings ({@link Findings}): a ratio whose
 * interval includes 1, that is inside the noise floor, or on which the paired and unpaired tests disagree reads as a
 * tie, never as a winner with a warning; one without a noise estimate (one run per cell, no interval figures) as a
 * difference that cannot be told apart from noise.
 *
 * <p>A durable and a fast profile pair up by name: {@code durable} with {@code fast}, and
 * {@code <prefix>-durable} with {@code <prefix>-fast} (e.g. {@code seed004-durable}, {@code seed004-fast}).
 * Throughput is compared at the highest thread count both ran. Stateless and thread-safe.
 */
final class ReportSummary {
  private ReportSummary() {
  }

  /**
   * @param model the grouped results
   * @return the sentences, in reading order; never empty
   */
  static List<String> sentences(ReportModel model) {
    List<String> out = new ArrayList<>(caveats(model));
    List<Finding> findings = Findings.of(model);
    out.addAll(Ranking.sentences(model, findings));
    for (String store : model.stores()) {
      for (String[] pair : DurabilityRoles.pairs(model, store)) {
        out.addAll(fastOverDurable(model, store, pair[0], pair[1], findings));
      }
    }
    for (String profile : model.profiles()) {
      out.addAll(fastest(model, profile, findings));
    }
    out.addAll(lostWrites(model));
    if (!model.leftOut().isEmpty()) {
      out.add("Left out: " + String.join("; ", model.leftOut()) + ".");
    }
    return out;
  }

  /** @return the caveats a reader needs before any comparison, grouped and counted ({@link ReportCaveats}) */
  static List<String> caveats(ReportModel model) {
    return ReportCaveats.sentences(model);
  }

  /**
   * Fast over durable of one store, from its rows of the findings ({@link Findings}): the geometric mean over the
   * workloads with its interval and verdict; which workloads are ahead outside the noise and which are ties (with why,
   * when inside the noise floor or when the tests disagree; the read-only workload in neither list); and the noise
   * floor, the ratio on a workload that only reads (it cannot differ by durability).
   *
   * @return the sentences, or empty when the two profiles share no thread count and workload
   */
  private static List<String> fastOverDurable(ReportModel model, String store, String durable, String fast,
                                              List<Finding> findings) {
    List<Finding> rows = findings.stream().filter(f -> (f.claim() == Finding.Claim.FAST_VS_DURABLE
        || f.claim() == Finding.Claim.NOISE_FLOOR) && f.store().equals(store) && fast.equals(f.profile())
        && durable.equals(f.otherProfile())).toList();
    if (rows.isEmpty()) {
      return List.of();
    }
    int t = rows.get(0).threads();
    Finding floor = rows.stream().filter(f -> f.claim() == Finding.Claim.NOISE_FLOOR).findFirst()
        .orElse(null);
    List<Finding> perWorkload = rows.stream().filter(f -> !f.workload().equals(Finding.GEOMETRIC_MEAN))
        .toList();
    List<String> workloads = model.workloads().stream()
        .filter(w -> perWorkload.stream().anyMatch(f -> f.workload().equals(w))).toList();
    int minRuns = Integer.MAX_VALUE;
    int maxRuns = 0;
    for (String w : workloads) {
      for (String p : List.of(durable, fast)) {
        int n = model.exactCell(p, store, t, w).repeats();
        minRuns = Math.min(minRuns, n);
        maxRuns = Math.max(maxRuns, n);
      }
    }
    Finding mean = rows.stream().filter(f -> f.workload().equals(Finding.GEOMETRIC_MEAN)).findFirst()
        .orElse(perWorkload.get(0));
    List<String> out = new ArrayList<>();
    String runs = (minRuns == maxRuns ? maxRuns + "" : minRuns + " to " + maxRuns)
        + (maxRuns == 1 ? " run per cell" : " runs per cell");
    String basis = (workloads.size() == 1 ? workloads.get(0) + " at " + ReportFormat.threads(t)
        : "geometric mean over " + String.join(", ", workloads) + " at " + ReportFormat.threads(t)) + ", " + runs;
    if (mean.verdict() == Finding.Verdict.NO_ESTIMATE) {
      out.add(model.names().name(store) + ": " + fast + " over " + durable + " is " + ReportFormat.ratio(mean.ratio())
          + " its throughput (" + basis + "), but " + (workloads.size() == 1 ? "this difference" : "these differences")
          + " cannot be told apart from noise: " + NO_ESTIMATE + ".");
      return out;
    }
    String verdict = !mean.namesWinner()
        ? fast + " and " + durable + " are within noise" + mean.why(model.names()) + ", "
        : mean.ratio() > 1 ? fast + " is faster than " + durable + ", " : fast + " is slower than " + durable + ", ";
    String interval = mean.text().substring(mean.text().indexOf(", ") + 2);
    StringBuilder s = new StringBuilder(model.names().name(store) + ": " + verdict + ReportFormat.ratio(mean.ratio())
        + " its throughput (" + interval + "; " + basis + ").");
    if (workloads.size() > 1) {
      List<String> ahead = new ArrayList<>();
      List<String> ties = new ArrayList<>();
      // the read-only workload is the noise floor, not a finding: the sentence after this one states it
      for (Finding f : perWorkload) {
        if (f != floor) {
          (f.namesWinner() ? ahead : ties).add(f.workload() + " " + f.text() + f.why(model.names()));
        }
      }
      s.append(ahead.isEmpty() ? " No workload differs outside the noise"
          : " Outside the noise: " + String.join("; ", ahead));
      s.append(ties.isEmpty() ? "." : (ahead.isEmpty() ? ": " : ". Within noise: ") + String.join("; ", ties)
          + ".");
    }
    out.add(s.toString());
    if (floor != null) {
      out.add(NoiseFloor.sentence(model.names().name(store), durable, fast, floor));
    }
    return out;
  }

  /** Said of a ratio without a noise estimate. */
  static final String NO_ESTIMATE = "one run per cell and no interval figures";

  /**
   * The fastest store per workload in the profile at its highest thread count, from the store-over-store rows of the
   * findings ({@link Findings}): named only where the row's verdict is ahead outside the noise; the other workloads
   * are ties (with why, when inside the noise floor or when the tests disagree), or differences that cannot be told
   * apart without a noise estimate. Stores without durability profiles (e.g. memory, a reference row in every
   * profile) are left out and named.
   *
   * @return the sentences; empty with fewer than two stores
   */
  private static List<String> fastest(ReportModel model, String profile, List<Finding> findings) {
    int t = model.cells().stream().filter(c -> Objects.equals(c.profile(), profile)).mapToInt(ReportCell::threads)
        .max().orElse(0);
    List<String> leads = new ArrayList<>();
    List<String> ties = new ArrayList<>();
    List<String> unknown = new ArrayList<>();
    StoreNames names = model.names();
    java.util.Set<String> references = new java.util.TreeSet<>();
    for (String w : model.workloads()) {
      for (String s : model.stores()) {
        if (shown(model.exactCell(profile, s, t, w)) == null && model.cell(profile, s, t, w) != null) {
          references.add(names.name(s));
        }
      }
    }
    for (Finding f : findings) {
      if (f.claim() != Finding.Claim.STORE_VS_STORE || !Objects.equals(f.profile(), profile)) {
        continue;
      }
      String w = f.workload();
      double b = shown(model.exactCell(profile, f.store(), t, w));
      double n = shown(model.exactCell(profile, f.otherStore(), t, w));
      String store = names.name(f.store());
      String other = names.name(f.otherStore());
      if (f.namesWinner()) {
        leads.add(w + " " + store + " (" + ReportFormat.opsPerSec(b) + " ops/s, " + ReportFormat.ratio(f.ratio())
            + " " + other + ", " + f.text().substring(f.text().indexOf(", ") + 2) + ")" + f.why(model.names()));
      } else if (f.verdict() == Finding.Verdict.NO_ESTIMATE) {
        unknown.add(w + " " + store + " " + ReportFormat.opsPerSec(b) + " ops/s, " + other + " "
            + ReportFormat.opsPerSec(n) + " ops/s (ratio " + ReportFormat.ratio(f.ratio()) + ")");
      } else {
        ties.add(w + " " + store + " " + ReportFormat.opsPerSec(b) + " ops/s, " + other + " "
            + ReportFormat.opsPerSec(n) + " ops/s (ratio " + f.text() + ")" + f.why(model.names()));
      }
    }
    String at = ", profile " + ReportFormat.profileName(profile) + " at " + ReportFormat.threads(t) + ": ";
    String left = references.isEmpty() ? "" : " (" + String.join(", ", references) + ", without durability profiles, "
        + "left out)";
    List<String> out = new ArrayList<>();
    if (!leads.isEmpty()) {
      out.add("Fastest store per workload" + at + String.join("; ", leads)
          + (ties.isEmpty() && unknown.isEmpty() ? left : "") + ".");
    }
    if (!ties.isEmpty()) {
      out.add("No store is ahead outside the noise" + at + String.join("; ", ties) + (unknown.isEmpty() ? left : "")
          + ".");
    }
    if (!unknown.isEmpty()) {
      out.add("Fastest store cannot be told apart from noise (" + NO_ESTIMATE + ")" + at + String.join("; ", unknown)
          + left + ".");
    }
    return out;
  }

  private static List<String> lostWrites(ReportModel model) {
    List<String> out = new ArrayList<>();
    if (model.crashes().isEmpty()) {
      out.add("No crash test ran: lost writes were not measured (" + DurableVsFast.NOT_TESTED + " in the tables).");
      return out;
    }
    Map<String, List<CrashEntry>> byStore = new LinkedHashMap<>();
    model.crashes().forEach(c -> byStore.computeIfAbsent(c.store(), k -> new ArrayList<>()).add(c));
    for (Map.Entry<String, List<CrashEntry>> e : byStore.entrySet()) {
      List<String> parts = new ArrayList<>();
      for (CrashEntry c : e.getValue()) {
        if (c.lostWrites() == null) {
          parts.add(ReportFormat.profileName(c.profile()) + ": crash test failed (" + DurableVsFast.step(c.failures()
              .get(0)) + "), lost writes unknown");
          continue;
        }
        String lost = c.lostWrites() == 0 ? "none" : String.format(Locale.ROOT, "%,d", c.lostWrites());
        parts.add(ReportFormat.profileName(c.profile()) + " lost " + lost + " of "
            + String.format(Locale.ROOT, "%,d", c.acknowledgedWrites()) + (parts.isEmpty() ? " acknowledged writes" : "")
            + " in " + c.crashes() + (c.crashes() == 1 ? " crash" : " crashes") + " (claim "
            + DurableVsFast.claim(c.claim(), c) + ")");
      }
      out.add(model.names().name(e.getKey()) + ": " + String.join("; ", parts) + ".");
    }
    return out;
  }

  private static Double shown(ReportCell c) {
    return c == null || c.throughput() == null ? null : c.throughput().value();
  }
}
