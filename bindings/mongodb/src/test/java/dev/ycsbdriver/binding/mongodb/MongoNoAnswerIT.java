package dev.ycsbdriver.binding.mongodb;

import dev.ycsbdriver.testing.NoAnswerCheck;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** A MongoDB address where a process accepts connections and never answers: one line and exit 3 within the timeout. */
@Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class MongoNoAnswerIT {
  private static final Path RESULTS = Path.of("target", "it-results", "no-answer");

  @Test
  void silentServerEndsWithinTheLoginTimeoutNamingItsKey() throws Exception {
    NoAnswerCheck.assertNoAnswer("mongodb",
        port -> Map.of("mongodb.url", "mongodb://127.0.0.1:" + port, "mongodb.login.timeout", "2s",
            "mongodb.connect.timeout", "1s"),
        2_000, port -> "ycsb: mongodb: no answer from 127.0.0.1:" + port + " within mongodb.login.timeout=2s; "
            + "is the server running and reachable?", RESULTS);
  }
}
