package dev.ycsbdriver.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * The check every SQL binding shares for {@code droptable}: a table of the user's own that is not shaped like a
 * YCSB table ({@code YCSB_KEY} and {@code FIELD0..n}) is not dropped (exit 2, one line naming the table and its
 * columns), a YCSB table is, and {@code droptable.force=true} drops the user's table when asked.
 */
public final class ForeignTableDrop {
  /** Opens a connection to the database the binding writes to. */
  @FunctionalInterface
  public interface Connector {
    /** @return a new connection; the caller closes it */
    Connection open() throws SQLException;
  }

  private ForeignTableDrop() {
  }

  /**
   * @param binding the binding's name
   * @param table a table name of the test's own; dropped and re-created
   * @param connector a connection to the binding's database
   * @param connection the binding's connection keys, {@code key=value} each
   * @throws Exception when the database cannot be prepared or read back
   */
  public static void check(String binding, String table, Connector connector, String... connection) throws Exception {
    try (Connection c = connector.open(); Statement s = c.createStatement()) {
      s.execute("DROP TABLE IF EXISTS " + table);
      s.execute("CREATE TABLE " + table + " (id INT PRIMARY KEY, secret VARCHAR(20))");
      s.execute("INSERT INTO " + table + " VALUES (1, 'mine')");
    }
    CliRun refused = CliRun.of(load(binding, table, connection, "droptable=true", "createtable=true"));
    assertThat(refused.exitCode()).as(refused.toString()).isEqualTo(2);
    List<String> errors = refused.errLines().stream().filter(l -> l.startsWith("ycsb: ")).toList();
    assertThat(errors).as(refused.toString()).hasSize(1);
    assertThat(errors.get(0)).as(refused.toString())
        .startsWith("ycsb: droptable: table " + table + " is not a YCSB table (no YCSB_KEY column; no FIELD<n> "
            + "column; columns not of YCSB: ")
        .containsIgnoringCase("id, secret")
        .contains("droptable.force=true");
    assertThat(rows(connector, table)).as("the user's table is still there").isEqualTo(1);

    CliRun forced = CliRun.of(load(binding, table, connection, "droptable=true", "createtable=true",
        "droptable.force=true"));
    assertThat(forced.exitCode()).as(forced.toString()).isZero();
    assertThat(rows(connector, table)).isEqualTo(5);

    CliRun reloaded = CliRun.of(load(binding, table, connection, "droptable=true", "createtable=true"));
    assertThat(reloaded.exitCode()).as("a YCSB table is dropped without force: " + reloaded).isZero();
    assertThat(rows(connector, table)).isEqualTo(5);
    try (Connection c = connector.open(); Statement s = c.createStatement()) {
      s.execute("DROP TABLE IF EXISTS " + table);
    }
  }

  private static List<String> load(String binding, String table, String[] connection, String... more) {
    List<String> properties = new ArrayList<>(List.of(connection));
    properties.add("table=" + table);
    properties.add("recordcount=5");
    properties.addAll(List.of(more));
    return CliRun.args("load", binding, "workloada", properties.toArray(String[]::new));
  }

  private static long rows(Connector connector, String table) throws SQLException {
    try (Connection c = connector.open(); Statement s = c.createStatement();
         ResultSet rs = s.executeQuery("SELECT count(*) FROM " + table)) {
      assertThat(rs.next()).isTrue();
      return rs.getLong(1);
    }
  }
}
