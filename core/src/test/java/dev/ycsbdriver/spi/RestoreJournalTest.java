package dev.ycsbdriver.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ycsbdriver.config.ConfigException;
import dev.ycsbdriver.config.Settings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RestoreJournalTest {
  private static final String SERVER_ID = "db1:3306:/var/lib/mysql/";

  @TempDir
  Path tmp;

  private RestoreJournal journal() {
    return RestoreJournal.at(tmp.resolve("journal"), "mysql", "GLOBAL", "127.0.0.1", 3306);
  }

  /** Writes a journal as another driver process would have. */
  private Path journalOf(long pid, Instant pidStart, String serverId) throws IOException {
    Path file = journal().path();
    Files.createDirectories(file.getParent());
    Files.writeString(file, "{\"binding\":\"mysql\",\"scope\":\"GLOBAL\",\"server\":\"127.0.0.1:3306\","
        + "\"serverId\":\"" + serverId + "\",\"pid\":" + pid + ",\"pidStartTime\":"
        + (pidStart == null ? "null" : "\"" + pidStart + "\"") + ",\"changedAt\":\"2026-11-23T10:00:00Z\","
        + "\"settings\":{\"innodb_flush_log_at_trx_commit\":\"1\",\"sync_binlog\":\"1\"}}");
    return file;
  }

  private static long deadPid() throws Exception {
    Process p = new ProcessBuilder("true").start();
    assertThat(p.waitFor(10, TimeUnit.SECONDS)).isTrue();
    return p.pid();
  }

  private static Map<String, String> originals(String... pairs) {
    Map<String, String> m = new LinkedHashMap<>();
    for (int i = 0; i < pairs.length; i += 2) {
      m.put(pairs[i], pairs[i + 1]);
    }
    return m;
  }

  @Test
  void recordWritesTheOriginalsOwnerOnlyAndRemoveDeletesThem() throws Exception {
    RestoreJournal j = journal();
    j.record(SERVER_ID, originals("innodb_flush_log_at_trx_commit", "1", "sync_binlog", "1"));

    assertThat(j.path()).isEqualTo(tmp.resolve("journal/mysql-127.0.0.1-3306.json"));
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(j.path()))).isEqualTo("rw-------");
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(j.path().getParent()))).isEqualTo("rwx------");
    RestoreJournal.Entry e = j.read().orElseThrow();
    assertThat(e.originals()).containsExactly(Map.entry("innodb_flush_log_at_trx_commit", "1"),
        Map.entry("sync_binlog", "1"));
    assertThat(e.pid()).isEqualTo(ProcessHandle.current().pid());
    assertThat(e.serverId()).isEqualTo(SERVER_ID);
    assertThat(e.ownerAlive()).isTrue();
    assertThat(Files.readString(j.path())).doesNotContainIgnoringCase("password");
    try (var files = Files.list(j.path().getParent())) {
      assertThat(files.map(p -> p.getFileName().toString())).noneMatch(n -> n.endsWith(".tmp"));
    }

    assertThat(j.remove()).isTrue();
    assertThat(j.path()).doesNotExist();
    assertThat(j.read()).isEmpty();
  }

  @Test
  void aSecondRecordKeepsTheFirstOriginals() throws Exception {
    RestoreJournal j = journal();
    j.record(SERVER_ID, originals("innodb_flush_log_at_trx_commit", "1"));
    j.record(SERVER_ID, originals("innodb_flush_log_at_trx_commit", "0", "sync_binlog", "1"));

    assertThat(j.read().orElseThrow().originals()).containsEntry("innodb_flush_log_at_trx_commit", "1")
        .containsEntry("sync_binlog", "1");
  }

  @Test
  void aJournalOfADeadDriverIsRestoredInOrderAndRemoved() throws Exception {
    long pid = deadPid();
    Path file = journalOf(pid, null, SERVER_ID);
    List<String> calls = new ArrayList<>();

    RestoreJournal.Recovery r = journal().recover(SERVER_ID, (name, value) -> calls.add(name + "=" + value));

    assertThat(calls).containsExactly("innodb_flush_log_at_trx_commit=1", "sync_binlog=1");
    assertThat(r.warnings()).isEmpty();
    assertThat(r.restored()).extracting(RestoredSetting::pid).containsOnly(pid);
    assertThat(file).doesNotExist();
    assertThat(RestoredSetting.line("mysql", r.restored())).isEqualTo("mysql: restored GLOBAL "
        + "innodb_flush_log_at_trx_commit=1, sync_binlog=1 left changed by an earlier run (pid " + pid
        + ") that did not finish; journal " + file);
  }

  @Test
  void aJournalOfALiveDriverIsLeftAloneWithAWarningAndBlocksAnotherChange() throws Exception {
    Process live = new ProcessBuilder("sleep", "60").start();
    try {
      Path file = journalOf(live.pid(), live.info().startInstant().orElse(null), SERVER_ID);
      List<String> calls = new ArrayList<>();

      RestoreJournal.Recovery r = journal().recover(SERVER_ID, (name, value) -> calls.add(name));

      assertThat(calls).isEmpty();
      assertThat(r.restored()).isEmpty();
      assertThat(r.warnings()).singleElement().asString()
          .contains("changed by a running driver (pid " + live.pid() + ")", "journal " + file);
      assertThat(file).exists();
      assertThatThrownBy(() -> journal().record(SERVER_ID, originals("sync_binlog", "0")))
          .isInstanceOf(BindingException.class)
          .hasMessageStartingWith("mysql: GLOBAL settings of 127.0.0.1:3306 are changed by a running driver (pid "
              + live.pid() + ")");
      assertThat(journal().remove()).isTrue();
      assertThat(file).as("another process' journal is not removed").exists();
    } finally {
      live.destroy();
      live.waitFor(10, TimeUnit.SECONDS);
    }
  }

  @Test
  void aLivePidThatStartedAtAnotherTimeIsAReusedPidAndItsJournalIsRestored() throws Exception {
    Process other = new ProcessBuilder("sleep", "60").start();
    try {
      Instant started = other.info().startInstant().orElseThrow();
      Path file = journalOf(other.pid(), started.minusSeconds(3600), SERVER_ID);
      List<String> calls = new ArrayList<>();

      journal().recover(SERVER_ID, (name, value) -> calls.add(name));

      assertThat(calls).hasSize(2);
      assertThat(file).doesNotExist();
    } finally {
      other.destroy();
      other.waitFor(10, TimeUnit.SECONDS);
    }
  }

  @Test
  void aJournalOfAnotherServerInstanceIsRemovedWithoutRestoring() throws Exception {
    Path file = journalOf(deadPid(), null, "db1:3306:/old/datadir/");
    List<String> calls = new ArrayList<>();

    RestoreJournal.Recovery r = journal().recover(SERVER_ID, (name, value) -> calls.add(name));

    assertThat(calls).isEmpty();
    assertThat(r.warnings()).singleElement().asString().contains("was written for server db1:3306:/old/datadir/",
        "removed without restoring GLOBAL innodb_flush_log_at_trx_commit=1, sync_binlog=1");
    assertThat(file).doesNotExist();
  }

  @Test
  void aRestoreTheServerRefusesKeepsTheJournal() throws Exception {
    Path file = journalOf(deadPid(), null, SERVER_ID);

    assertThatThrownBy(() -> journal().recover(SERVER_ID, (name, value) -> {
      throw new java.sql.SQLException("Access denied; you need the SUPER privilege");
    })).isInstanceOf(BindingException.class)
        .hasMessageStartingWith("mysql: cannot restore GLOBAL innodb_flush_log_at_trx_commit=1 left changed by an "
            + "earlier run")
        .hasMessageContaining("Access denied", "journal " + file + " kept");
    assertThat(file).exists();
  }

  @Test
  void anUnwritableDirectoryIsAConfigErrorBeforeAnythingChanges() throws Exception {
    Path notADirectory = Files.writeString(tmp.resolve("a-file"), "x");
    RestoreJournal j = RestoreJournal.at(notADirectory.resolve("journal"), "mysql", "GLOBAL", "127.0.0.1", 3306);

    assertThatThrownBy(() -> j.record(SERVER_ID, originals("sync_binlog", "1")))
        .isInstanceOf(ConfigException.class)
        .hasMessageStartingWith("restore.journal.dir: must be a directory where this user can write the restore "
            + "journal, got '" + notADirectory.resolve("journal") + "'")
        .hasMessageContaining("the GLOBAL settings were not changed")
        .message().doesNotContain("\n");
  }

  @Test
  void aFileThatIsNotAJournalIsNamedInTheError() throws Exception {
    Path file = journal().path();
    Files.createDirectories(file.getParent());
    Files.writeString(file, "{not json");

    assertThatThrownBy(() -> journal().recover(SERVER_ID, (name, value) -> { }))
        .isInstanceOf(ConfigException.class)
        .hasMessageStartingWith("restore journal " + file + ": must be a journal this driver wrote");
  }

  @Test
  void theDirectoryIsTheKeyOrTheXdgStateHomeOrHomeLocalState() {
    assertThat(RestoreJournal.directory(Settings.of(Map.of("restore.journal.dir", "/srv/j")))).isEqualTo(Path.of("/srv/j"));
    assertThat(RestoreJournal.defaultDirectory("/x/state", "/home/u")).isEqualTo(Path.of("/x/state/ycsb-driver/journal"));
    assertThat(RestoreJournal.defaultDirectory(null, "/home/u"))
        .isEqualTo(Path.of("/home/u/.local/state/ycsb-driver/journal"));
    assertThat(RestoreJournal.defaultDirectory("relative", "/home/u"))
        .isEqualTo(Path.of("/home/u/.local/state/ycsb-driver/journal"));
    assertThat(RestoreJournal.at(tmp, "mysql", "GLOBAL", "::1", 3307).path().getFileName().toString())
        .isEqualTo("mysql-__1-3307.json");
  }
}
