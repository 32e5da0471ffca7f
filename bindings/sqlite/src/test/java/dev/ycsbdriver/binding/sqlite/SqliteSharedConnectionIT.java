package dev.ycsbdriver.binding.sqlite;

import java.util.Map;

/** The binding contract of {@link SqliteIT} again, with one connection shared by all client threads ({@code sqlite.connections=shared}). */
class SqliteSharedConnectionIT extends SqliteIT {
  @Override
  protected Map<String, String> connectionMode() {
    return Map.of("sqlite.connections", "shared");
  }
}
