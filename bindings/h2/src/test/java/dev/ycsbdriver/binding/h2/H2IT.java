package dev.ycsbdriver.binding.h2;

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

/** The h2 binding against an embedded H2 file database under target/. */
class H2IT extends EmbeddedFileStoreContract {
  @Override
  protected String bindingName() {
    return "h2";
  }

  @Override
  protected String databaseFileName() {
    return "ycsb.mv.db";
  }

  @Override
  protected Map<String, Map<String, String>> profileReadBack() {
    return Map.of("durable", Map.of("WRITE_DELAY", "0", "LOCK_TIMEOUT", "10000"),
        "fast", Map.of("WRITE_DELAY", "500", "LOCK_TIMEOUT", "10000"));
  }

  @Test
  void aReadOnlyStoreServesReadsAndRefusesWrites() throws Exception {
    assertReadOnlyRuns("READONLY", "TRUE");
  }

  @Test
  void readsWithoutTheKeyIndexScanTheWholeTableAndStillFindTheirRecord() throws Exception {
    double slower = assertReadWithoutKeyIndexFindsEveryRecord();
    Path dir = Path.of("target", "it-" + bindingName() + "-readindex").toAbsolutePath();
    UserTable table = new UserTable("usertable", "field", 1);
    try (Connection c = DriverManager.getConnection("jdbc:h2:file:" + dir.resolve("ycsb") + ";ACCESS_MODE_DATA=r", "sa", "")) {
      assertThat(plan(c, table.readSql(table.allColumns()))).contains("PRIMARY_KEY");
      assertThat(plan(c, table.readingWithoutIndex(UserTable.NoIndexHint.H2).readSql(table.allColumns()))).contains("USERTABLE.tableScan");
    }
    // 20,000 rows read per lookup against one index probe: medians 7-10x apart in a cold JVM, so 3x leaves room
    assertThat(slower).as("median READ without the index over the median with it").isGreaterThan(3);
  }

  private static String plan(Connection c, String select) throws SQLException {
    StringBuilder plan = new StringBuilder();
    try (PreparedStatement ps = c.prepareStatement("EXPLAIN " + select)) {
      ps.setString(1, "user1");
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          plan.append(rs.getString(1)).append('\n');
        }
      }
    }
    return plan.toString();
  }
}
