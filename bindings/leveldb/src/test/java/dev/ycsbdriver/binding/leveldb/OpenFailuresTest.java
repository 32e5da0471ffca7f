package dev.ycsbdriver.binding.leveldb;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class OpenFailuresTest {
  private static final Path DIR = Path.of("/data/ldb");

  @Test
  void aLockHeldByAnotherProcessNamesTheDirectoryAndTheWayOut() {
    String m = OpenFailures.of(DIR, new IOException("IO error: lock /data/ldb/LOCK: Resource temporarily unavailable"))
        .getMessage();
    assertThat(m).isEqualTo("leveldb: database /data/ldb is in use: another process holds its LOCK file (IO error: "
        + "lock /data/ldb/LOCK: Resource temporarily unavailable); stop that process or choose another leveldb.dir");
  }

  @Test
  void aReadOnlyDirectoryIsNotTakenForALockHeldByAnotherProcess() {
    // LevelDB's first write is its LOCK file, so the lock is where a read-only directory fails
    String m = OpenFailures.of(DIR, new IOException("IO error: /data/ldb/LOCK: Read-only file system")).getMessage();
    assertThat(m).isEqualTo("leveldb: cannot open database /data/ldb (IO error: /data/ldb/LOCK: Read-only file "
        + "system); the directory must be writable");
    assertThat(OpenFailures.of(DIR, new IOException("IO error: lock /data/ldb/LOCK: Permission denied")).getMessage())
        .doesNotContain("in use").endsWith("the directory must be writable");
  }

  @Test
  void corruptionSaysTheDatabaseIsDamaged() {
    String m = OpenFailures.of(DIR, new IOException("Corruption: bad record length\nmore")).getMessage();
    assertThat(m).isEqualTo("leveldb: database /data/ldb is damaged (Corruption: bad record length); restore it or "
        + "choose another leveldb.dir");
  }

  @Test
  void aNativeLibraryThatDoesNotLoadSaysWhereItIsExtracted() {
    String m = OpenFailures.of(DIR, new UnsatisfiedLinkError("Could not load library. Reasons: [no leveldbjni64-1.8]"))
        .getMessage();
    assertThat(m).startsWith("leveldb: cannot load the native library of leveldbjni 1.8 for ")
        .contains("(Could not load library. Reasons: [no leveldbjni64-1.8])").contains("java.io.tmpdir");
  }

  @Test
  void anyOtherFailureIsOneLineWithLevelDbsStatus() {
    String m = OpenFailures.of(DIR, new IOException("IO error: /data/ldb/CURRENT: Permission denied")).getMessage();
    assertThat(m).isEqualTo("leveldb: cannot open database /data/ldb (IO error: /data/ldb/CURRENT: Permission denied); "
        + "the directory must be writable");
    assertThat(OpenFailures.of(DIR, new IOException((String) null)).getMessage())
        .isEqualTo("leveldb: cannot open database /data/ldb (no message)");
  }
}
