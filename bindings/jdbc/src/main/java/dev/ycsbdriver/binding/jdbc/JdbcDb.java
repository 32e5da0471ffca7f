package dev.ycsbdriver.binding.jdbc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.TimeUnit;
import dev.ycsbdriver.spi.BatchedLatency;
import dev.ycsbdriver.spi.ErrorLog;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;

/**
 * One client thread's view of a SQL store: one connection and its prepared statements.
 *
 * <p>What each operation does on the server:
 * <ul>
 *   <li>read: {@code SELECT <fields> FROM t WHERE YCSB_KEY = ?}; no row is {@code NOT_FOUND}</li>
 *   <li>scan: {@code SELECT YCSB_KEY, <fields> FROM t WHERE YCSB_KEY >= ? ORDER BY YCSB_KEY LIMIT ?}, with
 *       the fetch size when one is set</li>
 *   <li>update: {@code UPDATE t SET <field> = ?, ... WHERE YCSB_KEY = ?}; no row is {@code NOT_FOUND}</li>
 *   <li>insert: {@code INSERT INTO t (YCSB_KEY, FIELD0, ...) VALUES (...)}; with a batch size {@code n > 1}
 *       inserts are queued ({@code BATCHED_OK}) and sent {@code n} at a time in one transaction; each queued
 *       record's latency is the time until its batch was committed ({@link BatchedLatency}); the rest are
 *       sent by {@code cleanup()}</li>
 *   <li>delete: {@code DELETE FROM t WHERE YCSB_KEY = ?}; no row is {@code NOT_FOUND}</li>
 * </ul>
 * With autocommit (the default) every statement or batch is its own transaction; without it, the
 * driver commits after every write statement and every batch, so each operation is still durable as
 * the session's settings make it before it returns.
 *
 * <p>Statements are prepared once per field set and reused. A failed statement is counted as
 * {@code ERROR}, not thrown, and reported to the run's {@link ErrorLog} (kind: operation and SQLState).
 *
 * <p>A broken connection (SQLState class 08, PostgreSQL's 57P01 to 57P03, a closed connection, or one that
 * fails {@code isValid} after an error without SQLState) is closed and reported lost; the operations that
 * follow first wait out the {@link Reconnect} backoff, then try one new connection: on success they run
 * on it, otherwise they return {@code ERROR} and the backoff doubles. Inserts queued for a batch on the
 * broken connection are reported as {@code INSERT-FAILED}.
 *
 * <p>Not thread-safe: one instance per client thread, as YCSB's {@code DB}.
 */
public final class JdbcDb extends DB {
  private final ConnectionSource source;
  private final UserTable table;
  private final int batchSize;
  private final int fetchSize;
  private final boolean autoCommit;
  private final BitSet allColumns;
  private final Map<BitSet, PreparedStatement> reads = new HashMap<>();
  private final Map<BitSet, PreparedStatement> scans = new HashMap<>();
  private final Map<BitSet, PreparedStatement> updates = new HashMap<>();
  /** Seconds {@code isValid} may take when an error without SQLState leaves the connection in doubt. */
  private static final int VALID_TIMEOUT_SECONDS = 1;
  /** This thread's connection; null while it is down, between a broken connection and a reconnect. */
  private Connection connection;
  /** Autocommit is off: the driver commits after each write and batch (read once, not per operation). */
  private boolean commitEach;
  private PreparedStatement insert;
  private PreparedStatement delete;
  private final BatchedLatency batched = new BatchedLatency();
  private final Reconnect reconnect;
  /** What counts as a lost connection for this store. */
  private final SqlErrors sqlErrors;
  private final ErrorLog.Connection link;
  /** The wait before the next reconnect attempt, in nanoseconds; 0 while connected. */
  private long backoffNanos;
  private long nextAttemptNanos;

  /**
   * @param source opens this thread's connection in {@link #init()}
   * @param table the table and its fields
   * @param batchSize inserts sent together, 0 or 1 for none
   * @param fetchSize rows fetched per round trip by scans, 0 for the driver's default
   * @param autoCommit whether each statement commits itself; otherwise the driver commits after each write
   * @param reconnect the backoff after a broken connection, and where errors are reported
   * @param errors the store's rules: which failures mean the connection is gone
   */
  public JdbcDb(ConnectionSource source, UserTable table, int batchSize, int fetchSize, boolean autoCommit,
                Reconnect reconnect, SqlErrors errors) {
    this.source = source;
    this.sqlErrors = errors;
    this.reconnect = reconnect;
    this.link = reconnect.errors().connection(reconnect.binding());
    this.table = table;
    this.batchSize = batchSize;
    this.fetchSize = fetchSize;
    this.autoCommit = autoCommit;
    this.allColumns = table.allColumns();
  }

