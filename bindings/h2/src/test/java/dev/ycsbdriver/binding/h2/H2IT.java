package dev.ycsbdriver.binding.h2;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ycsbdriver.testing.BindingContract;
import dev.ycsbdriver.testing.CliRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The h2 binding against an embedded H2 file database under target/. */
class H2IT extends BindingContract {
  private static final Path DIR = Path.of("target", "it-h2").toAbsolutePath();

  @Override
  protected String bindingName() {
    return "h2";
  }

  @Override
  protected Map<String, String> connection() {
    return Map.of("h2.dir", DIR.toString());
  }

  @Override
  protected Map<String, Map<String, String>> profileReadBack() {
    return Map.of("durable", Map.of("WRITE_DELAY", "0"), "fast", Map.of("WRITE_DELAY", "500"));
  }

  @Override
  protected Map<String, String> unreachable() {
    // a regular file where the database directory should be
    return Map.of("h2.dir", Path.of("pom.xml").toAbsolutePath().resolve("db").toString());
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
    return "h2: cannot create directory";
  }

  @Test
  void loadWithNothingElseCreatesTheDatabaseUnderTheResultDirectory() throws Exception {
    Path results = Path.of("target", "it-h2-default").toAbsolutePath();
    CliRun load = CliRun.of("load", "h2", "-P", workload("workloada").toString(), "-p", "droptable=true",
        "-p", "result.dir=" + results);
    assertThat(load.exitCode()).as(load.toString()).isZero();
    assertThat(results.resolve("h2").resolve("ycsb.mv.db")).exists();
    CliRun run = CliRun.of("run", "h2", "-P", workload("workloada").toString(), "-threads", "16",
        "-p", "result.dir=" + results);
    assertThat(run.exitCode()).as(run.toString()).isZero();
    assertThat(run.out()).contains("[CPU], ServerSource, embedded: the driver process is the server");
    assertThat(Files.readString(run.resultFile())).contains("\"serverIsDriver\" : true");
  }
}
