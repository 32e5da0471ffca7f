package dev.ycsbdriver.report;

import dev.ycsbdriver.result.RunChecks;
import java.util.List;

/**
 * Another party's published figures, shown in a table of their own beside ours: their hardware and client
 * differ, so the ratio ours / theirs is not comparable in absolute terms, only the shapes are
 * ({@link ReferenceShapes}). A matrix file's {@code reference:} section gives them.
 *
 * <p>Immutable and thread-safe.
 *
 * @param source who published them, e.g. {@code Seed 004 (published benchmark)}; not empty
 * @param machine their machine, or null
 * @param note a caveat in their words or ours, or null
 * @param figures their figures; may be empty (the section then only names the source)
 * @param statements what their text states without a figure per store, e.g. that in-process stores were about 100
 *     times faster than out-of-process ones, shown quoted as theirs; may be empty
 * @param outOfProcessOverInProcess their mean latency of out-of-process stores over that of in-process stores
 *     (x, above 0), or null when not published
 */
public record ReferenceFigures(String source, String machine, String note, List<Figure> figures, List<String> statements,
                               Double outOfProcessOverInProcess) {
  /** Copies the lists. */
  public ReferenceFigures {
    figures = List.copyOf(figures);
    statements = List.copyOf(statements);
  }

  /** Figures without statements or a published in-process ratio. */
  public ReferenceFigures(String source, String machine, String note, List<Figure> figures) {
    this(source, machine, note, figures, List.of(), null);
  }

  /**
   * One published figure.
   *
   * @param store the store, as the matrix names it
   * @param profile the profile of ours it stands beside, or null for a store without profiles
   * @param workload the workload, e.g. {@code workloada}
   * @param threads their client threads, or null when not published (ours are then at our highest count)
   * @param throughputOpsPerSec their throughput in operations per second, above 0
   * @param meanLatencyMillis their mean latency in milliseconds, above 0, or null when not published; with
   *     {@code threads} it lets Little's law check their figure ({@link #littlesLawNote()})
   */
  public record Figure(String store, String profile, String workload, Integer threads, double throughputOpsPerSec,
                       Double meanLatencyMillis) {
    /** A figure without a published latency. */
    public Figure(String store, String profile, String workload, Integer threads, double throughputOpsPerSec) {
      this(store, profile, workload, threads, throughputOpsPerSec, null);
    }

    /**
     * @return the note when their throughput, mean latency and threads break Little's law
     *     ({@link RunChecks#referenceNote}), e.g. {@code Little's law does not hold for their postgres durable
     *     workloada: 5,207 ops/s x 1.07 ms = 5.6 in flight, not 64 threads (...)}; null when it holds or a figure
     *     is not published
     */
    public String littlesLawNote() {
      if (threads == null || meanLatencyMillis == null) {
        return null;
      }
      String what = store + (profile == null ? "" : " " + profile) + " " + workload;
      return RunChecks.referenceNote(what, threads, throughputOpsPerSec, meanLatencyMillis);
    }
  }
}
