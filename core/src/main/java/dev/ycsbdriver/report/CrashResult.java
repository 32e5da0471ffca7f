package dev.ycsbdriver.report;

import java.nio.file.Path;
import java.util.Map;

/**
 * The figures a report takes from one crash test's result JSON ({@code phase: crashtest}, schema version 2 or 3):
 * how many acknowledged writes the store lost over its crashes, and whether the profile's claim held.
 *
 * <p>Immutable and thread-safe. A crash test is an entry per store and profile, never a workload cell.
 *
 * @param file the result file
 * @param storeName the store configuration's name ({@code storeName}, else the binding)
 * @param binding the binding
 * @param profile the durability profile, or null
 * @param status the outcome: {@code ok}, {@code failed} or {@code interrupted}
 * @param claim what the profile claims: {@code no-loss}, {@code recent-loss} or {@code none}
 * @param claimHeld whether the claim held; null when the test judged nothing (e.g. claim {@code none})
 * @param method how the store was crashed: {@code kill}, {@code command} or {@code writer-kill}
 * @param rounds crashes done (the entries of {@code roundResults}), at least 0
 * @param acknowledgedWrites writes the store acknowledged before its crashes, summed over rounds
 * @param lostWrites acknowledged writes missing or older after recovery, summed over rounds; null when a round's
 *     crash, restart, recovery or audit did not complete (unknown, never 0)
 * @param inDoubtWrites writes in flight at a crash (neither acknowledged nor failed), summed over rounds; null
 *     when unknown
 * @param recoveryMeanMillis mean time from restart to the first successful read, or null
 * @param recoveryMaxMillis longest such time, or null
 * @param server product and version, e.g. {@code PostgreSQL 15.8}, or null
 * @param serverSettings the server's effective durability settings, as read back
 * @param failure when a round did not complete: the round, the step and why, e.g.
 *     {@code round 1, restart: restart.command: exit 127}; else null
 */
public record CrashResult(Path file, String storeName, String binding, String profile, String status, String claim,
                          Boolean claimHeld, String method, int rounds, long acknowledgedWrites, Long lostWrites,
                          Long inDoubtWrites, Double recoveryMeanMillis, Double recoveryMaxMillis, String server,
                          Map<String, String> serverSettings, String failure) {

  /** Copies the map. */
  public CrashResult {
    serverSettings = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(serverSettings));
  }
}
