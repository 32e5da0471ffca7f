package dev.ycsbdriver.binding.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ycsbdriver.testing.CliRun;
import dev.ycsbdriver.testing.PrivatePostgres;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * {@code bin/ycsb crashtest postgres} against a cluster of the test's own ({@link PrivatePostgres}): each round
 * SIGKILLs the postmaster and its backends, re-runs the captured command line as the postgres user, waits until
 * the server answers and audits. The durable profile must lose no acknowledged write; the server's settings
 * afterwards are the ones it had before.
 */
class PostgresCrashtestIT {
  private static final ObjectMapper JSON = new ObjectMapper();

  private static CliRun crashtest(PrivatePostgres pg, Path results, String profile, int rounds, String... more) {
    List<String> args = new ArrayList<>(List.of("crashtest", "postgres", "-p", "profile=" + profile,
        "-p", "postgres.url=" + pg.url(), "-p", "postgres.user=" + pg.user(), "-p", "result.dir=" + results,
        "-p", "crash.rounds=" + rounds, "-p", "crash.after.min=1s", "-p", "crash.after.max=2s",
        "-p", "stop.timeout=2s", "-p", "restart.grace=500ms", "-threads", "4"));
    for (String p : more) {
      args.add("-p");
      args.add(p);
    }
    return CliRun.of(args.toArray(String[]::new));
  }

  private static CliRun workloada(String phase, PrivatePostgres pg, Path results, String... more) {
    List<String> args = new ArrayList<>(List.of("-p", "postgres.url=" + pg.url(), "-p", "postgres.user=" + pg.user(),
        "-p", "result.dir=" + results, "-p", "table=report_it", "-p", "recordcount=200"));
    args.addAll(List.of(more));
    return CliRun.of(CliRun.args(phase, "postgres", "workloada"), args.toArray(String[]::new));
  }

  private static Map<String, String> settings(PrivatePostgres pg) throws Exception {
    Map<String, String> out = new LinkedHashMap<>();
    try (Connection c = DriverManager.getConnection(pg.url(), pg.user(), "");
         Statement s = c.createStatement();
         ResultSet rs = s.executeQuery("SELECT name, setting FROM pg_settings WHERE name IN "
             + "('synchronous_commit', 'fsync', 'full_page_writes', 'wal_level') ORDER BY name")) {
      while (rs.next()) {
        out.put(rs.getString(1), rs.getString(2));
      }
    }
    return out;
  }

  @Test
  void theDurableProfileLosesNoAcknowledgedWriteAcrossKillsAndBuiltInRestarts() throws Exception {
    try (PrivatePostgres pg = PrivatePostgres.start()) {
      Map<String, String> before = settings(pg);
      Path results = Files.createTempDirectory(Path.of("target").toAbsolutePath(), "crashtest-it-");

      CliRun run = crashtest(pg, results, "durable", 2);

      assertThat(run.exitCode()).as(run.toString()).isZero();
      assertThat(run.out()).contains("[CRASH], Rounds, 2").contains("[CRASH], LostWrites, 0")
          .contains("[CRASH], Claim, no-loss").contains("[CRASH], ClaimHeld, true")
          .contains("[OVERALL], RunTime(ms), ").contains("[INSERT], Operations, ");
      assertThat(run.err()).contains("restarted the server (pid ");
      JsonNode crash = JSON.readTree(Files.readString(run.resultFile())).path("crash");
      assertThat(crash.path("method").asText()).isEqualTo("kill");
      assertThat(crash.path("acknowledgedWrites").asLong()).isPositive();
      for (JsonNode r : crash.path("roundResults")) {
        assertThat(r.path("recoveryTimeMillis").asLong()).isPositive();
        assertThat(r.path("lostWrites").asLong()).isZero();
        assertThat(r.path("writeResult").asText()).startsWith("round-" + r.path("round").asInt() + "/")
            .endsWith("result.json");
      }
      assertThat(settings(pg)).as("the server's settings after the test").isEqualTo(before);
    }
  }

