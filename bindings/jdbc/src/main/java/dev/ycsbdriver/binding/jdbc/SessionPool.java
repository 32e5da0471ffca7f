package dev.ycsbdriver.binding.jdbc;

import dev.ycsbdriver.spi.support.ConnectionMode;
import java.sql.SQLException;

/**
 * Connections the client threads borrow per operation ({@link ConnectionMode.Kind#SHARED} and
 * {@link ConnectionMode.Kind#POOL}).
 *
 * <p>Implementations are thread-safe.
 */
interface SessionPool extends AutoCloseable {
  /**
   * Waits for a free connection, at most the mode's {@code pool.timeout}.
   *
   * @return a session for the calling thread alone until it gives it back
   * @throws SQLException when none was free in time, the store cannot be reached, or the thread was interrupted
   */
  Session borrow() throws SQLException;

  /** Gives back a session that is fine. */
  void release(Session s);

  /** Gives back a session whose connection broke: it is closed and replaced by a new one when next needed. */
  void discard(Session s);

  /** Closes every connection; sessions borrowed are closed as they come back. */
  @Override
  void close();
}
