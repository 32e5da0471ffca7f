package dev.ycsbdriver.binding.jdbc;

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
import dev.ycsbdriver.spi.support.ConnectionWait;
import dev.ycsbdriver.spi.ErrorLog;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;

/**
 * One client thread's view of a SQL store: its own connection and its prepared statements, or, with
 * {@code <binding>.connections=shared} or {@code pool}, a connection borrowed for each operation from a
 * {@link SessionPool} (the wait for it reported to the driver through {@link ConnectionWait}, apart from the
 * operation's service time).
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
 * broken connection are reported as {@code INSERT-FAILED}. A borrowed connection that broke is given back to
 * be replaced; an operation that gets no connection returns {@code ERROR}, reported as a {@code CONNECT} error.
 *
 * <p>Not thread-safe: one instance per client thread, as YCSB's {@code DB}.
 */
public final class JdbcDb extends DB {
  private final ConnectionSource source;
  /** Where operations borrow their connection; null when the thread keeps its own. */
  private final SessionPool pool;
  private final UserTable table;
  private final int batchSize;
  private final int fetchSize;
  private final boolean autoCommit;
  private final BitSet allColumns;
  /** Seconds {@code isValid} may take when an error without SQLState leaves the connection in doubt. */
  private static final int VALID_TIMEOUT_SECONDS = 1;
  /** This thread's own connection; null while it is down, between a broken connection and a reconnect. */
  private Session own;
  /** Autocommit is off: the driver commits after each write and batch (read once, not per operation). */
  private boolean commitEach;
  private final BatchedLatency batched = new BatchedLatency();
  private final Reconnect reconnect;
  /** What counts as a lost connection for this store. */
  private final SqlErrors sqlErrors;
  private final ErrorLog.Connection link;
  /** Where this thread reports its waits for a borrowed connection; set in {@link #init()}. */
  private ConnectionWait waits;
  /** A borrowed connection of this thread broke and no operation of it succeeded since. */
  private boolean lost;
  /** The wait before the next reconnect attempt, in nanoseconds; 0 while connected. */
  private long backoffNanos;
  private long nextAttemptNanos;

  /**
   * @param source opens this thread's connection in {@link #init()} (when {@code pool} is null)
   * @param pool where each operation borrows its connection, or null for a connection of the thread's own
   * @param table the table and its fields
   * @param batchSize inserts sent together, 0 or 1 for none; ignored with a pool
   * @param fetchSize rows fetched per round trip by scans, 0 for the driver's default
   * @param autoCommit whether each statement commits itself; otherwise the driver commits after each write
   * @param reconnect the backoff after a broken connection, and where errors are reported
   * @param errors the store's rules: which failures mean the connection is gone
   */
  public JdbcDb(ConnectionSource source, SessionPool pool, UserTable table, int batchSize, int fetchSize,
                boolean autoCommit, Reconnect reconnect, SqlErrors errors) {
    this.source = source;
    this.pool = pool;
    this.sqlErrors = errors;
    this.reconnect = reconnect;
    this.link = reconnect.errors().connection(reconnect.binding());
    this.table = table;
    // borrowed connections keep no batch between operations: ConnectionMode refuses a batch size with shared or
    // pool connections where the phase inserts, and where it does not (a read-only run) the size means nothing
    this.batchSize = pool == null ? batchSize : 0;
    this.fetchSize = fetchSize;
    this.autoCommit = autoCommit;
    this.allColumns = table.allColumns();
  }

  @Override
  public void init() throws DBException {
    commitEach = !(autoCommit && batchSize <= 1);
    waits = ConnectionWait.ofCurrentThread();
    if (pool != null) {
      return;
    }
    try {
      connect();
    } catch (SQLException e) {
      throw new DBException(e.getMessage(), e);
    }
  }

  private void connect() throws SQLException {
    own = new Session(source.open(), table, fetchSize, !commitEach);
  }

