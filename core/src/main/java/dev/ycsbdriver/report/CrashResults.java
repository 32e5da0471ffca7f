package dev.ycsbdriver.report;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ycsbdriver.result.model.ResultDocument;
import dev.ycsbdriver.config.ConfigException;
import java.nio.file.Path;

/**
 * Reads the {@code crash} object of a crash test's result JSON into a {@link CrashResult}. Stateless and
 * thread-safe.
 */
final class CrashResults {
  /** The {@code phase} of a crash test's result. */
  static final String PHASE = "crashtest";

  private CrashResults() {
  }

  /** @return the rounds done ({@code roundResults}), else the rounds asked for */
  private static int crashes(JsonNode crash) {
    JsonNode done = crash.get("roundResults");
    return done != null && done.isArray() ? done.size() : crash.path("rounds").asInt();
  }

  /**
   * @param file the result file, for messages and links
   * @param n its document, of a supported schema version and phase {@link #PHASE}
   * @return its figures
   * @throws ConfigException when the document has no {@code crash} object
   */
  static CrashResult read(Path file, ResultDocument n) throws ConfigException {
    JsonNode crash = n.crash();
    if (crash == null || !crash.isObject()) {
      throw new ConfigException(file + ": a crash test result must hold a crash object, got "
          + (crash == null ? "none" : crash.getNodeType().toString().toLowerCase(java.util.Locale.ROOT)));
    }
    JsonNode held = crash.get("claimHeld");
    Boolean claimHeld = held == null || !held.isBoolean() ? null : held.asBoolean();
    JsonNode recovery = crash.path("recoveryTimeMillis");
    String claim = text(crash, "claim");
    String failure = failure(crash);
    if (failure != null && Boolean.TRUE.equals(claimHeld)) {
      claimHeld = null; // a round that was not audited proves nothing (results written before failure existed)
    }
    return new CrashResult(file, ResultReader.storeName(n), n.identity().binding(),
        ResultReader.blankToNull(n.plan().profile()), n.figures().outcome() == null ? "ok" : n.figures().outcome().status(),
        claim == null ? "none" : claim, claimHeld, text(crash, "method"),
        crashes(crash), crash.path("acknowledgedWrites").asLong(),
        failure == null ? count(crash, "lostWrites") : null, failure == null ? count(crash, "inDoubtWrites") : null,
        number(recovery, "mean"), number(recovery, "max"), ResultReader.product(n),
        ResultReader.settings(n), failure);
  }

  /** @return the figure, or null when it is absent or null (not measured) */
  private static Long count(JsonNode crash, String field) {
    JsonNode v = crash.get(field);
    return v == null || !v.isIntegralNumber() ? null : v.asLong();
  }

  /**
   * @return the round that did not complete, its step and why, or null: from {@code failure}, else (results
   *     written before it existed, whose lost writes of such a round read 0) from the first round with an error
   */
  private static String failure(JsonNode crash) {
    JsonNode f = crash.path("failure");
    if (f.isObject()) {
      return "round " + f.path("round").asInt() + ", " + f.path("step").asText("unknown step") + ": "
          + f.path("reason").asText("no reason given");
    }
    for (JsonNode r : crash.path("roundResults")) {
      JsonNode error = r.get("error");
      if (error != null && error.isTextual()) {
        return "round " + r.path("round").asInt() + ", " + r.path("failedStep").asText("unknown step") + ": "
            + error.asText();
      }
    }
    JsonNode lost = crash.get("lostWrites");
    return lost != null && lost.isIntegralNumber() ? null : "no round was audited";
  }

  private static Double number(JsonNode n, String field) {
    JsonNode v = n.get(field);
    return v == null || !v.isNumber() ? null : v.asDouble();
  }

  private static String text(JsonNode n, String field) {
    JsonNode v = n.get(field);
    return v == null || v.isNull() || v.asText().isEmpty() ? null : v.asText();
  }
}
