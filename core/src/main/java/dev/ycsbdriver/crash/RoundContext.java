package dev.ycsbdriver.crash;

import dev.ycsbdriver.spi.ServerLocation;
import java.nio.file.Path;

/**
 * What every round of one crash test shares, fixed once {@link CrashTest#check()} has found the server.
 *
 * <p>Immutable; its parts are shared by the rounds, which run one after another.
 *
 * @param request what the test runs
 * @param access opens the store for the rounds and the audit
 * @param table the crash table
 * @param field0 the first field's name, which holds each record's version
 * @param runId the test's identity in its keys
 * @param secrets masks secrets in the built-in restart's log
 * @param location where the server runs
 * @param method {@code writer-kill} (embedded), {@code kill} or {@code command}
 */
record RoundContext(CrashRequest request, StoreAccess access, String table, String field0, String runId,
                    CrashSecrets secrets, ServerLocation location, String method) {

  /** @return the crash test's settings */
  CrashConfig config() {
    return request.config();
  }

  /** @return whether the store is embedded: it crashes with its writer process */
  boolean embedded() {
    return location instanceof ServerLocation.Embedded;
  }

  /** @return {@code round-<round>} under the test's result directory */
  Path roundDirectory(int round) {
    return roundDirectory(request.runDirectory(), round);
  }

  /**
   * @param runDirectory the test's result directory
   * @param round the round number, from 1
   * @return {@code round-<round>} under it
   */
  static Path roundDirectory(Path runDirectory, int round) {
    return runDirectory.resolve("round-" + round);
  }

  /** @param line written to stderr after {@code [crashtest] round <round>: } */
  void say(int round, String line) {
    request.err().println("[crashtest] round " + round + ": " + line);
  }
}
