package dev.ycsbdriver.binding.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ycsbdriver.spi.support.RestoreJournal;
import dev.ycsbdriver.testing.CliRun;
import dev.ycsbdriver.testing.PrivatePostgres;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The seed004 profiles change PostgreSQL's settings server-wide ({@code ALTER SYSTEM}) and put them back: after
 * the run, after a {@code kill -9} of the driver (by the next command, also after the server crashed and
 * restarted), and never without the privilege. Against a cluster of its own ({@link PrivatePostgres}) whose
 * {@code fsync} is {@code on} from {@code postgresql.auto.conf} (over {@code off} in {@code postgresql.conf})
 * and whose {@code synchronous_commit} is the built-in default: the two kinds of original a restore must tell
 * apart. Settings are read back from connections of the test's own, never the driver's. The server is known by
 * what it is and one driver changes it at a time: a second profile run through another spelling of its address
 * ({@code localhost} for {@code 127.0.0.1}), also with a journal directory of its own (a driver on another
 * machine), is refused with exit code 3 before it records or changes anything, as is one on another database of
 * the cluster, and a command through the other spelling restores what a killed driver left and says so, also when
 * it then fails.
 */
class PostgresSystemSettingsIT {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static PrivatePostgres pg;
  private static Path work;
  private static Path journal;

  @BeforeAll
  static void startServer() throws Exception {
    pg = PrivatePostgres.start();
    work = Files.createTempDirectory(Path.of("target").toAbsolutePath(), "pg-system-settings-it-");
    try (Connection c = connect("postgres")) {
      journal = RestoreJournal.at(work.resolve("journal"), "postgres", "ALTER SYSTEM", "127.0.0.1", pg.port())
          .identified(new SystemSettings(Duration.ofSeconds(10)).serverId(c)).path();
    }
    CliRun load = CliRun.of(command("load", "-p", "createtable=true", "-p", "droptable=true"), "-threads", "2");
    assertThat(load.exitCode()).as(load.toString()).isZero();
  }

  @AfterAll
  static void stopServer() {
    if (pg != null) {
      pg.close();
    }
  }

  /** fsync=on in postgresql.auto.conf, synchronous_commit and commit_delay not in it; no journal. */
  @BeforeEach
  void originals() throws Exception {
    sql("ALTER SYSTEM SET fsync = on", "ALTER SYSTEM RESET synchronous_commit", "ALTER SYSTEM RESET commit_delay",
        "ALTER SYSTEM RESET commit_siblings", "SELECT pg_reload_conf()");
    waitUntil(() -> "on".equals(show("fsync")), "fsync back on", null);
    Files.deleteIfExists(journal);
    assertThat(autoConf("fsync")).isEqualTo("on");
    assertThat(show("synchronous_commit")).isEqualTo("on");
    assertThat(autoConf("synchronous_commit")).isNull();
  }

  private static List<String> command(String phase, String... more) {
    return command("127.0.0.1", work.resolve("journal"), phase, more);
  }

  /** @param host how the URL spells the server's address, e.g. {@code localhost} */
  private static List<String> command(String host, Path journalDir, String phase, String... more) {
    return command(host, "ycsb", journalDir, phase, more);
  }

  /** @param database the database of the cluster the driver connects to */
  private static List<String> command(String host, String database, Path journalDir, String phase, String... more) {
    List<String> args = CliRun.args(phase, "postgres", "workloada",
        "postgres.url=jdbc:postgresql://" + host + ":" + pg.port() + "/" + database, "postgres.user=postgres",
        "recordcount=200", "result.dir=" + work.resolve("results"), "restore.journal.dir=" + journalDir);
    args.addAll(List.of(more));
    return args;
  }

  private static Connection connect(String user) throws Exception {
    return DriverManager.getConnection(pg.url(), user, "");
  }

  private static void sql(String... statements) throws Exception {
    try (Connection c = connect("postgres"); Statement st = c.createStatement()) {
      for (String s : statements) {
        st.execute(s);
      }
    }
  }

  /** @return what SHOW says on a new connection of the test's own */
  private static String show(String name) throws Exception {
    try (Connection c = connect("postgres"); Statement st = c.createStatement();
         ResultSet rs = st.executeQuery("SHOW " + name)) {
      rs.next();
      return rs.getString(1);
    }
  }

