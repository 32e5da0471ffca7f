package dev.ycsbdriver.report;

import dev.ycsbdriver.config.ConfigException;
import dev.ycsbdriver.result.model.CrashResultDocument;
import dev.ycsbdriver.result.model.CrashSection;
import dev.ycsbdriver.result.model.ResultDocument;
import java.nio.file.Path;

/**
 * Reads the {@code crash} object of a crash test's result JSON into a {@link CrashResult}. Stateless and
 * thread-safe.
 */
final class CrashResults {
  private CrashResults() {
  }

  /**
   * @param file the result file, for messages and links
   * @param n its document, of a supported schema version and phase {@link CrashResultDocument#PHASE}
   * @return its figures
   * @throws ConfigException when the document has no {@code crash} object
   */
  static CrashResult read(Path file, ResultDocument n) throws ConfigException {
    CrashSection crash = n.crash();
    if (crash == null) {
      throw new ConfigException(file + ": a crash test result must hold a crash object, got none");
    }
    Boolean claimHeld = crash.claimHeld();
    CrashSection.RecoveryTime recovery = crash.recoveryTimeMillis();
    String claim = text(crash.claim());
    String failure = failure(crash);
    if (failure != null && Boolean.TRUE.equals(claimHeld)) {
      claimHeld = null; // a round that was not audited proves nothing (results written before failure existed)
    }
    return new CrashResult(file, ResultFields.storeName(n), n.identity().binding(),
        ResultFields.blankToNull(n.plan().profile()), n.figures().outcome() == null ? "ok" : n.figures().outcome().status(),
        claim == null ? "none" : claim, claimHeld, text(crash.method()), crash.crashes(), crash.acknowledgedWrites(),
        failure == null ? crash.lostWrites() : null, failure == null ? crash.inDoubtWrites() : null,
        recovery == null ? null : recovery.mean(),
        recovery == null || recovery.max() == null ? null : recovery.max().doubleValue(), ResultFields.product(n),
        ResultFields.settings(n, file), failure);
  }

  /**
   * @return the round that did not complete, its step and why, or null: from {@code failure}, else (results
   *     written before it existed, whose lost writes of such a round read 0) from the first round with an error
   */
  private static String failure(CrashSection crash) {
    CrashSection.Failure f = crash.failure();
    if (f != null) {
      return "round " + f.round() + ", " + orElse(f.step(), "unknown step") + ": "
          + orElse(f.reason(), "no reason given");
    }
    if (crash.roundResults() != null) {
      for (CrashSection.Round r : crash.roundResults()) {
        if (r.error() != null) {
          return "round " + r.round() + ", " + orElse(r.failedStep(), "unknown step") + ": " + r.error();
        }
      }
    }
    return crash.lostWrites() != null ? null : "no round was audited";
  }

  private static String orElse(String text, String otherwise) {
    return text == null ? otherwise : text;
  }

  /** @return the text, or null when it is absent or empty */
  private static String text(String text) {
    return text == null || text.isEmpty() ? null : text;
  }
}
