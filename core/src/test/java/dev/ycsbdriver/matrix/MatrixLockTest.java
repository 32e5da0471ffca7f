package dev.ycsbdriver.matrix;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ycsbdriver.config.ConfigException;
import dev.ycsbdriver.testing.CliRun;
import dev.ycsbdriver.testing.Resources;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One matrix at a time on an output directory: a second one is refused before it touches the first's files. */
class MatrixLockTest {
  @TempDir
  Path dir;

  @Test
  void aSecondHolderIsRefusedWithTheFirstsPidUntilTheFirstReleases() throws Exception {
    Path out = dir.resolve("out");
    try (MatrixLock first = MatrixLock.acquire(out)) {
      assertThatThrownBy(() -> MatrixLock.acquire(out)).isInstanceOf(ConfigException.class)
          .hasMessageStartingWith("matrix: output directory " + out + " is in use by another matrix (pid "
              + ProcessHandle.current().pid() + ", started ")
          .hasMessageEndingWith("); wait for it to end, or give this one another output with -o");
    }
    MatrixLock.acquire(out).close();
  }

  @Test
  void aSecondMatrixOnTheSameOutputIsRefusedAndTheFirstFinishesUntouched() throws Exception {
    Path out = dir.resolve("out");
    Path file = dir.resolve("m.yaml");
    Files.writeString(file, """
        name: m
        output: %s
        recordcount: 10
        duration: 6s
        warmup: 0
        threads: [1]
        workloads: [%s]
        properties: {basicdb.verbose: "false"}
        stores:
          - binding: basic
        """.formatted(out, Resources.path("/golden/workloads/workloada")));
    Process first = CliRun.child(List.of("matrix", file.toString()), dir.resolve("first.out"),
        dir.resolve("first.err"));
    try {
      Path log = out.resolve("cells/basic/default/t1/workloada/r1").resolve(CellProcess.LOG_FILE);
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
      while (!Files.isRegularFile(log) && first.isAlive() && System.nanoTime() < deadline) {
        Thread.sleep(100);
      }
      assertThat(log).as(Files.readString(dir.resolve("first.err"))).isRegularFile();
      String header = Files.readAllLines(log).get(0);

      CliRun second = CliRun.of("matrix", file.toString());

      assertThat(second.exitCode()).as(second.toString()).isEqualTo(2);
      assertThat(second.err()).isEqualTo("ycsb: matrix: output directory " + out + " is in use by another matrix (pid "
          + first.pid() + ", started " + second.err().replaceFirst("(?s).*, started ([^)]*)\\).*", "$1")
          + "); wait for it to end, or give this one another output with -o" + System.lineSeparator());
      assertThat(first.isAlive()).isTrue();
      assertThat(Files.readAllLines(log).get(0)).isEqualTo(header);
      assertThat(first.waitFor(90, TimeUnit.SECONDS)).isTrue();
      String firstErr = Files.readString(dir.resolve("first.err"));
      assertThat(first.exitValue()).as(firstErr).isZero();
      assertThat(firstErr).contains("m: 1 of 1 cells done (0 from an earlier run), 0 failed");
    } finally {
      first.destroyForcibly();
    }
  }
}
