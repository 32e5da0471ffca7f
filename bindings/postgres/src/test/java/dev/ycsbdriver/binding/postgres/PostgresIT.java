package dev.ycsbdriver.binding.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ycsbdriver.result.ResultJson;
import dev.ycsbdriver.result.model.Warning;
import dev.ycsbdriver.testing.BindingContract;
import dev.ycsbdriver.testing.CliRun;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The postgres binding against the real PostgreSQL on 127.0.0.1:5432, database {@code ycsb}, prepared
 * by {@code scripts/services/postgres.sh} (which {@code scripts/test} runs first).
 */
class PostgresIT extends BindingContract {
  static final String URL = "jdbc:postgresql://127.0.0.1:5432/ycsb";
  static final String USER = "ycsb_pw";
  static final String PASSWORD = "ycsb_pw_secret";

  @BeforeAll
  static void serverAnswers() {
    try (var c = DriverManager.getConnection(URL, USER, PASSWORD)) {
      assertThat(c.isValid(2)).isTrue();
    } catch (SQLException e) {
      throw new AssertionError("PostgreSQL with database ycsb does not answer on 127.0.0.1:5432 ("
          + e.getMessage() + "); run scripts/services/postgres.sh", e);
    }
  }

  @Override
  protected String bindingName() {
    return "postgres";
  }

  @Override
  protected Map<String, String> connection() {
    return Map.of("postgres.url", URL, "postgres.user", USER, "postgres.password", PASSWORD);
  }

  @Override
  protected Map<String, Map<String, String>> profileReadBack() {
    return Map.of("durable", Map.of("synchronous_commit", "on"), "fast", Map.of("synchronous_commit", "off"));
  }

  @Override
  protected Map<String, String> unreachable() {
    return Map.of("postgres.url", "jdbc:postgresql://127.0.0.1:1/ycsb");
  }

  @Override
  protected Map<String, String> badCredentials() {
    return Map.of("postgres.user", USER, "postgres.password", "n0t-the-Secret");
  }

  @Test
  void aWrongPasswordInTheUrlIsNeverPrintedAndTheHostIsParsedAfterIt() {
    for (String password : new String[] {"Wr0ng-in-url", "Wr0ng@in-url"}) {
      CliRun run = cli("run", "workloada", Map.of("postgres.url",
          "jdbc:postgresql://ycsb_pw:" + password + "@127.0.0.1:5432/ycsb"));
      assertThat(run.exitCode()).as(run.toString()).isEqualTo(3);
      assertOneErrorLine(run, "postgres: authentication failed at 127.0.0.1:5432/ycsb: password authentication failed for user \"ycsb_pw\"");
      assertThat(run.out() + run.err()).doesNotContain(password).doesNotContain("in-url");
    }
  }

  @Test
  void theRightPasswordInTheUrlConnects() {
    CliRun load = cli("load", "workloadc", Map.of("postgres.url", "jdbc:postgresql://ycsb_pw:ycsb_pw_secret@127.0.0.1:5432/ycsb",
        "postgres.user", "nosuchuser", "postgres.password", "", "table", "i35_url_credentials", "recordcount", "10",
        "droptable", "true", "createtable", "true"));
    assertThat(load.exitCode()).as(load.toString()).isZero();
    assertThat(load.out() + load.err()).doesNotContain("ycsb_pw_secret");
  }

  @Override
  protected String badCredentialsMessage() {
    return "postgres: authentication failed at 127.0.0.1:5432/ycsb: password authentication failed for user \"ycsb_pw\"";
  }

  @Override
  protected String unreachableMessage() {
    return "postgres: cannot connect to 127.0.0.1:1/ycsb (connection refused); is the server running?";
  }

  @Test
  void upstreamJdbcKeysReachTheServerWithThePassword() throws Exception {
    cli("load", "workloadc", Map.of("recordcount", "50", "droptable", "true", "createtable", "true"));
    CliRun run = cli("run", "workloadc", Map.of("recordcount", "50", "operationcount", "100",
        "postgres.url", "jdbc:postgresql://127.0.0.1:1/wrong", "db.url", URL, "db.user", "ycsb_pw",
        "db.passwd", "ycsb_pw_secret"));
    // postgres.url is given explicitly, so it wins over db.url
    assertThat(run.exitCode()).as(run.toString()).isEqualTo(3);

    CliRun upstreamKeys = CliRun.of("run", "postgres", "-P", workload("workloadc").toString(),
        "-p", "recordcount=50", "-p", "operationcount=100", "-p", "db.url=" + URL, "-p", "db.user=ycsb_pw",
        "-p", "db.passwd=ycsb_pw_secret", "-p", "result.dir=" + resultDirectory());
    assertThat(upstreamKeys.exitCode()).as(upstreamKeys.toString()).isZero();
    JsonNode config = result(upstreamKeys).path("config");
    assertThat(config.path("db.passwd").asText()).isEqualTo("****");
    assertThat(upstreamKeys.out() + upstreamKeys.err()).doesNotContain("ycsb_pw_secret");
  }

