package dev.ycsbdriver.crash;

import java.util.List;

/**
 * What one crash round measured. A figure that was not measured (the round failed before it) is null.
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
 */
public record RoundResult(int round, boolean embedded, long crashAfterMillis, long attemptedWrites,
                          long acknowledgedWrites, long acknowledgedInserts, long acknowledgedUpdates,
                          long writerRunTimeMillis, AuditCount count, Long recoveryTimeMillis, Long auditMillis,
                          Long oldestLostWriteAgeMillis, String writeResult, String error) {

  /** @return lost writes, 0 when the audit did not run */
  public long lostWrites() {
    return count == null ? 0 : count.lostWrites();
  }

  /** @return in-doubt writes, 0 when the audit did not run */
  public long inDoubtWrites() {
    return count == null ? 0 : count.inDoubtWrites();
  }

  /** @return in-doubt writes the store holds, 0 when the audit did not run */
  public long inDoubtWritesPresent() {
    return count == null ? 0 : count.inDoubtWritesPresent();
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
