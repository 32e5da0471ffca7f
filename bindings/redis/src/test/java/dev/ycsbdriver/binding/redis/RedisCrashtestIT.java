package dev.ycsbdriver.binding.redis;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ycsbdriver.testing.CliRun;
import java.nio.file.Files;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;

/**
 * {@code bin/ycsb crashtest redis -p profile=durable} against a redis-server of the test's own ({@link PrivateRedis},
 * spare port, started from a config file with {@code appendonly no}): each round SIGKILLs the server listening on
 * the port, re-runs its command line (the same config file), waits until it answers and audits. With
 * {@code redis.config.rewrite=true} the profile's {@code appendonly yes} and {@code appendfsync always} are in the
 * config file while the writer runs, so the restarted server loads its AOF. Afterwards the server's settings and its
 * config file are back to {@code appendonly no} and no journal is left.
 */
class RedisCrashtestIT {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Path TARGET = Path.of("target");
  private static final Pattern RESTARTED = Pattern.compile("restarted the server \\(pid (\\d+)\\)");

  @Test
  void theDurableProfileLosesNoAcknowledgedWriteAcrossKillsAndBuiltInRestarts() throws Exception {
    try (PrivateRedis server = PrivateRedis.start(TARGET)) {
      Path work = Files.createTempDirectory(TARGET.toAbsolutePath(), "crashtest-it-");
      long firstPid = server.running().orElseThrow().pid();

      CliRun run = CliRun.of("crashtest", "redis", "-p", "profile=durable", "-p", "redis.port=" + server.port(),
          "-p", "redis.user=" + PrivateRedis.USER, "-p", "redis.password=" + PrivateRedis.PASSWORD,
          "-p", "redis.config.rewrite=true", "-p", "result.dir=" + work.resolve("results"),
          "-p", "restore.journal.dir=" + work.resolve("journal"), "-p", "crash.rounds=2",
          "-p", "crash.after.min=2s", "-p", "crash.after.max=4s", "-p", "stop.timeout=2s",
          "-p", "restart.grace=500ms", "-threads", "4");

      assertThat(run.exitCode()).as(run.toString()).isZero();
      assertThat(run.out()).contains("[CRASH], Rounds, 2").contains("[CRASH], LostWrites, 0")
          .contains("[CRASH], Claim, no-loss").contains("[CRASH], ClaimHeld, true");
      assertThat(run.out() + run.err()).doesNotContain(PrivateRedis.PASSWORD);
      Matcher restarted = RESTARTED.matcher(run.err());
      long lastRestart = 0;
      int restarts = 0;
      while (restarted.find()) {
        lastRestart = Long.parseLong(restarted.group(1));
        restarts++;
      }
      assertThat(restarts).as("built-in restarts:\n%s", run.err()).isEqualTo(2);
      assertThat(server.running().orElseThrow().pid()).as("the server is the last one the crash test started")
          .isEqualTo(lastRestart).isNotEqualTo(firstPid);
      JsonNode crash = JSON.readTree(Files.readString(run.resultFile())).path("crash");
      assertThat(crash.path("method").asText()).isEqualTo("kill");
      assertThat(crash.path("roundResults")).hasSize(2);
      for (JsonNode r : crash.path("roundResults")) {
        assertThat(r.path("acknowledgedWrites").asLong()).isPositive();
        assertThat(r.path("lostWrites").asLong()).isZero();
      }
      try (Jedis j = server.admin()) {
        assertThat(j.configGet("appendonly")).containsEntry("appendonly", "no");
        assertThat(j.configGet("appendfsync")).containsEntry("appendfsync", "everysec");
      }
      assertThat(Files.readString(server.configFile())).as("the config file after the test")
          .doesNotContain("appendonly yes").doesNotContain("appendfsync always");
      try (Stream<Path> left = Files.list(work.resolve("journal"))) {
        assertThat(left.filter(f -> f.toString().endsWith(".json"))).as("restore journals left behind").isEmpty();
      }
    }
  }

