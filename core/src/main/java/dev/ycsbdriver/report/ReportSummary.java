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
 * fast profile's throughput over the durable one's (geometric mean over the workloads both ran, with the
 * range per workload); per profile, the fastest store per workload and by how much; per store, the
 * acknowledged writes its crash tests lost; and the stores a matrix left out.
 *
 * <p>A durable and a fast profile pair up by name: {@code durable} with {@code fast}, and
 * {@code <prefix>-durable} with {@code <prefix>-fast} (e.g. {@code seed004-durable}, {@code seed004-fast}).
 * Throughput is compared at the highest thread count both ran. Stateless and thread-safe.
 */
final class ReportSummary {
  /** Ratios within this factor of 1 read as "about as fast". */
  private static final double SAME = 1.05;

  private ReportSummary() {
  }

  /**
   * @param model the grouped results
   * @return the sentences, in reading order; never empty
   */
  static List<String> sentences(ReportModel model) {
    List<String> out = new ArrayList<>(caveats(model));
    out.addAll(Ranking.sentences(model));
    for (String store : model.stores()) {
      for (String[] pair : pairs(model, store)) {
        String s = fastOverDurable(model, store, pair[0], pair[1]);
        if (s != null) {
          out.add(s);
        }
      }
    }
    for (String profile : model.profiles()) {
      String s = fastest(model, profile);
      if (s != null) {
        out.add(s);
      }
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

  /** @return {@code seed004-} for {@code seed004-durable} and role {@code durable}, "" for the role itself, else null */
  private static String prefix(String profile, String role) {
    if (profile.equals(role)) {
      return "";
    }
    return profile.endsWith("-" + role) ? profile.substring(0, profile.length() - role.length()) : null;
  }

  private static String fastOverDurable(ReportModel model, String store, String durable, String fast) {
    for (int i = model.threads().size() - 1; i >= 0; i--) {
      int t = model.threads().get(i);
      Map<String, Double> ratios = new LinkedHashMap<>();
      for (String w : model.workloads()) {
        Double d = shown(model.exactCell(durable, store, t, w));
        Double f = shown(model.exactCell(fast, store, t, w));
        if (d != null && f != null && d > 0 && f > 0) {
          ratios.put(w, f / d);
        }
      }
      if (ratios.isEmpty()) {
        continue;
      }
      double logSum = 0;
      String low = null;
      String high = null;
      for (Map.Entry<String, Double> e : ratios.entrySet()) {
        logSum += Math.log(e.getValue());
        low = low == null || e.getValue() < ratios.get(low) ? e.getKey() : low;
        high = high == null || e.getValue() > ratios.get(high) ? e.getKey() : high;
      }
      double mean = Math.exp(logSum / ratios.size());
      String verdict = mean >= SAME ? fast + " is faster than " + durable + ", "
          : mean <= 1 / SAME ? fast + " is slower than " + durable + ", "
          : fast + " and " + durable + " are about as fast, ";
      String basis = ratios.size() == 1 ? low + " at " + t + " threads"
          : "geometric mean over " + String.join(", ", ratios.keySet()) + " at " + t + " threads; from "
          + ReportTables.ratio(ratios.get(low)) + " on " + low + " to " + ReportTables.ratio(ratios.get(high))
          + " on " + high;
      return store + ": " + verdict + ReportTables.ratio(mean) + " its throughput (" + basis + ").";
    }
    return null;
  }

  /**
   * @return the fastest store per workload in the profile at its highest thread count, or null with one store;
   *     stores without durability profiles (e.g. memory, a reference row in every profile) are left out and named
   */
  private static String fastest(ReportModel model, String profile) {
    int t = model.cells().stream().filter(c -> Objects.equals(c.profile(), profile)).mapToInt(ReportCell::threads)
        .max().orElse(0);
    List<String> parts = new ArrayList<>();
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
      if (second != null) {
        double b = shown(model.exactCell(profile, best, t, w));
        double n = shown(model.exactCell(profile, second, t, w));
        parts.add(w + " " + best + " (" + ReportTables.opsPerSec(b) + " ops/s"
            + (n > 0 ? ", " + ReportTables.ratio(b / n) + " " + second : "") + ")");
      }
    }
    return parts.isEmpty() ? null : "Fastest store per workload, profile " + ReportTables.profileName(profile) + " at "
        + t + " threads: " + String.join("; ", parts)
        + (references.isEmpty() ? "" : " (" + String.join(", ", references) + ", without durability profiles, "
            + "left out)") + ".";
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
