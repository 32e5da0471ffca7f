package dev.ycsbdriver.crash;

import dev.ycsbdriver.spi.Binding;
import dev.ycsbdriver.spi.RestoredSetting;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * A round's result from its ledger: after the restart, the audit of the ledger against the store ({@link Audit},
 * {@link AuditCount}); after a failed step, the ledger's counts with the lost writes unknown.
 *
 * <p>One instance per round; not thread-safe.
 */
final class RoundAudit {
  private final RoundContext context;
  private final int number;
  private final Path ledger;

  /**
   * @param context the test's shared setup
   * @param number the round number, from 1
   * @param dir the round's directory
   */
  RoundAudit(RoundContext context, int number, Path dir) {
    this.context = context;
    this.number = number;
    this.ledger = dir.resolve("ledger");
  }

  /**
   * Reads back the version of every key in the ledger and counts the lost and in-doubt writes.
   *
   * @param binding the store, answering again
   * @param embedded whether the crash was a SIGKILL of the writer
   * @param crashAfterMillis from the first acknowledged write to the crash, milliseconds
   * @param crashEpochMillis when the crash was sent, epoch milliseconds
   * @param recoveryMillis from the crash (or restart) until the store answered, milliseconds
   * @param writeResult the writer's result JSON relative to the test's directory, or null
   * @return the audited round
   * @throws CrashException when a key cannot be read back
   * @throws IOException when the ledger cannot be read
   */
  RoundResult audited(Binding binding, boolean embedded, long crashAfterMillis, long crashEpochMillis,
                      Long recoveryMillis, String writeResult) throws CrashException, IOException {
    CrashRequest request = context.request();
    List<RestoredSetting> restored = binding.serverFacts().restoredSettings();
    if (!restored.isEmpty()) {
      request.err().println(RestoredSetting.line(request.provider().name(), restored) + " (expected after a "
          + "crash: the writer could not put them back while the server was down)");
    }
    long auditStart = System.nanoTime();
    List<Ledger.Line> lines = Ledger.read(ledger);
    Map<String, KeyHistory> histories = KeyHistory.of(lines);
    Map<String, Long> stored = Audit.versions(binding, request.settings().toProperties(), context.table(),
        context.field0(), List.copyOf(histories.keySet()), context.config().auditThreads());
    AuditCount count = AuditCount.of(histories, stored);
    long auditMillis = (System.nanoTime() - auditStart) / 1_000_000;
    context.say(number, "audit of " + count.keys() + " keys in " + auditMillis + " ms: " + count.lostWrites()
        + " lost, " + count.inDoubtWrites() + " in doubt (" + count.inDoubtWritesPresent() + " present)");
    long[] acks = acks(lines);
    long attempted = lines.stream().filter(l -> l.event() == Ledger.Event.A).count();
    long firstLine = lines.stream().mapToLong(Ledger.Line::epochMillis).min().orElse(crashEpochMillis);
    return new RoundResult(number, embedded, crashAfterMillis, attempted, acks[0] + acks[1], acks[0], acks[1],
        Math.max(0, crashEpochMillis - firstLine), count, recoveryMillis, auditMillis,
        count.oldestLostAckMillis() == null ? null : Math.max(0, crashEpochMillis - count.oldestLostAckMillis()),
        writeResult, null, null, null);
  }

  /**
   * @param embedded whether the crash was a SIGKILL of the writer
   * @param crashAfterMillis from the first acknowledged write to the crash, milliseconds; 0 before
   * @param recoveryMillis the recovery time, or null when not measured
   * @param writeResult the writer's result JSON relative to the test's directory, or null
   * @param error why the round failed, one line
   * @param failedStep the step that did not complete ({@link RoundResult#STEPS})
   * @param serverLeftDown the line on a server left down, or null
   * @return the round with the ledger's counts (none when it cannot be read) and its lost writes unknown
   */
  RoundResult failed(boolean embedded, long crashAfterMillis, Long recoveryMillis, String writeResult, String error,
                     String failedStep, String serverLeftDown) {
    long[] acks = {0, 0};
    long attempted = 0;
    try {
      List<Ledger.Line> lines = Ledger.read(ledger);
      acks = acks(lines);
      attempted = lines.stream().filter(l -> l.event() == Ledger.Event.A).count();
    } catch (IOException ignored) {
      // no figures from the ledger
    }
    return new RoundResult(number, embedded, crashAfterMillis, attempted, acks[0] + acks[1], acks[0], acks[1], 0,
        null, recoveryMillis, null, null, writeResult, error, failedStep, serverLeftDown);
  }

  /** @return acknowledged inserts (version 1) and updates */
  private static long[] acks(List<Ledger.Line> lines) {
    long[] acks = {0, 0};
    for (Ledger.Line l : lines) {
      if (l.event() == Ledger.Event.K) {
        acks[l.version() == 1 ? 0 : 1]++;
      }
    }
    return acks;
  }
}
