package dev.ycsbdriver.crash;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ycsbdriver.runner.DriverProcess;
import dev.ycsbdriver.testing.JvmCrashDb;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A crash test's writer whose JVM crashes leaves its crash file in the round's directory. */
class WriterProcessTest {
  @TempDir
  Path round;

  @Test
  void aWriterWhoseJvmCrashesLeavesItsCrashFileInTheRoundDirectory() throws Exception {
    WriterProcess writer = WriterProcess.start(List.of("run", "-db", JvmCrashDb.class.getName(),
        "-p", "workload=site.ycsb.workloads.CoreWorkload", "-p", "operationcount=1", "-p", "result.dir=" + round),
        Map.of(), round);

    assertThat(writer.await(Duration.ofSeconds(60))).isEqualTo(134);
    Path crashDirectory = round.resolve(DriverProcess.CRASH_DIRECTORY);
    assertThat(JvmCrashDb.crashFiles(crashDirectory)).isNotEmpty();
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(crashDirectory))).isEqualTo("rwx------");
    assertThat(JvmCrashDb.crashFiles(Path.of("").toAbsolutePath())).as("the working directory").isEmpty();
  }
}
