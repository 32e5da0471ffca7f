package dev.ycsbdriver.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The A/A control of a durable-vs-fast matrix: on a workload that only reads (YCSB's workload C), the durable and the
 * fast profile of a store run the same operations, which durability settings do not touch, so their ratio measures
 * noise and drift alone. {@link ReportSummary} states it beside the store's fast over durable, and warns when it is
 * further from 1 than a difference it states.
 *
 * <p>Stateless and thread-safe.
 */
final class NoiseFloor {
  private NoiseFloor() {
  }

  /**
   * @param store the store
   * @param durable its durable profile
   * @param fast its fast profile
   * @param workload the read-only workload, a key of {@code ratios}
   * @param ratios fast over durable per workload, at one thread count
   * @param mean their geometric mean
   * @return the noise floor sentence: fast over durable on the read-only workload, with a warning when it is outside
   *     its own interval (the intervals understate the noise) and one when it is further from 1 than a difference
   *     outside the noise among {@code ratios} or their geometric mean
   */
  static String sentence(String store, String durable, String fast, String workload, Map<String, RatioInterval> ratios,
                         RatioInterval mean) {
    RatioInterval floor = ratios.get(workload);
    StringBuilder s = new StringBuilder(store + ": noise floor: " + fast + "/" + durable + " on " + workload
        + ", which only reads and so cannot differ by durability: " + floor.text() + ".");
    if (floor.outsideNoise()) {
      s.append(" Warning: it lies outside its own interval, so the intervals understate the noise (drift of the "
          + "machine between the runs?).");
    }
    List<String> smaller = new ArrayList<>();
    ratios.forEach((w, r) -> {
      if (!w.equals(workload) && r.outsideNoise() && r.distanceFromOne() <= floor.distanceFromOne()) {
        smaller.add(w + " " + ReportTables.ratio(r.ratio()));
      }
    });
    if (ratios.size() > 1 && mean.outsideNoise() && mean.distanceFromOne() <= floor.distanceFromOne()) {
      smaller.add("the geometric mean " + ReportTables.ratio(mean.ratio()));
    }
    if (!smaller.isEmpty()) {
      s.append(" Warning: the noise floor is further from 1 than " + String.join(", ", smaller)
          + ": treat " + (smaller.size() == 1 ? "that difference" : "those differences") + " as noise.");
    }
    return s.toString();
  }

  /** @return whether every operation of the cell is a READ; by name ({@code workloadc}) when it has none */
  static boolean readOnly(ReportCell c) {
    return c.meanLatency().isEmpty() ? c.workload().equals("workloadc")
        : c.meanLatency().keySet().stream().allMatch("READ"::equals);
  }

}
