package dev.ycsbdriver.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The contract for a store kept in a file inside the driver's process (H2, SQLite): its directory key
 * is {@code <binding>.dir}, it cannot be unreachable but its directory can be unusable, it has no
 * credentials, and with no settings at all it keeps its file under {@code <result.dir>/<binding>/}.
 */
public abstract class EmbeddedFileStoreContract extends BindingContract {

  /** @return the database file's name in its directory, e.g. {@code ycsb.db} */
  protected abstract String databaseFileName();

  private String dirKey() {
    return bindingName() + ".dir";
  }

  @Override
  protected Map<String, String> connection() {
    return Map.of(dirKey(), Path.of("target", "it-" + bindingName()).toAbsolutePath().toString());
  }

  @Override
  protected Map<String, String> unreachable() {
    // a regular file where the database directory should be
    return Map.of(dirKey(), Path.of("pom.xml").toAbsolutePath().resolve("db").toString());
  }

  @Override
  protected String unreachableMessage() {
    return bindingName() + ": cannot create directory";
  }

  @Override
  protected Map<String, String> badCredentials() {
    // a database this process opens itself: there is no password to get wrong
    return Map.of();
  }

  @Override
  protected String badCredentialsMessage() {
    return "";
  }

  /** With 64 connections and one writer (workload A is half updates), a store must wait, not fail. */
  @Test
  void loadWithNothingElseThenSixtyFourThreadsUseTheDefaultDirectory() throws Exception {
    Path results = Path.of("target", "it-" + bindingName() + "-default").toAbsolutePath();
    CliRun load = CliRun.of("load", bindingName(), "-P", workload("workloada").toString(), "-p", "droptable=true",
        "-p", "result.dir=" + results);
    assertThat(load.exitCode()).as(load.toString()).isZero();
    assertThat(results.resolve(bindingName()).resolve(databaseFileName())).exists();
    CliRun run = CliRun.of("run", bindingName(), "-P", workload("workloada").toString(), "-threads", "64",
        "-p", "operationcount=5000", "-p", "result.dir=" + results);
    assertThat(run.exitCode()).as(run.toString()).isZero();
    assertThat(run.out()).contains("[CPU], ServerSource, embedded: the driver process is the server");
    assertThat(Files.readString(run.resultFile())).contains("\"serverIsDriver\" : true");
  }
}