  /**
   * The connection for the next operation: the thread's own (after a reconnect when it is down), or one borrowed
   * from the pool, its wait reported.
   *
   * @return the session, or null when there is none (the operation returns {@code ERROR}; the cause is reported)
   */
  private Session session() {
    if (pool == null) {
      return own != null || reconnected() ? own : null;
    }
    long asked = System.nanoTime();
    try {
      Session s = pool.borrow();
      waits.waited(System.nanoTime() - asked);
      return s;
    } catch (SQLException e) {
      waits.waited(System.nanoTime() - asked);
      reconnect.errors().error(reconnect.binding(), "CONNECT", SqlFailures.kind(e), e.getMessage());
      return null;
    }
  }

  /** Ends an operation on {@code s}: gives a borrowed connection back; after a success, a lost link is restored. */
  private Status done(Session s, Status status) {
    if (pool != null) {
      pool.release(s);
      if (lost && status != Status.ERROR) {
        lost = false;
        link.restored();
      }
    }
    return status;
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
    Session s = session();
    if (s == null) {
      return Status.ERROR;
    }
    try {
      BitSet columns = columns(fields);
      PreparedStatement ps = s.read(columns);
      ps.setString(1, key);
      try (ResultSet rs = ps.executeQuery()) {
        if (!rs.next()) {
          return done(s, endRead(s, Status.NOT_FOUND));
        }
        fill(rs, columns, 1, result);
        if (!table.readsThroughKeyIndex()) {
          // A scan pauses at the row it returns (SQLite steps lazily): reading on to the end makes every read
          // scan the whole table, as a lookup by a field no index covers does, wherever its record lies.
          while (rs.next()) {
            // a key is unique: no second row, only the rest of the table read
          }
        }
      }
      return done(s, endRead(s, Status.OK));
    } catch (SQLException | IllegalArgumentException e) {
      return failed(s, "READ", e);
    }
  }

