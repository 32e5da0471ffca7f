package dev.ycsbdriver.report;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonValue;
import dev.ycsbdriver.report.Finding.Claim;
import dev.ycsbdriver.report.Finding.Verdict;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * The findings of a report, one row per comparison it states: per store, its fast profile over its durable one per
 * workload and their geometric mean, the read-only workload's being the noise floor (an A/A control, see
 * {@link NoiseFloor}); per profile and workload, the fastest store over the next; per ranking, the first over the
 * next. Each row has the ratio with its 95% interval ({@link RatioInterval}), the test it rests on and one verdict,
 * which the summary sentences ({@link ReportSummary}, {@link Ranking#sentences}) repeat and never contradict:
 * <ul>
 *   <li>{@link Verdict#TIE}: the interval includes 1;</li>
 *   <li>{@link Verdict#INSIDE_NOISE_FLOOR}: the interval leaves out 1, but the ratio is no further from 1 than the
 *       noise floor (fast over durable on a workload that only reads): a tie, not a winner;</li>
 *   <li>{@link Verdict#TESTS_DISAGREE}: the paired and the unpaired interval disagree on whether 1 is inside, and the
 *       rounds do not differ enough to justify pairing ({@link RatioInterval#roundEffectP}, p below
 *       {@link Finding#PAIRING_P}): a tie;</li>
 *   <li>{@link Verdict#AHEAD}: outside the noise and the noise floor, under a test both agree on or a justified
 *       pairing;</li>
 *   <li>{@link Verdict#NO_ESTIMATE}: one run per cell and no interval figures.</li>
 * </ul>
 * Stateless and thread-safe.
 */
public final class Findings {

  private Findings() {
  }

  /**
   * @param model the grouped results
   * @return the rows: fast over durable per store (its noise floor first), then store over store per profile, then
   *     the rankings; empty when the report compares nothing
   */
  public static List<Finding> of(ReportModel model) {
    List<Finding> out = new ArrayList<>();
    Map<String, Finding> floors = new LinkedHashMap<>();
    for (String store : model.stores()) {
      for (String[] pair : DurabilityRoles.pairs(model, store)) {
        out.addAll(fastOverDurable(model, store, pair[0], pair[1], floors));
      }
    }
    Finding widest = floors.values().stream().filter(f -> f.low() != null)
        .max(java.util.Comparator.comparingDouble(f -> Math.abs(Math.log(f.ratio())))).orElse(null);
    for (String profile : model.profiles()) {
      out.addAll(storeOverStore(model, profile, widest));
    }
    out.addAll(rankings(model, widest));
    return out;
  }

  private static List<Finding> fastOverDurable(ReportModel model, String store, String durable, String fast,
                                               Map<String, Finding> floors) {
    for (int i = model.threads().size() - 1; i >= 0; i--) {
      int t = model.threads().get(i);
      List<String> workloads = new ArrayList<>();
      List<RatioInterval> paired = new ArrayList<>();
      List<RatioInterval> unpaired = new ArrayList<>();
      List<Double> rounds = new ArrayList<>();
      String floor = null;
      for (String w : model.workloads()) {
        ReportCell d = model.exactCell(durable, store, t, w);
        ReportCell f = model.exactCell(fast, store, t, w);
        RatioInterval r = RatioInterval.of(f, d);
        if (r != null) {
          workloads.add(w);
          paired.add(r);
          unpaired.add(RatioInterval.unpaired(f.runs(), d.runs(), RankFigure.THROUGHPUT));
          rounds.add(RatioInterval.roundEffectP(f.runs(), d.runs(), RankFigure.THROUGHPUT));
          floor = floor == null && NoiseFloor.readOnly(d) && NoiseFloor.readOnly(f) ? w : floor;
        }
      }
      if (workloads.isEmpty()) {
        continue;
      }
      List<Finding> out = new ArrayList<>();
      Finding floorRow = null;
      if (floor != null) {
        int k = workloads.indexOf(floor);
        floorRow = Finding.row(Claim.NOISE_FLOOR, RankFigure.THROUGHPUT, t, floor, store, fast, store, durable,
            paired.get(k), unpaired.get(k), rounds.get(k), null);
        out.add(floorRow);
        floors.put(store, floorRow);
      }
      if (workloads.size() > 1) {
        out.add(Finding.row(Claim.FAST_VS_DURABLE, RankFigure.THROUGHPUT, t, Finding.GEOMETRIC_MEAN, store, fast, store,
            durable, RatioInterval.geometricMean(paired), RatioInterval.geometricMean(unpaired), null, floorRow));
      }
      for (int k = 0; k < workloads.size(); k++) {
        if (!workloads.get(k).equals(floor)) {
          out.add(Finding.row(Claim.FAST_VS_DURABLE, RankFigure.THROUGHPUT, t, workloads.get(k), store, fast, store,
              durable, paired.get(k), unpaired.get(k), rounds.get(k), floorRow));
        }
      }
      return out;
    }
    return List.of();
  }

  private static List<Finding> storeOverStore(ReportModel model, String profile, Finding floor) {
    int t = model.cells().stream().filter(c -> Objects.equals(c.profile(), profile)).mapToInt(ReportCell::threads)
        .max().orElse(0);
    List<Finding> out = new ArrayList<>();
    for (String w : model.workloads()) {
      ReportCell best = null;
      ReportCell second = null;
      for (String s : model.stores()) {
        ReportCell c = model.exactCell(profile, s, t, w);
        if (shown(c) == null) {
          continue;
        }
        if (best == null || shown(c) > shown(best)) {
          second = best;
          best = c;
        } else if (second == null || shown(c) > shown(second)) {
          second = c;
        }
      }
      if (best != null && second != null) {
        Finding row = Finding.compare(Claim.STORE_VS_STORE, RankFigure.THROUGHPUT, t, w, best.store(), profile,
            second.store(), profile, best.runs(), second.runs(), floor);
        if (row != null) {
          out.add(row);
        }
      }
    }
    return out;
  }

  private static List<Finding> rankings(ReportModel model, Finding floor) {
    RankFigure by = model.rank();
    List<Finding> out = new ArrayList<>();
    for (Ranking.Group g : Ranking.groups(model)) {
      List<Ranking.Entry> ranked = g.entries().stream().filter(e -> e.rank() > 0).toList();
      Ranking.Entry next = ranked.stream().filter(e -> e.rank() > 1).findFirst().orElse(null);
      if (next == null) {
        continue;
      }
      ReportCell first = ranked.get(0).cell();
      List<RunResult> a = by.higherIsBetter() ? first.runs() : next.cell().runs();
      List<RunResult> b = by.higherIsBetter() ? next.cell().runs() : first.runs();
      Finding row = Finding.compare(Claim.RANKING, by, g.threads(), g.workload(), first.store(), first.profile(),
          next.cell().store(), next.cell().profile(), a, b, by.equals(RankFigure.THROUGHPUT) ? floor : null);
      if (row != null) {
        out.add(row);
      }
    }
    return out;
  }

  private static Double shown(ReportCell c) {
    return c == null || c.throughput() == null ? null : c.throughput().value();
  }
}
