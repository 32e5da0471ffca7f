package dev.ycsbdriver.binding.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ycsbdriver.testing.CliRun;
import dev.ycsbdriver.testing.TableNameInjections;
import dev.ycsbdriver.testing.PrivatePostgres;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A table name that is SQL never reaches the server: on a PostgreSQL of the test's own, with a table
 * {@code victim} of its own, the injections through {@code table} are refused before anything runs, and the
 * victim is still there.
 */
class PostgresTableNameIT {
  private static final Path RESULTS = Path.of("target", "table-name-results").toAbsolutePath();

  @Test
  void tableNamesThatAreSqlAreRefusedAndTheVictimTableSurvives() throws Exception {
    try (PrivatePostgres pg = PrivatePostgres.start()) {
      try (Connection c = DriverManager.getConnection(pg.url(), pg.user(), ""); Statement st = c.createStatement()) {
        st.execute("CREATE TABLE victim (id int)");
        st.execute("INSERT INTO victim VALUES (1)");
      }
      for (List<String> injection : TableNameInjections.ALL) {
        CliRun run = CliRun.of(CliRun.args("load", "postgres", "workloada", "postgres.url=" + pg.url(),
            "postgres.user=" + pg.user(), "recordcount=5", "result.dir=" + RESULTS, injection.get(0), injection.get(1)));
        assertThat(run.exitCode()).as(run.toString()).isEqualTo(2);
        assertThat(run.errLines()).as(run.toString()).hasSize(1);
        assertThat(run.errLines().get(0)).as(run.toString()).matches(TableNameInjections.REFUSAL)
            .doesNotContain("\tat ");
      }
      try (Connection c = DriverManager.getConnection(pg.url(), pg.user(), ""); Statement st = c.createStatement();
           ResultSet rs = st.executeQuery("SELECT count(*) FROM victim")) {
        assertThat(rs.next()).isTrue();
        assertThat(rs.getLong(1)).isEqualTo(1);
      }
    }
  }
}
