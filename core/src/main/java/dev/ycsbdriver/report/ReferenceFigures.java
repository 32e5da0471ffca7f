package dev.ycsbdriver.report;

import dev.ycsbdriver.result.RunChecks;
import java.util.List;

/**
 * Another party's published figures, shown in a table of their own beside ours: their hardware and client
 * differ, so the ratio ours / theirs is not comparable in absolute terms, only the shapes are
 * ({@link ReferenceShapes}, {@link SeedFindings}). A matrix file's {@code reference:} section gives them; the
 * project's {@code docs/seeds.md} describes each seed.
 *
 * <p>Immutable and thread-safe.
 *
 * @param source the seed by title and source, e.g. {@code Seed 004 — vendor YCSB page, high-scale tests
 *     (docs/seeds.md#seed-004)}; not empty
 * @param machine their machine, or null
 * @param note a caveat in their words or ours, or null
 * @param figures their figures; may be empty (the section then only names the source)
 * @param statements what their text states without a figure per store, e.g. that in-process stores were about 100
 *     times faster than out-of-process ones, shown quoted as theirs; may be empty
 * @param outOfProcessOverInProcess their mean latency of out-of-process stores over that of in-process stores
 *     (x, above 0), or null when not published
 * @param inProcess our stores that stand for their in-process set (the set {@code outOfProcessOverInProcess}
 *     is of), in file order; empty when not named (ours is then every store that runs in the driver's process)
 * @param outOfProcess our stores that stand for their out-of-process set; empty when not named (ours is then every
 *     store that does not run in the driver's process)
 */
public record ReferenceFigures(String source, String machine, String note, List<Figure> figures, List<String> statements,
                               Double outOfProcessOverInProcess, List<String> inProcess, List<String> outOfProcess) {
  /** Copies the lists. */
  public ReferenceFigures {
    figures = List.copyOf(figures);
    statements = List.copyOf(statements);
    inProcess = List.copyOf(inProcess);
    outOfProcess = List.copyOf(outOfProcess);
  }

  /** Figures and statements without their store sets. */
  public ReferenceFigures(String source, String machine, String note, List<Figure> figures, List<String> statements,
                          Double outOfProcessOverInProcess) {
    this(source, machine, note, figures, statements, outOfProcessOverInProcess, List.of(), List.of());
  }

  /** Figures without statements or a published in-process ratio. */
  public ReferenceFigures(String source, String machine, String note, List<Figure> figures) {
    this(source, machine, note, figures, List.of(), null);
  }

  /**
   * One published figure: a throughput (with, where published, the mean latency of all operations), or the mean
   * latency of one operation alone ({@code operation} set, {@code throughputOpsPerSec} null).
   *
   * @param store the store, as the matrix names it
   * @param profile the profile of ours it stands beside, or null when they publish none (ours are then those of
   *     each of our profiles, or of a store without profiles)
   * @param workload our workload that does what theirs did, e.g. {@code workloada}
   * @param threads their client threads, or null when not published (ours are then at our highest count)
   * @param throughputOpsPerSec their throughput in operations per second, above 0, or null for a latency alone
   * @param meanLatencyMillis their mean latency in milliseconds, above 0, or null when not published; with
   *     {@code threads} and a throughput it lets Little's law check their figure ({@link #littlesLawNote()})
   * @param operation the operation whose mean latency {@code meanLatencyMillis} is, in YCSB's name (e.g.
   *     {@code READ}, {@code UPDATE}, {@code INSERT}); null when it is of every operation of the workload
   * @param operations the operations (or records) their figure counts, e.g. 10,000 inserts, so that their time is
   *     {@code operations / throughputOpsPerSec}; null when not published
   */
  public record Figure(String store, String profile, String workload, Integer threads, Double throughputOpsPerSec,
                       Double meanLatencyMillis, String operation, Long operations) {
    /** A figure whose throughput and mean latency are of every operation of the workload. */
    public Figure(String store, String profile, String workload, Integer threads, double throughputOpsPerSec,
                  Double meanLatencyMillis) {
      this(store, profile, workload, threads, throughputOpsPerSec, meanLatencyMillis, null, null);
    }

    /** A figure without a published latency. */
    public Figure(String store, String profile, String workload, Integer threads, double throughputOpsPerSec) {
      this(store, profile, workload, threads, throughputOpsPerSec, null);
    }

    /**
     * @param store the store
     * @param profile the profile, or null
     * @param workload our workload
     * @param operation the operation, e.g. {@code READ}
     * @param meanLatencyMicros their mean latency of that operation in microseconds, above 0
     * @return a figure of that latency alone
     */
    public static Figure latency(String store, String profile, String workload, String operation,
                                 double meanLatencyMicros) {
      return new Figure(store, profile, workload, null, null, meanLatencyMicros / 1000, operation, null);
    }

    /** @return whether the figure is one operation's mean latency without a throughput */
    public boolean latencyOnly() {
      return throughputOpsPerSec == null;
    }

    /**
     * @return how fast their store was, higher is faster: the throughput in ops/s, or for a latency alone its
     *     inverse (operations per second of one client); the shape tables order and divide by it
     */
    public double speed() {
      return throughputOpsPerSec != null ? throughputOpsPerSec : 1000 / meanLatencyMillis;
    }

    /** @return their time in seconds, {@code operations / throughputOpsPerSec}, or null when either is missing */
    public Double seconds() {
      return operations == null || throughputOpsPerSec == null ? null : operations / throughputOpsPerSec;
    }

    /** @return the same figure beside our profile {@code p} */
    Figure withProfile(String p) {
      return new Figure(store, p, workload, threads, throughputOpsPerSec, meanLatencyMillis, operation, operations);
    }

    /**
     * @return the note when their throughput, mean latency and threads break Little's law
     *     ({@link RunChecks#referenceNote}), e.g. {@code Little's law does not hold for their postgres durable
     *     workloada: 5,207 ops/s x 1.07 ms = 5.6 in flight, not 64 threads (...)}; null when it holds or a figure
     *     is not published
     */
    public String littlesLawNote() {
      if (threads == null || meanLatencyMillis == null || throughputOpsPerSec == null || operation != null) {
        return null;
      }
      String what = store + (profile == null ? "" : " " + profile) + " " + workload;
      return RunChecks.referenceNote(what, threads, throughputOpsPerSec, meanLatencyMillis);
    }
  }
}
