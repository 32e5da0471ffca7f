package dev.ycsbdriver.binding.redis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ycsbdriver.testing.CliRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;

/**
 * A Redis server is known by what it is, and one driver changes its CONFIG at a time (issue 25, row 1): a second
 * {@code profile=fast} run through {@code localhost} while one through {@code 127.0.0.1} runs is refused with exit
 * code 3, also with a journal directory of its own (a driver on another machine: the lease key in the server
 * refuses it); the server's own settings are back when the first ends; after a {@code kill -9} of the first, a
 * command through the other spelling restores them, and the dead driver's lease does not hold up the next profile.
 * Against a redis-server of the test's own on a spare port ({@link PrivateRedis}).
 */
class RedisServerIdentityIT {
  private static final Path TARGET = Path.of("target");
  private static PrivateRedis server;
  private static Path work;

  @BeforeAll
  static void startServer() throws Exception {
    server = PrivateRedis.start(TARGET);
    work = Files.createTempDirectory(TARGET.toAbsolutePath(), "redis-server-identity-it-");
    CliRun load = CliRun.of(command("127.0.0.1", work.resolve("journal"), "load", "-p", "droptable=true"));
    assertThat(load.exitCode()).as(load.toString()).isZero();
  }

  @AfterAll
  static void stopServer() throws Exception {
    if (server != null) {
      server.close();
    }
  }

  /** The server's own settings: no AOF, appendfsync everysec. */
  @BeforeEach
  void originals() {
    try (Jedis j = server.admin()) {
      j.configSet("appendonly", "no");
      j.configSet("appendfsync", "everysec");
      j.del(SettingsLease.KEY);
    }
  }

  private static List<String> command(String host, Path journalDir, String phase, String... more) {
    List<String> args = CliRun.args(phase, "redis", "workloada", "redis.host=" + host, "redis.port=" + server.port(),
        "redis.user=" + PrivateRedis.USER, "redis.password=" + PrivateRedis.PASSWORD, "recordcount=200",
        "result.dir=" + work.resolve("results"), "restore.journal.dir=" + journalDir);
    args.addAll(List.of(more));
    return args;
  }

  private static Map<String, String> config() {
    try (Jedis j = server.admin()) {
      return Map.of("appendonly", j.configGet("appendonly").get("appendonly"),
          "appendfsync", j.configGet("appendfsync").get("appendfsync"));
    }
  }

  /** Starts a profile=fast run through 127.0.0.1 in a child JVM; returns once its settings are in force. */
  private static Process firstDriver(String name) throws Exception {
    Path err = work.resolve(name + ".err");
    Process driver = CliRun.child(command("127.0.0.1", work.resolve("journal"), "run", "-p", "profile=fast",
        "-p", "operationcount=100000000", "-p", "maxexecutiontime=60"), work.resolve(name + ".out"), err);
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (!config().equals(Map.of("appendonly", "yes", "appendfsync", "no"))) {
      if (!driver.isAlive() || System.nanoTime() > deadline) {
        driver.destroyForcibly().waitFor();
        throw new AssertionError("the driver did not set the fast profile:\n" + Files.readString(err));
      }
      Thread.sleep(100);
    }
    return driver;
  }

  private static List<Path> journals() throws Exception {
    try (Stream<Path> files = Files.list(work.resolve("journal"))) {
      return files.filter(f -> f.toString().endsWith(".json")).toList();
    }
  }