  private static CliRun crashtest(PrivateRedis server, Path work, String... more) {
    List<String> args = new ArrayList<>(List.of("crashtest", "redis", "-p", "profile=durable",
        "-p", "redis.port=" + server.port(), "-p", "redis.user=" + PrivateRedis.USER,
        "-p", "redis.password=" + PrivateRedis.PASSWORD, "-p", "result.dir=" + work.resolve("results"),
        "-p", "restore.journal.dir=" + work.resolve("journal"), "-p", "crash.rounds=1",
        "-p", "crash.after.min=1s", "-p", "crash.after.max=1s", "-p", "stop.timeout=2s",
        "-p", "restart.grace=500ms", "-threads", "2"));
    args.addAll(List.of(more));
    return CliRun.of(args.toArray(String[]::new));
  }

  @Test
  void aPasswordOnTheServersCommandLineIsInNoFileOfTheResult() throws Exception {
    // a secret on the server's command line, which the built-in restart re-runs: the password as masterauth
    try (PrivateRedis server = PrivateRedis.start(TARGET, "--masterauth", PrivateRedis.PASSWORD)) {
      Path work = Files.createTempDirectory(TARGET.toAbsolutePath(), "crashtest-it-");

      CliRun run = crashtest(server, work, "-p", "redis.config.rewrite=true");

      assertThat(run.exitCode()).as(run.toString()).isZero();
      assertThat(run.err()).contains("restarted the server (pid ");
      assertThat(run.out() + run.err()).doesNotContain(PrivateRedis.PASSWORD);
      List<Path> files;
      try (Stream<Path> all = Files.walk(work.resolve("results"))) {
        files = all.filter(Files::isRegularFile).toList();
      }
      assertThat(files).as("files of the result").anyMatch(f -> f.endsWith("server-restart.log"));
      for (Path f : files) {
        assertThat(new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1)).as(f.toString())
            .doesNotContain(PrivateRedis.PASSWORD);
      }
      Path log = files.stream().filter(f -> f.endsWith("server-restart.log")).findFirst().orElseThrow();
      assertThat(Files.readString(log)).contains("--masterauth ****");
      assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(log))).isEqualTo("rw-------");
    }
  }

  @Test
  void theDurableProfileOnAServerThatRestartsWithoutItsAofIsRefusedBeforeAnyWrite() throws Exception {
    try (PrivateRedis server = PrivateRedis.start(TARGET)) {
      Path work = Files.createTempDirectory(TARGET.toAbsolutePath(), "crashtest-it-");
      long pid = server.running().orElseThrow().pid();

      CliRun run = crashtest(server, work);

      assertThat(run.exitCode()).as(run.toString()).isEqualTo(2);
      assertThat(run.err()).contains("redis: the crash test needs an AOF that the restarted server loads, got "
          + "appendonly yes by CONFIG SET only").contains("redis.config.rewrite=true")
          .doesNotContain("\tat ").doesNotContain("round 1");
      assertThat(server.running().orElseThrow().pid()).as("the server was not killed").isEqualTo(pid);
      try (Jedis j = server.admin()) {
        assertThat(j.configGet("appendonly")).containsEntry("appendonly", "no");
        assertThat(j.keys("*crash-*")).as("records written").isEmpty();
      }
    }
  }

  @Test
  void aHungRestartCommandIsKilledWithWhatItStartedWhenRestartTimeoutPasses() throws Exception {
    String marker = "1000." + System.nanoTime() % 1_000_000;
    try (PrivateRedis server = PrivateRedis.start(TARGET)) {
      Path work = Files.createTempDirectory(TARGET.toAbsolutePath(), "crashtest-it-");
      long started = System.nanoTime();

      // "; true": sh runs sleep as its child instead of replacing itself with it
      CliRun run = crashtest(server, work, "-p", "redis.config.rewrite=true",
          "-p", "crash.command=kill -9 $(cat " + server.directory().resolve("redis.pid") + ")",
          "-p", "restart.command=sleep " + marker + "; true", "-p", "restart.timeout=4s");

      long seconds = (System.nanoTime() - started) / 1_000_000_000L;
      assertThat(run.exitCode()).as(run.toString()).isEqualTo(1);
      assertThat(run.err()).contains("restart.command: still running after")
          .contains("(restart.timeout, 4 s from the crash); killed it");
      assertThat(seconds).as("seconds the test took").isLessThan(40);
      assertThat(ProcessHandle.allProcesses().filter(h -> h.info().commandLine().orElse("").contains(marker)))
          .as("the restart command's processes after the test").isEmpty();
    }
  }
}
