package dev.ycsbdriver.binding.rocksdb;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ycsbdriver.testing.CliRun;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.rocksdb.RocksDBException;
import org.rocksdb.Status;

/**
 * A disk that is full before RocksDB opens is a failed run (exit 1, one line naming the directory and the full
 * disk), not a store that could not be reached (3). The full disk is a tmpfs of the test's own, so it needs root
 * (CI runs as root) and fails, saying so, without it.
 */
class RocksFullDiskIT {
  private static final Path WORK = Path.of("target", "rocks-full-disk").toAbsolutePath();

  @Test
  void noSpaceStatusIsAFullDiskForExitCodeOne() {
    RocksDBException e = new RocksDBException("While appending to file: /d/000000.dbtmp: No space left on device",
        new Status(Status.Code.IOError, Status.SubCode.NoSpace, "No space left on device"));
    assertThat(RocksFailures.openFailure(Path.of("/d"), e)).isInstanceOf(dev.ycsbdriver.spi.StoreFullException.class)
        .hasMessage("rocksdb: the file system of /d is full (While appending to file: /d/000000.dbtmp: No space left "
            + "on device); free space there or set rocksdb.dir to a directory on another disk");
  }

  @Test
  void openingOnAFullDiskIsExitCodeOneWithOneLine() throws Exception {
    Path mount = WORK.resolve("full");
    Files.createDirectories(mount);
    exec("mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", mount.toString());
    try {
      try (OutputStream out = Files.newOutputStream(mount.resolve("fill"))) {
        byte[] block = new byte[64 * 1024];
        while (true) {
          out.write(block);
          out.flush();
        }
      } catch (IOException full) {
        // the disk is full, as the test wants
      }
      CliRun load = CliRun.of(CliRun.args("load", "rocksdb", "workloada", "recordcount=10",
          "rocksdb.dir=" + mount.resolve("db"), "result.dir=" + WORK.resolve("results")));
      assertThat(load.exitCode()).as(load.toString()).isEqualTo(1);
      List<String> errors = load.errLines().stream().filter(l -> l.startsWith("ycsb: ")).toList();
      assertThat(errors).as(load.toString()).singleElement().asString()
          .startsWith("ycsb: rocksdb: the file system of " + mount.resolve("db") + " is full (")
          .contains("No space left on device");
    } finally {
      exec("umount", mount.toString());
    }
  }

  private static void exec(String... command) throws IOException, InterruptedException {
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!p.waitFor(30, TimeUnit.SECONDS) || p.exitValue() != 0) {
      p.destroyForcibly();
      throw new AssertionError(String.join(" ", command) + " failed; this test mounts a tmpfs of its own and must "
          + "run as root, as CI does: " + output.strip());
    }
  }
}
