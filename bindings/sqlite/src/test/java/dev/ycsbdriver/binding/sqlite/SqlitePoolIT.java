package dev.ycsbdriver.binding.sqlite;

import java.util.Map;

/** The binding contract of {@link SqliteIT} again, with a HikariCP pool of connections each operation borrows ({@code sqlite.connections=pool}). */
class SqlitePoolIT extends SqliteIT {
  @Override
  protected Map<String, String> connectionMode() {
    return Map.of("sqlite.connections", "pool");
  }
}