  /** @return the value in postgresql.auto.conf, or null when the setting is not there */
  private static String autoConf(String name) throws Exception {
    try (Connection c = connect("postgres"); PreparedStatement ps = c.prepareStatement("SELECT setting FROM "
        + "pg_file_settings WHERE name = ? AND sourcefile LIKE '%/postgresql.auto.conf'")) {
      ps.setString(1, name);
      try (ResultSet rs = ps.executeQuery()) {
        return rs.next() ? rs.getString(1) : null;
      }
    }
  }

  private interface Check {
    boolean holds() throws Exception;
  }

  private static void waitUntil(Check check, String what, Process driver) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (!check.holds()) {
      assertThat(System.nanoTime() - deadline).as("waiting for " + what).isNegative();
      if (driver != null) {
        assertThat(driver.isAlive()).as("the driver ended before " + what + ":\n"
            + Files.readString(work.resolve("driver.err"))).isTrue();
      }
      Thread.sleep(100);
    }
  }

  /**
   * Starts a seed004-fast run in a child JVM, so that it can be killed, and returns once a connection of the
   * test's own sees its settings; a driver that ends before is a failure.
   */
  private static Process seed004Fast(int maxSeconds) throws Exception {
    Process driver = CliRun.child(command("run", "-p", "profile=seed004-fast", "-p", "operationcount=100000000",
        "-p", "maxexecutiontime=" + maxSeconds, "-threads", "2"), work.resolve("driver.out"), work.resolve("driver.err"));
    try {
      waitUntil(() -> "off".equals(show("fsync")) && "off".equals(show("synchronous_commit")),
          "fsync=off and synchronous_commit=off server-wide", driver);
      return driver;
    } catch (Exception | AssertionError e) {
      driver.destroyForcibly();
      throw e;
    }
  }

  @Test
  void seed004FastSetsFsyncAndSynchronousCommitServerWideAndPutsBothKindsOfOriginalBack() throws Exception {
    Process driver = seed004Fast(8);
    try {
      assertThat(autoConf("fsync")).isEqualTo("off");
      assertThat(JSON.readTree(journal.toFile()).path("settings").toString())
          .isEqualTo("{\"fsync\":\"on\",\"synchronous_commit\":\"DEFAULT\"}");
      assertThat(driver.waitFor(90, TimeUnit.SECONDS)).isTrue();
    } finally {
      driver.destroyForcibly();
    }
    String err = Files.readString(work.resolve("driver.err"));
    assertThat(driver.exitValue()).as(err).isZero();
    JsonNode server = JSON.readTree(Files.readString(CliRun.resultFile(err))).path("server");
    assertThat(server.path("profile").asText()).isEqualTo("seed004-fast");
    assertThat(server.path("settings").path("fsync").asText()).isEqualTo("off");
    assertThat(server.path("settings").path("synchronous_commit").asText()).isEqualTo("off");
    assertThat(server.path("settings").has("commit_siblings")).isTrue();

    assertThat(show("fsync")).as("a value from postgresql.auto.conf is set back there").isEqualTo("on");
    assertThat(autoConf("fsync")).isEqualTo("on");
    assertThat(show("synchronous_commit")).isEqualTo("on");
    assertThat(autoConf("synchronous_commit")).as("a default is RESET, not written down").isNull();
    assertThat(journal).doesNotExist();
  }

  @Test
  void settingsOfADriverKilledMidRunAreRestoredByTheNextCommandAlsoAfterTheServerRestarted() throws Exception {
    Process driver = seed004Fast(60);
    try {
      assertThat(JSON.readTree(journal.toFile()).path("pid").asLong()).isEqualTo(driver.pid());
    } finally {
      driver.destroyForcibly(); // SIGKILL: no shutdown hook runs
      assertThat(driver.waitFor(30, TimeUnit.SECONDS)).isTrue();
    }
    assertThat(driver.exitValue()).isEqualTo(128 + 9);
    // the server crashes too and comes back with what ALTER SYSTEM wrote
    pg.kill9();
    pg.restart();
    assertThat(show("fsync")).as("the killed driver could not restore").isEqualTo("off");
    assertThat(show("synchronous_commit")).isEqualTo("off");

    CliRun next = CliRun.of(command("run", "-p", "operationcount=200"));

    assertThat(next.exitCode()).as(next.toString()).isZero();
    String line = "postgres: restored ALTER SYSTEM fsync=on, synchronous_commit=DEFAULT left changed by an earlier "
        + "run (pid " + driver.pid() + ") that did not finish; journal " + journal;
    assertThat(next.errLines()).filteredOn(l -> l.contains("restored ALTER SYSTEM")).containsExactly(line);
    assertThat(show("fsync")).isEqualTo("on");
    assertThat(autoConf("fsync")).isEqualTo("on");
    assertThat(show("synchronous_commit")).isEqualTo("on");
    assertThat(autoConf("synchronous_commit")).isNull();
    assertThat(journal).doesNotExist();
    JsonNode server = JSON.readTree(Files.readString(next.resultFile())).path("server");
    assertThat(server.path("settings").path("fsync").asText()).as("measured with the original").isEqualTo("on");
    assertThat(server.path("settings").path("synchronous_commit").asText()).isEqualTo("on");
    assertThat(server.path("restoredSettings")).hasSize(2);
    for (JsonNode r : server.path("restoredSettings")) {
      assertThat(r.path("leftByPid").asLong()).isEqualTo(driver.pid());
      assertThat(r.path("journal").asText()).isEqualTo(journal.toString());
    }
  }

  @Test
  void theRestoreIsSaidAlsoWhenTheNextCommandThenFails() throws Exception {
    Process driver = seed004Fast(60);
    driver.destroyForcibly(); // SIGKILL: no shutdown hook runs
    assertThat(driver.waitFor(30, TimeUnit.SECONDS)).isTrue();
    assertThat(show("fsync")).as("the killed driver could not restore").isEqualTo("off");

    CliRun next = CliRun.of(command("run", "-p", "operationcount=100", "-p", "table=nosuchtable"));

    assertThat(next.exitCode()).as(next.toString()).isEqualTo(3);
    assertThat(next.errLines()).as(next.toString()).filteredOn(l -> l.contains("restored ALTER SYSTEM"))
        .containsExactly("postgres: restored ALTER SYSTEM fsync=on, synchronous_commit=DEFAULT left changed by an "
            + "earlier run (pid " + driver.pid() + ") that did not finish; journal " + journal);
    assertThat(next.errLines()).filteredOn(l -> l.startsWith("ycsb: ")).singleElement().asString()
        .contains("nosuchtable");
    assertThat(show("fsync")).isEqualTo("on");
    assertThat(autoConf("synchronous_commit")).isNull();
    assertThat(journal).doesNotExist();
  }

  @Test
  void aProfileRunOnAnotherDatabaseOfTheClusterIsRefusedWhileOneChangesItsSettings() throws Exception {
    sql("DROP DATABASE IF EXISTS ycsb_other", "CREATE DATABASE ycsb_other");
    Process first = seed004Fast(60);
    try {
      // another database and a journal directory of its own: only the lock in the server can see the first
      CliRun other = CliRun.of(command("127.0.0.1", "ycsb_other", work.resolve("journal-of-another-database"), "load",
          "-p", "profile=seed004-fast", "-p", "createtable=true"));

      assertThat(other.exitCode()).as(other.toString()).isEqualTo(3);
      assertThat(other.errLines().stream().filter(l -> l.startsWith("ycsb: ")).toList()).as(other.toString())
          .singleElement().asString()
          .contains("postgres: ALTER SYSTEM settings of 127.0.0.1:" + pg.port() + "/ycsb_other (server ")
          .contains("are being changed by another driver: ycsb-driver pid " + first.pid() + " on ")
          .contains(", database ycsb)")
          .contains("nothing was recorded or changed");
      assertThat(work.resolve("journal-of-another-database")).doesNotExist();
      assertThat(show("fsync")).as("still the first driver's value").isEqualTo("off");
    } finally {
      first.destroy(); // SIGTERM: the driver restores what it changed
      assertThat(first.waitFor(60, TimeUnit.SECONDS)).isTrue();
    }
    waitUntil(() -> "on".equals(show("fsync")), "fsync back on", null);
    assertThat(autoConf("fsync")).isEqualTo("on");
    assertThat(autoConf("synchronous_commit")).isNull();
    assertThat(journals()).isEmpty();
  }

  @Test
  void aRoleWithoutTheAlterSystemPrivilegeIsExitThreeInOneLineAndNothingChanges() throws Exception {
    sql("CREATE ROLE lowly LOGIN");

    CliRun run = CliRun.of(command("run", "-p", "profile=seed004-fast", "-p", "operationcount=100",
        "-p", "postgres.user=lowly"));

    assertThat(run.exitCode()).as(run.toString()).isEqualTo(3);
    List<String> errors = run.errLines().stream().filter(l -> l.startsWith("ycsb: ")).toList();
    assertThat(errors).as(run.toString()).singleElement().asString()
        .contains("postgres: cannot change ALTER SYSTEM fsync, synchronous_commit for profile seed004-fast")
        .contains("GRANT ALTER SYSTEM ON PARAMETER fsync, synchronous_commit TO lowly")
        .contains("GRANT EXECUTE ON FUNCTION pg_reload_conf() TO lowly")
        .contains("nothing was changed");
    assertThat(run.err()).doesNotContain("\tat ").doesNotContain("Exception");
    assertThat(show("fsync")).isEqualTo("on");
    assertThat(autoConf("fsync")).isEqualTo("on");
    assertThat(show("synchronous_commit")).isEqualTo("on");
    assertThat(autoConf("synchronous_commit")).isNull();
    assertThat(journal).doesNotExist();
  }

  @Test
  void theGrantsOfPostgresShAreEnoughForSeed004DurableWithoutASuperuser() throws Exception {
    sql("CREATE ROLE granted LOGIN", "GRANT ALL ON usertable TO granted",
        // as scripts/services/postgres.sh grants them to ycsb_pw
        "GRANT SET, ALTER SYSTEM ON PARAMETER fsync, synchronous_commit, commit_delay, commit_siblings, "
            + "full_page_writes, wal_writer_delay TO granted",
        "GRANT EXECUTE ON FUNCTION pg_reload_conf() TO granted", "GRANT pg_read_all_settings TO granted");

    CliRun run = CliRun.of(command("run", "-p", "profile=seed004-durable", "-p", "operationcount=200",
        "-p", "postgres.user=granted"));

    assertThat(run.exitCode()).as(run.toString()).isZero();
    JsonNode settings = JSON.readTree(Files.readString(run.resultFile())).path("server").path("settings");
    assertThat(settings.path("commit_delay").asText()).isEqualTo("2000");
    assertThat(settings.path("commit_siblings").asText()).isEqualTo("2");
    assertThat(settings.path("fsync").asText()).isEqualTo("on");
    assertThat(settings.path("synchronous_commit").asText()).isEqualTo("on");
    assertThat(show("commit_delay")).isEqualTo("0");
    assertThat(autoConf("commit_delay")).isNull();
    assertThat(autoConf("fsync")).isEqualTo("on");
    assertThat(journal).doesNotExist();
  }

  @Test
  void aMalformedValueOfEveryNewKeyIsExitTwoInOneLineAndNothingChanges() throws Exception {
    List<String> bad = new java.util.ArrayList<>();
    for (dev.ycsbdriver.config.PropertySpec spec : PostgresKeys.SYSTEM) {
      bad.add(spec.key() + "=" + (spec.kind() == dev.ycsbdriver.config.PropertySpec.Kind.INTEGER
          ? Long.toString(spec.maxLong() + 1) : "maybe"));
    }
    bad.add(PostgresKeys.RELOAD_TIMEOUT.key() + "=12 parsecs");
    for (String kv : bad) {
      CliRun run = CliRun.of(command("run", "-p", "operationcount=100", "-p", kv));
      assertThat(run.exitCode()).as(kv + ": " + run).isEqualTo(2);
      assertThat(run.errLines()).as(kv + ": " + run).singleElement().asString()
          .startsWith("ycsb: " + kv.substring(0, kv.indexOf('=')));
    }
    assertThat(show("fsync")).isEqualTo("on");
    assertThat(journal).doesNotExist();
  }

  private static void assertRefusedNaming(CliRun run, Process holder) {
    assertThat(run.exitCode()).as(run.toString()).isEqualTo(3);
    List<String> errors = run.errLines().stream().filter(l -> l.startsWith("ycsb: ")).toList();
    assertThat(errors).as(run.toString()).singleElement().asString()
        .contains("postgres: ALTER SYSTEM settings of localhost:" + pg.port() + "/ycsb (server ")
        .contains("are being changed by another driver: ycsb-driver pid " + holder.pid() + " on ")
        .contains("nothing was recorded or changed");
    assertThat(run.err()).doesNotContain("\tat ");
  }

  private static List<Path> journals() throws Exception {
    try (Stream<Path> files = Files.list(work.resolve("journal"))) {
      return files.filter(f -> f.toString().endsWith(".json")).toList();
    }
  }

  @Test
  void aSecondProfileRunThroughAnotherSpellingOfTheAddressIsRefusedAndTheOriginalsComeBack() throws Exception {
    Process first = seed004Fast(60);
    try {
      CliRun second = CliRun.of(command("localhost", work.resolve("journal"), "run", "-p", "profile=seed004-fast", "-p", "operationcount=100"));
      assertRefusedNaming(second, first);

      // a driver on another machine has no journal here: the lock in the server refuses it all the same
      CliRun elsewhere = CliRun.of(command("localhost", work.resolve("journal-of-another-machine"), "run",
          "-p", "profile=seed004-fast", "-p", "operationcount=100"));
      assertRefusedNaming(elsewhere, first);
      assertThat(work.resolve("journal-of-another-machine")).doesNotExist();

      assertThat(journals()).containsExactly(journal);
      assertThat(JSON.readTree(journal.toFile()).path("pid").asLong()).isEqualTo(first.pid());
    } finally {
      first.destroy(); // SIGTERM: the driver restores what it changed
      assertThat(first.waitFor(60, TimeUnit.SECONDS)).isTrue();
    }
    waitUntil(() -> "on".equals(show("fsync")), "fsync back on", null);
    assertThat(autoConf("fsync")).isEqualTo("on");
    assertThat(autoConf("synchronous_commit")).isNull();
    assertThat(show("synchronous_commit")).isEqualTo("on");
    assertThat(journals()).isEmpty();

    CliRun afterwards = CliRun.of(command("localhost", work.resolve("journal"), "run", "-p", "profile=seed004-fast", "-p", "operationcount=100"));
    assertThat(afterwards.exitCode()).as("the lock is free once the first ended: " + afterwards).isZero();
    assertThat(afterwards.err()).doesNotContain("not its durable values");
    assertThat(show("fsync")).isEqualTo("on");
  }

  @Test
  void settingsAKilledDriverLeftAreRestoredThroughAnotherSpellingOfTheAddress() throws Exception {
    Process first = seed004Fast(60);
    first.destroyForcibly(); // SIGKILL: no shutdown hook runs
    assertThat(first.waitFor(30, TimeUnit.SECONDS)).isTrue();
    assertThat(show("fsync")).as("the killed driver could not restore").isEqualTo("off");

    CliRun next = CliRun.of(command("localhost", work.resolve("journal"), "run", "-p", "operationcount=100"));

    assertThat(next.exitCode()).as(next.toString()).isZero();
    assertThat(next.errLines()).filteredOn(l -> l.contains("restored ALTER SYSTEM")).singleElement().asString()
        .contains("fsync=on").contains("(pid " + first.pid() + ")");
    assertThat(show("fsync")).isEqualTo("on");
    assertThat(autoConf("fsync")).isEqualTo("on");
    assertThat(autoConf("synchronous_commit")).isNull();
    assertThat(journals()).isEmpty();
  }

  @Test
  void aProfileRunWarnsWhenTheServerIsNotDurableBeforeItChangesAnything() throws Exception {
    sql("ALTER SYSTEM SET fsync = off", "ALTER SYSTEM SET synchronous_commit = off", "SELECT pg_reload_conf()");
    waitUntil(() -> "off".equals(show("fsync")) && "off".equals(show("synchronous_commit")), "fsync off", null);

    CliRun run = CliRun.of(command("localhost", work.resolve("journal"), "run", "-p", "profile=seed004-durable", "-p", "operationcount=100"));

    assertThat(run.exitCode()).as(run.toString()).isZero();
    String line = "postgres: before this run changed anything the server had fsync=off, synchronous_commit=off, not "
        + "its durable values";
    assertThat(run.errLines()).anyMatch(l -> l.startsWith("Warning: " + line));
    assertThat(Files.readString(run.resultFile())).contains(line);
  }
}
