package dev.ycsbdriver.binding.jdbc;

import java.sql.SQLException;
import java.util.ServiceLoader;

/**
 * How one store says what went wrong, beyond the SQL standard's SQLSTATE classes: each store's module implements
 * this for its own codes and messages (PostgreSQL's {@code 57P01}, H2's {@code 42S04}, SQLite's message without a
 * SQLSTATE), so this generic module holds none of them. The defaults are the SQL standard's (ISO/IEC 9075-2,
 * subclause 24.1 "SQLSTATE"): class {@code 08} connection exception, {@code 28} invalid authorization,
 * {@code 42S02} base table not found (the X/Open and ODBC subclass most drivers use).
 *
 * <p>A store module registers its implementation in {@code META-INF/services/dev.ycsbdriver.binding.jdbc.SqlErrors}
 * so that the generic {@code jdbc} binding finds it by URL ({@link #forUrl}). Implementations are stateless and
 * thread-safe.
 */
public interface SqlErrors {
  /** The SQL standard's classes only. */
  SqlErrors STANDARD = new SqlErrors() {
  };

  /**
   * @param jdbcUrl a JDBC URL, e.g. {@code jdbc:postgresql://127.0.0.1/ycsb}
   * @return whether this is the store the URL reaches; the default matches none
   */
  default boolean handles(String jdbcUrl) {
    return false;
  }

  /** @return whether the failure says the credentials were refused (SQLSTATE class 28) */
  default boolean isAuthentication(SQLException e) {
    return e.getSQLState() != null && e.getSQLState().startsWith("28");
  }

  /** @return whether the connection cannot be used again (SQLSTATE class 08) */
  default boolean isConnectionLoss(SQLException e) {
    return e.getSQLState() != null && e.getSQLState().startsWith("08");
  }

  /** @return whether the failure says the table does not exist (SQLSTATE 42S02) */
  default boolean isUndefinedTable(SQLException e) {
    return "42S02".equals(e.getSQLState());
  }

  /** @return the store's message for a user, one line; by default the exception's first line */
  default String serverText(SQLException e) {
    return SqlFailures.firstLine(e.getMessage());
  }

  /**
   * @param jdbcUrl the generic binding's {@code db.url}
   * @return the registered store module's rules for that URL, else {@link #STANDARD}
   */
  static SqlErrors forUrl(String jdbcUrl) {
    for (SqlErrors errors : ServiceLoader.load(SqlErrors.class, SqlErrors.class.getClassLoader())) {
      if (errors.handles(jdbcUrl)) {
        return errors;
      }
    }
    return STANDARD;
  }
}
