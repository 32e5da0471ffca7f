package dev.ycsbdriver.binding.mysql;

import java.util.Map;

/** The binding contract of {@link MysqlIT} again, with one connection shared by all client threads ({@code mysql.connections=shared}). */
class MysqlSharedConnectionIT extends MysqlIT {
  @Override
  protected Map<String, String> connectionMode() {
    return Map.of("mysql.connections", "shared");
  }
}
