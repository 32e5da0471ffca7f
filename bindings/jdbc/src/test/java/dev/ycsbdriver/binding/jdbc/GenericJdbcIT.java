package dev.ycsbdriver.binding.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ycsbdriver.testing.BindingContract;
import dev.ycsbdriver.testing.CliRun;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The generic jdbc binding, with upstream's db.* keys, against the real PostgreSQL on loopback. */
class GenericJdbcIT extends BindingContract {
  private static final String URL = "jdbc:postgresql://127.0.0.1:5432/ycsb";

  @Override
  protected String bindingName() {
    return "jdbc";
  }

  @Override
  protected Map<String, String> connection() {
    return Map.of("db.driver", "org.postgresql.Driver", "db.url", URL, "db.user", "ycsb_pw",
        "db.passwd", "ycsb_pw_secret");
  }

  @Override
  protected Map<String, Map<String, String>> profileReadBack() {
    // the generic binding ships no profiles: nothing it could set would be known to be read back
    return Map.of();
  }

  @Override
  protected Map<String, String> unreachable() {
    return Map.of("db.url", "jdbc:postgresql://127.0.0.1:1/ycsb");
  }

  @Override
  protected Map<String, String> badCredentials() {
    return Map.of("db.passwd", "n0t-the-Secret");
  }

  @Override
  protected String badCredentialsMessage() {
    // the server's own text: PostgreSQL's severity prefix is stripped by the postgres module's rules, which this
    // module's tests do not have on the classpath (the distribution does)
    return "jdbc: authentication failed at jdbc:postgresql://127.0.0.1:5432/ycsb: FATAL: password authentication failed";
  }

  @Test
  void aWrongPasswordInTheUrlIsInNoLineEvenOfTheStackTrace() {
    CliRun run = CliRun.of(List.of("run", "jdbc", "-P", workload("workloada").toString(), "-v"),
        "-p", "db.driver=org.postgresql.Driver", "-p", "db.url=jdbc:postgresql://ycsb_pw:Wr0ng-in-url@127.0.0.1:5432/ycsb",
        "-p", "result.dir=" + resultDirectory());
    assertThat(run.exitCode()).as(run.toString()).isEqualTo(3);
    assertThat(run.err()).contains("ycsb: jdbc: authentication failed at jdbc:postgresql://127.0.0.1:5432/ycsb: ")
        .contains("\tat ");
    assertThat(run.out() + run.err()).doesNotContain("Wr0ng-in-url");
  }

  @Override
  protected String unreachableMessage() {
    return "jdbc: cannot connect to jdbc:postgresql://127.0.0.1:1/ycsb (connection refused)";
  }

  @Test
  void batchedInsertsAndManualCommitLoadEveryRecord() throws Exception {
    CliRun load = cli("load", "workloada", Map.of("recordcount", "250", "droptable", "true", "createtable", "true",
        "db.batchsize", "64", "jdbc.autocommit", "false", "dataintegrity", "true",
        // a batch lives on one connection between operations: only a connection of the thread's own keeps it
        "jdbc.connections", "thread"));
    assertThat(load.exitCode()).as(load.toString()).isZero();
    CliRun run = cli("run", "workloada", Map.of("recordcount", "250", "operationcount", "500",
        "jdbc.autocommit", "false", "dataintegrity", "true"));
    assertThat(run.exitCode()).as(run.toString()).isZero();
    assertThat(run.out()).contains("[VERIFY], Return=OK");
  }

  @Test
  void serverCpuIsNotAvailableWithTheReason() {
    cli("load", "workloadc", Map.of("recordcount", "50", "droptable", "true", "createtable", "true"));
    CliRun run = cli("run", "workloadc", Map.of("recordcount", "50", "operationcount", "100"));
    assertThat(run.exitCode()).as(run.toString()).isZero();
    assertThat(run.out()).contains("[CPU], ServerAverage(%), n/a (the jdbc binding cannot tell which processes");
  }
}
