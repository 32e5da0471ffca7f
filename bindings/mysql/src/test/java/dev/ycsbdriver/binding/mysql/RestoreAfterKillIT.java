package dev.ycsbdriver.binding.mysql;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ycsbdriver.spi.support.RestoreJournal;
import dev.ycsbdriver.testing.CliRun;
import dev.ycsbdriver.testing.PrivateMariadb;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Issue 10, section 4: a driver killed with {@code kill -9} during a {@code profile=fast} run leaves
 * {@code innodb_flush_log_at_trx_commit=0} and {@code sync_binlog=0} on the server; the next command for that
 * server, without a profile and through another spelling of its address, restores them from the journal first,
 * says so in one line and records it. A second profile run through another spelling, or from another machine, is
 * refused while the first holds the server's lock. Runs
 * against a MariaDB of its own on a spare port ({@link PrivateMariadb}), never the shared one on 3306.
 */
class RestoreAfterKillIT {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Path TARGET = Path.of("target");
  private static PrivateMariadb db;
  private static Path work;

  @BeforeAll
  static void startServer() throws Exception {
    db = PrivateMariadb.start(TARGET);
    work = Files.createTempDirectory(TARGET.toAbsolutePath(), "restore-after-kill-it-");
  }

  @AfterAll
  static void stopServer() throws IOException {
    if (db != null) {
      db.close();
    }
  }

  private static String global(String name) throws Exception {
    return db.sql("SELECT @@GLOBAL." + name);
  }

  private static List<String> command(String phase, String... more) {
    return command("127.0.0.1", work.resolve("journal"), phase, more);
  }

  /** @param host how the URL spells the server's address, e.g. {@code localhost} */
  private static List<String> command(String host, Path journalDir, String phase, String... more) {
    List<String> args = CliRun.args(phase, "mysql", "workloada", "mysql.url=jdbc:mysql://" + host + ":" + db.port()
        + "/ycsb", "mysql.user=root", "recordcount=200", "result.dir=" + work.resolve("results"),
        "restore.journal.dir=" + journalDir);
    args.addAll(List.of(more));
    return args;
  }

  private static void load() throws Exception {
    db.sql("SET GLOBAL innodb_flush_log_at_trx_commit = 1; SET GLOBAL sync_binlog = 1");
    CliRun load = CliRun.of(command("load", "-p", "createtable=true", "-p", "droptable=true"), "-threads", "2");
    assertThat(load.exitCode()).as(load.toString()).isZero();
  }

  private static void assertOneErrorLine(CliRun run, String expected) {
    List<String> errors = run.errLines().stream().filter(l -> l.startsWith("ycsb: ")).toList();
    assertThat(errors).as(run.toString()).singleElement().asString().contains(expected);
    assertThat(run.err()).doesNotContain("\tat ").doesNotContain("Exception");
  }

  /**
   * Starts a profile=fast run through 127.0.0.1 in a child JVM, so that it can be killed, and returns once its
   * settings are in force; a driver that ends before is a failure.
   */
  private static Process fastDriver(String name, int maxSeconds) throws Exception {
    Path err = work.resolve(name + ".err");
    // operationcount=0: the driver runs until maxexecutiontime (the workload file's 1,000 operations end in under a
    // second, and with them the profile the test looks at)
    Process driver = CliRun.child(command("run", "-p", "profile=fast", "-p", "operationcount=0",
        "-p", "maxexecutiontime=" + maxSeconds, "-threads", "2"), work.resolve(name + ".out"), err);
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (!"0".equals(global("innodb_flush_log_at_trx_commit")) && System.nanoTime() < deadline) {
      if (!driver.isAlive()) {
        throw new AssertionError("the driver ended before it set the profile:\n" + Files.readString(err));
      }
      Thread.sleep(200);
    }
    assertThat(global("innodb_flush_log_at_trx_commit")).as("the fast profile in force").isEqualTo("0");
    return driver;
  }

