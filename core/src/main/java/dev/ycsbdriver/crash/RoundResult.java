package dev.ycsbdriver.crash;

import java.util.List;

/**
 * What one crash round measured. A figure that was not measured (the round failed before it) is null; in particular
 * the lost writes of a round whose crash, restart, recovery or audit did not complete are unknown (null), never 0.
 *
 * <p>Immutable and thread-safe.
 *
 * @param round the round number, from 1
 * @param embedded whether the crash was a SIGKILL of the writer process (embedded store)
 * @param crashAfterMillis from the writer's first acknowledged write to the crash, milliseconds
 * @param attemptedWrites writes the writer sent ({@code A} lines)
 * @param acknowledgedWrites writes the store acknowledged ({@code K} lines)
 * @param acknowledgedInserts of those, inserts (version 1)
 * @param acknowledgedUpdates of those, updates
 * @param writerRunTimeMillis from the writer's first ledger line to the crash, milliseconds
 * @param count the audit's counts, or null when the audit did not run
 * @param recoveryTimeMillis from the crash to the first successful open, or null
 * @param auditMillis how long the audit took, or null
 * @param oldestLostWriteAgeMillis how long before the crash the oldest lost write was acknowledged, or null
 * @param writeResult the writer's result.json relative to the run directory, or null (killed writer)
 * @param error why the round failed, one line, or null
 * @param failedStep the step that did not complete ({@link #STEPS}), or null when the round was audited
 * @param serverLeftDown when the round failed with the server down: the command that starts it again, or a line
 *     saying none is known; else null
 */
public record RoundResult(int round, boolean embedded, long crashAfterMillis, long attemptedWrites,
                          long acknowledgedWrites, long acknowledgedInserts, long acknowledgedUpdates,
                          long writerRunTimeMillis, AuditCount count, Long recoveryTimeMillis, Long auditMillis,
                          Long oldestLostWriteAgeMillis, String writeResult, String error,
                          String failedStep, String serverLeftDown) {
  /**
   * The steps of a round, in order, as {@link #failedStep} names them: the writer until the crash, the crash, the
   * restart, the recovery (until the store answers), the audit; {@code interrupted} when a signal ended it.
   */
  public static final List<String> STEPS = List.of("writer", "crash", "restart", "recovery", "audit", "interrupted");

  /** @return lost writes, or null when the audit did not complete (unknown) */
  public Long lostWrites() {
    return count == null ? null : count.lostWrites();
  }

  /** @return in-doubt writes, or null when the audit did not complete */
  public Long inDoubtWrites() {
    return count == null ? null : count.inDoubtWrites();
  }

  /** @return in-doubt writes the store holds, or null when the audit did not complete */
  public Long inDoubtWritesPresent() {
    return count == null ? null : count.inDoubtWritesPresent();
  }

  /** @return whether the audit completed, so that the lost writes are known */
  public boolean audited() {
    return count != null;
  }

  /** @return the lost keys, at most 1000; empty when none or not audited */
  public List<String> lostKeys() {
    return count == null ? List.of() : count.lostKeys();
  }

  /** @return acknowledged writes per second of writer time until the crash, or 0 without writer time */
  public double writerThroughputOpsPerSec() {
    return writerRunTimeMillis <= 0 ? 0 : acknowledgedWrites * 1000.0 / writerRunTimeMillis;
  }
}
