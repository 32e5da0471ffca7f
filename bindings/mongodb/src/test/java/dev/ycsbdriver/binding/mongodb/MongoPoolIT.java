package dev.ycsbdriver.binding.mongodb;

import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The binding contract of {@link MongoIT} again, with the driver's pool sized apart from the threads
 * ({@code mongodb.connections=pool}), and a pool too small for its threads.
 */
class MongoPoolIT extends MongoIT {
  @Override
  protected Map<String, String> connectionMode() {
    return Map.of("mongodb.connections", "pool");
  }

  @Test
  void aPoolOfTwoUnderSixteenThreadsShowsTheWaitApartFromTheReads() throws Exception {
    // the test's server runs in this process, on the same 2 cores: bound by the cores before the connections
    assertPoolOfTwoShowsWaiting(false);
  }
}
