package dev.ycsbdriver.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ycsbdriver.testing.CliRun;
import dev.ycsbdriver.testing.Resources;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bin/ycsb report <run dir> <crash test dir>}: a crash test's directory holds its writers' run results
 * ({@code round-<n>/.../result.json}), which are not benchmark runs; a crash test that did not complete shows its
 * lost writes as "crash test failed", never 0, and opens the report's caveats.
 */
class CrashTestInReportTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  @TempDir
  Path dir;

  /** @return a copy of a crash test result of h2 fast, with a writer's run result (profile fast) in round-1 */
  private Path crashTestDirectory(boolean failedRestart) throws Exception {
    return crashTestDirectory(failedRestart, false);
  }

  /**
   * @param olderFailure a failed round as results written before {@code failure} existed hold it: lostWrites 0
   *     beside a round's error
   */
  private Path crashTestDirectory(boolean failedRestart, boolean olderFailure) throws Exception {
    Path crash = Files.createDirectories(dir.resolve("crashtest-h2-fast"));
    ObjectNode doc = (ObjectNode) JSON.readTree(Resources.path("/report/results/20261123-081100-crashtest-h2-fast")
        .resolve("result.json").toFile());
    if (failedRestart) {
      ObjectNode c = (ObjectNode) doc.path("crash");
      c.putNull("lostWrites");
      c.putNull("claimHeld");
      c.putObject("failure").put("round", 1).put("step", "restart").put("reason", "restart.command: exit 127")
          .putNull("serverLeftDown");
      ((ObjectNode) doc.path("outcome")).put("status", "failed").put("exitCode", 1);
    }
    if (olderFailure) {
      ObjectNode round = (ObjectNode) doc.path("crash").path("roundResults").get(0);
      round.put("error", "restart: the store did not answer within 120 s of the crash (restart.timeout)");
      ((ObjectNode) doc.path("outcome")).put("status", "failed").put("exitCode", 1);
    }
    JSON.writeValue(crash.resolve("result.json").toFile(), doc);
    Path writer = Files.createDirectories(crash.resolve("round-1").resolve("run-h2-CrashWorkload-t4"));
    Files.copy(Resources.path("/report/results/20261123-074336-run-h2-workloada-t4-fast").resolve("result.json"),
        writer.resolve("result.json"));
    return crash;
  }

  private CliRun report(Path crash) {
    return CliRun.of("report", Resources.path("/report/results/20261123-074345-run-memory-workloada-t4-default")
        .toString(), crash.toString(), "-o", dir.resolve("report").toString());
  }

  @Test
  void aRunDirectoryBesideACrashTestDirectoryRendersBoth() throws Exception {
    CliRun run = report(crashTestDirectory(false));

    assertThat(run.exitCode()).as(run.toString()).isZero();
    String md = Files.readString(dir.resolve("report").resolve("report.md"));
    assertThat(md).contains("From 1 run results and 1 crash test result").contains("| h2 | fast |");
  }

  @Test
  void aCrashTestWhoseRestartFailedReadsAsFailedNeverAsNoneLost() throws Exception {
    CliRun run = report(crashTestDirectory(true));

    assertThat(run.exitCode()).as(run.toString()).isZero();
    String md = Files.readString(dir.resolve("report").resolve("report.md"));
    assertThat(md).contains("crash test failed (round 1, restart)")
        .contains("Caveat: the crash test of h2 fast failed (round 1, restart: restart.command: exit 127): its lost "
            + "writes are unknown, not 0.")
        .contains("fast: crash test failed (round 1, restart), lost writes unknown").doesNotContain("lost none");
    assertThat(md.indexOf("Caveat: the crash test")).isLessThan(md.indexOf("## Durable"));
  }

  @Test
  void anOlderResultWithAFailedRoundAndLostWritesZeroReadsAsFailed() throws Exception {
    CliRun run = report(crashTestDirectory(false, true));

    assertThat(run.exitCode()).as(run.toString()).isZero();
    String md = Files.readString(dir.resolve("report").resolve("report.md"));
    assertThat(md).contains("| h2 | fast | n/a | n/a | crash test failed (round 1, unknown step) | 3 | recent-loss |")
        .contains("(restart.timeout)): its lost writes are unknown, not 0.").doesNotContain("held");
  }
}
