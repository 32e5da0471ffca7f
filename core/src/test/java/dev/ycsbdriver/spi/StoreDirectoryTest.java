package dev.ycsbdriver.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ycsbdriver.config.ConfigException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StoreDirectoryTest {
  private static final String SQLITE_HEADER = "SQLite format 3\0";

  @TempDir
  Path tmp;

  @Test
  void aMissingDirectoryIsCreatedAndAnEmptyOneTaken() throws Exception {
    Path missing = tmp.resolve("a/b");
    assertThat(claim(EmbeddedStore.ROCKSDB, "rocksdb.dir", "rocksdb", missing)).isEqualTo(missing);
    assertThat(missing).isDirectory();
    for (EmbeddedStore store : EmbeddedStore.values()) {
      assertThat(claim(store, "x.dir", "x", missing)).isEqualTo(missing);
    }
  }

  @Test
  void theDefaultIsTheBindingsDirectoryUnderTheResultDirectory() throws Exception {
    assertThat(StoreDirectory.claim(EmbeddedStore.H2, "h2.dir", "h2", "", tmp))
        .isEqualTo(tmp.toRealPath().resolve("h2"));
    assertThat(tmp.resolve("h2")).isDirectory();
  }

  @Test
  void aDirectoryGivenThroughASymbolicLinkIsReturnedAsItsRealPath() throws Exception {
    Path real = Files.createDirectories(tmp.resolve("real"));
    Path link = Files.createSymbolicLink(tmp.resolve("link"), real);
    for (EmbeddedStore store : EmbeddedStore.values()) {
      assertThat(StoreDirectory.claim(store, "x.dir", "x", link.toString(), tmp.resolve("results")))
          .isEqualTo(real.toRealPath());
    }
  }

  @Test
  void rocksDbRefusesALevelDbDirectoryNamingWhatItFound() throws Exception {
    Path d = levelDb(tmp.resolve("d"));
    assertThatThrownBy(() -> claim(EmbeddedStore.ROCKSDB, "rocksdb.dir", "rocksdb", d))
        .isInstanceOf(ConfigException.class)
        .hasMessage("rocksdb.dir: must be a RocksDB directory or empty, got " + d + " holding LevelDB files (000003.log, "
            + "CURRENT, LOCK, LOG, MANIFEST-000002 without OPTIONS-*); use an empty directory");
    assertThat(claim(EmbeddedStore.LEVELDB, "leveldb.dir", "leveldb", d)).isEqualTo(d);
  }

  @Test
  void levelDbRefusesARocksDbDirectory() throws Exception {
    Path d = levelDb(tmp.resolve("d"));
    Files.writeString(d.resolve("IDENTITY"), "f00");
    Files.writeString(d.resolve("OPTIONS-000010"), "[Version]");
    assertThat(StoreDirectory.survey(d)).containsOnlyKeys(StoreDirectory.Kind.ROCKSDB);
    assertThatThrownBy(() -> claim(EmbeddedStore.LEVELDB, "leveldb.dir", "leveldb", d))
        .hasMessageStartingWith("leveldb.dir: must be a LevelDB directory or empty, got " + d + " holding RocksDB files (")
        .hasMessageEndingWith("; use an empty directory");
    assertThat(claim(EmbeddedStore.ROCKSDB, "rocksdb.dir", "rocksdb", d)).isEqualTo(d);
  }

  @Test
  void lockAndLogAloneHoldNoDataAndSuitEitherLsmStoreOnly() throws Exception {
    Path d = files(tmp.resolve("d"), "LOCK", "LOG");
    assertThat(claim(EmbeddedStore.ROCKSDB, "rocksdb.dir", "rocksdb", d)).isEqualTo(d);
    assertThat(claim(EmbeddedStore.LEVELDB, "leveldb.dir", "leveldb", d)).isEqualTo(d);
    assertThatThrownBy(() -> claim(EmbeddedStore.BERKELEYDB, "berkeleydb.dir", "berkeleydb", d))
        .hasMessageContaining("holding LevelDB or RocksDB files (LOCK, LOG)");
  }

  @Test
  void berkeleyDbFilesAreRecognisedByTheirNames() throws Exception {
    Path d = files(tmp.resolve("d"), "00000000.jdb", "je.lck", "je.info.0");
    assertThat(claim(EmbeddedStore.BERKELEYDB, "berkeleydb.dir", "berkeleydb", d)).isEqualTo(d);
    assertThatThrownBy(() -> claim(EmbeddedStore.ROCKSDB, "rocksdb.dir", "rocksdb", d))
        .hasMessageContaining("holding Berkeley DB JE files (00000000.jdb, je.info.0, je.lck)");
  }

  @Test
  void aBerkeleyDbEnvironmentWhoseCleanerLeftOneHexadecimalLogFileIsItsOwn() throws Exception {
    Path d = files(tmp.resolve("d"), "0000000a.jdb");
    assertThat(claim(EmbeddedStore.BERKELEYDB, "berkeleydb.dir", "berkeleydb", d)).isEqualTo(d);
    assertThatThrownBy(() -> claim(EmbeddedStore.LEVELDB, "leveldb.dir", "leveldb", d))
        .hasMessageContaining("holding Berkeley DB JE files (0000000a.jdb)");
  }

  @Test
  void sqliteAndH2FilesAreRecognisedByTheirHeadersWhateverTheirNames() throws Exception {
    Path d = file(tmp.resolve("d"), "ycsb.db", "H:2,block:4,blockSize:1000,chunk:3");
    assertThat(StoreDirectory.survey(d)).isEqualTo(Map.of(StoreDirectory.Kind.H2, List.of("ycsb.db")));
    assertThatThrownBy(() -> claim(EmbeddedStore.SQLITE, "sqlite.dir", "sqlite", d))
        .hasMessage("sqlite.dir: must be a directory of SQLite files (ycsb.db) or empty, got " + d
            + " holding H2 files (ycsb.db); use an empty directory");

    Path e = file(file(tmp.resolve("e"), "ycsb.mv.db", SQLITE_HEADER + "rest of page one"), "ycsb.mv.db-wal", "");
    assertThatThrownBy(() -> claim(EmbeddedStore.H2, "h2.dir", "h2", e))
        .hasMessageContaining("holding SQLite files (ycsb.mv.db, ycsb.mv.db-wal)");
  }

  @Test
  void eachFileStoreTakesItsOwnFilesAndAnEmptyFileOfItsName() throws Exception {
    Path h2 = file(file(tmp.resolve("h2"), "ycsb.mv.db", "H:2,block:4"), "ycsb.trace.db", "2026-01-01 trace");
    assertThat(claim(EmbeddedStore.H2, "h2.dir", "h2", h2)).isEqualTo(h2);
    Path sqlite = files(file(tmp.resolve("sqlite"), "ycsb.db", SQLITE_HEADER), "ycsb.db-wal", "ycsb.db-shm");
    assertThat(claim(EmbeddedStore.SQLITE, "sqlite.dir", "sqlite", sqlite)).isEqualTo(sqlite);
    Path empty = Files.createDirectories(tmp.resolve("empty"));
    Files.createFile(empty.resolve("ycsb.db"));
    assertThat(claim(EmbeddedStore.SQLITE, "sqlite.dir", "sqlite", empty)).isEqualTo(empty);
  }

  @Test
  void anythingUnrecognisedIsRefusedByEveryStore() throws Exception {
    Path d = file(tmp.resolve("d"), "notes.txt", "my thesis");
    Files.createDirectories(d.resolve("photos"));
    for (EmbeddedStore store : EmbeddedStore.values()) {
      assertThatThrownBy(() -> claim(store, "x.dir", "x", d)).isInstanceOf(ConfigException.class)
          .hasMessage("x.dir: must be " + store.directory() + " or empty, got " + d
              + " holding files of no store the driver knows (notes.txt, photos/); use an empty directory");
    }
    assertThat(d.resolve("notes.txt")).hasContent("my thesis");
  }

  @Test
  void aMountedFileSystemsLostAndFoundIsNoObstacle() throws Exception {
    Path d = Files.createDirectories(tmp.resolve("d"));
    Files.createDirectories(d.resolve("lost+found"));
    assertThat(claim(EmbeddedStore.LEVELDB, "leveldb.dir", "leveldb", d)).isEqualTo(d);
  }

  @Test
  void aLongListIsCut() throws Exception {
    Path d = Files.createDirectories(tmp.resolve("d"));
    for (int i = 0; i < 12; i++) {
      Files.writeString(d.resolve(String.format("%08d.jdb", i)), "x");
    }
    assertThatThrownBy(() -> claim(EmbeddedStore.H2, "h2.dir", "h2", d))
        .hasMessageContaining("(00000000.jdb, 00000001.jdb, 00000002.jdb, 00000003.jdb, 00000004.jdb, ... (12 in all))");
  }

  @Test
  void aFileInTheWayCannotBeCreatedAsBefore() throws IOException {
    Path file = Files.writeString(tmp.resolve("f"), "x", StandardCharsets.UTF_8);
    assertThatThrownBy(() -> claim(EmbeddedStore.H2, "h2.dir", "h2", file.resolve("db")))
        .isInstanceOf(BindingException.class).hasMessageStartingWith("h2: cannot create directory " + file.resolve("db"));
  }

  @Test
  void theResultDirectoryAndTheRunsTheDriverMakesInItAreNoObstacle() throws Exception {
    Path d = levelDb(tmp.resolve("d"));
    Files.createDirectories(d.resolve("results/20261126-185811-load-leveldb-workloada-t1"));
    assertThat(StoreDirectory.claim(EmbeddedStore.LEVELDB, "leveldb.dir", "leveldb", d, d.resolve("results")))
        .isEqualTo(d);
    Path same = levelDb(tmp.resolve("same"));
    Files.createDirectories(same.resolve("20261126-185811-load-leveldb-workloada-t1"));
    assertThat(StoreDirectory.claim(EmbeddedStore.LEVELDB, "leveldb.dir", "leveldb", same, same)).isEqualTo(same);
    assertThatThrownBy(() -> claim(EmbeddedStore.LEVELDB, "leveldb.dir", "leveldb", d))
        .hasMessageContaining("holding files of no store the driver knows (results/)");
    assertThatThrownBy(() -> claim(EmbeddedStore.LEVELDB, "leveldb.dir", "leveldb", same))
        .hasMessageContaining("holding files of no store the driver knows (20261126-185811-load-leveldb-workloada-t1/)");
  }

  /** Claims {@code d} for a run whose result directory is elsewhere. */
  private Path claim(EmbeddedStore store, String key, String binding, Path d) throws Exception {
    return StoreDirectory.claim(store, key, binding, d, tmp.resolve("results"));
  }

  private static Path levelDb(Path d) throws IOException {
    return files(d, "CURRENT", "MANIFEST-000002", "000003.log", "LOCK", "LOG");
  }

  /** @return {@code d}, created, holding the file {@code name} with {@code content} */
  private static Path file(Path d, String name, String content) throws IOException {
    Files.createDirectories(d);
    Files.writeString(d.resolve(name), content);
    return d;
  }

  /** @return {@code d}, created, holding a small file of each name (its name as its content) */
  private static Path files(Path d, String... names) throws IOException {
    Files.createDirectories(d);
    for (String name : names) {
      Files.writeString(d.resolve(name), name);
    }
    return d;
  }
}