  @Override
  public void init() throws DBException {
    commitEach = !(autoCommit && batchSize <= 1);
    try {
      connect();
    } catch (SQLException e) {
      throw new DBException(e.getMessage(), e);
    }
  }

  private void connect() throws SQLException {
    Connection c = source.open();
    try {
      c.setAutoCommit(!commitEach);
      insert = c.prepareStatement(table.insertSql());
      delete = c.prepareStatement(table.deleteSql());
    } catch (SQLException e) {
      closeQuietly(c);
      throw e;
    }
    connection = c;
  }

  /**
   * Called when the connection is down: waits out the backoff, then tries once to connect.
   *
   * @return whether the thread has a connection again
   */
  private boolean reconnected() {
    long wait = nextAttemptNanos - System.nanoTime();
    if (wait > 0) {
      try {
        TimeUnit.NANOSECONDS.sleep(wait);
      } catch (InterruptedException e) {
        // the runner gave up on this thread: leave without another attempt
        Thread.currentThread().interrupt();
        return false;
      }
    }
    try {
      connect();
    } catch (SQLException e) {
      reconnect.errors().error(reconnect.binding(), "CONNECT", SqlFailures.kind(e), e.getMessage());
      backoffNanos = Math.min(backoffNanos * 2, reconnect.maxNanos());
      nextAttemptNanos = System.nanoTime() + backoffNanos;
      return false;
    }
    backoffNanos = 0;
    link.restored();
    return true;
  }

  private BitSet columns(Set<String> fields) {
    return fields == null ? allColumns : table.columnsOf(fields);
  }

  private PreparedStatement statement(Map<BitSet, PreparedStatement> cache, BitSet columns,
                                      java.util.function.Function<BitSet, String> sql) throws SQLException {
    PreparedStatement ps = cache.get(columns);
    if (ps == null) {
      ps = connection.prepareStatement(sql.apply(columns));
      if (cache == scans && fetchSize > 0) {
        ps.setFetchSize(fetchSize);
      }
      cache.put((BitSet) columns.clone(), ps);
    }
    return ps;
  }

  private void fill(ResultSet rs, BitSet columns, int firstColumn, Map<String, ByteIterator> into) throws SQLException {
    List<String> fields = table.fields();
    int c = firstColumn;
    for (int i = columns.nextSetBit(0); i >= 0; i = columns.nextSetBit(i + 1)) {
      String value = rs.getString(c++);
      into.put(fields.get(i), new StringByteIterator(value));
    }
  }

  @Override
  public Status read(String tableName, String key, Set<String> fields, Map<String, ByteIterator> result) {
    if (connection == null && !reconnected()) {
      return Status.ERROR;
    }
    try {
      BitSet columns = columns(fields);
      PreparedStatement ps = statement(reads, columns, table::readSql);
      ps.setString(1, key);
      try (ResultSet rs = ps.executeQuery()) {
        if (!rs.next()) {
          return endRead(Status.NOT_FOUND);
        }
        fill(rs, columns, 1, result);
      }
      return endRead(Status.OK);
    } catch (SQLException | IllegalArgumentException e) {
      return failed("READ", e);
    }
  }

