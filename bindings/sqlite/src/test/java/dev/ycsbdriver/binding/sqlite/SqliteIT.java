package dev.ycsbdriver.binding.sqlite;

import dev.ycsbdriver.testing.EmbeddedFileStoreContract;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The sqlite binding against an SQLite file database under target/. */
class SqliteIT extends EmbeddedFileStoreContract {
  @Override
  protected String bindingName() {
    return "sqlite";
  }

  @Override
  protected String databaseFileName() {
    return "ycsb.db";
  }

  @Override
  protected Map<String, Map<String, String>> profileReadBack() {
    return Map.of("durable", Map.of("synchronous", "FULL", "journal_mode", "wal"),
        "fast", Map.of("synchronous", "OFF", "journal_mode", "wal"));
  }

  @Test
  void aReadOnlyStoreServesReadsAndRefusesWrites() throws Exception {
    assertReadOnlyRuns("read_only", "true");
  }
}
