package dev.ycsbdriver.crash;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ycsbdriver.config.Settings;
import dev.ycsbdriver.cpu.MachineFacts;
import dev.ycsbdriver.spi.ServerFacts;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A round whose restart or audit did not complete: its lost writes are unknown in the text, the result JSON and the
 * exit code, never 0, and the step that failed is named.
 */
class FailedRoundTest {
  private static final String LEFT_DOWN = "postgres at 127.0.0.1:55432 is left down; start it again with: cd /d && "
      + "setsid postgres -D /d";

  private static RoundResult audited(int round, long lost) {
    return new RoundResult(round, false, 1000, 120, 100, 60, 40, 900,
        new AuditCount(100, lost, 2, 1, List.of(), null), 800L, 20L, null, null, null, null, null);
  }

  private static RoundResult failedAt(int round, String step, String error, String leftDown) {
    return new RoundResult(round, false, 1000, 120, 100, 60, 40, 0, null, null, null, null, null, error, step,
        leftDown);
  }

  private static CrashReport report(String claim, int rounds, List<RoundResult> done, boolean interrupted)
      throws Exception {
    Settings settings = Settings.of(Map.of("durability.claim", claim, "crash.rounds", Integer.toString(rounds)));
    List<String> errors = done.stream().filter(r -> r.error() != null).map(r -> "round " + r.round() + ": "
        + r.error()).toList();
    return new CrashReport("test", "postgres", settings, "fast", CrashConfig.from(settings), "kill", 4,
        Instant.parse("2026-01-01T00:00:00Z"), Instant.parse("2026-01-01T00:01:00Z"), done, ServerFacts.unknown(),
        new MachineFacts("cpu", 1, 1, 1, "linux", "h", "17", "jvm"), List.of(), interrupted, errors);
  }

  private static String text(CrashReport r) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
    r.rounds().forEach(round -> CrashText.round(round, out));
    CrashText.summary(r, out);
    return bytes.toString(StandardCharsets.UTF_8);
  }

  private static JsonNode validJson(CrashReport r) throws Exception {
    return CrashtestCliTest.valid(CrashResultJson.toJson(r));
  }

  @Test
  void aFailedRestartLeavesTheLostWritesUnknownNeverZero() throws Exception {
    CrashReport r = report("recent-loss", 1, List.of(failedAt(1, "restart", "restart.command: exit 127", LEFT_DOWN)),
        false);

    String text = text(r);
    assertThat(text).doesNotContain("LostWrites, 0").contains("[CRASH-ROUND-1], LostWrites, unknown (restart failed)")
        .contains("[CRASH-ROUND-1], FailedStep, restart").contains("[CRASH], LostWrites, unknown (restart failed) in "
            + "round 1").contains("[CRASH], ServerLeftDown, " + LEFT_DOWN).doesNotContain("ClaimHeld");
    assertThat(r.exitCode()).isEqualTo(1);
    assertThat(r.claimHeld()).isNull();
    JsonNode crash = validJson(r).path("crash");
    assertThat(crash.path("lostWrites").isNull()).as(crash.toPrettyString()).isTrue();
    assertThat(crash.path("failure").path("step").asText()).isEqualTo("restart");
    assertThat(crash.path("failure").path("reason").asText()).isEqualTo("restart.command: exit 127");
    assertThat(crash.path("failure").path("serverLeftDown").asText()).isEqualTo(LEFT_DOWN);
    assertThat(crash.path("roundResults").get(0).path("lostWrites").isNull()).isTrue();
    assertThat(crash.path("roundResults").get(0).path("failedStep").asText()).isEqualTo("restart");
  }

  @Test
  void aFailedAuditAfterACleanRoundKeepsTheTotalUnknown() throws Exception {
    CrashReport r = report("no-loss", 2, List.of(audited(1, 0), failedAt(2, "audit", "audit: key k could not be read",
        null)), false);

    String text = text(r);
    assertThat(text).contains("[CRASH-ROUND-1], LostWrites, 0").contains("[CRASH-ROUND-2], LostWrites, unknown "
        + "(audit failed)").doesNotContain("[CRASH], LostWrites, 0").doesNotContain("ClaimHeld, true");
    assertThat(r.lostWrites()).isNull();
    assertThat(r.claimHeld()).as("one round was not audited: the no-loss claim is not proven").isNull();
    assertThat(r.exitCode()).isEqualTo(1);
    JsonNode doc = validJson(r);
    assertThat(doc.path("crash").path("lostWrites").isNull()).isTrue();
    assertThat(doc.path("crash").path("failure").path("round").asInt()).isEqualTo(2);
    assertThat(doc.path("outcome").path("status").asText()).isEqualTo("failed");
  }

  @Test
  void aLossFoundBeforeAFailedRoundStillBreaksANoLossClaim() throws Exception {
    CrashReport r = report("no-loss", 2, List.of(audited(1, 3), failedAt(2, "recovery", "restart: no answer", null)),
        false);

    assertThat(r.claimHeld()).isFalse();
    assertThat(r.lostWrites()).isNull();
    assertThat(r.lostWritesObserved()).isEqualTo(3);
    assertThat(validJson(r).path("outcome").path("errors").toString()).contains("3 acknowledged writes lost");
  }

  @Test
  void aSignalWhileTheServerIsDownMarksTheRoundInterrupted() throws Exception {
    CrashReport r = report("recent-loss", 3, List.of(failedAt(1, "interrupted",
        "interrupted while the server was down; it was restarted, not audited", null)), true);

    assertThat(text(r)).contains("[CRASH-ROUND-1], LostWrites, unknown (interrupted)").doesNotContain("LostWrites, 0");
    assertThat(r.exitCode()).isEqualTo(1);
    JsonNode doc = validJson(r);
    assertThat(doc.path("outcome").path("status").asText()).isEqualTo("interrupted");
    assertThat(doc.path("crash").path("failure").path("step").asText()).isEqualTo("interrupted");
  }

  @Test
  void aWriterKeyGivenByTheUserIsAnErrorWithTheNearestKey() {
    Settings settings = Settings.of(Map.of("crash.round", "2"));

    assertThat(org.assertj.core.api.Assertions.catchThrowable(() -> CrashConfig.from(settings)))
        .hasMessage("crash.round: set by crashtest for its writer process, not by a user, got 2; did you mean "
            + "crash.rounds?");
  }
}
