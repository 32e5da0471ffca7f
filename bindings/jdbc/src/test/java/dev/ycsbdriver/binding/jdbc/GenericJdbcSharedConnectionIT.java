package dev.ycsbdriver.binding.jdbc;

import java.util.Map;

/** The binding contract of {@link GenericJdbcIT} again, with one connection shared by all client threads ({@code jdbc.connections=shared}). */
class GenericJdbcSharedConnectionIT extends GenericJdbcIT {
  @Override
  protected Map<String, String> connectionMode() {
    return Map.of("jdbc.connections", "shared");
  }
}
