package dev.ycsbdriver.binding.rocksdb;

import static dev.ycsbdriver.testing.StoreFixtures.files;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ycsbdriver.spi.DirectoryListing;
import dev.ycsbdriver.testing.StoreFixtures;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RocksFilesTest {
  @TempDir
  Path tmp;

  @Test
  void aRocksDbDirectoryIsKnownByItsIdentityAndOptionsFiles() throws Exception {
    Path d = files(tmp.resolve("d"), "CURRENT", "MANIFEST-000005", "000004.log", "000009.sst", "IDENTITY",
        "OPTIONS-000007", "LOCK", "LOG", "LOG.old.1764000000");
    assertThat(RocksDbBindingProvider.FILES.recognise(DirectoryListing.of(d))).containsExactlyInAnyOrderElementsOf(
        DirectoryListing.of(d).names());
    assertThat(claim(d)).isEqualTo(d);
  }

  @Test
  void aLevelDbDirectoryIsNotRocksDbsThoughItsLockAndLogSuit() throws Exception {
    Path leveldb = files(tmp.resolve("leveldb"), "CURRENT", "MANIFEST-000002", "000003.log", "LOCK", "LOG");
    assertThat(RocksDbBindingProvider.FILES.recognise(DirectoryListing.of(leveldb))).isEmpty();
    assertThatThrownBy(() -> claim(leveldb)).hasMessageContaining(
        "holding files of no store the driver knows (000003.log, CURRENT, MANIFEST-000002)");
    Path leftover = files(tmp.resolve("leftover"), "LOCK", "LOG");
    assertThat(claim(leftover)).isEqualTo(leftover);
    Path orphan = files(tmp.resolve("orphan"), "000009.sst", "LOCK");
    assertThatThrownBy(() -> claim(orphan)).hasMessageContaining("(000009.sst)");
  }

  private static Path claim(Path d) throws Exception {
    return StoreFixtures.claimAlone(RocksDbBindingProvider.FILES, "rocksdb", d);
  }
}
