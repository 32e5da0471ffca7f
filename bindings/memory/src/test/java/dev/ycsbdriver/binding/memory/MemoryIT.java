package dev.ycsbdriver.binding.memory;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ycsbdriver.testing.BindingContract;
import dev.ycsbdriver.testing.CliRun;
import dev.ycsbdriver.testing.SummaryLines;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The memory binding under the contract: it needs no server, and a run preloads its own records. */
class MemoryIT extends BindingContract {
  @Override
  protected String bindingName() {
    return "memory";
  }

  @Override
  protected Map<String, String> connection() {
    return Map.of();
  }

  @Override
  protected Map<String, Map<String, String>> profileReadBack() {
    return Map.of();
  }

  @Override
  protected Map<String, String> unreachable() {
    return Map.of();
  }

  @Override
  protected String unreachableMessage() {
    return "";
  }

  @Override
  protected Map<String, String> badCredentials() {
    return Map.of();
  }

  @Override
  protected String badCredentialsMessage() {
    return "";
  }

  @Override
  protected Map<String, String> missingTable() {
    return Map.of("table", "nosuchtable", "memory.preload", "false");
  }

  @Test
  void crashtestIsRefusedWithOneLineAndExitCode2BeforeAnythingRuns() throws Exception {
    java.nio.file.Path results = java.nio.file.Files.createTempDirectory(java.nio.file.Path.of("target")
        .toAbsolutePath(), "crashtest-memory-");

    CliRun run = CliRun.of("crashtest", "memory", "-p", "result.dir=" + results, "-p", "crash.rounds=1");

    assertThat(run.exitCode()).as(run.toString()).isEqualTo(2);
    assertThat(run.err().strip()).as(run.toString()).isEqualTo("ycsb: crashtest: needs a store that keeps its "
        + "records across a crash, got memory (its records live in the writer's memory only: a crash loses all of "
        + "them by design and there is nothing to audit); crash-test a store that writes to disk, e.g. h2 or sqlite");
    assertThat(run.out()).doesNotContain("LostWrites");
    assertThat(results.toFile().list()).as("nothing written").isEmpty();
  }

  @Test
  void runPreloadsTheRecordsSoEveryReadFindsOne() throws Exception {
    CliRun run = cli("run", "workloadc", Map.of("recordcount", "2000", "operationcount", "20000",
        "threadcount", "8"));
    assertThat(run.exitCode()).as(run.toString()).isZero();
    assertThat(SummaryLines.asMap(run.out())).containsEntry("[READ], Return=OK", "20000");
    assertThat(result(run).path("server").path("settings").path("preloaded_records").asText()).isEqualTo("2000");
  }
}
