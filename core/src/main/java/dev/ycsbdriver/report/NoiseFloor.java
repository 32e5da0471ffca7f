package dev.ycsbdriver.report;

/**
 * The A/A control of a durable-vs-fast matrix: on a workload that only reads (YCSB's workload C), the durable and the
 * fast profile of a store run the same operations, which durability settings do not touch, so their ratio measures
 * noise and drift alone. {@link ReportSummary} states it beside the store's fast over durable, and {@link Findings}
 * reads a difference no further from 1 than it as inside the noise floor, a tie.
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
   * @param floor its noise floor row of the findings: fast over durable on the read-only workload
   * @return the noise floor sentence, with a warning when the ratio is outside its own interval (the intervals
   *     understate the noise); the rows it makes ties read "inside the noise floor" in the findings
   */
  static String sentence(String store, String durable, String fast, Finding floor) {
    StringBuilder s = new StringBuilder(store + ": noise floor: " + fast + "/" + durable + " on " + floor.workload()
        + ", which only reads and so cannot differ by durability: " + floor.text() + ".");
    if (floor.low() != null && (floor.low() > 1 || floor.high() < 1)) {
      s.append(" Warning: it lies outside its own interval, so the intervals understate the noise (drift of the "
          + "machine between the runs?).");
    }
    return s.toString();
  }

  /** @return whether every operation of the cell is a READ; by name ({@code workloadc}) when it has none */
  static boolean readOnly(ReportCell c) {
    return c.meanLatency().isEmpty() ? c.workload().equals("workloadc")
        : c.meanLatency().keySet().stream().allMatch("READ"::equals);
  }

}
