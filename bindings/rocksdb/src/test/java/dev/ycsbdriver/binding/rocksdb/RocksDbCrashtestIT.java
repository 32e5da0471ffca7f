package dev.ycsbdriver.binding.rocksdb;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ycsbdriver.testing.EmbeddedCrashtest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * {@code bin/ycsb crashtest rocksdb -p profile=durable}: the writer process, which holds the database open, is
 * killed with SIGKILL; a fresh open in the test's process replays the write-ahead log and the audit finds every
 * acknowledged write.
 */
class RocksDbCrashtestIT {
  @Test
  void theDurableProfileLosesNoAcknowledgedWriteWhenTheWriterIsKilled() throws Exception {
    List<Path> before = extractedLibraries();

    EmbeddedCrashtest.assertDurableLosesNothing("rocksdb");

    // RocksDB's own loader extracts its 17 MB library to a temporary file that only a normal exit deletes
    assertThat(extractedLibraries()).as("native libraries left in java.io.tmpdir by the killed writers")
        .containsExactlyInAnyOrderElementsOf(before);
  }

  private static List<Path> extractedLibraries() throws IOException {
    try (Stream<Path> files = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
      return files.filter(f -> f.getFileName().toString().startsWith("librocksdbjni")).toList();
    }
  }
}
