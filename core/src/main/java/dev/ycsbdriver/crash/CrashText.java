package dev.ycsbdriver.crash;

import java.io.PrintStream;
import java.util.Locale;

/**
 * The crash test's lines on stdout, in YCSB's {@code [SECTION], Metric, value} form, so parsers of YCSB
 * summaries skip them: a {@code [CRASH-ROUND-n]} block after each round and a {@code [CRASH]} block at the end.
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
    out.println(s + "LostWrites, " + report.lostWrites());
    out.println(s + "InDoubtWritesPresent, " + report.inDoubtWritesPresent());
    if (report.meanRecoveryTimeMillis() != null) {
      out.println(s + "RecoveryTime(ms), " + number(report.meanRecoveryTimeMillis()));
      out.println(s + "MaxRecoveryTime(ms), " + report.maxRecoveryTimeMillis());
    }
    if (report.claimHeld() != null) {
      out.println(s + "ClaimHeld, " + report.claimHeld());
    }
  }

  /** @return a figure as YCSB prints doubles: Java's {@code Double.toString}, e.g. {@code 2310.0} */
  private static String number(double d) {
    return Double.toString(d).toLowerCase(Locale.ROOT);
  }
}
