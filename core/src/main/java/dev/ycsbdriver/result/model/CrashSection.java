package dev.ycsbdriver.result.model;

import java.util.List;

/**
 * The {@code crash} object of a crash test's result (phase {@code crashtest}). Lost and in-doubt writes are null when
 * a round's crash, restart, recovery or audit did not complete (unknown, never 0); then {@link #failure} names the
 * round, the step and the reason.
 *
 * @param claim the {@code durability.claim}: {@code no-loss}, {@code recent-loss} or {@code none}; null when absent
 * @param claimHeld whether the claim held: false when an audited round lost a write under a no-loss claim; null for
 *     claim none or when a round was not audited
 * @param method {@code kill}, {@code command} or {@code writer-kill}
 * @param rounds the rounds that ran
 * @param acknowledgedWrites writes the store acknowledged over every round
 * @param lostWrites acknowledged writes the store no longer held after the crash, over every round; null when a round
 *     was not audited
 * @param inDoubtWrites writes sent without an acknowledgement, over every round; null when a round was not audited
 * @param inDoubtWritesPresent of those, the ones the store holds; null when a round was not audited
 * @param recoveryTimeMillis mean and longest time from the crash (or restart) until the store answered
 * @param lostKeys the lost keys of every round, at most 1000; empty when none
 * @param failure the first round that did not complete, or null (absent in results written before it)
 * @param roundResults one element per round that ran, in order
 */
public record CrashSection(String claim, Boolean claimHeld, String method, int rounds, long acknowledgedWrites,
                           Long lostWrites, Long inDoubtWrites, Long inDoubtWritesPresent,
                           RecoveryTime recoveryTimeMillis, List<String> lostKeys, Failure failure,
                           List<Round> roundResults) {

  /** @return the crashes done: the elements of {@link #roundResults}, else (when absent) {@link #rounds} */
  public int crashes() {
    return roundResults != null ? roundResults.size() : rounds;
  }

  /**
   * @param mean the mean over the rounds that measured one, milliseconds, or null
   * @param max the longest, milliseconds, or null
   */
  public record RecoveryTime(Double mean, Long max) {
  }

  /**
   * The round that did not complete.
   *
   * @param round its number, from 1
   * @param step the step that did not complete: {@code writer}, {@code crash}, {@code restart}, {@code recovery},
   *     {@code audit} or {@code interrupted}
   * @param reason why, one line
   * @param serverLeftDown the command that starts the server again when it was left down, or a line saying none is
   *     known; null when it answers
   */
  public record Failure(int round, String step, String reason, String serverLeftDown) {
  }

  /**
   * One element of {@code roundResults}. A figure the round did not measure (it failed before) is null; so are the
   * figures absent in results written before them.
   *
   * @param round the round number, from 1
   * @param crashAfterMillis from the writer's first acknowledged write to the crash, milliseconds
   * @param acknowledgedWrites writes the store acknowledged
   * @param acknowledgedInserts of those, inserts
   * @param acknowledgedUpdates of those, updates
   * @param lostWrites acknowledged writes lost, or null when the audit did not complete
   * @param inDoubtWrites unacknowledged writes, or null when the audit did not complete
   * @param inDoubtWritesPresent of those, the ones the store holds, or null when the audit did not complete
   * @param recoveryTimeMillis from the crash (or restart) until the store answered, milliseconds, or null
   * @param auditMillis how long the audit took, milliseconds, or null
   * @param oldestLostWriteAgeMillis how long before the crash the oldest lost write was acknowledged, milliseconds,
   *     or null
   * @param lostKeys the lost keys, at most 1000; empty when none or not audited
   * @param writeResult the writer's result JSON relative to the crash test's directory, or null
   * @param writerRunTimeMillis from the writer's first ledger line to the crash, milliseconds
   * @param error why the round failed, one line, or null
   * @param failedStep the step that did not complete ({@link Failure#step}), or null when the round was audited
   * @param serverLeftDown as {@link Failure#serverLeftDown}, or null
   */
  public record Round(int round, long crashAfterMillis, long acknowledgedWrites, long acknowledgedInserts,
                      long acknowledgedUpdates, Long lostWrites, Long inDoubtWrites, Long inDoubtWritesPresent,
                      Long recoveryTimeMillis, Long auditMillis, Long oldestLostWriteAgeMillis, List<String> lostKeys,
                      String writeResult, Long writerRunTimeMillis, String error, String failedStep,
                      String serverLeftDown) {
  }
}
