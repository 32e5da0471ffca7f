package dev.ycsbdriver.binding.sqlite;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ycsbdriver.testing.BindingContract;
import dev.ycsbdriver.testing.CliRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The sqlite binding against an SQLite file database under target/. */
class SqliteIT extends BindingContract {
  private static final Path DIR = Path.of("target", "it-sqlite").toAbsolutePath();

  @Override
  protected String bindingName() {
    return "sqlite";
  }

  @Override
  protected Map<String, String> connection() {
    return Map.of("sqlite.dir", DIR.toString());
  }

  @Override
  protected Map<String, Map<String, String>> profileReadBack() {
    return Map.of("durable", Map.of("synchronous", "FULL", "journal_mode", "wal"), "fast", Map.of("synchronous", "OFF", "journal_mode", "wal"));
  }

  @Override
  protected Map<String, String> unreachable() {
    // a regular file where the database directory should be
    return Map.of("sqlite.dir", Path.of("pom.xml").toAbsolutePath().resolve("db").toString());
  }

  @Override
  protected Map<String, String> badCredentials() {
    // an embedded database opened by this process: there is no password to get wrong
    return Map.of();
  }

  @Override
  protected String badCredentialsMessage() {
    return "";
  }

  @Override
  protected String unreachableMessage() {
    return "sqlite: cannot create directory";
  }

  /** Workload A is half updates: with 64 connections and one writer, a missing busy timeout fails at once. */
  @Test
  void sixtyFourThreadsWaitForTheWriterInsteadOfFailingBusy() throws Exception {
    Path results = Path.of("target", "it-sqlite-default").toAbsolutePath();
    CliRun load = CliRun.of("load", "sqlite", "-P", workload("workloada").toString(), "-p", "droptable=true",
        "-p", "result.dir=" + results);
    assertThat(load.exitCode()).as(load.toString()).isZero();
    assertThat(results.resolve("sqlite").resolve("ycsb.db")).exists();
    CliRun run = CliRun.of("run", "sqlite", "-P", workload("workloada").toString(), "-threads", "64", "-p", "operationcount=5000",
        "-p", "result.dir=" + results);
    assertThat(run.exitCode()).as(run.toString()).isZero();
    assertThat(run.out()).contains("[CPU], ServerSource, embedded: the driver process is the server");
    assertThat(Files.readString(run.resultFile())).contains("\"serverIsDriver\" : true");
  }
}
