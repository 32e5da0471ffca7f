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
 * fastest store per workload and by how much, where the lead is outside the noise (with a warning when a noise floor
 * is further from 1 than the lead); per store, the
 * acknowledged writes its crash tests lost; and the stores a matrix left out. Every ratio carries its 95% interval
 * ({@link RatioInterval}); a ratio whose interval includes 1 reads as a tie, and one without a noise estimate (one
 * run per cell, no interval figures) as a difference that cannot be told apart from noise.
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
    out.addAll(Ranking.sentences(model));
    Map<String, RatioInterval> floors = new LinkedHashMap<>();
    for (String store : model.stores()) {
      for (String[] pair : pairs(model, store)) {
        out.addAll(fastOverDurable(model, store, pair[0], pair[1], floors));
      }
    }
    for (String profile : model.profiles()) {
      out.addAll(fastest(model, profile, floors));
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

  /** @return pairs {@code [durable, fast]} of the store's profiles */
  private static List<String[]> pairs(ReportModel model, String store) {
    List<String> own = model.profiles().stream().filter(Objects::nonNull)
        .filter(p -> model.cells().stream().anyMatch(c -> c.store().equals(store) && p.equals(c.profile()))).toList();
    List<String[]> out = new ArrayList<>();
    for (String durable : own) {
      String prefix = prefix(durable, "durable");
      if (prefix == null) {
        continue;
      }
      for (String fast : own) {
        if (prefix.equals(prefix(fast, "fast"))) {
          out.add(new String[] {durable, fast});
        }
      }
    }
    return out;
  }

  /**
   * @param profile a profile, or null
   * @return the durable profile a fast one pairs with ({@code durable} for {@code fast}, {@code seed004-durable} for
   *     {@code seed004-fast}), or null for any other profile
   */
  static String durablePartner(String profile) {
    String prefix = profile == null ? null : prefix(profile, "fast");
    return prefix == null ? null : prefix + "durable";
  }

  /** @return {@code seed004-} for {@code seed004-durable} and role {@code durable}, "" for the role itself, else null */
  private static String prefix(String profile, String role) {
    if (profile.equals(role)) {
      return "";
    }
    return profile.endsWith("-" + role) ? profile.substring(0, profile.length() - role.length()) : null;
  }

  /**
   * Fast over durable of one store at the highest thread count both ran: per workload, the ratio with its interval
   * ({@link RatioInterval}); their geometric mean with its interval; which workloads differ outside the noise and
   * which are ties (the read-only workload in neither list); and the noise floor, the ratio on a workload that only
   * reads (it cannot differ by durability), with a warning when it is further from 1 than a difference stated.
   *
   * @return the sentences, or empty when the two profiles share no thread count and workload
   */
  private static List<String> fastOverDurable(ReportModel model, String store, String durable, String fast,
                                              Map<String, RatioInterval> floors) {
    for (int i = model.threads().size() - 1; i >= 0; i--) {
      int t = model.threads().get(i);
      Map<String, RatioInterval> ratios = new LinkedHashMap<>();
      String floor = null;
      int minRuns = Integer.MAX_VALUE;
      int maxRuns = 0;
      for (String w : model.workloads()) {
        ReportCell d = model.exactCell(durable, store, t, w);
        ReportCell f = model.exactCell(fast, store, t, w);
        RatioInterval r = RatioInterval.of(f, d);
        if (r != null) {
          ratios.put(w, r);
          floor = floor == null && NoiseFloor.readOnly(d) && NoiseFloor.readOnly(f) ? w : floor;
          minRuns = Math.min(minRuns, Math.min(d.repeats(), f.repeats()));
          maxRuns = Math.max(maxRuns, Math.max(d.repeats(), f.repeats()));
        }
      }
      if (ratios.isEmpty()) {
        continue;
      }
      List<String> out = new ArrayList<>();
      RatioInterval mean = RatioInterval.geometricMean(List.copyOf(ratios.values()));
      String runs = (minRuns == maxRuns ? maxRuns + "" : minRuns + " to " + maxRuns)
          + (maxRuns == 1 ? " run per cell" : " runs per cell");
      String basis = (ratios.size() == 1 ? ratios.keySet().iterator().next() + " at " + ReportTables.threads(t)
          : "geometric mean over " + String.join(", ", ratios.keySet()) + " at " + ReportTables.threads(t)) + ", " + runs;
      if (!mean.known()) {
        out.add(store + ": " + fast + " over " + durable + " is " + ReportTables.ratio(mean.ratio())
            + " its throughput (" + basis + "), but " + (ratios.size() == 1 ? "this difference" : "these differences") + " cannot be told "
            + "apart from noise: " + NO_ESTIMATE + ".");
        return out;
      }
      String verdict = !mean.outsideNoise() ? fast + " and " + durable + " are within noise, "
          : mean.ratio() > 1 ? fast + " is faster than " + durable + ", " : fast + " is slower than " + durable + ", ";
      StringBuilder s = new StringBuilder(store + ": " + verdict + ReportTables.ratio(mean.ratio())
          + " its throughput (" + mean.interval() + "; " + basis + ").");
      if (ratios.size() > 1) {
        List<String> findings = new ArrayList<>();
        List<String> ties = new ArrayList<>();
        String readOnly = floor;
        // the read-only workload is the noise floor, not a finding: the sentence after this one states it
        ratios.forEach((w, r) -> {
          if (!w.equals(readOnly)) {
            (r.outsideNoise() ? findings : ties).add(w + " " + r.text());
          }
        });
        s.append(findings.isEmpty() ? " No workload differs outside the noise"
            : " Outside the noise: " + String.join("; ", findings));
        s.append(ties.isEmpty() ? "." : (findings.isEmpty() ? ": " : ". Within noise: ") + String.join("; ", ties)
            + ".");
      }
      out.add(s.toString());
      if (floor != null) {
        out.add(NoiseFloor.sentence(store, durable, fast, floor, ratios, mean));
        floors.put(store + " " + fast + "/" + durable + " on " + floor, ratios.get(floor));
      }
      return out;
    }
    return List.of();
  }

  /** Said of a ratio without a noise estimate. */
  static final String NO_ESTIMATE = "one run per cell and no interval figures";

  /**
   * The fastest store per workload in the profile at its highest thread count, only where its lead over the second
   * is outside the noise ({@link RatioInterval}); the other workloads are named as ties, or as differences that
   * cannot be told apart without a noise estimate. Stores without durability profiles (e.g. memory, a reference row
   * in every profile) are left out and named.
   *
   * @param floors the noise floors found so far (fast over durable on a read-only workload), by what they are, e.g.
   *     {@code sqlite fast/durable on workloadc}; a lead nearer 1 than the furthest of them is warned about
   * @return the sentences; empty with fewer than two stores
   */
  private static List<String> fastest(ReportModel model, String profile, Map<String, RatioInterval> floors) {
    int t = model.cells().stream().filter(c -> Objects.equals(c.profile(), profile)).mapToInt(ReportCell::threads)
        .max().orElse(0);
    List<String> leads = new ArrayList<>();
    List<String> ties = new ArrayList<>();
    List<String> unknown = new ArrayList<>();
    List<String> within = new ArrayList<>();
    java.util.Set<String> references = new java.util.TreeSet<>();
    for (String w : model.workloads()) {
      String best = null;
      String second = null;
      for (String s : model.stores()) {
        Double v = shown(model.exactCell(profile, s, t, w));
        if (v == null) {
          if (model.cell(profile, s, t, w) != null) {
            references.add(s);
          }
          continue;
        }
        if (best == null || v > shown(model.exactCell(profile, best, t, w))) {
          second = best;
          best = s;
        } else if (second == null || v > shown(model.exactCell(profile, second, t, w))) {
          second = s;
        }
      }
      if (second == null) {
        continue;
      }
      double b = shown(model.exactCell(profile, best, t, w));
      double n = shown(model.exactCell(profile, second, t, w));
      RatioInterval r = RatioInterval.of(model.exactCell(profile, best, t, w), model.exactCell(profile, second, t, w));
      if (r != null && r.outsideNoise() && r.ratio() > 1) {
        if (floors.values().stream().anyMatch(f -> f.known() && f.distanceFromOne() >= r.distanceFromOne())) {
          within.add(w);
        }
        leads.add(w + " " + best + " (" + ReportTables.opsPerSec(b) + " ops/s, " + ReportTables.ratio(r.ratio()) + " "
            + second + ", " + r.interval() + ")");
      } else if (r != null && !r.known()) {
        unknown.add(w + " " + best + " " + ReportTables.opsPerSec(b) + " ops/s, " + second + " "
            + ReportTables.opsPerSec(n) + " ops/s (ratio " + ReportTables.ratio(r.ratio()) + ")");
      } else {
        ties.add(w + " " + best + " " + ReportTables.opsPerSec(b) + " ops/s, " + second + " "
            + ReportTables.opsPerSec(n) + " ops/s" + (r == null ? "" : " (ratio " + r.text() + ")"));
      }
    }
    String at = ", profile " + ReportTables.profileName(profile) + " at " + ReportTables.threads(t) + ": ";
    String left = references.isEmpty() ? "" : " (" + String.join(", ", references) + ", without durability profiles, "
        + "left out)";
    List<String> out = new ArrayList<>();
    if (!leads.isEmpty()) {
      out.add("Fastest store per workload" + at + String.join("; ", leads)
          + (ties.isEmpty() && unknown.isEmpty() ? left : "") + ".");
    }
    String widest = floors.entrySet().stream().filter(e -> e.getValue().known())
        .max(java.util.Comparator.comparingDouble(e -> e.getValue().distanceFromOne())).map(Map.Entry::getKey)
        .orElse(null);
    if (widest != null && !within.isEmpty()) {
      out.add("Warning: the noise floor " + widest + " (" + ReportTables.ratio(floors.get(widest).ratio())
          + ") is further from 1 than the lead" + (within.size() == 1 ? "" : "s") + " on " + String.join(", ", within)
          + " in profile " + ReportTables.profileName(profile) + ": treat " + (within.size() == 1 ? "it" : "them")
          + " as noise.");
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
          parts.add(ReportTables.profileName(c.profile()) + ": crash test failed (" + DurableVsFast.step(c.failures()
              .get(0)) + "), lost writes unknown");
          continue;
        }
        String lost = c.lostWrites() == 0 ? "none" : String.format(Locale.ROOT, "%,d", c.lostWrites());
        parts.add(ReportTables.profileName(c.profile()) + " lost " + lost + " of "
            + String.format(Locale.ROOT, "%,d", c.acknowledgedWrites()) + (parts.isEmpty() ? " acknowledged writes" : "")
            + " in " + c.crashes() + (c.crashes() == 1 ? " crash" : " crashes") + " (claim "
            + DurableVsFast.claim(c.claim(), c) + ")");
      }
      out.add(e.getKey() + ": " + String.join("; ", parts) + ".");
    }
    return out;
  }

  private static Double shown(ReportCell c) {
    return c == null || c.throughput() == null ? null : c.throughput().value();
  }
}
