package dev.ycsbdriver.binding.mysql;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ycsbdriver.testing.CliRun;
import dev.ycsbdriver.testing.PrivateMariadb;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * {@code bin/ycsb crashtest mysql} against a MariaDB of the test's own ({@link PrivateMariadb}, spare port, never
 * the shared one on 3306): each round SIGKILLs the {@code mariadbd} listening on the port, re-runs its captured
 * command line, waits until it answers and audits. The server starts with non-default
 * {@code innodb_flush_log_at_trx_commit=2} on its command line, so the settings afterwards equal the originals
 * only when the restart re-ran that command line and nothing the durable profile set was left behind.
 */
class MysqlCrashtestIT {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Path TARGET = Path.of("target");
  private static final Pattern RESTARTED = Pattern.compile("restarted the server \\(pid (\\d+)\\)");

  private static CliRun crashtest(PrivateMariadb db, Path work, String profile, int rounds) {
    return CliRun.of("crashtest", "mysql", "-p", "profile=" + profile, "-p", "mysql.url=" + db.url(),
        "-p", "mysql.user=root", "-p", "result.dir=" + work.resolve("results"),
        "-p", "restore.journal.dir=" + work.resolve("journal"), "-p", "crash.rounds=" + rounds,
        "-p", "crash.after.min=2s", "-p", "crash.after.max=4s", "-p", "stop.timeout=2s",
        "-p", "restart.grace=500ms", "-threads", "4");
  }

  private static List<String> globals(PrivateMariadb db) throws Exception {
    return List.of(db.sql("SELECT @@GLOBAL.innodb_flush_log_at_trx_commit, @@GLOBAL.sync_binlog").split("\t"));
  }

  @Test
  void theDurableProfileLosesNoAcknowledgedWriteAcrossKillsAndBuiltInRestarts() throws Exception {
    try (PrivateMariadb db = PrivateMariadb.start(TARGET, "--innodb-flush-log-at-trx-commit=2", "--sync-binlog=0")) {
      List<String> before = globals(db);
      assertThat(before).containsExactly("2", "0");
      Path work = Files.createTempDirectory(TARGET.toAbsolutePath(), "crashtest-it-");

      CliRun run = crashtest(db, work, "durable", 2);

      assertThat(run.exitCode()).as(run.toString()).isZero();
      assertThat(run.out()).contains("[CRASH], Rounds, 2").contains("[CRASH], LostWrites, 0")
          .contains("[CRASH], Claim, no-loss").contains("[CRASH], ClaimHeld, true")
          .contains("[OVERALL], RunTime(ms), ").contains("[INSERT], Operations, ");
      Matcher restarted = RESTARTED.matcher(run.err());
      long lastRestart = 0;
      int restarts = 0;
      while (restarted.find()) {
        lastRestart = Long.parseLong(restarted.group(1));
        restarts++;
      }
      assertThat(restarts).as("built-in restarts:\n%s", run.err()).isEqualTo(2);
      assertThat(db.runningPid()).as("the server on the data directory is the last one the crash test started")
          .hasValue(lastRestart);
      assertThat(lastRestart).isNotEqualTo(db.pid());
      JsonNode crash = JSON.readTree(Files.readString(run.resultFile())).path("crash");
      assertThat(crash.path("method").asText()).isEqualTo("kill");
      assertThat(crash.path("acknowledgedWrites").asLong()).isPositive();
      assertThat(crash.path("roundResults")).hasSize(2);
      for (JsonNode r : crash.path("roundResults")) {
        assertThat(r.path("acknowledgedWrites").asLong()).isPositive();
        assertThat(r.path("recoveryTimeMillis").asLong()).isPositive();
        assertThat(r.path("lostWrites").asLong()).isZero();
      }
      assertThat(globals(db)).as("GLOBAL settings after the test").isEqualTo(before);
      try (Stream<Path> left = Files.list(work.resolve("journal"))) {
        assertThat(left.filter(f -> f.toString().endsWith(".json"))).as("restore journals left behind").isEmpty();
      }
    }
  }

  @Test
  void theFastProfileCompletesAndReportsItsFigures() throws Exception {
    try (PrivateMariadb db = PrivateMariadb.start(TARGET)) {
      Path work = Files.createTempDirectory(TARGET.toAbsolutePath(), "crashtest-it-");

      CliRun run = crashtest(db, work, "fast", 1);

      assertThat(run.exitCode()).as(run.toString()).isZero();
      assertThat(run.out()).contains("[CRASH-ROUND-1], AcknowledgedWrites, ").contains("[CRASH-ROUND-1], LostWrites, ")
          .contains("[CRASH], Claim, recent-loss").contains("[CRASH], RecoveryTime(ms), ");
      JsonNode rounds = JSON.readTree(Files.readString(run.resultFile())).path("crash").path("roundResults");
      assertThat(rounds).hasSize(1);
      assertThat(rounds.get(0).path("acknowledgedWrites").asLong()).isPositive();
    }
  }
}
