package dev.ycsbdriver.matrix;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ycsbdriver.testing.CliRun;
import dev.ycsbdriver.testing.Resources;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A matrix writes only in an empty directory or one of its own: a directory with the user's files is refused before
 * anything in it changes, and a corrupt {@code order.json} of its own output is named, never replaced.
 */
class MatrixOutputTest {
  @TempDir
  Path dir;

  private Path matrix(Path out) throws Exception {
    Path file = dir.resolve("m.yaml");
    Files.writeString(file, """
        name: m
        output: %s
        recordcount: 20
        operationcount: 50
        warmup: 0
        threads: [1]
        repeats: 1
        workloads: [%s]
        properties: {basicdb.verbose: "false"}
        stores:
          - binding: basic
        """.formatted(out, Resources.path("/golden/workloads/workloadc")));
    return file;
  }

  @Test
  void aDirectoryWithTheUsersOwnFilesIsRefusedAndLeftAsItWas() throws Exception {
    Path out = Files.createDirectories(dir.resolve("mine"));
    Files.writeString(out.resolve("report.md"), "my notes");
    Files.writeString(out.resolve("matrix.yaml"), "my matrix");
    Files.writeString(out.resolve("order.json"), "{\"customer\": 1}");

    CliRun run = CliRun.of("matrix", matrix(dir.resolve("unused")).toString(), "--output", out.toString());

    assertThat(run.exitCode()).as(run.toString()).isEqualTo(2);
    assertThat(run.err().lines().toList()).containsExactly("ycsb: matrix: output directory " + out.toAbsolutePath()
        + ": must be empty or this matrix's own output, got 3 entries not written by it (matrix.yaml, order.json, "
        + "report.md); give an empty or new directory with --output");
    assertThat(out.resolve("report.md")).hasContent("my notes");
    assertThat(out.resolve("matrix.yaml")).hasContent("my matrix");
    assertThat(out.resolve("order.json")).hasContent("{\"customer\": 1}");
    assertThat(out.resolve(MatrixLock.LOCK_FILE)).doesNotExist();
  }

  @Test
  void itsOwnOutputRunsAgainAndACorruptOrderFileOfItIsNamedNotReplaced() throws Exception {
    Path out = dir.resolve("out");
    Path file = matrix(out);
    CliRun first = CliRun.of("matrix", file.toString());
    assertThat(first.exitCode()).as(first.toString()).isZero();
    assertThat(out.resolve(MatrixOutput.MARKER)).content().contains("\"matrix\" : \"m\"");

    CliRun again = CliRun.of("matrix", file.toString());
    assertThat(again.exitCode()).as(again.toString()).isZero();
    assertThat(again.err()).contains("(1 from an earlier run)");

    Files.writeString(out.resolve("order.json"), "{\"seed\": 6, \"vis");
    CliRun corrupt = CliRun.of("matrix", file.toString());
    assertThat(corrupt.exitCode()).as(corrupt.toString()).isEqualTo(2);
    assertThat(corrupt.err().lines().toList()).singleElement().asString()
        .startsWith("ycsb: " + out.resolve("order.json") + ": must be the run order a matrix recorded")
        .endsWith("; move it away to draw a new order, or give another --output");
    assertThat(out.resolve("order.json")).hasContent("{\"seed\": 6, \"vis");
  }

  @Test
  void theOutputOfAnotherMatrixIsRefused() throws Exception {
    Path out = Files.createDirectories(dir.resolve("other"));
    Files.writeString(out.resolve(MatrixOutput.MARKER), "{\"matrix\": \"theirs\"}");
    Files.writeString(out.resolve("report.md"), "their report");

    CliRun run = CliRun.of("matrix", matrix(out).toString());

    assertThat(run.exitCode()).as(run.toString()).isEqualTo(2);
    assertThat(run.err()).contains("holds the output of matrix 'theirs', not of 'm'");
    assertThat(out.resolve("report.md")).hasContent("their report");
  }
}
