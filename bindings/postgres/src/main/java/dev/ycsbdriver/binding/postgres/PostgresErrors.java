package dev.ycsbdriver.binding.postgres;

import dev.ycsbdriver.binding.jdbc.SqlErrors;
import java.sql.SQLException;

/**
 * PostgreSQL's own error codes (PostgreSQL documentation, Appendix A "PostgreSQL Error Codes"): {@code 42P01}
 * undefined_table; {@code 57P01} admin_shutdown, {@code 57P02} crash_shutdown and {@code 57P03}
 * cannot_connect_now, which end a connection like class {@code 08}; and the severity prefix ({@code FATAL: },
 * {@code ERROR: }) the JDBC driver puts in front of the server's message.
 *
 * <p>Stateless and thread-safe.
 */
public final class PostgresErrors implements SqlErrors {
  /** The one instance the binding uses; the service loader makes others for the generic binding. */
  static final PostgresErrors INSTANCE = new PostgresErrors();

  @Override
  public boolean handles(String jdbcUrl) {
    return jdbcUrl.startsWith("jdbc:postgresql:");
  }

  @Override
  public boolean isConnectionLoss(SQLException e) {
    return SqlErrors.super.isConnectionLoss(e) || e.getSQLState() != null && e.getSQLState().startsWith("57P0");
  }

  @Override
  public boolean isUndefinedTable(SQLException e) {
    return "42P01".equals(e.getSQLState());
  }

  @Override
  public String serverText(SQLException e) {
    String text = SqlErrors.super.serverText(e);
    for (String prefix : new String[] {"FATAL: ", "ERROR: "}) {
      if (text.startsWith(prefix)) {
        text = text.substring(prefix.length());
      }
    }
    return text;
  }
}