  @Test
  void aRestartCommandThatFailsLeavesTheLossesUnknownNamesTheServerLeftDownAndTheReportSaysFailed() throws Exception {
    try (PrivatePostgres pg = PrivatePostgres.start()) {
      Path results = Files.createTempDirectory(Path.of("target").toAbsolutePath(), "crashtest-it-");

      CliRun run = crashtest(pg, results, "fast", 1, "restart.command=/nonexistent/x");

      assertThat(run.exitCode()).as(run.toString()).isEqualTo(1);
      assertThat(run.out()).as(run.toString()).doesNotContain("LostWrites, 0")
          .contains("[CRASH], LostWrites, unknown (restart failed) in round 1")
          .contains("[CRASH], ServerLeftDown, postgres at ");
      assertThat(run.err()).contains("round 1: restart failed: restart.command: exit 127")
          .contains(":" + pg.port() + " is left down; start it again with: cd ").doesNotContain("\tat ");
      JsonNode crash = JSON.readTree(Files.readString(run.resultFile())).path("crash");
      assertThat(crash.path("lostWrites").isNull()).as(crash.toPrettyString()).isTrue();
      assertThat(crash.path("claimHeld").isNull()).isTrue();
      assertThat(crash.path("failure").path("step").asText()).isEqualTo("restart");
      assertThat(crash.path("failure").path("serverLeftDown").asText()).contains("postgres").contains("-D");
      assertThat(crash.path("roundResults").get(0).path("lostWrites").isNull()).isTrue();

      pg.restart();
      assertThat(workloada("load", pg, results, "-p", "createtable=true", "-p", "droptable=true").exitCode()).isZero();
      CliRun bench = workloada("run", pg, results, "-p", "operationcount=500");
      assertThat(bench.exitCode()).as(bench.toString()).isZero();
      Path report = results.resolve("report");

      CliRun rendered = CliRun.of("report", bench.resultFile().getParent().toString(),
          run.resultFile().getParent().toString(), "-o", report.toString());

      assertThat(rendered.exitCode()).as(rendered.toString()).isZero();
      String md = Files.readString(report.resolve("report.md"));
      assertThat(md).contains("crash test failed (round 1, restart)")
          .contains("Caveat: the crash test of PostgreSQL fast failed (round 1, restart: restart.command: exit 127")
          .doesNotContain("lost none");
    }
  }

  @Test
  void aRestartCommandThatStartsNothingFailsTheRecoveryWithTheLossesUnknown() throws Exception {
    try (PrivatePostgres pg = PrivatePostgres.start()) {
      Path results = Files.createTempDirectory(Path.of("target").toAbsolutePath(), "crashtest-it-");

      CliRun run = crashtest(pg, results, "fast", 1, "restart.command=true", "restart.timeout=5s");

      assertThat(run.exitCode()).as(run.toString()).isEqualTo(1);
      assertThat(run.out()).as(run.toString()).doesNotContain("LostWrites, 0")
          .contains("[CRASH], LostWrites, unknown (recovery failed) in round 1");
      assertThat(run.err()).contains("Error: postgres at ").contains(" is left down; start it again with: cd ");
      JsonNode crash = JSON.readTree(Files.readString(run.resultFile())).path("crash");
      assertThat(crash.path("lostWrites").isNull()).isTrue();
      assertThat(crash.path("failure").path("step").asText()).isEqualTo("recovery");
      assertThat(crash.path("failure").path("reason").asText()).contains("restart.timeout");
    }
  }

