package dev.ycsbdriver.binding.leveldb;

import static dev.ycsbdriver.testing.StoreFixtures.files;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ycsbdriver.spi.DirectoryListing;
import dev.ycsbdriver.testing.StoreFixtures;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LevelDbFilesTest {
  @TempDir
  Path tmp;

  @Test
  void aLevelDbDirectoryIsKnownByCurrentAndManifestWithoutRocksDbsFiles() throws Exception {
    Path d = files(tmp.resolve("d"), "CURRENT", "MANIFEST-000002", "000003.log", "000005.ldb", "LOCK", "LOG");
    assertThat(LevelDbBindingProvider.FILES.recognise(DirectoryListing.of(d)))
        .containsExactlyInAnyOrderElementsOf(DirectoryListing.of(d).names());
    assertThat(claim(d)).isEqualTo(d);
  }

  @Test
  void aRocksDbDirectoryIsNotLevelDbsThoughItHasCurrentAndManifest() throws Exception {
    Path rocks = files(tmp.resolve("rocks"), "CURRENT", "MANIFEST-000005", "000004.log", "IDENTITY",
        "OPTIONS-000007", "LOCK", "LOG");
    assertThat(LevelDbBindingProvider.FILES.recognise(DirectoryListing.of(rocks))).isEmpty();
    assertThatThrownBy(() -> claim(rocks)).hasMessageContaining("holding files of no store the driver knows (")
        .hasMessageContaining("IDENTITY");
    Path leftover = files(tmp.resolve("leftover"), "LOCK", "LOG");
    assertThat(claim(leftover)).isEqualTo(leftover);
  }

  private static Path claim(Path d) throws Exception {
    return StoreFixtures.claimAlone(LevelDbBindingProvider.FILES, "leveldb", d);
  }
}
