package dev.ycsbdriver.binding.postgres;

import dev.ycsbdriver.testing.NoAnswerCheck;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** A PostgreSQL URL where a process accepts connections and never answers: one line and exit 3 within the timeout. */
@Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class PostgresNoAnswerIT {
  private static final Path RESULTS = Path.of("target", "it-results", "no-answer");

  @Test
  void silentServerEndsWithinTheLoginTimeoutNamingItsKey() throws Exception {
    NoAnswerCheck.assertNoAnswer("postgres",
        port -> Map.of("postgres.url", "jdbc:postgresql://127.0.0.1:" + port + "/ycsb", "postgres.login.timeout", "2s"),
        2_000, port -> "ycsb: postgres: no answer from 127.0.0.1:" + port + "/ycsb within postgres.login.timeout=2s; "
            + "is the server running and reachable?", RESULTS);
  }

  @Test
  void loginTimeoutInTheUrlWinsOverTheKeyAndIsNamed() throws Exception {
    NoAnswerCheck.assertNoAnswer("postgres",
        port -> Map.of("postgres.url", "jdbc:postgresql://127.0.0.1:" + port + "/ycsb?loginTimeout=1",
            "postgres.login.timeout", "30s"),
        1_000, port -> "ycsb: postgres: no answer from 127.0.0.1:" + port + "/ycsb within loginTimeout=1 in the URL; "
            + "is the server running and reachable?", RESULTS);
  }
}