  @Test
  void missingDatabaseIsExitThree() {
    CliRun run = cli("run", "workloada", Map.of("postgres.url", "jdbc:postgresql://127.0.0.1:5432/no_such_db"));
    assertThat(run.exitCode()).as(run.toString()).isEqualTo(3);
    assertOneErrorLine(run, "database \"no_such_db\" does not exist");
  }

  @Test
  void serverCpuComesFromThePostgresProcesses() throws Exception {
    cli("load", "workloadc", Map.of("recordcount", "1000", "droptable", "true", "createtable", "true"));
    CliRun run = cli("run", "workloadc", Map.of("recordcount", "1000", "operationcount", "20000",
        "threadcount", "8", "cpu.interval", "100ms")); // a fast machine's run may last under half a second
    assertThat(run.exitCode()).as(run.toString()).isZero();
    JsonNode cpu = result(run).path("cpu");
    assertThat(cpu.path("serverSource").asText()).startsWith("postgres pid " + PostgresServerTargetIT.postmasterPid()
        + " listening on 127.0.0.1:5432 and its children (");
    assertThat(cpu.path("serverIsDriver").asBoolean()).isFalse();
    assertThat(cpu.path("server").path("averagePercent").asDouble()).isGreaterThan(1.0);
    assertThat(cpu.path("opsPerServerCpuPercent").asDouble()).isPositive();
    assertThat(run.out()).contains("[CPU], ServerSource, postgres pid ");
    JsonNode server = result(run).path("server");
    assertThat(server.path("product").asText()).isEqualTo("PostgreSQL");
    assertThat(server.path("version").asText()).matches("\\d+.*");
    assertThat(server.path("settings").fieldNames()).toIterable()
        .containsExactly("synchronous_commit", "fsync", "wal_level", "commit_delay", "commit_siblings",
            "full_page_writes", "wal_writer_delay", "connections");
  }

  @Test
  void batchedLoadInsertsEveryRecord() throws Exception {
    CliRun load = cli("load", "workloada", Map.of("recordcount", "1001", "droptable", "true", "createtable", "true",
        "postgres.batchsize", "100", "threadcount", "2", "postgres.connections", "thread"));
    assertThat(load.exitCode()).as(load.toString()).isZero();
    Map<String, String> summary = dev.ycsbdriver.testing.SummaryLines.asMap(load.out());
    assertThat(summary).containsEntry("[INSERT], Operations", "1001")
        .containsEntry("[INSERT], Return=OK", "10").containsEntry("[INSERT], Return=BATCHED_OK", "991");
    assertThat(Long.parseLong(summary.get("[INSERT], MinLatency(us)"))).isPositive();
    try (var c = DriverManager.getConnection(URL, USER, PASSWORD);
         var rs = c.createStatement().executeQuery("SELECT count(*) FROM usertable")) {
      rs.next();
      assertThat(rs.getLong(1)).isEqualTo(1001);
    }
  }

  @Test
  void badSynchronousCommitValueIsAConfigurationError() {
    CliRun run = cli("run", "workloada", Map.of("postgres.synchronous_commit", "sometimes"));
    assertThat(run.exitCode()).isEqualTo(2);
    assertOneErrorLine(run, "postgres.synchronous_commit: must be one of on, off, local, remote_write, remote_apply");
  }

  @Test
  void aNoLossClaimWithSynchronousCommitOffIsANotDurableWarningAndTheFastProfilesOwnClaimIsNot() throws Exception {
    cli("load", "workloada", Map.of("recordcount", "100", "droptable", "true", "createtable", "true"));
    CliRun claimed = cli("run", "workloada", Map.of("recordcount", "100", "operationcount", "200",
        "postgres.synchronous_commit", "off", "durability.claim", "no-loss"));
    assertThat(claimed.exitCode()).as(claimed.toString()).isZero();
    assertThat(ResultJson.readDocument(CliRun.resultFile(claimed.err())).sections().warnings())
        .filteredOn(w -> w.code() == Warning.Code.NOT_DURABLE).extracting(Warning::text)
        .containsExactly("postgres: durability.claim=no-loss, but synchronous_commit is off: a crash of the server "
            + "loses the commits of the last 3 x wal_writer_delay");
    CliRun fast = cli("run", "workloada", Map.of("recordcount", "100", "operationcount", "200", "profile", "fast"));
    assertThat(fast.exitCode()).as(fast.toString()).isZero();
    assertThat(ResultJson.readDocument(CliRun.resultFile(fast.err())).sections().warnings())
        .extracting(Warning::text).noneMatch(w -> w.contains("synchronous_commit"));
  }
}
