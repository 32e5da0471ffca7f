package dev.ycsbdriver.spi;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ChangedSettingsTest {
  @TempDir
  Path tmp;

  /** A server's settings, reached through connections that may be broken. */
  static final class FakeServer implements ChangedSettings.Dialect<FakeServer.Connection> {
    record Connection(boolean broken) {
    }

    final Map<String, String> values = new ConcurrentHashMap<>();
    final List<String> statements = new ArrayList<>();
    final Set<String> refused = ConcurrentHashMap.newKeySet();
    boolean reachable = true;
    int opened;
    int closed;

    @Override
    public void put(Connection c, String name, String value) throws Exception {
      if (c.broken()) {
        throw new java.io.IOException("connection reset\nat the socket");
      }
      if (refused.contains(name)) {
        throw new IllegalArgumentException("permission denied for " + name);
      }
      statements.add("SET " + name + " = " + value);
      values.put(name, value);
    }

    @Override
    public void apply(Connection c) {
      statements.add("APPLY");
    }

    @Override
    public Connection reconnect() throws Exception {
      if (!reachable) {
        throw new java.io.IOException("connection refused");
      }
      opened++;
      return new Connection(false);
    }

    @Override
    public void close(Connection c) {
      closed++;
    }

    @Override
    public String assignment(String name, String value) {
      return name + " = " + value;
    }

    @Override
    public String reason(Exception failure) {
      return failure.getMessage().lines().findFirst().orElse("");
    }
  }

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

  /** @return what {@code action} printed on stderr */
  private static String stderrOf(Runnable action) {
    PrintStream before = System.err;
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
    try {
      action.run();
    } finally {
      System.setErr(before);
    }
    return err.toString(StandardCharsets.UTF_8);
  }

  @Test
  void restorePutsEveryRecordedValueBackOnceInOrderAndRemovesTheJournal() throws Exception {
    FakeServer server = new FakeServer();
    RestoreJournal journal = journal();
    ChangedSettings<FakeServer.Connection> changed = new ChangedSettings<>("fake", "GLOBAL", journal, server,
        new FakeServer.Connection(false));
    changed.record(settings("fsync", "on", "synchronous_commit", "local"));
    assertThat(journal.path()).exists();
    assertThat(changed.original("fsync")).isEqualTo("on");
    assertThat(changed.original("wal_level")).isNull();

    String err = stderrOf(() -> {
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
    FakeServer server = new FakeServer();
    ChangedSettings<FakeServer.Connection> changed = new ChangedSettings<>("fake", "GLOBAL", journal(), server,
        new FakeServer.Connection(false));
    changed.record(settings("fsync", "on"));
    changed.record(settings("fsync", "off", "full_page_writes", "on"));
    stderrOf(changed::restore);
    assertThat(server.values).containsEntry("fsync", "on").containsEntry("full_page_writes", "on");
  }

  @Test
  void nothingRecordedMeansNothingRestoredAndNoJournalTouched() {
    FakeServer server = new FakeServer();
    ChangedSettings<FakeServer.Connection> changed = new ChangedSettings<>("fake", "GLOBAL", journal(), server,
        new FakeServer.Connection(false));
    assertThat(stderrOf(changed::restore)).isEmpty();
    assertThat(server.statements).isEmpty();
  }

  @Test
  void aBrokenConnectionIsReplacedByAFreshOneThatIsClosedAfterwards() throws Exception {
    FakeServer server = new FakeServer();
    RestoreJournal journal = journal();
    ChangedSettings<FakeServer.Connection> changed = new ChangedSettings<>("fake", "GLOBAL", journal, server,
        new FakeServer.Connection(true));
    changed.record(settings("fsync", "on"));
    String err = stderrOf(changed::restore);
    assertThat(server.values).containsEntry("fsync", "on");
    assertThat(server.opened).isEqualTo(1);
    assertThat(server.closed).isEqualTo(1);
    assertThat(journal.path()).doesNotExist();
    assertThat(err).isEmpty();
  }

  @Test
  void aValueThatCannotBeRestoredIsOneLineAndKeepsTheJournalForTheNextCommand() throws Exception {
    FakeServer server = new FakeServer();
    server.reachable = false;
    RestoreJournal journal = journal();
    ChangedSettings<FakeServer.Connection> changed = new ChangedSettings<>("fake", "GLOBAL", journal, server,
        new FakeServer.Connection(true));
    changed.record(settings("fsync", "on"));
    String err = stderrOf(changed::restore);
    assertThat(err).isEqualTo("Warning: fake: could not restore GLOBAL fsync = on (connection reset); the next "
        + "command for this server retries from " + journal.path() + System.lineSeparator());
    assertThat(journal.path()).exists();
  }

  @Test
  void aRefusalOnTheFreshConnectionIsTheOneReported() throws Exception {
    FakeServer server = new FakeServer();
    server.refused.add("fsync");
    ChangedSettings<FakeServer.Connection> changed = new ChangedSettings<>("fake", "GLOBAL", journal(), server,
        new FakeServer.Connection(true));
    changed.record(settings("fsync", "on"));
    assertThat(stderrOf(changed::restore)).contains("could not restore GLOBAL fsync = on (permission denied for fsync)")
        .doesNotContain("connection reset");
  }
}