  @Test
  void aJournalThatCannotBeWrittenFailsBeforeAnySettingChanges() throws Exception {
    load();
    Path notADirectory = Files.writeString(work.resolve("not-a-directory"), "x");

    CliRun run = CliRun.of(command("run", "-p", "profile=fast", "-p", "operationcount=100",
        "-p", "restore.journal.dir=" + notADirectory.resolve("journal")));

    assertThat(run.exitCode()).as(run.toString()).isEqualTo(2);
    assertOneErrorLine(run, "restore.journal.dir: must be a directory where this user can write the restore journal, "
        + "got '" + notADirectory.resolve("journal") + "'");
    assertThat(global("innodb_flush_log_at_trx_commit")).isEqualTo("1");
    assertThat(global("sync_binlog")).isEqualTo("1");
  }

  @Test
  void aJournalOfARunningDriverOfAnOlderBuildIsNotUndoneAndBlocksAnotherProfile() throws Exception {
    load();
    db.sql("SET GLOBAL innodb_flush_log_at_trx_commit = 0; SET GLOBAL sync_binlog = 0");
    Process live = new ProcessBuilder("sleep", "120").start();
    Path journal = work.resolve("journal").resolve("mysql-127.0.0.1-" + db.port() + ".json");
    try {
      Files.createDirectories(journal.getParent());
      Files.writeString(journal, "{\"serverId\":null,\"pid\":" + live.pid() + ",\"pidStartTime\":\""
          + live.info().startInstant().orElseThrow() + "\",\"changedAt\":\"2026-11-23T10:00:00Z\","
          + "\"settings\":{\"innodb_flush_log_at_trx_commit\":\"1\",\"sync_binlog\":\"1\"}}");

      CliRun plain = CliRun.of(command("run", "-p", "operationcount=100"));
      assertThat(plain.exitCode()).as(plain.toString()).isZero();
      assertThat(plain.err()).doesNotContain("restored GLOBAL")
          .contains("are changed by a running driver (pid " + live.pid() + ")");
      assertThat(global("innodb_flush_log_at_trx_commit")).isEqualTo("0");
      assertThat(JSON.readTree(Files.readString(plain.resultFile())).path("warnings").toString())
          .contains("running driver (pid " + live.pid() + ")");

      CliRun profiled = CliRun.of(command("run", "-p", "profile=durable", "-p", "operationcount=100"));
      assertThat(profiled.exitCode()).as(profiled.toString()).isEqualTo(3);
      assertOneErrorLine(profiled, "mysql: GLOBAL settings of 127.0.0.1:" + db.port()
          + " are changed by a running driver (pid " + live.pid() + ")");
      assertThat(global("innodb_flush_log_at_trx_commit")).isEqualTo("0");
      assertThat(journal).exists();
    } finally {
      live.destroyForcibly();
      live.waitFor(10, TimeUnit.SECONDS);
      Files.deleteIfExists(journal);
    }
  }

