package dev.ycsbdriver.binding.sqlite;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ycsbdriver.spi.DirectoryListing;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SqliteFilesTest {
  @TempDir
  Path tmp;

  @Test
  void sqliteFilesAreKnownByTheirHeaderWhateverTheirNameAndTheirCompanionsByName() throws Exception {
    Path d = Files.createDirectories(tmp.resolve("d"));
    Files.writeString(d.resolve("ycsb.mv.db"), "SQLite format 3\0rest of page one");
    Files.createFile(d.resolve("ycsb.mv.db-wal"));
    Files.writeString(d.resolve("ycsb.db-shm"), "x");
    Files.createFile(d.resolve("new.db"));
    // H2's: its header under SQLite's file name, and an empty database of H2's name
    Files.writeString(d.resolve("ycsb.db"), "H:2,block:4");
    Files.createFile(d.resolve("empty.mv.db"));
    assertThat(SqliteBindingProvider.FILES.recognise(DirectoryListing.of(d)))
        .containsExactlyInAnyOrder("ycsb.mv.db", "ycsb.mv.db-wal", "ycsb.db-shm", "new.db");
  }
}
