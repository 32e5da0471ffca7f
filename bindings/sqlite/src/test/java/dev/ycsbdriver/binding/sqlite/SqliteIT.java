package dev.ycsbdriver.binding.sqlite;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ycsbdriver.binding.jdbc.UserTable;
import dev.ycsbdriver.testing.EmbeddedFileStoreContract;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
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

  @Test
  void readsWithoutTheKeyIndexScanTheWholeTableAndStillFindTheirRecord() throws Exception {
    double slower = assertReadWithoutKeyIndexFindsEveryRecord();
    Path dir = Path.of("target", "it-" + bindingName() + "-readindex").toAbsolutePath();
    UserTable table = new UserTable("usertable", "field", 1);
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("ycsb.db"), "sa", "")) {
      assertThat(plan(c, table.readSql(table.allColumns()))).contains("SEARCH usertable USING INDEX");
      assertThat(plan(c, table.readingWithoutIndex(UserTable.NoIndexHint.SQLITE).readSql(table.allColumns()))).contains("SCAN usertable");
    }
    // 20,000 rows read per lookup against one index probe: medians 30-38x apart, so 3x is a wide margin
    assertThat(slower).as("median READ without the index over the median with it").isGreaterThan(3);
  }

  private static String plan(Connection c, String select) throws SQLException {
    StringBuilder plan = new StringBuilder();
    try (PreparedStatement ps = c.prepareStatement("EXPLAIN QUERY PLAN " + select)) {
      ps.setString(1, "user1");
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          plan.append(rs.getString("detail")).append('\n');
        }
      }
    }
    return plan.toString();
  }
}
