package dev.ycsbdriver.distribution;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Embedded stores on a full or read-only file system, each a tmpfs the test mounts itself: one line on stderr and
 * the documented exit code, never a JVM crash or a stack trace; and where the JVM does crash, its crash file is in
 * the result directory, not the working directory.
 */
class EmbeddedStoreDiskIT {
  private static final Path WORK = TreeCommand.TREE.getParent().resolve("embedded-store-disk-it");
  private static final Path CWD = WORK.resolve("cwd");

  @BeforeAll
  static void clean() throws IOException {
    EmbeddedStoreFilesIT.deleteTree(WORK);
  }

  @ParameterizedTest
  @ValueSource(strings = {"h2", "sqlite", "rocksdb", "leveldb", "berkeleydb"})
  void aFullDiskIsExitCodeOneAndWhatWasMeasuredIsWritten(String store) throws Exception {
    Path results = WORK.resolve("results-" + store);
    try (Tmpfs full = Tmpfs.mount(WORK.resolve("full-" + store), "4m", "")) {
      // 20,000 records of 1 KB do not fit in 4 MiB
      TreeCommand.Outcome load = ycsb(store, full.dir().resolve("db"), results, "recordcount=20000");

      assertThat(load.exitCode()).as(load.toString()).isEqualTo(1);
      assertThat(load.stderr()).doesNotContain("\tat ");
      if (store.equals("leveldb")) {
        // it maps its files: the free space is checked before it starts
        assertThat(load.errorLines()).singleElement().asString().startsWith("ycsb: leveldb: the file system of "
            + full.dir().resolve("db") + " has ").contains(" free, under leveldb.min_free_space=64.0 MiB");
      } else {
        assertThat(load.stderr()).contains("Error: load stopped early: 1 client threads stopped at a failed insert");
        assertThat(resultFiles(results)).hasSize(1);
      }
      assertThat(crashFiles(CWD)).isEmpty();
    }
  }

  @Test
  void levelDbStopsWritingAtItsFloorAndWritesItsResultOnTheSameDisk() throws Exception {
    try (Tmpfs disk = Tmpfs.mount(WORK.resolve("floor"), "40m", "")) {
      Path results = disk.dir().resolve("results");
      TreeCommand.Outcome load = ycsb("leveldb", disk.dir().resolve("db"), results, "recordcount=60000",
          "leveldb.min_free_space=20000000");

      assertThat(load.exitCode()).as(load.toString()).isEqualTo(1);
      assertThat(load.stderr()).contains("leveldb: INSERT failed (disk full): the file system of "
          + disk.dir().resolve("db") + " has ").contains("Error: load stopped early");
      assertThat(resultFiles(results)).hasSize(1);
    }
  }

  @Test
  void aJvmCrashWritesItsCrashFileIntoTheResultDirectory() throws Exception {
    // with the floor off, LevelDB's mapped log outgrows a 4 MiB disk: SIGBUS ends the JVM
    Path results = WORK.resolve("results-crash");
    try (Tmpfs full = Tmpfs.mount(WORK.resolve("crash"), "4m", "")) {
      TreeCommand.Outcome load = ycsb("leveldb", full.dir().resolve("db"), results, "recordcount=20000",
          "leveldb.min_free_space=0", "db.passwd=Crash-S3cret");

      assertThat(load.exitCode()).as(load.toString()).isEqualTo(134);
      assertThat(crashFiles(results)).hasSize(1);
      assertThat(crashFiles(CWD)).isEmpty();
      // the file holds the JVM's command line and memory: owner only, and no secret given with -p
      Path crashFile = crashFiles(results).get(0);
      assertThat(PosixFilePermissions.toString(
          Files.getPosixFilePermissions(crashFile.getParent()))).isEqualTo("rwx------");
      assertThat(Files.readString(crashFile, StandardCharsets.ISO_8859_1))
          .contains("java_command: dev.ycsbdriver.cli.Main load leveldb").doesNotContain("Crash-S3cret");
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"h2", "sqlite", "rocksdb", "leveldb", "berkeleydb"})
  void aReadOnlyDirectoryIsOneLineAndExitCodeTwo(String store) throws Exception {
    try (Tmpfs readOnly = Tmpfs.mount(WORK.resolve("ro-" + store), "1m", "ro")) {
      TreeCommand.Outcome load = ycsb(store, readOnly.dir(), WORK.resolve("results-ro"), "recordcount=10");

      assertThat(load.exitCode()).as(load.toString()).isEqualTo(2);
      assertThat(load.errorLines()).singleElement().asString().isEqualTo("ycsb: " + store + ".dir: must be a writable "
          + "directory, got " + readOnly.dir() + " (on a read-only file system); " + product(store) + " writes its "
          + "files there: choose a writable directory");
      assertThat(load.stderr()).doesNotContain("\tat ").doesNotContain("in use");
    }
  }

  private static String product(String store) {
    return switch (store) {
      case "h2" -> "H2";
      case "sqlite" -> "SQLite";
      case "rocksdb" -> "RocksDB";
      case "leveldb" -> "LevelDB";
      default -> "Berkeley DB JE";
    };
  }

  private static TreeCommand.Outcome ycsb(String store, Path dir, Path results, String... properties)
      throws Exception {
    // native libraries (leveldbjni, rocksdbjni) unpack into java.io.tmpdir: a JVM killed by SIGBUS leaves them
    // behind, so under this test's directory rather than /tmp
    Path tmp = Files.createDirectories(WORK.resolve("tmp"));
    List<String> args = new ArrayList<>(List.of("-jvm-args", "-Djava.io.tmpdir=" + tmp, "load", store, "-P",
        TreeCommand.TREE.resolve("workloads/workloada").toString(), "-p", store + ".dir=" + dir,
        "-p", "result.dir=" + results));
    for (String p : properties) {
      args.add("-p");
      args.add(p);
    }
    return TreeCommand.run(CWD, args);
  }

  private static List<Path> resultFiles(Path results) throws IOException {
    return find(results, "result.json");
  }

  private static List<Path> crashFiles(Path dir) throws IOException {
    return find(dir, "hs_err_pid");
  }

  private static List<Path> find(Path dir, String namePrefix) throws IOException {
    if (!Files.isDirectory(dir)) {
      return List.of();
    }
    try (Stream<Path> all = Files.walk(dir)) {
      return all.filter(p -> p.getFileName().toString().startsWith(namePrefix)).toList();
    }
  }
}
