package dev.ycsbdriver.binding.postgres;

import dev.ycsbdriver.testing.ForeignTableDrop;
import java.nio.file.Path;
import java.sql.DriverManager;
import org.junit.jupiter.api.Test;

/** {@code droptable} on the real PostgreSQL of {@link PostgresIT}: a user's table is not dropped unless forced. */
class PostgresDropTableIT {
  private static final Path RESULTS = Path.of("target", "drop-table-results").toAbsolutePath();

  @Test
  void droptableRefusesATableThatIsNotShapedLikeYcsbsUnlessForced() throws Exception {
    PostgresIT.serverAnswers();
    ForeignTableDrop.check("postgres", "i35_canary", () -> DriverManager.getConnection(PostgresIT.URL,
        PostgresIT.USER, PostgresIT.PASSWORD), "postgres.url=" + PostgresIT.URL, "postgres.user=" + PostgresIT.USER,
        "postgres.password=" + PostgresIT.PASSWORD, "result.dir=" + RESULTS);
  }
}
