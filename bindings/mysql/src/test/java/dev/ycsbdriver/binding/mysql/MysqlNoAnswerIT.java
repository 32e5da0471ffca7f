package dev.ycsbdriver.binding.mysql;

import dev.ycsbdriver.testing.NoAnswerCheck;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** A MySQL URL where a process accepts connections and never answers: one line and exit 3 within the timeout. */
@Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class MysqlNoAnswerIT {
  private static final Path RESULTS = Path.of("target", "it-results", "no-answer");

  @Test
  void silentServerEndsWithinTheLoginTimeoutNamingItsKey() throws Exception {
    NoAnswerCheck.assertNoAnswer("mysql",
        port -> Map.of("mysql.url", "jdbc:mysql://127.0.0.1:" + port + "/ycsb", "mysql.login.timeout", "2s"),
        2_000, port -> "ycsb: mysql: no answer from 127.0.0.1:" + port + "/ycsb within mysql.login.timeout=2s; "
            + "is the server running and reachable?", RESULTS);
  }

  @Test
  void socketTimeoutInTheUrlWinsOverTheKeyAndIsNamed() throws Exception {
    // Connector/J lets connection properties override the URL's: the binding must leave this one alone
    NoAnswerCheck.assertNoAnswer("mysql",
        port -> Map.of("mysql.url", "jdbc:mysql://127.0.0.1:" + port + "/ycsb?socketTimeout=1000",
            "mysql.login.timeout", "30s"),
        1_000, port -> "ycsb: mysql: no answer from 127.0.0.1:" + port + "/ycsb within socketTimeout=1000 in the URL; "
            + "is the server running and reachable?", RESULTS);
  }
}
