package dev.ycsbdriver.matrix;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ycsbdriver.runner.DriverProcess;
import dev.ycsbdriver.runner.StopSignal;
import dev.ycsbdriver.testing.JvmCrashDb;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A cell's JVM that crashes leaves its crash file in the cell's directory, in a subdirectory only its owner reads. */
class CellCrashFileTest {
  @TempDir
  Path cells;

  @Test
  void aCellWhoseJvmCrashesLeavesItsCrashFileInTheCellDirectory() throws Exception {
    Path cell = Files.createDirectories(cells.resolve("crash/fast/run"));
    CellProcess.Ending ending = CellProcess.run(List.of("run", "-db", JvmCrashDb.class.getName(),
        "-p", "workload=site.ycsb.workloads.CoreWorkload", "-p", "operationcount=1", "-p", "result.dir=" + cell),
        Map.of(), List.of("-XX:-CreateCoredumpOnCrash"), cell, Duration.ofSeconds(60), new StopSignal());

    // without a core dump the crashed JVM exits with 1, not 134 (SIGABRT)
    assertThat(ending.exitCode()).isEqualTo(1);
    Path crashDirectory = cell.resolve(DriverProcess.CRASH_DIRECTORY);
    assertThat(JvmCrashDb.crashFiles(crashDirectory)).isNotEmpty();
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(crashDirectory))).isEqualTo("rwx------");
    assertThat(JvmCrashDb.crashFiles(Path.of("").toAbsolutePath())).as("the working directory").isEmpty();
  }
}
