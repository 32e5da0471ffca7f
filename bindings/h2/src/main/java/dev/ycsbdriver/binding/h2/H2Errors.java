package dev.ycsbdriver.binding.h2;

import dev.ycsbdriver.binding.jdbc.SqlErrors;
import java.sql.SQLException;

/**
 * H2's own codes for a missing table (H2's {@code ErrorCode}): {@code 42S02} TABLE_OR_VIEW_NOT_FOUND_1, and
 * {@code 42S03}, {@code 42S04}, the same with a hint of a database that is empty or of candidates.
 *
 * <p>Stateless and thread-safe.
 */
public final class H2Errors implements SqlErrors {
  /** The one instance the binding uses; the service loader makes others for the generic binding. */
  static final H2Errors INSTANCE = new H2Errors();

  @Override
  public boolean handles(String jdbcUrl) {
    return jdbcUrl.startsWith("jdbc:h2:");
  }

  @Override
  public boolean isUndefinedTable(SQLException e) {
    String state = e.getSQLState();
    return "42S02".equals(state) || "42S03".equals(state) || "42S04".equals(state);
  }
}