  @Override
  public Status scan(String tableName, String startkey, int recordcount, Set<String> fields,
                     Vector<HashMap<String, ByteIterator>> result) {
    if (connection == null && !reconnected()) {
      return Status.ERROR;
    }
    try {
      BitSet columns = columns(fields);
      PreparedStatement ps = statement(scans, columns, table::scanSql);
      ps.setString(1, startkey);
      ps.setInt(2, recordcount);
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          HashMap<String, ByteIterator> row = new HashMap<>();
          fill(rs, columns, 2, row);
          result.add(row);
        }
      }
      return endRead(Status.OK);
    } catch (SQLException | IllegalArgumentException e) {
      return failed("SCAN", e);
    }
  }

  @Override
  public Status update(String tableName, String key, Map<String, ByteIterator> values) {
    if (connection == null && !reconnected()) {
      return Status.ERROR;
    }
    try {
      BitSet columns = table.columnsOf(values.keySet());
      PreparedStatement ps = statement(updates, columns, table::updateSql);
      int p = 1;
      List<String> fields = table.fields();
      for (int i = columns.nextSetBit(0); i >= 0; i = columns.nextSetBit(i + 1)) {
        ps.setString(p++, values.get(fields.get(i)).toString());
      }
      ps.setString(p, key);
      int rows = ps.executeUpdate();
      commitWrite();
      return rows == 0 ? Status.NOT_FOUND : Status.OK;
    } catch (SQLException | IllegalArgumentException e) {
      return failed("UPDATE", e);
    }
  }

  @Override
  public Status insert(String tableName, String key, Map<String, ByteIterator> values) {
    if (connection == null && !reconnected()) {
      return Status.ERROR;
    }
    try {
      table.columnsOf(values.keySet());
      insert.setString(1, key);
      List<String> fields = table.fields();
      for (int i = 0; i < fields.size(); i++) {
        ByteIterator v = values.get(fields.get(i));
        insert.setString(i + 2, v == null ? null : v.toString());
      }
      if (batchSize > 1) {
        insert.addBatch();
        if (batched.pending() + 1 < batchSize) {
          batched.queued();
          return Status.BATCHED_OK;
        }
        return flush() ? Status.OK : Status.ERROR;
      }
      insert.executeUpdate();
      commitWrite();
      return Status.OK;
    } catch (SQLException | IllegalArgumentException e) {
      return failed("INSERT", e);
    }
  }

  @Override
  public Status delete(String tableName, String key) {
    if (connection == null && !reconnected()) {
      return Status.ERROR;
    }
    try {
      delete.setString(1, key);
      int rows = delete.executeUpdate();
      commitWrite();
      return rows == 0 ? Status.NOT_FOUND : Status.OK;
    } catch (SQLException e) {
      return failed("DELETE", e);
    }
  }

  /**
   * Sends the queued inserts as one batch and commits it, then reports the latency of each queued
   * record (until now) as INSERT, or as INSERT-FAILED when the batch failed.
   *
   * @return false if the batch failed
   */
  private boolean flush() throws SQLException {
    try {
      insert.executeBatch();
      connection.commit();
      batched.acknowledged("INSERT");
      return true;
    } catch (SQLException e) {
      batched.failed("INSERT");
      failed("INSERT", e);
      return false;
    }
  }

  private void commitWrite() throws SQLException {
    if (commitEach) {
      connection.commit();
    }
  }

  /** Ends a read-only statement: without autocommit, closes its transaction so it holds no snapshot. */
  private Status endRead(Status status) throws SQLException {
    commitWrite();
    return status;
  }

  /**
   * Counts the failure, then drops a broken connection, or rolls back a failed transaction.
   *
   * @param operation the YCSB operation, e.g. {@code READ}
   * @return {@code ERROR}
   */
  private Status failed(String operation, Exception e) {
    SQLException sql = e instanceof SQLException s ? s : null;
    String kind = sql == null ? e.getClass().getSimpleName() : SqlFailures.kind(sql);
    reconnect.errors().error(reconnect.binding(), operation, kind, e.getMessage());
    if (sql != null && broken(sql)) {
      drop(kind + ": " + sql.getMessage());
      return Status.ERROR;
    }
    try {
      if (commitEach) {
        connection.rollback();
      }
    } catch (SQLException ignored) {
      // the statement already failed; the connection's state is the next operation's concern
    }
    return Status.ERROR;
  }

  private boolean broken(SQLException e) {
    if (sqlErrors.isConnectionLoss(e)) {
      return true;
    }
    try {
      // without a SQLState the driver could not say what failed: ask the connection (one round trip)
      return connection.isClosed() || e.getSQLState() == null && !connection.isValid(VALID_TIMEOUT_SECONDS);
    } catch (SQLException notAnswering) {
      return true;
    }
  }

  /** Forgets the broken connection and its statements; the next operation waits out the first backoff. */
  private void drop(String cause) {
    if (batched.pending() > 0) {
      batched.failed("INSERT");
    }
    closeQuietly(connection);
    connection = null;
    insert = null;
    delete = null;
    reads.clear();
    scans.clear();
    updates.clear();
    link.lost(cause);
    backoffNanos = reconnect.initialNanos();
    nextAttemptNanos = System.nanoTime() + backoffNanos;
  }

  private static void closeQuietly(Connection c) {
    try {
      c.close();
    } catch (SQLException ignored) {
      // closing a connection that failed: nothing left to release
    }
  }

  /**
   * Sends inserts still queued, then closes the connection.
   *
   * @throws DBException if the last batch failed: those inserts were lost and the load is incomplete
   */
  @Override
  public void cleanup() throws DBException {
    if (connection == null) {
      return;
    }
    try {
      if (batched.pending() > 0 && !flush()) {
        throw new DBException(table.name() + ": the last batch of inserts failed");
      }
    } catch (SQLException e) {
      throw new DBException(e.getMessage(), e);
    } finally {
      if (connection != null) {
        closeQuietly(connection);
      }
      connection = null;
    }
  }
}
