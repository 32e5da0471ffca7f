package dev.ycsbdriver.binding.mysql;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ycsbdriver.testing.CliRun;
import dev.ycsbdriver.testing.TableNameInjections;
import dev.ycsbdriver.testing.PrivateMariadb;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A table name that is SQL never reaches the server: on a MariaDB of the test's own, with a table
 * {@code victim} of its own, the injections through {@code table} are refused before anything runs, and the
 * victim is still there.
 */
class MysqlTableNameIT {
  private static final Path TARGET = Path.of("target").toAbsolutePath();

  @Test
  void tableNamesThatAreSqlAreRefusedAndTheVictimTableSurvives() throws Exception {
    try (PrivateMariadb db = PrivateMariadb.start(TARGET)) {
      db.sql("CREATE TABLE ycsb.victim (id int); INSERT INTO ycsb.victim VALUES (1)");
      for (List<String> injection : TableNameInjections.ALL) {
        CliRun run = CliRun.of(CliRun.args("load", "mysql", "workloada", "mysql.url=" + db.url(), "mysql.user=root",
            "recordcount=5", "result.dir=" + TARGET.resolve("table-name-results"),
            "restore.journal.dir=" + TARGET.resolve("restore-journal"), injection.get(0), injection.get(1)));
        assertThat(run.exitCode()).as(run.toString()).isEqualTo(2);
        assertThat(run.errLines()).as(run.toString()).hasSize(1);
        assertThat(run.errLines().get(0)).as(run.toString()).matches(TableNameInjections.REFUSAL)
            .doesNotContain("\tat ");
      }
      assertThat(db.sql("SELECT count(*) FROM ycsb.victim").trim()).isEqualTo("1");
    }
  }
}
