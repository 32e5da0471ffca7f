package dev.ycsbdriver.matrix;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a matrix does with the cells an earlier, killed matrix left running. */
class CellProcessTest {
  @TempDir
  Path cells;

  @Test
  void aCellLeftRunningByAKilledMatrixIsWaitedForBeforeAnythingStarts() throws Exception {
    // a stand-in for an orphaned driver: its command line carries the marker, and it ends after 1.5 s
    Process orphan = new ProcessBuilder("bash", "-c", "sleep 1.5; true", CellProcess.PARENT_PID_MARKER + "1").start();
    Path cell = Files.createDirectories(cells.resolve("h2/fast/load"));
    Files.writeString(cell.resolve(CellProcess.PID_FILE), Long.toString(orphan.pid()));
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    long start = System.nanoTime();

    CellProcess.awaitLeftChildren(cells, new PrintStream(err, true, StandardCharsets.UTF_8));

    assertThat(orphan.isAlive()).isFalse();
    assertThat((System.nanoTime() - start) / 1_000_000).isGreaterThanOrEqualTo(1000);
    assertThat(err.toString(StandardCharsets.UTF_8)).contains("[matrix] waiting for pid " + orphan.pid()
        + ", a cell an earlier matrix left running in h2/fast/load, to stop");
    assertThat(cell.resolve(CellProcess.PID_FILE)).doesNotExist();
  }

  @Test
  void aPidFileOfAnEndedOrUnrelatedProcessIsDroppedWithoutWaiting() throws Exception {
    Process unrelated = new ProcessBuilder("sleep", "30").start();
    try {
      Path a = Files.createDirectories(cells.resolve("a"));
      Path b = Files.createDirectories(cells.resolve("b"));
      Files.writeString(a.resolve(CellProcess.PID_FILE), Long.toString(unrelated.pid()));
      Files.writeString(b.resolve(CellProcess.PID_FILE), "999999999");
      ByteArrayOutputStream err = new ByteArrayOutputStream();
      long start = System.nanoTime();

      CellProcess.awaitLeftChildren(cells, new PrintStream(err, true, StandardCharsets.UTF_8));

      assertThat((System.nanoTime() - start) / 1_000_000).isLessThan(5_000);
      assertThat(unrelated.isAlive()).as("a process that is not a cell is left alone").isTrue();
      assertThat(err.size()).isZero();
      assertThat(a.resolve(CellProcess.PID_FILE)).doesNotExist();
      assertThat(b.resolve(CellProcess.PID_FILE)).doesNotExist();
    } finally {
      unrelated.destroyForcibly();
    }
  }

  @Test
  void noCellsDirectoryIsNothingToWaitFor() throws Exception {
    Path missing = cells.resolve("missing");
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    long start = System.nanoTime();

    CellProcess.awaitLeftChildren(missing, new PrintStream(err, true, StandardCharsets.UTF_8));

    assertThat((System.nanoTime() - start) / 1_000_000).as("returns at once").isLessThan(1_000);
    assertThat(err.size()).as("says nothing").isZero();
    assertThat(missing).as("creates nothing").doesNotExist();
    try (var left = Files.list(cells)) {
      assertThat(left).isEmpty();
    }
  }
}