  @Test
  void settingsLeftByADriverKilledMidRunAreRestoredByTheNextCommandWithoutAProfile() throws Exception {
    load();

    Path journal = RestoreJournal.at(work.resolve("journal"), "mysql", "GLOBAL", "127.0.0.1", db.port())
        .identified(db.sql("SELECT CONCAT(@@hostname, ':', @@port, ':', @@datadir)")).path();
    Process driver = fastDriver("driver", 30);
    try {
      assertThat(journal).exists();
      assertThat(JSON.readTree(journal.toFile()).path("pid").asLong()).isEqualTo(driver.pid());
    } finally {
      driver.destroyForcibly(); // SIGKILL: no shutdown hook runs
      assertThat(driver.waitFor(30, TimeUnit.SECONDS)).isTrue();
    }
    assertThat(driver.exitValue()).isEqualTo(128 + 9);
    // the setup holds: the killed driver could not restore
    assertThat(global("innodb_flush_log_at_trx_commit")).isEqualTo("0");
    assertThat(global("sync_binlog")).isEqualTo("0");

    // through another spelling of the server's address: the journal is the server's, not the spelling's
    CliRun next = CliRun.of(command("localhost", work.resolve("journal"), "run", "-p", "operationcount=200"));

    assertThat(next.exitCode()).as(next.toString()).isZero();
    assertThat(global("innodb_flush_log_at_trx_commit")).isEqualTo("1");
    assertThat(global("sync_binlog")).isEqualTo("1");
    assertThat(journal).doesNotExist();
    String line = "mysql: restored GLOBAL innodb_flush_log_at_trx_commit=1, sync_binlog=1 left changed by an earlier "
        + "run (pid " + driver.pid() + ") that did not finish; journal " + journal;
    assertThat(next.errLines()).filteredOn(l -> l.contains("restored GLOBAL")).containsExactly(line);
    assertThat(next.errLines()).noneMatch(l -> l.contains("Warning") && l.contains("GLOBAL"));
    JsonNode server = JSON.readTree(Files.readString(next.resultFile())).path("server");
    assertThat(server.path("settings").path("innodb_flush_log_at_trx_commit").asText())
        .as("measured with the original value").isEqualTo("1");
    assertThat(server.path("settings").path("sync_binlog").asText()).isEqualTo("1");
    assertThat(server.path("restoredSettings")).hasSize(2);
    for (JsonNode r : server.path("restoredSettings")) {
      assertThat(r.path("leftByPid").asLong()).isEqualTo(driver.pid());
      assertThat(r.path("value").asText()).isEqualTo("1");
      assertThat(r.path("journal").asText()).isEqualTo(journal.toString());
    }

    CliRun after = CliRun.of(command("run", "-p", "operationcount=100"));
    assertThat(after.exitCode()).as(after.toString()).isZero();
    assertThat(after.err()).doesNotContain("restored GLOBAL");
    assertThat(JSON.readTree(Files.readString(after.resultFile())).path("server").path("restoredSettings")).isEmpty();
  }

  @Test
  void aSecondProfileRunThroughAnotherSpellingOfTheAddressIsRefusedAndTheOriginalsComeBack() throws Exception {
    load();
    Process first = fastDriver("first", 60);
    try {
      for (Path journalDir : List.of(work.resolve("journal"), work.resolve("journal-of-another-machine"))) {
        CliRun second = CliRun.of(command("localhost", journalDir, "run", "-p", "profile=fast",
            "-p", "operationcount=100"));
        assertThat(second.exitCode()).as(second.toString()).isEqualTo(3);
        assertOneErrorLine(second, "mysql: GLOBAL settings of localhost:" + db.port() + "/ycsb (server ");
        assertThat(second.err()).contains("are being changed by another driver: connection ")
            .contains("holds GET_LOCK('ycsb-driver.server-settings')", "nothing was recorded or changed");
      }
      assertThat(work.resolve("journal-of-another-machine")).doesNotExist();
      assertThat(global("innodb_flush_log_at_trx_commit")).isEqualTo("0");
    } finally {
      first.destroy(); // SIGTERM: the driver restores what it changed
      assertThat(first.waitFor(60, TimeUnit.SECONDS)).isTrue();
    }
    assertThat(global("innodb_flush_log_at_trx_commit")).isEqualTo("1");
    assertThat(global("sync_binlog")).isEqualTo("1");
    try (var left = Files.list(work.resolve("journal"))) {
      assertThat(left.filter(f -> f.toString().endsWith(".json"))).as("restore journals left behind").isEmpty();
    }
  }

  @Test
  void aProfileRunWarnsWhenTheServerIsNotDurableBeforeItChangesAnything() throws Exception {
    load();
    db.sql("SET GLOBAL innodb_flush_log_at_trx_commit = 0");

    CliRun run = CliRun.of(command("localhost", work.resolve("journal"), "run", "-p", "profile=durable",
        "-p", "operationcount=100"));

    assertThat(run.exitCode()).as(run.toString()).isZero();
    String line = "mysql: before this run changed anything the server had innodb_flush_log_at_trx_commit=0, not its "
        + "durable values";
    assertThat(run.errLines()).anyMatch(l -> l.startsWith("Warning: " + line));
    assertThat(Files.readString(run.resultFile())).contains(line);
    assertThat(global("innodb_flush_log_at_trx_commit")).as("its own value put back").isEqualTo("0");
  }
}
