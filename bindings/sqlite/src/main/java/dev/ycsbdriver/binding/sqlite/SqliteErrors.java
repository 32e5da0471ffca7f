package dev.ycsbdriver.binding.sqlite;

import dev.ycsbdriver.binding.jdbc.SqlErrors;
import java.sql.SQLException;

/**
 * SQLite gives no SQLSTATE: a missing table is SQLITE_ERROR with the message {@code no such table: NAME}
 * (sqlite.org, "Result and Error Codes"), and an embedded database has no connection to lose.
 *
 * <p>Stateless and thread-safe.
 */
public final class SqliteErrors implements SqlErrors {
  /** The one instance the binding uses; the service loader makes others for the generic binding. */
  static final SqliteErrors INSTANCE = new SqliteErrors();

  @Override
  public boolean handles(String jdbcUrl) {
    return jdbcUrl.startsWith("jdbc:sqlite:");
  }

  @Override
  public boolean isUndefinedTable(SQLException e) {
    return e.getMessage() != null && e.getMessage().contains("no such table");
  }
}