  @Test
  void aSecondProfileRunThroughAnotherSpellingOfTheAddressIsRefusedAndTheOriginalsComeBack() throws Exception {
    Process first = firstDriver("first");
    try {
      for (Path journalDir : List.of(work.resolve("journal"), work.resolve("journal-of-another-machine"))) {
        CliRun second = CliRun.of(command("localhost", journalDir, "run", "-p", "profile=fast",
            "-p", "operationcount=100"));
        assertThat(second.exitCode()).as(second.toString()).isEqualTo(3);
        List<String> errors = second.errLines().stream().filter(l -> l.startsWith("ycsb: ")).toList();
        assertThat(errors).as(second.toString()).singleElement().asString()
            .contains("redis: CONFIG settings of localhost:" + server.port() + " (server dir=")
            .contains("are being changed by another driver: ycsb-driver pid " + first.pid() + " on ")
            .contains("nothing was recorded or changed");
        assertThat(second.err()).doesNotContain("\tat ").doesNotContain(PrivateRedis.PASSWORD);
      }
      assertThat(work.resolve("journal-of-another-machine")).doesNotExist();
      assertThat(journals()).singleElement().satisfies(j -> assertThat(Files.readString(j))
          .contains("\"appendfsync\" : \"everysec\"").contains("\"pid\" : " + first.pid()));
    } finally {
      first.destroy(); // SIGTERM: the driver restores what it changed
      assertThat(first.waitFor(60, TimeUnit.SECONDS)).isTrue();
    }
    assertThat(config()).isEqualTo(Map.of("appendonly", "no", "appendfsync", "everysec"));
    assertThat(journals()).isEmpty();
    try (Jedis j = server.admin()) {
      assertThat(j.exists(SettingsLease.KEY)).as("the lease key is deleted at the end").isFalse();
    }
  }

  @Test
  void settingsAKilledDriverLeftAreRestoredThroughAnotherSpellingAndItsLeaseHoldsNothingUp() throws Exception {
    Process first = firstDriver("killed");
    first.destroyForcibly(); // SIGKILL: no shutdown hook runs
    assertThat(first.waitFor(30, TimeUnit.SECONDS)).isTrue();
    assertThat(config()).as("the killed driver could not restore")
        .isEqualTo(Map.of("appendonly", "yes", "appendfsync", "no"));

    CliRun next = CliRun.of(command("localhost", work.resolve("journal"), "run", "-p", "profile=durable",
        "-p", "operationcount=100"));

    assertThat(next.exitCode()).as(next.toString()).isZero();
    assertThat(next.errLines()).filteredOn(l -> l.contains("restored CONFIG")).singleElement().asString()
        .contains("appendfsync=everysec", "appendonly=no", "(pid " + first.pid() + ")");
    assertThat(config()).isEqualTo(Map.of("appendonly", "no", "appendfsync", "everysec"));
    assertThat(journals()).isEmpty();
  }

  @Test
  void theRestoreIsSaidAlsoWhenTheNextCommandThenFails() throws Exception {
    Process first = firstDriver("killed-then-failed");
    first.destroyForcibly(); // SIGKILL: no shutdown hook runs
    assertThat(first.waitFor(30, TimeUnit.SECONDS)).isTrue();

    CliRun next = CliRun.of(command("127.0.0.1", work.resolve("journal"), "run", "-p", "operationcount=100",
        "-p", "table=nosuchtable"));

    assertThat(next.exitCode()).as(next.toString()).isEqualTo(3);
    assertThat(next.errLines()).as(next.toString()).filteredOn(l -> l.contains("restored CONFIG")).singleElement()
        .asString().contains("appendfsync=everysec", "appendonly=no", "(pid " + first.pid() + ")");
    assertThat(next.errLines()).filteredOn(l -> l.startsWith("ycsb: ")).singleElement().asString()
        .contains("nosuchtable");
    assertThat(config()).isEqualTo(Map.of("appendonly", "no", "appendfsync", "everysec"));
    assertThat(journals()).isEmpty();
  }

  @Test
  void aProfileRunWarnsWhenAppendfsyncIsNotDurableBeforeItChangesAnything() throws Exception {
    try (Jedis j = server.admin()) {
      j.configSet("appendfsync", "no");
    }

    CliRun run = CliRun.of(command("localhost", work.resolve("journal"), "run", "-p", "profile=durable",
        "-p", "operationcount=100"));

    assertThat(run.exitCode()).as(run.toString()).isZero();
    String line = "redis: before this run changed anything the server had appendfsync=no, not a durable value";
    assertThat(run.errLines()).anyMatch(l -> l.startsWith("Warning: " + line));
    assertThat(Files.readString(run.resultFile())).contains(line);
    assertThat(config()).as("its own values put back").isEqualTo(Map.of("appendonly", "no", "appendfsync", "no"));
  }
}
