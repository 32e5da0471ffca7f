package dev.ycsbdriver.binding.sqlite;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ycsbdriver.testing.CliRun;
import dev.ycsbdriver.testing.ForeignTableDrop;
import java.nio.file.Path;
import java.sql.DriverManager;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code droptable} in the binding's own SQLite file: a user's table in it is not dropped unless forced. */
class SqliteDropTableIT {
  @TempDir
  Path dir;

  @Test
  void droptableRefusesATableThatIsNotShapedLikeYcsbsUnlessForced() throws Exception {
    String[] keys = {"sqlite.dir=" + dir.resolve("store"), "result.dir=" + dir.resolve("results")};
    // the store's directory is the binding's own: made by a load before the user adds a table to it
    CliRun made = CliRun.of(CliRun.args("load", "sqlite", "workloada", "recordcount=1", "createtable=true",
        keys[0], keys[1]));
    assertThat(made.exitCode()).as(made.toString()).isZero();
    ForeignTableDrop.check("sqlite", "canary", () -> DriverManager.getConnection(
        "jdbc:sqlite:" + dir.resolve("store").resolve("ycsb.db")), keys);
  }
}
