package dev.ycsbdriver.report;

import java.util.List;

/**
 * Another party's published figures, shown in a table of their own beside ours: their hardware and client
 * differ, so the ratio ours / theirs is not comparable in absolute terms. A matrix file's {@code reference:}
 * section gives them.
 *
 * <p>Immutable and thread-safe.
 *
 * @param source who published them, e.g. {@code Seed 004 (published benchmark)}; not empty
 * @param machine their machine, or null
 * @param note a caveat in their words or ours, or null
 * @param figures their figures; may be empty (the section then only names the source)
 */
public record ReferenceFigures(String source, String machine, String note, List<Figure> figures) {
  /** Copies the list. */
  public ReferenceFigures {
    figures = List.copyOf(figures);
  }

  /**
   * One published figure.
   *
   * @param store the store, as the matrix names it
   * @param profile the profile of ours it stands beside, or null for a store without profiles
   * @param workload the workload, e.g. {@code workloada}
   * @param threads their client threads, or null when not published (ours are then at our highest count)
   * @param throughputOpsPerSec their throughput in operations per second, above 0
   */
  public record Figure(String store, String profile, String workload, Integer threads, double throughputOpsPerSec) {
  }
}
