package dev.ycsbdriver.binding.leveldb;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ycsbdriver.testing.CliRun;
import dev.ycsbdriver.testing.EmbeddedCrashtest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * {@code bin/ycsb crashtest leveldb -p profile=durable}: the writer process, which holds the database open, is
 * killed with SIGKILL; a fresh open in the test's process replays LevelDB's log and the audit finds every
 * acknowledged write. The killed writer leaves no native library (leveldbjni extracts one into
 * {@code java.io.tmpdir} at each start) behind.
 */
class LevelDbCrashtestIT {
  private static final Path TMP = Path.of(System.getProperty("java.io.tmpdir"));

  @Test
  void theDurableProfileLosesNoAcknowledgedWriteWhenTheWriterIsKilled() throws Exception {
    EmbeddedCrashtest.assertDurableLosesNothing("leveldb");
  }

  @Test
  void aKilledWriterLeavesNoNativeLibraryInTheTemporaryDirectory() throws Exception {
    Set<String> before = nativeLibraries(TMP);
    Path results = Files.createTempDirectory(Path.of("target").toAbsolutePath(), "crashtest-it-");

    CliRun run = CliRun.of("crashtest", "leveldb", "-p", "profile=durable", "-p", "result.dir=" + results,
        "-p", "crash.rounds=2", "-p", "crash.after.min=1s", "-p", "crash.after.max=1s", "-threads", "1");

    assertThat(run.exitCode()).as(run.toString()).isZero();
    assertThat(run.err()).contains("round 2: crash sent");
    Set<String> left = new HashSet<>(nativeLibraries(TMP));
    left.removeAll(before);
    // this JVM's own copy (the audit opens LevelDB here), deleted when it exits
    left.removeIf(Files.readString(Path.of("/proc/self/maps"))::contains);
    assertThat(left).as("native libraries the killed writers left in " + TMP).isEmpty();
    try (Stream<Path> all = Files.walk(results)) {
      assertThat(all.filter(f -> f.getFileName().toString().contains("leveldbjni")).toList())
          .as("native libraries left in the result directory").isEmpty();
    }
  }

  private static Set<String> nativeLibraries(Path dir) throws IOException {
    try (Stream<Path> files = Files.list(dir)) {
      return files.map(f -> f.getFileName().toString()).filter(n -> n.contains("leveldbjni"))
          .collect(Collectors.toSet());
    }
  }
}
