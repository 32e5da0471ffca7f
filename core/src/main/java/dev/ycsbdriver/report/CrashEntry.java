package dev.ycsbdriver.report;

import java.util.List;
import java.util.Objects;

/**
 * The crash tests of one store and profile, added up: every crash of every crash test result.
 *
 * <p>Immutable and thread-safe.
 *
 * @param store the store configuration's name
 * @param profile the durability profile, or null
 * @param claim what the profile claims ({@code no-loss}, {@code recent-loss} or {@code none}); the first
 *     result's when results disagree
 * @param claimHeld false when the claim failed in any result, true when it held in every result that judged
 *     it, null when none judged it
 * @param crashes crashes done, over every result
 * @param acknowledgedWrites acknowledged writes, over every crash
 * @param lostWrites acknowledged writes lost, over every crash; null when a crash test failed (unknown, never 0)
 * @param inDoubtWrites writes in flight at a crash, over every crash; null when unknown
 * @param recoveryMaxMillis the longest recovery, or null when no result gave one
 * @param results the results, at least one
 * @param failures per crash test that did not complete, e.g. {@code round 1, restart: ...}; empty when none
 */
public record CrashEntry(String store, String profile, String claim, Boolean claimHeld, int crashes,
                         long acknowledgedWrites, Long lostWrites, Long inDoubtWrites, Double recoveryMaxMillis,
                         List<CrashResult> results, List<String> failures) {

  /** Copies the lists. */
  public CrashEntry {
    results = List.copyOf(results);
    failures = List.copyOf(failures);
  }

  /** @return whether a crash test of this entry did not complete, so that its lost writes are unknown */
  public boolean failed() {
    return !failures.isEmpty();
  }

  /**
   * @param results crash test results of one store and profile; not empty
   * @return their sum
   */
  static CrashEntry of(List<CrashResult> results) {
    CrashResult first = results.get(0);
    Boolean held = null;
    int crashes = 0;
    long acknowledged = 0;
    Long lost = 0L;
    Long inDoubt = 0L;
    Double recovery = null;
    List<String> failures = new java.util.ArrayList<>();
    for (CrashResult r : results) {
      if (r.failure() != null) {
        failures.add(MachinePaths.mask(r.failure(), r.file(), MachinePaths.PATH));
      }
      if (r.claimHeld() != null) {
        held = (held == null || held) && r.claimHeld();
      }
      crashes += r.rounds();
      acknowledged += r.acknowledgedWrites();
      lost = lost == null || r.lostWrites() == null ? null : lost + r.lostWrites();
      inDoubt = inDoubt == null || r.inDoubtWrites() == null ? null : inDoubt + r.inDoubtWrites();
      if (r.recoveryMaxMillis() != null) {
        recovery = recovery == null ? r.recoveryMaxMillis() : Math.max(recovery, r.recoveryMaxMillis());
      }
    }
    return new CrashEntry(first.storeName(), first.profile(), first.claim(), held, crashes, acknowledged, lost,
        inDoubt, recovery, results, failures);
  }

  /** @return whether this entry is of that store and profile */
  boolean of(String storeName, String profileName) {
    return store.equals(storeName) && Objects.equals(profile, profileName);
  }
}
