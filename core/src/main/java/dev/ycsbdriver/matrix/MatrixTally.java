package dev.ycsbdriver.matrix;

import dev.ycsbdriver.config.Secrets;
import java.io.PrintStream;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * The counts of one matrix invocation and its progress lines: the cells done (earlier invocations' included),
 * failed and found, and the time this invocation's cells and loads took, from which the time left is estimated.
 *
 * <p>One instance per invocation, used on its thread; not thread-safe.
 */
final class MatrixTally {
  private final PrintStream err;
  private final long startNanos;
  private int done;
  private int failed;
  private int findings;
  private int ranNow;
  private long cellMillisTotal;
  private long loadMillisTotal;
  private int pendingTotal;
  private int attempted;

  /**
   * @param err receives the progress lines
   * @param startNanos when the matrix began, by {@link System#nanoTime()}
   */
  MatrixTally(PrintStream err, long startNanos) {
    this.err = err;
    this.startNanos = startNanos;
  }

  /**
   * Counts a cell's status: {@link CellFile#OK} and {@link CrashCell#FINDING} count as done, a finding also as one.
   *
   * @return whether the status counts as done
   */
  boolean ended(String status) {
    if (CellFile.OK.equals(status) || CrashCell.FINDING.equals(status)) {
      done++;
      findings += CrashCell.FINDING.equals(status) ? 1 : 0;
      return true;
    }
    return false;
  }

  /** Counts a cell that failed. */
  void countFailure() {
    failed++;
  }

  /** @param cells the cells this invocation is to run */
  void pending(int cells) {
    pendingTotal = cells;
  }

  /** Counts a cell this invocation took up, run or failed for its load. */
  void attempted() {
    attempted++;
  }

  /** Counts a cell whose process ran, for {@code elapsedMillis}. */
  void ran(long elapsedMillis) {
    ranNow++;
    cellMillisTotal += elapsedMillis;
  }

  /** Counts the time of a load, in milliseconds. */
  void loaded(long elapsedMillis) {
    loadMillisTotal += elapsedMillis;
  }

  int done() {
    return done;
  }

  int failed() {
    return failed;
  }

  int findings() {
    return findings;
  }

  /** @return the milliseconds since the matrix began */
  long elapsedMillis() {
    return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNanos);
  }

  /** Prints a cell's progress line: its status, the time so far and, once a cell has run, the time left. */
  void progress(String label, int index, int total, String status, String error, String summary) {
    long elapsed = elapsedMillis();
    // the cells still to run, and the loads among them as often as so far
    int remaining = pendingTotal - attempted;
    String left = ranNow == 0 || remaining == 0 ? ""
        : ", about " + MatrixRunner.human((cellMillisTotal + loadMillisTotal) / ranNow * remaining) + " left";
    String what = CellFile.OK.equals(status) ? summary
        : CrashCell.FINDING.equals(status) ? "FINDING: " + summary
        : status.toUpperCase(Locale.ROOT) + (error == null ? "" : ": " + Secrets.maskText(error));
    err.println("[matrix] cell " + index + "/" + total + " " + label + ": " + what + "; elapsed "
        + MatrixRunner.human(elapsed) + left);
  }
}
