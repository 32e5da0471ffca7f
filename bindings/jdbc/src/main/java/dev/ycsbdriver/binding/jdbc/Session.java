package dev.ycsbdriver.binding.jdbc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.BitSet;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Function;

/**
 * One connection and the statements prepared on it: an insert and a delete prepared when it opens, reads, scans
 * and updates prepared on first use per field set and kept.
 *
 * <p>Used by one thread at a time: its client thread's own, or the thread that borrowed it from a pool or holds
 * the shared connection's lock (whose hand-over publishes its state to the next user).
 */
final class Session {
  final Connection connection;
  final PreparedStatement insert;
  final PreparedStatement delete;
  private final Map<BitSet, PreparedStatement> reads = new HashMap<>();
  private final Map<BitSet, PreparedStatement> scans = new HashMap<>();
  private final Map<BitSet, PreparedStatement> updates = new HashMap<>();
  private final UserTable table;
  private final int fetchSize;
  /** The pool's handle on this connection while a thread has borrowed it ({@link PooledSessions}); else null. */
  Connection lease;

  /**
   * Prepares the insert and delete on {@code c}; closes {@code c} when that fails.
   *
   * @param c an open connection
   * @param table the table and its fields
   * @param fetchSize rows per scan round trip, 0 for the driver's default
   * @param autoCommit the autocommit the operations run with
   * @throws SQLException when autocommit cannot be set or a statement cannot be prepared
   */
  Session(Connection c, UserTable table, int fetchSize, boolean autoCommit) throws SQLException {
    this.table = table;
    this.fetchSize = fetchSize;
    try {
      c.setAutoCommit(autoCommit);
      insert = c.prepareStatement(table.insertSql());
      delete = c.prepareStatement(table.deleteSql());
    } catch (SQLException e) {
      closeQuietly(c);
      throw e;
    }
    connection = c;
  }

  PreparedStatement read(BitSet columns) throws SQLException {
    return statement(reads, columns, table::readSql, false);
  }

  PreparedStatement scan(BitSet columns) throws SQLException {
    return statement(scans, columns, table::scanSql, true);
  }

  PreparedStatement update(BitSet columns) throws SQLException {
    return statement(updates, columns, table::updateSql, false);
  }

  private PreparedStatement statement(Map<BitSet, PreparedStatement> cache, BitSet columns,
                                      Function<BitSet, String> sql, boolean scan) throws SQLException {
    PreparedStatement ps = cache.get(columns);
    if (ps == null) {
      ps = connection.prepareStatement(sql.apply(columns));
      if (scan && fetchSize > 0) {
        ps.setFetchSize(fetchSize);
      }
      cache.put((BitSet) columns.clone(), ps);
    }
    return ps;
  }

  /** Closes the connection, and with it its statements. */
  void close() {
    closeQuietly(connection);
  }

  static void closeQuietly(Connection c) {
    try {
      c.close();
    } catch (SQLException ignored) {
      // closing a connection that failed or is done: nothing left to release
    }
  }
}
