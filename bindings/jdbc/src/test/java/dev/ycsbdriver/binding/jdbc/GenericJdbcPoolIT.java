package dev.ycsbdriver.binding.jdbc;

import java.util.Map;

/** The binding contract of {@link GenericJdbcIT} again, with a HikariCP pool of connections each operation borrows ({@code jdbc.connections=pool}). */
class GenericJdbcPoolIT extends GenericJdbcIT {
  @Override
  protected Map<String, String> connectionMode() {
    return Map.of("jdbc.connections", "pool");
  }
}
