package dev.ycsbdriver.binding.h2;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ycsbdriver.spi.DirectoryListing;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class H2FilesTest {
  @TempDir
  Path tmp;

  @Test
  void h2FilesAreKnownByTheirHeaderWhateverTheirNameAndTheirCompanionsByName() throws Exception {
    Path d = Files.createDirectories(tmp.resolve("d"));
    Files.writeString(d.resolve("ycsb.db"), "H:2,block:4,blockSize:1000,chunk:3");
    Files.writeString(d.resolve("ycsb.trace.db"), "2026-01-01 trace");
    Files.createFile(d.resolve("new.mv.db"));
    // SQLite's: its header, its write-ahead log, and its empty ycsb.db
    Files.writeString(d.resolve("other.mv.db"), "SQLite format 3\0rest of page one");
    Files.createFile(d.resolve("other.mv.db-wal"));
    Files.createFile(d.resolve("empty.db"));
    assertThat(H2BindingProvider.FILES.recognise(DirectoryListing.of(d)))
        .containsExactlyInAnyOrder("ycsb.db", "ycsb.trace.db", "new.mv.db");
  }
}