  @Override
  public Status scan(String tableName, String startkey, int recordcount, Set<String> fields,
                     Vector<HashMap<String, ByteIterator>> result) {
    Session s = session();
    if (s == null) {
      return Status.ERROR;
    }
    try {
      BitSet columns = columns(fields);
      PreparedStatement ps = s.scan(columns);
      ps.setString(1, startkey);
      ps.setInt(2, recordcount);
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          HashMap<String, ByteIterator> row = new HashMap<>();
          fill(rs, columns, 2, row);
          result.add(row);
        }
      }
      return done(s, endRead(s, Status.OK));
    } catch (SQLException | IllegalArgumentException e) {
      return failed(s, "SCAN", e);
    }
  }

  @Override
  public Status update(String tableName, String key, Map<String, ByteIterator> values) {
    Session s = session();
    if (s == null) {
      return Status.ERROR;
    }
    try {
      BitSet columns = table.columnsOf(values.keySet());
      PreparedStatement ps = s.update(columns);
      int p = 1;
      List<String> fields = table.fields();
      for (int i = columns.nextSetBit(0); i >= 0; i = columns.nextSetBit(i + 1)) {
        ps.setString(p++, values.get(fields.get(i)).toString());
      }
      ps.setString(p, key);
      int rows = ps.executeUpdate();
      commitWrite(s);
      return done(s, rows == 0 ? Status.NOT_FOUND : Status.OK);
    } catch (SQLException | IllegalArgumentException e) {
      return failed(s, "UPDATE", e);
    }
  }

  @Override
  public Status insert(String tableName, String key, Map<String, ByteIterator> values) {
    Session s = session();
    if (s == null) {
      return Status.ERROR;
    }
    try {
      table.columnsOf(values.keySet());
      PreparedStatement insert = s.insert;
      insert.setString(1, key);
      List<String> fields = table.fields();
      for (int i = 0; i < fields.size(); i++) {
        ByteIterator v = values.get(fields.get(i));
        insert.setString(i + 2, v == null ? null : v.toString());
      }
      if (batchSize > 1) {
        // only with a connection of the thread's own (ConnectionMode): the batch stays on it between operations
        insert.addBatch();
        if (batched.pending() + 1 < batchSize) {
          batched.queued();
          return Status.BATCHED_OK;
        }
        return flush() ? Status.OK : Status.ERROR;
      }
      insert.executeUpdate();
      commitWrite(s);
      return done(s, Status.OK);
    } catch (SQLException | IllegalArgumentException e) {
      return failed(s, "INSERT", e);
    }
  }

  @Override
  public Status delete(String tableName, String key) {
    Session s = session();
    if (s == null) {
      return Status.ERROR;
    }
    try {
      s.delete.setString(1, key);
      int rows = s.delete.executeUpdate();
      commitWrite(s);
      return done(s, rows == 0 ? Status.NOT_FOUND : Status.OK);
    } catch (SQLException e) {
      return failed(s, "DELETE", e);
    }
  }

  /**
   * Sends the queued inserts on the thread's own connection as one batch and commits it, then reports the
   * latency of each queued record (until now) as INSERT, or as INSERT-FAILED when the batch failed.
   *
   * @return false if the batch failed
   */
  private boolean flush() throws SQLException {
    Session s = own;
    try {
      s.insert.executeBatch();
      s.connection.commit();
      batched.acknowledged("INSERT");
      return true;
    } catch (SQLException e) {
      batched.failed("INSERT");
      failed(s, "INSERT", e);
      return false;
    }
  }

  private void commitWrite(Session s) throws SQLException {
    if (commitEach) {
      s.connection.commit();
    }
  }

  /** Ends a read-only statement: without autocommit, closes its transaction so it holds no snapshot. */
  private Status endRead(Session s, Status status) throws SQLException {
    commitWrite(s);
    return status;
  }

  /**
   * Counts the failure, then drops a broken connection, or rolls back a failed transaction; a borrowed connection
   * is given back (to be replaced when it broke).
   *
   * @param operation the YCSB operation, e.g. {@code READ}
   * @return {@code ERROR}
   */
  private Status failed(Session s, String operation, Exception e) {
    SQLException sql = e instanceof SQLException x ? x : null;
    String kind = sql == null ? e.getClass().getSimpleName() : SqlFailures.kind(sql);
    reconnect.errors().error(reconnect.binding(), operation, kind, e.getMessage());
    if (sql != null && broken(s, sql)) {
      drop(s, kind + ": " + sql.getMessage());
      return Status.ERROR;
    }
    try {
      if (commitEach) {
        s.connection.rollback();
      }
    } catch (SQLException ignored) {
      // the statement already failed; the connection's state is the next operation's concern
    }
    if (pool != null) {
      pool.release(s);
    }
    return Status.ERROR;
  }

  private boolean broken(Session s, SQLException e) {
    if (sqlErrors.isConnectionLoss(e)) {
      return true;
    }
    try {
      // without a SQLState the driver could not say what failed: ask the connection (one round trip)
      return s.connection.isClosed() || e.getSQLState() == null && !s.connection.isValid(VALID_TIMEOUT_SECONDS);
    } catch (SQLException notAnswering) {
      return true;
    }
  }

  /**
   * Forgets a broken connection and its statements: the thread's own (the next operation waits out the first
   * backoff), or a borrowed one (given back to be replaced).
   */
  private void drop(Session s, String cause) {
    if (pool != null) {
      pool.discard(s);
      if (!lost) {
        lost = true;
        link.lost(cause);
      }
      return;
    }
    if (batched.pending() > 0) {
      batched.failed("INSERT");
    }
    s.close();
    own = null;
    link.lost(cause);
    backoffNanos = reconnect.initialNanos();
    nextAttemptNanos = System.nanoTime() + backoffNanos;
  }

  /**
   * Sends inserts still queued, then closes the thread's own connection (a borrowed one is the pool's).
   *
   * @throws DBException if the last batch failed: those inserts were lost and the load is incomplete
   */
  @Override
  public void cleanup() throws DBException {
    if (own == null) {
      return;
    }
    try {
      if (batched.pending() > 0 && !flush()) {
        throw new DBException(table.name() + ": the last batch of inserts failed");
      }
    } catch (SQLException e) {
      throw new DBException(e.getMessage(), e);
    } finally {
      if (own != null) {
        own.close();
      }
      own = null;
    }
  }
}
