package dev.ycsbdriver.crash;

import dev.ycsbdriver.config.Settings;
import dev.ycsbdriver.cpu.MachineFacts;
import dev.ycsbdriver.spi.ServerFacts;
import java.time.Instant;
import java.util.List;

/**
 * Everything a crash test measured, for its text and JSON views.
 *
 * <p>Immutable and thread-safe.
 *
 * @param toolVersion the driver's version
 * @param binding the binding's name
 * @param settings the merged configuration (masked when shown)
 * @param profile the durability profile, or null
 * @param config the crash test's settings
 * @param method {@code kill}, {@code command} or {@code writer-kill}
 * @param threads the writer's client threads
 * @param start when the test started
 * @param end when it ended
 * @param rounds the rounds that ran, in order
 * @param server what the audit's (or else the check's) open read back from the store
 * @param machine the machine's facts
 * @param warnings lines for the reader
 * @param interrupted whether Ctrl-C stopped it
 * @param errors why rounds failed, one line each
 */
public record CrashReport(String toolVersion, String binding, Settings settings, String profile, CrashConfig config,
                          String method, int threads, Instant start, Instant end, List<RoundResult> rounds,
                          ServerFacts server, MachineFacts machine, List<String> warnings, boolean interrupted,
                          List<String> errors) {
  /** Copies the lists. */
  public CrashReport {
    rounds = List.copyOf(rounds);
    warnings = List.copyOf(warnings);
    errors = List.copyOf(errors);
  }

  public long acknowledgedWrites() {
    return rounds.stream().mapToLong(RoundResult::acknowledgedWrites).sum();
  }

  public long attemptedWrites() {
    return rounds.stream().mapToLong(RoundResult::attemptedWrites).sum();
  }

  /** @return whether every round that ran was audited, and at least one ran: only then are the losses known */
  public boolean audited() {
    return !rounds.isEmpty() && rounds.stream().allMatch(RoundResult::audited);
  }

  /** @return lost writes over every round, or null when a round was not audited (unknown, never 0) */
  public Long lostWrites() {
    return audited() ? lostWritesObserved() : null;
  }

  /** @return lost writes the audited rounds found; a lower bound when a round was not audited */
  public long lostWritesObserved() {
    return rounds.stream().filter(RoundResult::audited).mapToLong(RoundResult::lostWrites).sum();
  }

  /** @return in-doubt writes over every round, or null when a round was not audited */
  public Long inDoubtWrites() {
    return audited() ? rounds.stream().mapToLong(RoundResult::inDoubtWrites).sum() : null;
  }

  /** @return in-doubt writes the store holds, or null when a round was not audited */
  public Long inDoubtWritesPresent() {
    return audited() ? rounds.stream().mapToLong(RoundResult::inDoubtWritesPresent).sum() : null;
  }

  /** @return the first round that did not complete (its {@code failedStep} set), or null */
  public RoundResult failedRound() {
    return rounds.stream().filter(r -> r.failedStep() != null).findFirst().orElse(null);
  }

  /** @return the summed writer time until each crash, milliseconds */
  public long writerRunTimeMillis() {
    return rounds.stream().mapToLong(RoundResult::writerRunTimeMillis).sum();
  }

  /** @return the mean recovery time over the rounds that measured one, or null */
  public Double meanRecoveryTimeMillis() {
    var s = rounds.stream().filter(r -> r.recoveryTimeMillis() != null).mapToLong(RoundResult::recoveryTimeMillis)
        .summaryStatistics();
    return s.getCount() == 0 ? null : s.getAverage();
  }

  /** @return the longest recovery time, or null */
  public Long maxRecoveryTimeMillis() {
    return rounds.stream().filter(r -> r.recoveryTimeMillis() != null).map(RoundResult::recoveryTimeMillis)
        .max(Long::compare).orElse(null);
  }

  /**
   * @return whether the claim held: false when an audited round lost a write under a no-loss claim; null for claim
   *     none or when a round was not audited (nothing else is known)
   */
  public Boolean claimHeld() {
    if ("none".equals(config.claim())) {
      return null;
    }
    if (config.claimsNoLoss() && lostWritesObserved() > 0) {
      return false;
    }
    return audited() ? Boolean.TRUE : null;
  }

  /** @return whether every round completed its audit, and it was not interrupted */
  public boolean completed() {
    return !interrupted && errors.isEmpty() && rounds.size() == config.rounds();
  }

  /** @return 0, or 1 when a round failed, it was interrupted, or a no-loss claim lost a write */
  public int exitCode() {
    return completed() && !Boolean.FALSE.equals(claimHeld()) ? 0 : 1;
  }

  /** @return {@code ok}, {@code failed} or {@code interrupted}, as in run results */
  public String status() {
    return interrupted ? "interrupted" : exitCode() == 0 ? "ok" : "failed";
  }

  /** @return the lost keys of every round, at most 1000 */
  public List<String> lostKeys() {
    return rounds.stream().flatMap(r -> r.lostKeys().stream()).limit(AuditCount.MAX_LOST_KEYS).toList();
  }
}
