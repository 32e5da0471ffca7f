package dev.ycsbdriver.binding.mysql;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ycsbdriver.testing.CliRun;
import dev.ycsbdriver.testing.PrivateMariadb;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Profile seed004-durable on MariaDB, which has no {@code binlog_group_commit_sync_delay} (MySQL 5.7+ has):
 * the run does not fail, the result records the variable as absent with a warning that names MariaDB's own
 * equivalent ({@code binlog_commit_wait_usec} with {@code binlog_commit_wait_count}), set instead, says whether the binary
 * log is on at all, reads back every variable the profile names, and the GLOBALs are restored afterwards.
 * Against a MariaDB of its own ({@link PrivateMariadb}, started without a binary log).
 */
class Seed004MariadbIT {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static PrivateMariadb db;
  private static Path work;

  @BeforeAll
  static void startServer() throws Exception {
    db = PrivateMariadb.start(Path.of("target"));
    work = Files.createTempDirectory(Path.of("target").toAbsolutePath(), "seed004-mariadb-it-");
  }

  @AfterAll
  static void stopServer() throws IOException {
    if (db != null) {
      db.close();
    }
  }

  private static List<String> command(String phase) {
    return CliRun.args(phase, "mysql", "workloada", "mysql.url=" + db.url(), "mysql.user=root", "recordcount=200",
        "result.dir=" + work.resolve("results"), "restore.journal.dir=" + work.resolve("journal"));
  }

  @Test
  void seed004DurableRecordsBinlogGroupCommitSyncDelayAsAbsentAndRestoresTheRest() throws Exception {
    db.sql("SET GLOBAL innodb_flush_log_at_trx_commit = 2; SET GLOBAL sync_binlog = 0");
    CliRun load = CliRun.of(command("load"), "-p", "createtable=true", "-p", "droptable=true");
    assertThat(load.exitCode()).as(load.toString()).isZero();

    CliRun run = CliRun.of(command("run"), "-p", "profile=seed004-durable", "-p", "operationcount=200");

    assertThat(run.exitCode()).as(run.toString()).isZero();
    JsonNode result = JSON.readTree(Files.readString(run.resultFile()));
    JsonNode settings = result.path("server").path("settings");
    assertThat(settings.path("innodb_flush_log_at_trx_commit").asText()).isEqualTo("1");
    assertThat(settings.path("sync_binlog").asText()).isEqualTo("1");
    assertThat(settings.path("binlog_group_commit_sync_delay").asText()).isEqualTo("absent");
    // MariaDB's own equivalent of binlog_group_commit_sync_delay=2000, set instead
    assertThat(settings.path("binlog_commit_wait_usec").asText()).isEqualTo("2000");
    assertThat(settings.path("binlog_commit_wait_count").asText()).isEqualTo("64");
    assertThat(settings.path("log_bin").asText()).isEqualTo("0");
    String warnings = result.path("warnings").toString();
    assertThat(warnings).contains("mysql: binlog_group_commit_sync_delay does not exist on this server; not set "
        + "(profile seed004-durable asks for 2000); MySQL 5.7+ has it, MariaDB does not: its equivalent, "
        + "binlog_commit_wait_usec with binlog_commit_wait_count, is set instead").contains("log_bin is OFF");
    assertThat(db.sql("SELECT @@GLOBAL.innodb_flush_log_at_trx_commit")).isEqualTo("2");
    assertThat(db.sql("SELECT @@GLOBAL.sync_binlog")).isEqualTo("0");
    assertThat(db.sql("SELECT @@GLOBAL.binlog_commit_wait_count")).isEqualTo("0");
    try (var left = Files.list(work.resolve("journal"))) {
      assertThat(left.filter(f -> f.toString().endsWith(".json"))).as("restore journals left behind").isEmpty();
    }
  }

  @Test
  void aMalformedBinlogGroupCommitSyncDelayIsExitTwoInOneLine() {
    CliRun run = CliRun.of(command("run"), "-p", "mysql.binlog_group_commit_sync_delay=1000001");
    assertThat(run.exitCode()).as(run.toString()).isEqualTo(2);
    assertThat(run.errLines()).as(run.toString()).singleElement().asString()
        .startsWith("ycsb: mysql.binlog_group_commit_sync_delay");
  }

  @Test
  void aServerStartedAsMariadbShStartsItHasABinaryLogAndNoLogBinWarning() throws Exception {
    // the options scripts/services/mariadb.sh gives a server it starts
    try (PrivateMariadb logged = PrivateMariadb.start(Path.of("target"), "--log-bin=mariadb-bin",
        "--expire-logs-days=1")) {
      List<String> base = CliRun.args("load", "mysql", "workloada", "mysql.url=" + logged.url(), "mysql.user=root",
          "recordcount=200", "result.dir=" + work.resolve("logged"), "restore.journal.dir=" + work.resolve("journal"));
      CliRun load = CliRun.of(base, "-p", "createtable=true", "-p", "droptable=true");
      assertThat(load.exitCode()).as(load.toString()).isZero();
      List<String> runArgs = new java.util.ArrayList<>(base);
      runArgs.set(0, "run");
      CliRun run = CliRun.of(runArgs, "-p", "profile=seed004-durable", "-p", "operationcount=200");
      assertThat(run.exitCode()).as(run.toString()).isZero();
      JsonNode result = JSON.readTree(Files.readString(run.resultFile()));
      assertThat(result.path("server").path("settings").path("log_bin").asText()).isEqualTo("1");
      assertThat(result.path("warnings").toString()).doesNotContain("log_bin is OFF");
    }
  }
}
