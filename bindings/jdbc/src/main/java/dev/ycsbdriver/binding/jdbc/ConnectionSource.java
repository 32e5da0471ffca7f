package dev.ycsbdriver.binding.jdbc;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * Opens one connection to the store, with the binding's session settings applied (e.g. PostgreSQL's
 * {@code synchronous_commit}).
 *
 * <p>Implementations are thread-safe: every client thread opens its own connection through one source.
 */
@FunctionalInterface
public interface ConnectionSource {
  /**
   * @return a new connection, session settings applied, autocommit as the store's default
   * @throws SQLException when the store cannot be reached or refuses the connection or a setting
   */
  Connection open() throws SQLException;
}
