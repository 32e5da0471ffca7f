package dev.ycsbdriver.binding.mysql;

import dev.ycsbdriver.testing.ForeignTableDrop;
import java.nio.file.Path;
import java.sql.DriverManager;
import org.junit.jupiter.api.Test;

/** {@code droptable} on the real MariaDB of {@link MysqlIT}: a user's table is not dropped unless forced. */
class MysqlDropTableIT {
  private static final Path TARGET = Path.of("target").toAbsolutePath();

  @Test
  void droptableRefusesATableThatIsNotShapedLikeYcsbsUnlessForced() throws Exception {
    MysqlIT.serverAnswers();
    ForeignTableDrop.check("mysql", "i35_canary", () -> DriverManager.getConnection(MysqlIT.URL, MysqlIT.USER,
        MysqlIT.PASSWORD), "mysql.url=" + MysqlIT.URL, "mysql.user=" + MysqlIT.USER,
        "mysql.password=" + MysqlIT.PASSWORD, "result.dir=" + TARGET.resolve("drop-table-results"),
        "restore.journal.dir=" + TARGET.resolve("restore-journal"));
  }
}