  @Test
  void sigtermWhileTheServerIsDownEndsPromptlyBringsTheServerBackAndMarksTheRoundInterrupted() throws Exception {
    try (PrivatePostgres pg = PrivatePostgres.start()) {
      Map<String, String> before = settings(pg);
      Path results = Files.createTempDirectory(Path.of("target").toAbsolutePath(), "crashtest-it-");
      Path out = results.resolve("child.out");
      Path err = results.resolve("child.err");
      // seed004-fast changes server-wide settings (fsync=off by ALTER SYSTEM): the writer cannot put them back
      Process child = crashtestUntilTheFirstCrash(pg, results, results.resolve("journal"));
      try {
        Thread.sleep(500); // the server is down, the built-in restart waits out restart.grace (120 s)
        long signalled = System.nanoTime();

        child.destroy(); // SIGTERM

        assertThat(child.waitFor(40, TimeUnit.SECONDS)).as("ended within stop.timeout, not restart.grace:\n%s",
            Files.readString(err)).isTrue();
        assertThat(TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - signalled)).isLessThan(40);
      } finally {
        child.destroyForcibly();
      }
      String stderr = Files.readString(err);
      assertThat(child.exitValue()).as(stderr).isEqualTo(1);
      assertThat(Files.readString(out)).doesNotContain("LostWrites, 0").contains("LostWrites, unknown (interrupted)");
      assertThat(stderr).contains("signal received during the restart").doesNotContain("\tat ");
      JsonNode doc = JSON.readTree(Files.readString(CliRun.resultFile(stderr)));
      assertThat(doc.path("outcome").path("status").asText()).isEqualTo("interrupted");
      assertThat(doc.path("crash").path("failure").path("step").asText()).isEqualTo("interrupted");
      assertThat(doc.path("crash").path("lostWrites").isNull()).isTrue();
      assertThat(settings(pg)).as("the server answers with its settings of before").isEqualTo(before);
      try (java.util.stream.Stream<Path> left = Files.list(results.resolve("journal"))) {
        assertThat(left.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".json")))
            .as("no restore journal left for the next command").isEmpty();
      }
    }
  }

  @Test
  void aSecondSignalWhileTheServerIsDownNamesHowToStartItAndTheJournal() throws Exception {
    try (PrivatePostgres pg = PrivatePostgres.start()) {
      Path results = Files.createTempDirectory(Path.of("target").toAbsolutePath(), "crashtest-it-");
      Path journal = results.resolve("journal");
      Path err = results.resolve("child.err");
      Process child = crashtestUntilTheFirstCrash(pg, results, journal);
      try {
        Thread.sleep(500); // the server is down, the built-in restart waits out restart.grace (120 s)

        child.destroy(); // SIGTERM: the killed server is started again at once
        Thread.sleep(50);
        child.destroy(); // a second SIGTERM: no waiting for it to answer

        assertThat(child.waitFor(20, TimeUnit.SECONDS)).as("a second signal does not wait out stop.timeout:\n%s",
            Files.readString(err)).isTrue();
      } finally {
        child.destroyForcibly();
      }
      String stderr = Files.readString(err);
      assertThat(child.exitValue()).as(stderr).isEqualTo(1);
      assertThat(stderr).as("the wait was not 20 s").doesNotContain("did not answer within 20 s")
          .doesNotContain("\tat ");
      List<String> errors = stderr.lines().filter(l -> l.startsWith("Error: postgres at 127.0.0.1:" + pg.port()))
          .toList();
      assertThat(errors).as(stderr).singleElement().asString()
          .contains("start it again with: cd ")
          .contains("puts back any server-wide setting the profile changed (journal in " + journal + ")");
    }
  }

  /**
   * Starts a three-round {@code seed004-fast} crash test of {@code pg} (restart.grace 120 s, stop.timeout 20 s) and
   * returns once its first crash was sent, the server then down; its output goes to child.out and child.err in
   * {@code results}.
   */
  private static Process crashtestUntilTheFirstCrash(PrivatePostgres pg, Path results, Path journal) throws Exception {
    List<String> args = new ArrayList<>(List.of("crashtest", "postgres", "-p", "profile=seed004-fast",
        "-p", "postgres.url=" + pg.url(), "-p", "postgres.user=" + pg.user(), "-p", "result.dir=" + results,
        "-p", "crash.rounds=3", "-p", "crash.after.min=1s", "-p", "crash.after.max=1s", "-p", "stop.timeout=20s",
        "-p", "restart.grace=120s", "-p", "restore.journal.dir=" + journal, "-threads", "2"));
    Path err = results.resolve("child.err");
    Process child = CliRun.child(args, results.resolve("child.out"), err);
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
    while (!Files.readString(err).contains("crash sent at")) {
      if (System.nanoTime() - deadline > 0 || !child.isAlive()) {
        boolean ended = !child.isAlive();
        child.destroyForcibly();
        throw new AssertionError((ended ? "the crash test ended" : "no crash within 90 s") + " before its first crash:\n"
            + Files.readString(err));
      }
      Thread.sleep(100);
    }
    return child;
  }

  @Test
  void theFastProfileCompletesAndReportsItsFigures() throws Exception {
    try (PrivatePostgres pg = PrivatePostgres.start()) {
      Path results = Files.createTempDirectory(Path.of("target").toAbsolutePath(), "crashtest-it-");

      CliRun run = crashtest(pg, results, "fast", 1);

      assertThat(run.exitCode()).as(run.toString()).isZero();
      assertThat(run.out()).contains("[CRASH-ROUND-1], AcknowledgedWrites, ").contains("[CRASH-ROUND-1], LostWrites, ")
          .contains("[CRASH], Claim, recent-loss").contains("[CRASH], RecoveryTime(ms), ");
      assertThat(JSON.readTree(Files.readString(run.resultFile())).path("crash").path("roundResults")).hasSize(1);
    }
  }

  @Test
  void aTableOfAnotherShapeIsRefusedBeforeTheWriterStartsNamingTheMissingColumn() throws Exception {
    try (PrivatePostgres pg = PrivatePostgres.start()) {
      try (Connection c = DriverManager.getConnection(pg.url(), pg.user(), "");
           Statement s = c.createStatement()) {
        s.execute("CREATE TABLE othershape (ycsb_key VARCHAR(255) PRIMARY KEY, name TEXT)");
      }
      Path results = Files.createTempDirectory(Path.of("target").toAbsolutePath(), "crashtest-it-");
      long started = System.nanoTime();

      CliRun run = CliRun.of("crashtest", "postgres", "-p", "profile=durable", "-p", "postgres.url=" + pg.url(),
          "-p", "postgres.user=" + pg.user(), "-p", "result.dir=" + results, "-p", "crash.rounds=1",
          "-p", "table=othershape", "-threads", "2");

      assertThat(run.exitCode()).as(run.toString()).isEqualTo(2);
      assertThat((System.nanoTime() - started) / 1_000_000_000L).as("seconds until the refusal").isLessThan(20);
      List<String> errors = run.err().lines().filter(l -> l.startsWith("ycsb:")).toList();
      assertThat(errors).as(run.err()).hasSize(1);
      assertThat(errors.get(0)).contains("othershape").contains("42703").contains("field0");
      assertThat(run.err()).doesNotContain("round 1").doesNotContain("\tat ");
      try (Connection c = DriverManager.getConnection(pg.url(), pg.user(), "");
           Statement s = c.createStatement();
           ResultSet rs = s.executeQuery("SELECT count(*) FROM othershape")) {
        rs.next();
        assertThat(rs.getLong(1)).as("rows in the table").isZero();
      }
    }
  }
}
