package dev.ycsbdriver.spi.support;

import static dev.ycsbdriver.spi.support.FakeSettingsServer.SERVER_ID;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ycsbdriver.result.model.Warning;
import dev.ycsbdriver.spi.BindingException;
import dev.ycsbdriver.spi.ErrorLog;
import dev.ycsbdriver.spi.support.FakeSettingsServer.Connection;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SettingsChangeTest {
  @TempDir
  Path tmp;

  /** Hands out one connection and counts what the mechanism does with it. */
  static final class FakeConnector implements SettingsChange.Connector<Connection, IOException> {
    final Connection connection = new Connection();
    int connected;
    int done;

    @Override
    public Connection connect() {
      connected++;
      return connection;
    }

    @Override
    public void done(Connection c) {
      done++;
    }
  }

  private static Map<String, String> map(String... pairs) {
    Map<String, String> m = new LinkedHashMap<>();
    for (int i = 0; i < pairs.length; i += 2) {
      m.put(pairs[i], pairs[i + 1]);
    }
    return m;
  }

  private RestoreJournal journal() {
    return RestoreJournal.at(tmp.resolve("journal"), "fake", "GLOBAL", "127.0.0.1", 5432);
  }

  private Path journalFile() {
    return journal().identified(SERVER_ID).path();
  }

  private SettingsChange.Request request(Map<String, String> wanted, Map<String, String> after, boolean strict) {
    return new SettingsChange.Request("fake", "127.0.0.1:5432/ycsb", "fast", journal(), wanted, after, strict,
        ErrorLog.silent());
  }

  private SettingsChange.Request request(boolean strict, String... wanted) {
    return request(map(wanted), Map.of(), strict);
  }

  @Test
  void changesJournalsAndVerifiesThenRestoresOnceAndRemovesTheJournal() throws Exception {
    FakeSettingsServer server = new FakeSettingsServer("fsync", "on", "sync_binlog", "1");
    FakeConnector connector = new FakeConnector();
    SettingsChange<Connection, IOException> changed = SettingsChange.open(
        request(true, "fsync", "off", "sync_binlog", "0"), server, connector);

    assertThat(server.values).containsExactly(Map.entry("fsync", "off"), Map.entry("sync_binlog", "0"));
    assertThat(journal().identified(SERVER_ID).read().orElseThrow().originals())
        .containsExactly(Map.entry("fsync", "on"), Map.entry("sync_binlog", "1"));
    assertThat(changed.warnings()).isEmpty();
    assertThat(changed.restored()).isEmpty();
    assertThat(changed.original("fsync")).isEqualTo("on");
    server.statements.clear();

    String err = Stderr.of(() -> {
      changed.close();
      changed.close();
      changed.restore();
    });

    assertThat(server.statements).containsExactly("SET fsync = on", "SET sync_binlog = 1", "APPLY");
    assertThat(server.values).containsExactly(Map.entry("fsync", "on"), Map.entry("sync_binlog", "1"));
    assertThat(journalFile()).doesNotExist();
    assertThat(server.unlocked).isEqualTo(1);
    assertThat(connector.done).isEqualTo(1);
    assertThat(err).isEmpty();
  }

  @Test
  void nothingToChangeAndNoJournalDoesNotConnect() throws Exception {
    FakeConnector connector = new FakeConnector();
    SettingsChange<Connection, IOException> changed = SettingsChange.open(request(true), new FakeSettingsServer(), connector);
    changed.close();
    assertThat(connector.connected).isZero();
    assertThat(changed.warnings()).isEmpty();
  }

  @Test
  void aSettingTheServerDoesNotHaveIsAWarningAndTheOthersAreSet() throws Exception {
    FakeSettingsServer server = new FakeSettingsServer("fsync", "on");
    try (SettingsChange<Connection, IOException> changed = SettingsChange.open(
        request(true, "binlog_delay", "10", "fsync", "off"), server, new FakeConnector())) {
      assertThat(changed.warnings()).containsExactly(
          notApplied("fake: binlog_delay does not exist on this server; not set "
          + "(profile fast asks for 10); a newer server has it"));
      assertThat(server.values).containsExactly(Map.entry("fsync", "off"));
      assertThat(changed.original("binlog_delay")).isNull();
    }
  }

  @Test
  void aRefusedSettingFailsAStrictRunWithWhatChangedPutBack() throws Exception {
    FakeSettingsServer server = new FakeSettingsServer("fsync", "on", "sync_binlog", "1");
    server.refused.add("sync_binlog=0");
    FakeConnector connector = new FakeConnector();

    assertThatThrownBy(() -> SettingsChange.open(request(true, "fsync", "off", "sync_binlog", "0"), server, connector))
        .isInstanceOf(BindingException.class)
        .hasMessage("fake: cannot SET GLOBAL sync_binlog = 0 for profile fast (permission denied for sync_binlog); "
            + "sync_binlog stays 1; grant SUPER, or add -p profile.strict=false");
    assertThat(server.values).containsEntry("fsync", "on");
    assertThat(journalFile()).doesNotExist();
    assertThat(server.unlocked).isEqualTo(1);
    assertThat(connector.done).isEqualTo(1);
  }

  @Test
  void aRefusedSettingIsAWarningWhenNotStrict() throws Exception {
    FakeSettingsServer server = new FakeSettingsServer("fsync", "on", "sync_binlog", "1");
    server.refused.add("sync_binlog=0");
    try (SettingsChange<Connection, IOException> changed = SettingsChange.open(
        request(false, "fsync", "off", "sync_binlog", "0"), server, new FakeConnector())) {
      assertThat(changed.warnings()).containsExactly(
          notApplied("fake: could not set GLOBAL sync_binlog = 0; 1 is in force for "
          + "this run"));
      assertThat(server.values).containsEntry("fsync", "off");
    }
    assertThat(server.values).containsEntry("fsync", "on");
  }

  @Test
  void aSettingNotInForceAfterTheChangeFailsAStrictRun() throws Exception {
    FakeSettingsServer server = new FakeSettingsServer("fsync", "on");
    server.ignored.add("fsync");
    assertThatThrownBy(() -> SettingsChange.open(request(true, "fsync", "off"), server, new FakeConnector()))
        .isInstanceOf(BindingException.class)
        .hasMessage("fake: cannot SET GLOBAL fsync = off for profile fast (the server still reports on after the "
            + "change); fsync stays on; grant SUPER, or add -p profile.strict=false");
    assertThat(journalFile()).doesNotExist();
  }

  @Test
  void aLenientRunWarnsOnceForEachSettingRefusedUnsettledOrNotInForceAndSettlesOnlyWhatWasSet() throws Exception {
    FakeSettingsServer server = new FakeSettingsServer("fsync", "on", "sync_binlog", "1", "appendonly", "no");
    server.ignored.add("fsync");
    server.refused.add("sync_binlog=0");
    server.ignored.add("appendonly");
    server.unsettled.put("appendonly", "its first AOF rewrite did not end within 1s");
    try (SettingsChange<Connection, IOException> changed = SettingsChange.open(
        request(false, "fsync", "off", "sync_binlog", "0", "appendonly", "yes"), server, new FakeConnector())) {
      assertThat(server.settling).containsExactly(Map.entry("fsync", "off"), Map.entry("appendonly", "yes"));
      assertThat(changed.warnings()).containsExactly(
          notApplied("fake: could not set GLOBAL sync_binlog = 0; 1 is in force for this run"),
          notApplied("fake: could not set GLOBAL appendonly = yes; no is in force for this run"),
          notApplied("fake: could not set GLOBAL fsync = off; on is in force for this run"));
    }
  }

  @Test
  void aMissingPrivilegeChangesNothingAndFailsOnlyAStrictRun() throws Exception {
    FakeSettingsServer server = new FakeSettingsServer("fsync", "on", "sync_binlog", "1");
    server.missingPrivilege = "the role lacks SUPER; GRANT SUPER ON *.* TO ycsb";
    assertThatThrownBy(() -> SettingsChange.open(request(true, "fsync", "off", "sync_binlog", "0"), server,
        new FakeConnector()))
        .hasMessage("fake: cannot change GLOBAL fsync, sync_binlog for profile fast: the role lacks SUPER; GRANT "
            + "SUPER ON *.* TO ycsb; nothing was changed; or add -p profile.strict=false");
    try (SettingsChange<Connection, IOException> changed = SettingsChange.open(
        request(false, "fsync", "off"), server, new FakeConnector())) {
      assertThat(changed.warnings()).containsExactly(
          notApplied("fake: cannot change GLOBAL fsync for profile fast: the role "
          + "lacks SUPER; GRANT SUPER ON *.* TO ycsb; the server's own values are in force for this run"));
    }
    assertThat(server.statements).isEmpty();
    assertThat(journalFile()).doesNotExist();
  }

  @Test
  void settingsNotDurableBeforeTheChangeAreAWarningAndTheValuesToRestore() throws Exception {
    FakeSettingsServer server = new FakeSettingsServer("fsync", "off");
    server.notDurable = "fsync=off, not its durable values";
    try (SettingsChange<Connection, IOException> changed = SettingsChange.open(
        request(true, "fsync", "on"), server, new FakeConnector())) {
      assertThat(changed.warnings()).containsExactly(
          Warning.other(
          "fake: before this run changed anything the server had "
          + "fsync=off, not its durable values; another driver may have left them changed (one killed on another "
          + "machine, or with another journal directory); they are recorded as the values to restore; check the "
          + "server's configuration"));
      assertThat(changed.original("fsync")).isEqualTo("off");
    }
  }

  @Test
  void stepsAfterTheSettingsAreJournaledLastRunAfterVerifyingAndNeverVerified() throws Exception {
    FakeSettingsServer server = new FakeSettingsServer("fsync", "on");
    server.refused.add("config-file");
    try (SettingsChange<Connection, IOException> changed = SettingsChange.open(
        request(map("fsync", "off"), map("config-file", "rewrite"), false), server, new FakeConnector())) {
      assertThat(journal().identified(SERVER_ID).read().orElseThrow().originals())
          .containsExactly(Map.entry("fsync", "on"), Map.entry("config-file", "rewrite"));
      assertThat(changed.warnings()).containsExactly(
          notApplied("fake: could not set GLOBAL config-file = rewrite"));
      server.refused.clear();
      server.statements.clear();
    }
    assertThat(server.statements).containsExactly("SET fsync = on", "SET config-file = rewrite", "APPLY");
    server.refused.add("config-file");
    String err = Stderr.of(() -> assertThatThrownBy(() -> SettingsChange.open(request(map("fsync", "off"),
        map("config-file", "rewrite"), true), server, new FakeConnector()))
        .hasMessageStartingWith("fake: cannot SET GLOBAL config-file = rewrite for profile fast (SET GLOBAL "
            + "config-file = rewrite failed: permission denied for config-file); "));
    assertThat(server.values).containsEntry("fsync", "on");
    assertThat(err).startsWith("Warning: fake: could not restore GLOBAL config-file = rewrite (permission denied "
        + "for config-file); the next command for this server retries from " + journalFile());
  }

  @Test
  void aBrokenConnectionIsReplacedByAFreshOneToRestore() throws Exception {
    FakeSettingsServer server = new FakeSettingsServer("fsync", "on");
    FakeConnector connector = new FakeConnector();
    SettingsChange<Connection, IOException> changed = SettingsChange.open(request(true, "fsync", "off"), server,
        connector);
    connector.connection.broken = true; // the server restarted during the run

    String err = Stderr.of(changed::close);

    assertThat(server.values).containsEntry("fsync", "on");
    assertThat(server.opened).isEqualTo(1);
    assertThat(server.closed).isEqualTo(1);
    assertThat(journalFile()).doesNotExist();
    assertThat(err).isEmpty();
  }

  @Test
  void aJournalAKilledDriverLeftIsRestoredBeforeAnythingElse() throws Exception {
    FakeSettingsServer server = new FakeSettingsServer("fsync", "off");
    Path file = journalFile();
    Files.createDirectories(file.getParent());
    Files.writeString(file, "{\"binding\":\"fake\",\"scope\":\"GLOBAL\",\"server\":\"127.0.0.1:5432\",\"serverId\":\""
        + SERVER_ID + "\",\"pid\":" + deadPid() + ",\"changedAt\":\"2026-11-23T10:00:00Z\",\"settings\":{\"fsync\":"
        + "\"on\"}}");
    FakeConnector connector = new FakeConnector();

    try (SettingsChange<Connection, IOException> changed = SettingsChange.open(request(true), server, connector)) {
      assertThat(changed.restored()).singleElement().satisfies(r -> {
        assertThat(r.setting()).isEqualTo("fsync");
        assertThat(r.value()).isEqualTo("on");
      });
      assertThat(server.statements).containsExactly("SET fsync = on", "APPLY");
      assertThat(file).doesNotExist();
      assertThat(connector.done).as("a run that changes nothing lets the connection go at once").isEqualTo(1);
      assertThat(server.unlocked).isEqualTo(1);
    }
    assertThat(connector.done).isEqualTo(1);
  }

  @Test
  void aRestoreFromAJournalIsSaidAtOnceAlsoWhenTheOpenThenFails() throws Exception {
    FakeSettingsServer server = new FakeSettingsServer("fsync", "off");
    server.missingPrivilege = "the role lacks SUPER";
    Path file = journalFile();
    Files.createDirectories(file.getParent());
    long pid = deadPid();
    Files.writeString(file, "{\"binding\":\"fake\",\"scope\":\"GLOBAL\",\"server\":\"127.0.0.1:5432\",\"serverId\":\""
        + SERVER_ID + "\",\"pid\":" + pid + ",\"changedAt\":\"2026-11-23T10:00:00Z\",\"settings\":{\"fsync\":"
        + "\"on\"}}");
    java.io.ByteArrayOutputStream said = new java.io.ByteArrayOutputStream();
    ErrorLog log = new ErrorLog(new java.io.PrintStream(said, true, java.nio.charset.StandardCharsets.UTF_8),
        java.time.Clock.systemUTC());
    SettingsChange.Request request = new SettingsChange.Request("fake", "127.0.0.1:5432/ycsb", "fast", journal(),
        map("fsync", "off"), Map.of(), true, log);

    assertThatThrownBy(() -> SettingsChange.open(request, server, new FakeConnector()))
        .hasMessageContaining("cannot change GLOBAL fsync");

    assertThat(server.values).containsEntry("fsync", "on");
    assertThat(file).doesNotExist();
    assertThat(said.toString(java.nio.charset.StandardCharsets.UTF_8)).isEqualTo("fake: restored GLOBAL fsync=on "
        + "left changed by an earlier run (pid " + pid + ") that did not finish; journal " + file
        + System.lineSeparator());
  }

  @Test
  void aLockAnotherDriverHoldsRefusesAChangeAndOnlyWarnsARunThatChangesNothing() throws Exception {
    FakeSettingsServer server = new FakeSettingsServer("fsync", "on");
    server.lockHolder = "ycsb-driver pid 17 on host-b";
    FakeConnector connector = new FakeConnector();
    String what = "fake: GLOBAL settings of 127.0.0.1:5432/ycsb (server " + SERVER_ID + ") are being changed by "
        + "another driver: ycsb-driver pid 17 on host-b";

    assertThatThrownBy(() -> SettingsChange.open(request(true, "fsync", "off"), server, connector))
        .hasMessage(what + "; two runs that change them at once would each restore the other's values; nothing "
            + "was recorded or changed; wait for it to end");
    assertThat(server.statements).isEmpty();
    assertThat(journalFile()).doesNotExist();
    assertThat(connector.done).isEqualTo(1);

    Files.createDirectories(journalFile().getParent());
    Files.writeString(journalFile().resolveSibling("fake-other.json"), "{}"); // a journal is pending
    try (SettingsChange<Connection, IOException> changed = SettingsChange.open(request(true), server, connector)) {
      assertThat(changed.warnings()).containsExactly(
          Warning.other(what + "; this run measures with its values"));
    }
  }

  @Test
  void aServerThatCannotHoldTheLockIsAWarningOfARunThatChanges() throws Exception {
    FakeSettingsServer server = new FakeSettingsServer("fsync", "on");
    server.unguarded = "fake: the server cannot hold the settings lock";
    try (SettingsChange<Connection, IOException> changed = SettingsChange.open(request(true, "fsync", "off"), server,
        new FakeConnector())) {
      assertThat(changed.warnings()).containsExactly(
          Warning.other("fake: the server cannot hold the settings lock"));
      assertThat(server.values).containsEntry("fsync", "off");
    }
    assertThat(server.unlocked).isZero();
  }

  private static long deadPid() throws Exception {
    Process p = new ProcessBuilder("true").start();
    assertThat(p.waitFor(10, TimeUnit.SECONDS)).isTrue();
    return p.pid();
  }

  private static Warning notApplied(String text) {
    return new Warning(Warning.Code.SETTING_NOT_APPLIED, text);
  }
}
