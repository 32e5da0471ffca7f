package dev.ycsbdriver.crash;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.ycsbdriver.config.Settings;
import dev.ycsbdriver.cpu.MachineFacts;
import dev.ycsbdriver.result.model.CrashResultDocument;
import dev.ycsbdriver.result.model.Warning;
import dev.ycsbdriver.spi.RestoredSetting;
import dev.ycsbdriver.spi.ServerFacts;
import dev.ycsbdriver.testing.Resources;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The crash result's bytes are sealed by golden files in {@code /golden/crash-result/}: rounds that lost writes, a
 * no-loss claim broken before a round whose audit failed, a restart that timed out with the server left down, and a
 * test interrupted while the server was down. Each file is valid against the schema, and reads back into the model
 * and writes again unchanged.
 */
class CrashResultJsonTest {
  private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
  private static final String LEFT_DOWN = "postgres at 127.0.0.1:55432 is left down; start it again with: cd /d && "
      + "setsid postgres -D /d; the next bin/ycsb command against it puts back any server-wide setting the profile "
      + "changed (journal in /j)";

  @TempDir
  Path dir;

  private static RoundResult audited(int round, long lost, List<String> lostKeys, Long oldestLostAckMillis) {
    return new RoundResult(round, false, 5000 + round, 12000 + round, 11000 + round, 3000, 8000 + round, 9000 + round,
        new AuditCount(3000, lost, 7, 3, lostKeys, oldestLostAckMillis), 1200L + round, 35L + round,
        oldestLostAckMillis == null ? null : 420L, "round-" + round + "/20260101-000000-run-postgres/result.json",
        null, null, null);
  }

  private static RoundResult failedAt(int round, String step, String error, String leftDown, long writerMillis) {
    return new RoundResult(round, false, 7000, 9000, 8800, 2200, 6600, writerMillis, null,
        step.equals("audit") ? 1500L : null, null, null, null, error, step, leftDown);
  }

  private static CrashReport report(Map<String, String> given, String profile, List<RoundResult> rounds,
                                    ServerFacts server, List<String> warnings, boolean interrupted) throws Exception {
    Settings settings = Settings.of(given);
    List<String> errors = rounds.stream().filter(r -> r.error() != null)
        .map(r -> "round " + r.round() + ": " + r.error()).toList();
    return new CrashReport("0.1.0-test", "postgres", settings, profile, CrashConfig.from(settings), "kill", 16,
        Instant.parse("2026-01-01T10:00:00.123456789Z"), Instant.parse("2026-01-01T10:01:23.5Z"), rounds, server,
        new MachineFacts("AMD EPYC", 2, 4, 25276026880L, "GNU/Linux", "vm", "17.0.15", "OpenJDK 64-Bit Server VM"),
        warnings, interrupted, errors);
  }

  private static Map<String, String> settings(String claim, String rounds) {
    Map<String, String> s = new LinkedHashMap<>();
    s.put("durability.claim", claim);
    s.put("crash.rounds", rounds);
    s.put("postgres.password", "s3cret");
    s.put("postgres.url", "jdbc:postgresql://127.0.0.1:5432/ycsb");
    s.put("store.name", "pg-main");
    return s;
  }

  private static ServerFacts restoredServer() {
    Map<String, String> settings = new LinkedHashMap<>();
    settings.put("synchronous_commit", "off");
    settings.put("fsync", "on");
    return new ServerFacts("PostgreSQL", "15.8", "fast", settings, List.of(Warning.other("fsync is on")),
        List.of(new RestoredSetting("127.0.0.1:5432", "synchronous_commit", "on", 4242,
            Instant.parse("2026-01-01T09:59:00Z"), Path.of("/j/postgres-127.0.0.1-5432.json"))));
  }

  /** Three rounds, two of them with lost writes, under a recent-loss claim that held. */
  static CrashReport lostWrites() throws Exception {
    return report(settings("recent-loss", "3"), "fast", List.of(audited(1, 2, List.of("crash-a-r1-t0-1",
        "crash-a-r1-t3-7"), 1767261659000L), audited(2, 0, List.of(), null), audited(3, 1, List.of("crash-a-r3-t1-2"),
        1767261700000L)), restoredServer(), List.of("postgres: fsync is on"), false);
  }

  /** A no-loss claim broken in round 1, then an audit that failed in round 2: lost writes unknown. */
  static CrashReport brokenClaimThenFailedAudit() throws Exception {
    return report(settings("no-loss", "3"), "durable", List.of(audited(1, 3, List.of("k1", "k2", "k3"),
        1767261659000L), failedAt(2, "audit", "audit: key k could not be read", null, 6500)), ServerFacts.unknown(),
        List.of(), false);
  }

  /** A restart that did not answer within restart.timeout, the server left down, claim none. */
  static CrashReport restartTimeout() throws Exception {
    return report(settings("none", "2"), null, List.of(failedAt(1, "restart", "restart: the store did not answer "
        + "within 120 s of the crash (restart.timeout)", LEFT_DOWN, 6800)), restoredServer(), List.of(), false);
  }

  /** Ctrl-C while the server was down, with no writer time: throughput 0. */
  static CrashReport interrupted() throws Exception {
    return report(settings("recent-loss", "3"), "fast", List.of(failedAt(1, "interrupted", "interrupted while the "
        + "server was down; it was restarted, not audited", null, 0)), ServerFacts.unknown(), List.of(), true);
  }

  private void sameAsGolden(String name, CrashReport report) throws Exception {
    Path written = dir.resolve(name + ".json");
    CrashResultJson.write(report, written);
    Path golden = Resources.path("/golden/crash-result/" + name + ".json");
    assertThat(Files.readString(written)).as(name).isEqualTo(Files.readString(golden));
    CrashtestCliTest.valid(JSON.readTree(golden.toFile()));

    Path again = dir.resolve(name + "-again.json");
    JSON.writeValue(again.toFile(), JSON.readValue(golden.toFile(), CrashResultDocument.class));
    assertThat(Files.readString(again)).as(name + " read and written again").isEqualTo(Files.readString(golden));
  }

  @Test
  void roundsWithLostWritesAreWrittenAsTheGoldenFile() throws Exception {
    sameAsGolden("lost-writes", lostWrites());
  }

  @Test
  void aBrokenClaimThenAFailedAuditIsWrittenAsTheGoldenFile() throws Exception {
    sameAsGolden("broken-claim-failed-audit", brokenClaimThenFailedAudit());
  }

  @Test
  void aRestartTimeoutWithTheServerLeftDownIsWrittenAsTheGoldenFile() throws Exception {
    sameAsGolden("restart-timeout", restartTimeout());
  }

  @Test
  void anInterruptedTestIsWrittenAsTheGoldenFile() throws Exception {
    sameAsGolden("interrupted", interrupted());
  }
}
