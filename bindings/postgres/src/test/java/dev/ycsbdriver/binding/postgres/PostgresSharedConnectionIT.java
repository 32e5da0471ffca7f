package dev.ycsbdriver.binding.postgres;

import java.util.Map;

/** The binding contract of {@link PostgresIT} again, with one connection shared by all client threads ({@code postgres.connections=shared}). */
class PostgresSharedConnectionIT extends PostgresIT {
  @Override
  protected Map<String, String> connectionMode() {
    return Map.of("postgres.connections", "shared");
  }
}
