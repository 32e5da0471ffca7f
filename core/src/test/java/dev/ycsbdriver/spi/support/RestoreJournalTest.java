package dev.ycsbdriver.spi.support;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ycsbdriver.config.ConfigException;
import dev.ycsbdriver.config.Settings;
import dev.ycsbdriver.spi.BindingException;
import dev.ycsbdriver.spi.RestoredSetting;
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
    return journal("127.0.0.1");
  }

  private RestoreJournal journal(String host) {
    return RestoreJournal.at(tmp.resolve("journal"), "mysql", "GLOBAL", host, 3306).identified(SERVER_ID);
  }

  /** Writes this server's journal as another driver process would have. */
  private Path journalOf(long pid, Instant pidStart, String serverId) throws IOException {
    return journalOf(journal().path(), pid, pidStart, serverId, "2026-11-23T10:00:00Z", "1");
  }

  /** Writes a journal at {@code file} as another driver process would have. */
  private static Path journalOf(Path file, long pid, Instant pidStart, String serverId, String changedAt, String value)
      throws IOException {
    Files.createDirectories(file.getParent());
    Files.writeString(file, "{\"binding\":\"mysql\",\"scope\":\"GLOBAL\",\"server\":\"127.0.0.1:3306\","
        + "\"serverId\":\"" + serverId + "\",\"pid\":" + pid + ",\"pidStartTime\":"
        + (pidStart == null ? "null" : "\"" + pidStart + "\"") + ",\"changedAt\":\"" + changedAt + "\","
        + "\"settings\":{\"innodb_flush_log_at_trx_commit\":\"" + value + "\",\"sync_binlog\":\"" + value + "\"}}");
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
    j.record(originals("innodb_flush_log_at_trx_commit", "1", "sync_binlog", "1"));

    assertThat(j.path().getParent()).isEqualTo(tmp.resolve("journal"));
    assertThat(j.path().getFileName().toString()).matches("mysql-id-[0-9a-f]{16}\\.json");
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
    j.record(originals("innodb_flush_log_at_trx_commit", "1"));
    Map<String, String> toRestore = j.record(originals("innodb_flush_log_at_trx_commit", "0", "sync_binlog", "1"));

    assertThat(toRestore).as("what the second binding of this process must put back")
        .containsExactly(Map.entry("innodb_flush_log_at_trx_commit", "1"), Map.entry("sync_binlog", "1"));

    assertThat(j.read().orElseThrow().originals()).containsEntry("innodb_flush_log_at_trx_commit", "1")
        .containsEntry("sync_binlog", "1");
  }

  @Test
  void aJournalOfADeadDriverIsRestoredInOrderAndRemoved() throws Exception {
    long pid = deadPid();
    Path file = journalOf(pid, null, SERVER_ID);
    List<String> calls = new ArrayList<>();

    RestoreJournal.Recovery r = journal().recover((name, value) -> calls.add(name + "=" + value));

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

      RestoreJournal.Recovery r = journal().recover((name, value) -> calls.add(name));

      assertThat(calls).isEmpty();
      assertThat(r.restored()).isEmpty();
      assertThat(r.warnings()).singleElement().asString()
          .contains("changed by a running driver (pid " + live.pid() + ")", "journal " + file);
      assertThat(file).exists();
      assertThatThrownBy(() -> journal().record(originals("sync_binlog", "0")))
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

      journal().recover((name, value) -> calls.add(name));

      assertThat(calls).hasSize(2);
      assertThat(file).doesNotExist();
    } finally {
      other.destroy();
      other.waitFor(10, TimeUnit.SECONDS);
    }
  }

  @Test
  void aJournalOfAnOlderBuildForAnotherServerInstanceIsRemovedWithoutRestoring() throws Exception {
    Path file = journalOf(journal().legacyPath(), deadPid(), null, "db1:3306:/old/datadir/", "2026-11-23T10:00:00Z", "1");
    List<String> calls = new ArrayList<>();

    RestoreJournal.Recovery r = journal().recover((name, value) -> calls.add(name));

    assertThat(calls).isEmpty();
    assertThat(r.warnings()).singleElement().asString().contains("was written for server db1:3306:/old/datadir/",
        "removed without restoring GLOBAL innodb_flush_log_at_trx_commit=1, sync_binlog=1");
    assertThat(file).doesNotExist();
  }

  @Test
  void aRestoreTheServerRefusesKeepsTheJournal() throws Exception {
    Path file = journalOf(deadPid(), null, SERVER_ID);

    assertThatThrownBy(() -> journal().recover((name, value) -> {
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
    RestoreJournal j = RestoreJournal.at(notADirectory.resolve("journal"), "mysql", "GLOBAL", "127.0.0.1", 3306)
        .identified(SERVER_ID);

    assertThatThrownBy(() -> j.record(originals("sync_binlog", "1")))
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

    assertThatThrownBy(() -> journal().recover((name, value) -> { }))
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
    assertThat(RestoreJournal.at(tmp, "mysql", "GLOBAL", "::1", 3307).legacyPath().getFileName().toString())
        .isEqualTo("mysql-__1-3307.json");
  }

  @Test
  void everySpellingOfOneServerSharesItsJournal() {
    Path byIdentity = journal("127.0.0.1").path();

    assertThat(journal("localhost").path()).isEqualTo(byIdentity);
    assertThat(journal("::1").path()).isEqualTo(byIdentity);
    assertThat(journal("db.example.invalid").path()).as("what the server says, not the address").isEqualTo(byIdentity);
    assertThat(RestoreJournal.at(tmp, "mysql", "GLOBAL", "127.0.0.1", 3306).identified("db2:3306:/other/").path())
        .isNotEqualTo(byIdentity);
    assertThat(RestoreJournal.at(tmp, "postgres", "ALTER SYSTEM", "127.0.0.1", 3306).identified(SERVER_ID).path())
        .isNotEqualTo(byIdentity);
  }

  @Test
  void withoutAnIdentityTheJournalIsKeyedOnTheResolvedAddressWithEveryLoopbackOne() {
    for (String loopback : List.of("127.0.0.1", "localhost", "::1", "127.0.0.2", "0:0:0:0:0:0:0:1")) {
      assertThat(RestoreJournal.canonicalAddress(loopback)).as(loopback).isEqualTo("loopback");
      assertThat(RestoreJournal.at(tmp, "redis", "CONFIG", loopback, 6379).identified(null).path().getFileName())
          .hasToString("redis-loopback-6379.json");
    }
    assertThat(RestoreJournal.canonicalAddress("10.0.0.7")).isEqualTo("10.0.0.7");
    assertThat(RestoreJournal.at(tmp, "redis", "CONFIG", "127.0.0.1", 6380).identified(null).path().getFileName())
        .hasToString("redis-loopback-6380.json");
  }

  @Test
  void aLiveDriverThatJournaledThroughOneSpellingBlocksAChangeThroughAnother() throws Exception {
    Process live = new ProcessBuilder("sleep", "60").start();
    try {
      journalOf(live.pid(), live.info().startInstant().orElse(null), SERVER_ID);

      assertThatThrownBy(() -> journal("localhost").record(originals("sync_binlog", "0")))
          .isInstanceOf(BindingException.class)
          .hasMessageStartingWith("mysql: GLOBAL settings of localhost:3306 are changed by a running driver (pid "
              + live.pid() + ")");
    } finally {
      live.destroy();
      live.waitFor(10, TimeUnit.SECONDS);
    }
  }

  @Test
  void aJournalAKilledDriverLeftThroughOneSpellingIsRestoredThroughAnother() throws Exception {
    long pid = deadPid();
    Path file = journalOf(pid, null, SERVER_ID);
    List<String> calls = new ArrayList<>();

    RestoreJournal.Recovery r = journal("localhost").recover((name, value) -> calls.add(name + "=" + value));

    assertThat(calls).containsExactly("innodb_flush_log_at_trx_commit=1", "sync_binlog=1");
    assertThat(r.restored()).extracting(RestoredSetting::journal).containsOnly(file);
    assertThat(file).doesNotExist();
  }

  @Test
  void journalsOfOlderBuildsNamedAfterAnySpellingAreRestoredOldestLast() throws Exception {
    RestoreJournal viaLoopback = journal("127.0.0.1");
    // an older build ran through localhost and was killed; a later one through 127.0.0.1 took its values for the
    // originals and was killed too
    Path oldest = journalOf(journal("localhost").legacyPath(), deadPid(), null, SERVER_ID, "2026-11-23T10:00:00Z", "1");
    Path newer = journalOf(viaLoopback.legacyPath(), deadPid(), null, SERVER_ID, "2026-11-23T10:00:06Z", "0");
    Path otherServer = journalOf(tmp.resolve("journal/mysql-db2-3306.json"), deadPid(), null, "db2:3306:/x/",
        "2026-11-23T10:00:00Z", "2");
    List<String> calls = new ArrayList<>();

    viaLoopback.recover((name, value) -> calls.add(name + "=" + value));

    assertThat(calls).containsExactly("innodb_flush_log_at_trx_commit=0", "sync_binlog=0",
        "innodb_flush_log_at_trx_commit=1", "sync_binlog=1");
    assertThat(oldest).doesNotExist();
    assertThat(newer).doesNotExist();
    assertThat(otherServer).as("another server's journal is not this one's").exists();
  }

  @Test
  void anOlderBuildsShorterIdentityOfTheSameServerIsRestored() throws Exception {
    RestoreJournal redis = RestoreJournal.at(tmp.resolve("journal"), "redis", "CONFIG", "127.0.0.1", 6379)
        .identified("dir=/var/lib/redis config_file=none port=6379");
    Path legacy = journalOf(redis.legacyPath(), deadPid(), null, "dir=/var/lib/redis config_file=none",
        "2026-11-23T10:00:00Z", "1");
    List<String> calls = new ArrayList<>();

    RestoreJournal.Recovery r = redis.recover((name, value) -> calls.add(name));

    assertThat(calls).hasSize(2);
    assertThat(r.warnings()).isEmpty();
    assertThat(legacy).doesNotExist();
  }

  @Test
  void pendingSaysWhetherAnyJournalOfTheBindingIsLeft() throws Exception {
    RestoreJournal unidentified = RestoreJournal.at(tmp.resolve("journal"), "mysql", "GLOBAL", "127.0.0.1", 3306);
    assertThat(unidentified.pending()).isFalse();
    journalOf(RestoreJournal.at(tmp.resolve("journal"), "postgres", "ALTER SYSTEM", "127.0.0.1", 5432).legacyPath(),
        deadPid(), null, SERVER_ID, "2026-11-23T10:00:00Z", "1");
    assertThat(unidentified.pending()).as("another binding's").isFalse();
    journalOf(deadPid(), null, SERVER_ID);
    assertThat(unidentified.pending()).isTrue();
  }
}
