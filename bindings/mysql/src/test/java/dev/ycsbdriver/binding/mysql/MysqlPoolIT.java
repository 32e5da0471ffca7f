package dev.ycsbdriver.binding.mysql;

import java.util.Map;

/** The binding contract of {@link MysqlIT} again, with a HikariCP pool of connections each operation borrows ({@code mysql.connections=pool}). */
class MysqlPoolIT extends MysqlIT {
  @Override
  protected Map<String, String> connectionMode() {
    return Map.of("mysql.connections", "pool");
  }
}
