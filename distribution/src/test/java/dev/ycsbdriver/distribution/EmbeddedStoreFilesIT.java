package dev.ycsbdriver.distribution;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * An embedded store opens only its own directory: each store's directory, loaded through {@code bin/ycsb}, is
 * given to every other embedded store, in the load and the run phase, which must refuse it with one line and exit
 * code 2 before it writes anything: no file of the directory added, removed or changed by one byte.
 */
class EmbeddedStoreFilesIT {
  private static final Path WORK = TreeCommand.TREE.getParent().resolve("embedded-store-files-it");
  /** Each binding and the words its files are named by in the refusal. */
  private static final Map<String, String> STORES = Map.of("h2", "H2 files", "sqlite", "SQLite files",
      "rocksdb", "RocksDB files", "leveldb", "LevelDB files", "berkeleydb", "Berkeley DB JE files");

  @BeforeAll
  static void loadEachStore() throws Exception {
    deleteTree(WORK);
    for (String store : STORES.keySet()) {
      TreeCommand.Outcome load = ycsb("load", store, "-p", store + ".dir=" + loaded(store));
      assertThat(load.exitCode()).as(store + ": " + load).isZero();
    }
  }

  static Stream<Arguments> pairs() {
    List<Arguments> pairs = new ArrayList<>();
    for (String owner : new TreeMap<>(STORES).keySet()) {
      for (String other : new TreeMap<>(STORES).keySet()) {
        if (!owner.equals(other)) {
          pairs.add(Arguments.of(owner, other, "load"));
          pairs.add(Arguments.of(owner, other, "run"));
        }
      }
    }
    return pairs.stream();
  }

  @ParameterizedTest(name = "{2} {1} on a {0} directory")
  @MethodSource("pairs")
  void aStoreRefusesAnotherStoresDirectoryAndChangesNoByteOfIt(String owner, String other, String phase)
      throws Exception {
    Path dir = WORK.resolve(phase + "-" + other + "-on-" + owner);
    deleteTree(dir);
    copyTree(loaded(owner), dir);
    Map<String, byte[]> before = snapshot(dir);

    TreeCommand.Outcome refused = ycsb(phase, other, "-p", other + ".dir=" + dir, "-p", "droptable=true");

    assertThat(refused.exitCode()).as(refused.toString()).isEqualTo(2);
    assertThat(refused.errorLines()).as(refused.toString()).singleElement().asString()
        .startsWith("ycsb: " + other + ".dir: must be ").contains(" or empty, got " + dir + " holding "
            + STORES.get(owner) + " (").endsWith("; use an empty directory");
    assertThat(refused.stderr()).doesNotContain("\tat ");
    assertThat(snapshot(dir)).as("the files of " + dir).containsOnlyKeys(before.keySet())
        .allSatisfy((name, bytes) -> assertThat(bytes).as(name).isEqualTo(before.get(name)));
  }

  @Test
  void aFileOfAnotherStoreAtTheFileStoresOwnPathIsRefused() throws Exception {
    // an H2 database where SQLite keeps ycsb.db, and an SQLite one where H2 keeps ycsb.mv.db
    Path sqliteDir = Files.createDirectories(WORK.resolve("h2-file-as-sqlite"));
    Files.copy(loaded("h2").resolve("ycsb.mv.db"), sqliteDir.resolve("ycsb.db"),
        java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    Path h2Dir = Files.createDirectories(WORK.resolve("sqlite-file-as-h2"));
    Files.copy(loaded("sqlite").resolve("ycsb.db"), h2Dir.resolve("ycsb.mv.db"),
        java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    for (Object[] c : new Object[][] {{"sqlite", sqliteDir, "H2 files (ycsb.db)"},
        {"h2", h2Dir, "SQLite files (ycsb.mv.db)"}}) {
      Map<String, byte[]> before = snapshot((Path) c[1]);
      TreeCommand.Outcome refused = ycsb("load", (String) c[0], "-p", c[0] + ".dir=" + c[1]);
      assertThat(refused.exitCode()).as(refused.toString()).isEqualTo(2);
      assertThat(refused.errorLines()).as(refused.toString()).singleElement().asString().contains("holding " + c[2]);
      assertThat(snapshot((Path) c[1])).containsOnlyKeys(before.keySet());
    }
  }

  @Test
  void eachStoreRunsOnItsOwnDirectory() throws Exception {
    for (String store : STORES.keySet()) {
      TreeCommand.Outcome run = ycsb("run", store, "-p", store + ".dir=" + loaded(store));
      assertThat(run.exitCode()).as(store + ": " + run).isZero();
    }
  }

  private static Path loaded(String store) {
    return WORK.resolve("loaded").resolve(store);
  }

  private static TreeCommand.Outcome ycsb(String... args) throws Exception {
    List<String> all = new ArrayList<>(List.of(args));
    all.addAll(List.of("-P", TreeCommand.TREE.resolve("workloads/workloada").toString(), "-p", "recordcount=50",
        "-p", "operationcount=50", "-p", "result.dir=" + WORK.resolve("results")));
    return TreeCommand.run(WORK.resolve("cwd"), all);
  }

  /** @return every file under {@code dir}, by its relative path, with its bytes */
  private static Map<String, byte[]> snapshot(Path dir) throws IOException {
    Map<String, byte[]> files = new TreeMap<>();
    try (Stream<Path> all = Files.walk(dir)) {
      for (Path p : (Iterable<Path>) all::iterator) {
        if (Files.isRegularFile(p)) {
          files.put(dir.relativize(p).toString(), Files.readAllBytes(p));
        } else if (!p.equals(dir)) {
          files.put(dir.relativize(p) + "/", new byte[0]);
        }
      }
    }
    return files;
  }

  private static void copyTree(Path from, Path to) throws IOException {
    try (Stream<Path> all = Files.walk(from)) {
      for (Path p : (Iterable<Path>) all::iterator) {
        Files.copy(p, to.resolve(from.relativize(p).toString()));
      }
    }
  }

  static void deleteTree(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> all = Files.walk(dir)) {
      for (Path p : (Iterable<Path>) all.sorted(java.util.Comparator.reverseOrder())::iterator) {
        Files.delete(p);
      }
    }
  }
}
