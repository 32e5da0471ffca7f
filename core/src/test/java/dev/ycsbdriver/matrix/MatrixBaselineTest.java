package dev.ycsbdriver.matrix;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ycsbdriver.testing.CliRun;
import dev.ycsbdriver.testing.Resources;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A matrix whose baseline store failed every cell still gets its report: a failure of the run, not of the file. */
class MatrixBaselineTest {
  @TempDir
  Path dir;

  @Test
  void aBaselineStoreWithoutResultsLeavesAReportWithoutBaseline() throws Exception {
    Path out = dir.resolve("out");
    Path file = dir.resolve("m.yaml");
    Files.writeString(file, """
        name: m
        output: %s
        recordcount: 20
        operationcount: 20
        warmup: 0
        loadThreads: 1
        threads: [1]
        workloads: [%s]
        baseline: broken
        stores:
          - name: broken
            binding: basic
            properties: {exportfile: "%s"}
          - name: fine
            binding: basic
        """.formatted(out, Resources.path("/golden/workloads/workloada"), dir));

    CliRun run = CliRun.of("matrix", file.toString());

    assertThat(run.exitCode()).as(run.toString()).isEqualTo(1);
    assertThat(run.err()).contains("ycsb: matrix: the baseline store broken has no result (its cells failed); "
        + "the report compares the stores without a baseline").contains("1 of 2 cells failed");
    assertThat(out.resolve("report.md")).content().contains("fine").doesNotContain("Baseline for ratios");
  }
}
