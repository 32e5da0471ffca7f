package dev.ycsbdriver.binding.mysql;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ycsbdriver.testing.BindingContract;
import dev.ycsbdriver.testing.CliRun;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The mysql binding against the real MariaDB on 127.0.0.1:3306, database {@code ycsb}, prepared by
 * {@code scripts/services/mariadb.sh} (which {@code scripts/test} runs first).
 */
class MysqlIT extends BindingContract {
  static final String URL = "jdbc:mysql://127.0.0.1:3306/ycsb";
  static final String USER = "ycsb_pw";
  static final String PASSWORD = "ycsb_pw_secret";

  @BeforeAll
  static void serverAnswers() {
    try (Connection c = DriverManager.getConnection(URL, USER, PASSWORD)) {
      assertThat(c.isValid(2)).isTrue();
    } catch (SQLException e) {
      throw new AssertionError("MariaDB with database ycsb and user ycsb_pw does not answer on 127.0.0.1:3306 ("
          + e.getMessage() + "); run scripts/services/mariadb.sh", e);
    }
  }

  private static String global(String name) throws SQLException {
    try (Connection c = DriverManager.getConnection(URL, USER, PASSWORD)) {
      return GlobalSettings.read(c, name);
    }
  }

  @Override
  protected String bindingName() {
    return "mysql";
  }

  @Override
  protected Map<String, String> connection() {
    // journals of the profile tests stay under target/, not in the user's state directory
    return Map.of("mysql.url", URL, "mysql.user", USER, "mysql.password", PASSWORD,
        "restore.journal.dir", Path.of("target", "restore-journal").toAbsolutePath().toString());
  }

  @Override
  protected Map<String, Map<String, String>> profileReadBack() {
    return Map.of("durable", Map.of("innodb_flush_log_at_trx_commit", "1", "sync_binlog", "1"),
        "fast", Map.of("innodb_flush_log_at_trx_commit", "0", "sync_binlog", "0"));
  }

  @Override
  protected Map<String, String> unreachable() {
    return Map.of("mysql.url", "jdbc:mysql://127.0.0.1:1/ycsb");
  }

  @Override
  protected String unreachableMessage() {
    return "mysql: cannot connect to 127.0.0.1:1/ycsb (connection refused); is the server running?";
  }

  @Override
  protected Map<String, String> badCredentials() {
    return Map.of("mysql.password", "n0t-the-Secret");
  }

  @Test
  void aWrongPasswordInTheUrlIsNeverPrintedAndTheHostIsParsedAfterIt() {
    for (String password : new String[] {"Wr0ng-in-url", "Wr0ng@in-url"}) {
      CliRun run = cli("run", "workloada", Map.of("mysql.url",
          "jdbc:mysql://ycsb_pw:" + password + "@127.0.0.1:3306/ycsb"));
      assertThat(run.exitCode()).as(run.toString()).isEqualTo(3);
      assertOneErrorLine(run, "mysql: authentication failed at 127.0.0.1:3306/ycsb: Access denied for user 'ycsb_pw'");
      assertThat(run.out() + run.err()).doesNotContain(password).doesNotContain("in-url");
    }
  }

  @Test
  void theRightPasswordInTheUrlConnects() {
    CliRun load = cli("load", "workloadc", Map.of("mysql.url", "jdbc:mysql://ycsb_pw:ycsb_pw_secret@127.0.0.1:3306/ycsb",
        "mysql.user", "nosuchuser", "mysql.password", "", "table", "i35_url_credentials", "recordcount", "10",
        "droptable", "true", "createtable", "true"));
    assertThat(load.exitCode()).as(load.toString()).isZero();
    assertThat(load.out() + load.err()).doesNotContain("ycsb_pw_secret");
  }

  @Override
  protected String badCredentialsMessage() {
    return "mysql: authentication failed at 127.0.0.1:3306/ycsb: Access denied for user 'ycsb_pw'";
  }

  @Test
  void globalSettingsAreRestoredAfterARunWithAProfile() throws Exception {
    cli("load", "workloadc", Map.of("recordcount", "100", "droptable", "true", "createtable", "true"));
    String flushBefore = global("innodb_flush_log_at_trx_commit");
    String binlogBefore = global("sync_binlog");
    String other = "0".equals(flushBefore) ? "durable" : "fast";

    CliRun run = cli("run", "workloada", Map.of("recordcount", "100", "operationcount", "300", "profile", other));

    assertThat(run.exitCode()).as(run.toString()).isZero();
    assertThat(result(run).path("server").path("settings").path("innodb_flush_log_at_trx_commit").asText())
        .isNotEqualTo(flushBefore);
    assertThat(global("innodb_flush_log_at_trx_commit")).isEqualTo(flushBefore);
    assertThat(global("sync_binlog")).isEqualTo(binlogBefore);
  }

  @Test
  void profileThatCannotBeSetFailsUnlessNotStrict() throws Exception {
    cli("load", "workloadc", Map.of("recordcount", "100", "droptable", "true", "createtable", "true"));
    String flushBefore = global("innodb_flush_log_at_trx_commit");
    String other = "0".equals(flushBefore) ? "durable" : "fast";
    Map<String, String> noAdmin = Map.of("mysql.user", "ycsb_noadmin", "recordcount", "100",
        "operationcount", "100", "profile", other);

    CliRun strict = cli("run", "workloadc", noAdmin);
    assertThat(strict.exitCode()).as(strict.toString()).isEqualTo(3);
    assertOneErrorLine(strict, "mysql: cannot SET GLOBAL innodb_flush_log_at_trx_commit");
    assertThat(strict.err()).contains("stays " + flushBefore);

    Map<String, String> lenient = new java.util.HashMap<>(noAdmin);
    lenient.put("profile.strict", "false");
    CliRun run = cli("run", "workloadc", lenient);
    assertThat(run.exitCode()).as(run.toString()).isZero();
    assertThat(run.err()).contains("could not set GLOBAL innodb_flush_log_at_trx_commit");
    assertThat(result(run).path("server").path("settings").path("innodb_flush_log_at_trx_commit").asText())
        .isEqualTo(flushBefore);
    assertThat(global("innodb_flush_log_at_trx_commit")).isEqualTo(flushBefore);
  }

  @Test
  void batchedLoadInsertsEveryRecordAndServerCpuIsMariadbd() throws Exception {
    CliRun load = cli("load", "workloada", Map.of("recordcount", "1001", "droptable", "true", "createtable", "true",
        "mysql.batchsize", "100", "threadcount", "2", "mysql.connections", "thread"));
    assertThat(load.exitCode()).as(load.toString()).isZero();
    try (Connection c = DriverManager.getConnection(URL, USER, PASSWORD);
         var rs = c.createStatement().executeQuery("SELECT COUNT(*) FROM usertable")) {
      rs.next();
      assertThat(rs.getLong(1)).isEqualTo(1001);
    }
    // samples of 100 ms: a fast machine's run may last under half a second (CPU figures then unknown)
    CliRun run = cli("run", "workloadc", Map.of("recordcount", "1001", "operationcount", "20000", "threadcount", "8",
        "cpu.interval", "100ms"));
    assertThat(run.exitCode()).as(run.toString()).isZero();
    assertThat(result(run).path("cpu").path("serverSource").asText()).startsWith("mariadbd pid ")
        .contains(" listening on 127.0.0.1:3306 and its children (");
    assertThat(result(run).path("cpu").path("server").path("averagePercent").asDouble()).isGreaterThan(1.0);
    assertThat(result(run).path("server").path("product").asText()).isEqualTo("MariaDB");
  }
}
