package dev.ycsbdriver.binding.berkeleydb;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ycsbdriver.spi.DirectoryListing;
import dev.ycsbdriver.spi.support.StoreDirectory;
import dev.ycsbdriver.spi.StoreFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BerkeleyFilesTest {
  @TempDir
  Path tmp;

  @Test
  void anEnvironmentIsKnownByItsLogAndJeFilesEvenWhenTheCleanerLeftOneHexadecimalLog() throws Exception {
    Path d = Files.createDirectories(tmp.resolve("d"));
    for (String name : List.of("00000000.jdb", "0000000a.jdb", "00000003.del", "je.lck", "je.info.0")) {
      Files.writeString(d.resolve(name), name);
    }
    Files.writeString(d.resolve("notes.txt"), "mine");
    assertThat(BerkeleyDbBindingProvider.FILES.recognise(DirectoryListing.of(d)))
        .containsExactlyInAnyOrder("00000000.jdb", "0000000a.jdb", "00000003.del", "je.lck", "je.info.0");
    Files.delete(d.resolve("notes.txt"));
    StoreFiles files = BerkeleyDbBindingProvider.FILES;
    assertThat(StoreDirectory.claim(files, List.of(files), "berkeleydb.dir",
        "berkeleydb", d, tmp.resolve("results"))).isEqualTo(d);
  }
}
