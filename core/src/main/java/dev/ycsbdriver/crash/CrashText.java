package dev.ycsbdriver.crash;

import java.io.PrintStream;
import java.util.Locale;

/**
 * The crash test's lines on stdout, in YCSB's {@code [SECTION], Metric, value} form, so parsers of YCSB
 * summaries skip them: a {@code [CRASH-ROUND-n]} block after each round and a {@code [CRASH]} block at the end.
 * Losses that were not measured (a round's crash, restart, recovery or audit did not complete) print as
 * {@code unknown} with the step that failed, never as a number.
 *
 * <p>Stateless and thread-safe.
 */
public final class CrashText {
  private CrashText() {
  }

  /**
   * @param r the round
   * @param out stdout
   */
  public static void round(RoundResult r, PrintStream out) {
    String s = "[CRASH-ROUND-" + r.round() + "], ";
    if (r.embedded()) {
      out.println(s + "Writer, killed with the store (embedded): its figures come from the ledger");
      out.println(s + "WriterRunTime(ms), " + r.writerRunTimeMillis());
      out.println(s + "WriterThroughput(ops/sec), " + number(r.writerThroughputOpsPerSec()));
    }
    out.println(s + "CrashAfter(ms), " + r.crashAfterMillis());
    out.println(s + "AcknowledgedWrites, " + r.acknowledgedWrites());
    if (r.count() != null) {
      out.println(s + "LostWrites, " + r.lostWrites());
      out.println(s + "InDoubtWrites, " + r.inDoubtWrites());
      out.println(s + "InDoubtWritesPresent, " + r.inDoubtWritesPresent());
    } else {
      out.println(s + "LostWrites, " + unknown(r));
      out.println(s + "FailedStep, " + r.failedStep());
    }
    if (r.recoveryTimeMillis() != null) {
      out.println(s + "RecoveryTime(ms), " + r.recoveryTimeMillis());
    }
    if (r.error() != null) {
      out.println(s + "Error, " + r.error());
    }
  }

  /**
   * @param report the whole test
   * @param out stdout
   */
  public static void summary(CrashReport report, PrintStream out) {
    String s = "[CRASH], ";
    out.println(s + "Rounds, " + report.rounds().size());
    out.println(s + "Claim, " + report.config().claim());
    out.println(s + "AcknowledgedWrites, " + report.acknowledgedWrites());
    RoundResult failed = report.failedRound();
    if (report.audited()) {
      out.println(s + "LostWrites, " + report.lostWrites());
      out.println(s + "InDoubtWritesPresent, " + report.inDoubtWritesPresent());
    } else if (failed != null) {
      out.println(s + "LostWrites, " + unknown(failed) + " in round " + failed.round());
    } else {
      out.println(s + "LostWrites, unknown (no round was audited)");
    }
    if (failed != null && failed.serverLeftDown() != null) {
      out.println(s + "ServerLeftDown, " + failed.serverLeftDown());
    }
    if (report.meanRecoveryTimeMillis() != null) {
      out.println(s + "RecoveryTime(ms), " + number(report.meanRecoveryTimeMillis()));
      out.println(s + "MaxRecoveryTime(ms), " + report.maxRecoveryTimeMillis());
    }
    if (report.claimHeld() != null) {
      out.println(s + "ClaimHeld, " + report.claimHeld());
    }
  }

  /** @return e.g. {@code unknown (restart failed)} */
  private static String unknown(RoundResult r) {
    return "unknown (" + (r.failedStep() == null ? "not audited" : r.failedStep().equals("interrupted")
        ? "interrupted" : r.failedStep() + " failed") + ")";
  }

  /** @return a figure as YCSB prints doubles: Java's {@code Double.toString}, e.g. {@code 2310.0} */
  private static String number(double d) {
    return Double.toString(d).toLowerCase(Locale.ROOT);
  }
}
