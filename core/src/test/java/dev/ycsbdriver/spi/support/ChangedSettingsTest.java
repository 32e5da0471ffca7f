package dev.ycsbdriver.spi.support;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ycsbdriver.spi.support.FakeSettingsServer.Connection;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ChangedSettingsTest {
  @TempDir
  Path tmp;

  private RestoreJournal journal() {
    return RestoreJournal.at(tmp.resolve("journal"), "fake", "GLOBAL", "127.0.0.1", 5432).identified("server-1");
  }

  private static Map<String, String> settings(String... pairs) {
    Map<String, String> m = new LinkedHashMap<>();
    for (int i = 0; i < pairs.length; i += 2) {
      m.put(pairs[i], pairs[i + 1]);
    }
    return m;
  }

  @Test
  void restorePutsEveryRecordedValueBackOnceInOrderAndRemovesTheJournal() throws Exception {
    FakeSettingsServer server = new FakeSettingsServer();
    RestoreJournal journal = journal();
    ChangedSettings<Connection> changed = new ChangedSettings<>("fake", "GLOBAL", journal, server,
        new Connection(false));
    changed.record(settings("fsync", "on", "synchronous_commit", "local"));
    assertThat(journal.path()).exists();
    assertThat(changed.original("fsync")).isEqualTo("on");
    assertThat(changed.original("wal_level")).isNull();

    String err = Stderr.of(() -> {
      changed.restore();
      changed.restore();
    });

    assertThat(server.statements).containsExactly("SET fsync = on", "SET synchronous_commit = local", "APPLY");
    assertThat(journal.path()).doesNotExist();
    assertThat(err).isEmpty();
    assertThat(server.opened).isZero();
  }

  @Test
  void theFirstRecordedValueOfASettingIsTheOneRestored() throws Exception {
    FakeSettingsServer server = new FakeSettingsServer();
    ChangedSettings<Connection> changed = new ChangedSettings<>("fake", "GLOBAL", journal(), server,
        new Connection(false));
    changed.record(settings("fsync", "on"));
    changed.record(settings("fsync", "off", "full_page_writes", "on"));
    Stderr.of(changed::restore);
    assertThat(server.values).containsEntry("fsync", "on").containsEntry("full_page_writes", "on");
  }

  @Test
  void nothingRecordedMeansNothingRestoredAndNoJournalTouched() {
    FakeSettingsServer server = new FakeSettingsServer();
    ChangedSettings<Connection> changed = new ChangedSettings<>("fake", "GLOBAL", journal(), server,
        new Connection(false));
    assertThat(Stderr.of(changed::restore)).isEmpty();
    assertThat(server.statements).isEmpty();
  }

  @Test
  void aBrokenConnectionIsReplacedByAFreshOneThatIsClosedAfterwards() throws Exception {
    FakeSettingsServer server = new FakeSettingsServer();
    RestoreJournal journal = journal();
    ChangedSettings<Connection> changed = new ChangedSettings<>("fake", "GLOBAL", journal, server,
        new Connection(true));
    changed.record(settings("fsync", "on"));
    String err = Stderr.of(changed::restore);
    assertThat(server.values).containsEntry("fsync", "on");
    assertThat(server.opened).isEqualTo(1);
    assertThat(server.closed).isEqualTo(1);
    assertThat(journal.path()).doesNotExist();
    assertThat(err).isEmpty();
  }

  @Test
  void aValueThatCannotBeRestoredIsOneLineAndKeepsTheJournalForTheNextCommand() throws Exception {
    FakeSettingsServer server = new FakeSettingsServer();
    server.reachable = false;
    RestoreJournal journal = journal();
    ChangedSettings<Connection> changed = new ChangedSettings<>("fake", "GLOBAL", journal, server,
        new Connection(true));
    changed.record(settings("fsync", "on"));
    String err = Stderr.of(changed::restore);
    assertThat(err).isEqualTo("Warning: fake: could not restore GLOBAL fsync = on (connection reset); the next "
        + "command for this server retries from " + journal.path() + System.lineSeparator());
    assertThat(journal.path()).exists();
  }

  @Test
  void aRefusalOnTheFreshConnectionIsTheOneReported() throws Exception {
    FakeSettingsServer server = new FakeSettingsServer();
    server.refused.add("fsync");
    ChangedSettings<Connection> changed = new ChangedSettings<>("fake", "GLOBAL", journal(), server,
        new Connection(true));
    changed.record(settings("fsync", "on"));
    assertThat(Stderr.of(changed::restore)).contains("could not restore GLOBAL fsync = on (permission denied for fsync)")
        .doesNotContain("connection reset");
  }
}
