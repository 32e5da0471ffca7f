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
 * @param lostWrites acknowledged writes lost, over every crash
 * @param inDoubtWrites writes in flight at a crash, over every crash
 * @param recoveryMaxMillis the longest recovery, or null when no result gave one
 * @param results the results, at least one
 */
public record CrashEntry(String store, String profile, String claim, Boolean claimHeld, int crashes,
                         long acknowledgedWrites, long lostWrites, long inDoubtWrites, Double recoveryMaxMillis,
                         List<CrashResult> results) {

  /** Copies the list. */
  public CrashEntry {
    results = List.copyOf(results);
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
    long lost = 0;
    long inDoubt = 0;
    Double recovery = null;
    for (CrashResult r : results) {
      if (r.claimHeld() != null) {
        held = (held == null || held) && r.claimHeld();
      }
      crashes += r.rounds();
      acknowledged += r.acknowledgedWrites();
      lost += r.lostWrites();
      inDoubt += r.inDoubtWrites();
      if (r.recoveryMaxMillis() != null) {
        recovery = recovery == null ? r.recoveryMaxMillis() : Math.max(recovery, r.recoveryMaxMillis());
      }
    }
    return new CrashEntry(first.storeName(), first.profile(), first.claim(), held, crashes, acknowledged, lost,
        inDoubt, recovery, results);
  }

  /** @return whether this entry is of that store and profile */
  boolean of(String storeName, String profileName) {
    return store.equals(storeName) && Objects.equals(profile, profileName);
  }
}
