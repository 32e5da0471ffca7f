package dev.ycsbdriver.binding.postgres;

import java.util.Map;

/** The binding contract of {@link PostgresIT} again, with a HikariCP pool of connections each operation borrows ({@code postgres.connections=pool}). */
class PostgresPoolIT extends PostgresIT {
  @Override
  protected Map<String, String> connectionMode() {
    return Map.of("postgres.connections", "pool");
  }
}
