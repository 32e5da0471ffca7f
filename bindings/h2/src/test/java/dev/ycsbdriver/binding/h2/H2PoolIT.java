package dev.ycsbdriver.binding.h2;

import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The binding contract of {@link H2IT} again, with a HikariCP pool of connections each operation borrows
 * ({@code h2.connections=pool}), and a pool too small for its threads.
 */
class H2PoolIT extends H2IT {
  @Override
  protected Map<String, String> connectionMode() {
    return Map.of("h2.connections", "pool");
  }

  @Test
  void aPoolOfTwoUnderSixteenThreadsShowsTheWaitApartFromTheReads() throws Exception {
    // in the driver's process, on 2 cores: bound by the cores, so the wait need not exceed the reads
    assertPoolOfTwoShowsWaiting(false);
  }
}
