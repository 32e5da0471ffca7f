package dev.ycsbdriver.binding.postgres;

import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The binding contract of {@link PostgresIT} again, with a HikariCP pool of connections each operation borrows
 * ({@code postgres.connections=pool}), and a pool too small for its threads.
 */
class PostgresPoolIT extends PostgresIT {
  @Override
  protected Map<String, String> connectionMode() {
    return Map.of("postgres.connections", "pool");
  }

  @Test
  void aPoolOfTwoUnderSixteenThreadsShowsTheWaitApartFromTheReads() throws Exception {
    // a server over loopback: 16 threads for 2 connections wait longer than the server takes to answer
    assertPoolOfTwoShowsWaiting(true);
  }
}
