package dev.ycsbdriver.binding.jdbc;

import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

/**
 * One connection for all client threads ({@code <binding>.connections=shared}), used by one operation at a time:
 * a fair lock hands it to the threads in the order they asked. Its statements are prepared once, for everyone.
 *
 * <p>When it breaks, the next borrower opens a new one, no sooner than the {@link Reconnect} backoff after the
 * last failed attempt; meanwhile borrowers fail at once, so a dead server is no queue of threads each waiting out
 * a login timeout. Thread-safe.
 */
final class SharedSession implements SessionPool {
  private final ReentrantLock lock = new ReentrantLock(true);
  private final ConnectionSource source;
  private final UserTable table;
  private final int fetchSize;
  private final boolean autoCommit;
  private final long timeoutNanos;
  private final Duration timeout;
  private final Reconnect reconnect;
  /** The connection; null before the first borrow and after it broke. Guarded by {@link #lock}. */
  private Session session;
  /** Guarded by {@link #lock}: the wait before the next attempt after a failed one, 0 while connected. */
  private long backoffNanos;
  private long nextAttemptNanos;
  private boolean closed;

  /**
   * @param source opens the connection
   * @param table the table, for the statements
   * @param fetchSize rows per scan round trip, 0 for the driver's default
   * @param autoCommit the autocommit operations run with
   * @param timeout longest wait for the connection
   * @param reconnect the backoff between attempts to open it again
   */
  SharedSession(ConnectionSource source, UserTable table, int fetchSize, boolean autoCommit, Duration timeout,
                Reconnect reconnect) {
    this.source = source;
    this.table = table;
    this.fetchSize = fetchSize;
    this.autoCommit = autoCommit;
    this.timeout = timeout;
    this.timeoutNanos = timeout.toNanos();
    this.reconnect = reconnect;
  }

  @Override
  public Session borrow() throws SQLException {
    try {
      if (!lock.tryLock(timeoutNanos, TimeUnit.NANOSECONDS)) {
        throw new SQLTransientConnectionException("the shared connection was not free within " + timeout.toMillis()
            + " ms (" + reconnect.binding() + ".pool.timeout)", "08001");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new SQLTransientConnectionException("interrupted while waiting for the shared connection", "08001", e);
    }
    try {
      if (closed) {
        throw new SQLTransientConnectionException("the store is closed", "08003");
      }
      if (session == null) {
        open();
      }
      return session;
    } catch (SQLException | RuntimeException e) {
      lock.unlock();
      throw e;
    }
  }

  private void open() throws SQLException {
    long now = System.nanoTime();
    if (backoffNanos > 0 && now - nextAttemptNanos < 0) {
      throw new SQLTransientConnectionException("the shared connection is down; next attempt in "
          + TimeUnit.NANOSECONDS.toMillis(nextAttemptNanos - now) + " ms", "08003");
    }
    try {
      session = new Session(source.open(), table, fetchSize, autoCommit);
      backoffNanos = 0;
    } catch (SQLException e) {
      backoffNanos = backoffNanos == 0 ? reconnect.initialNanos() : Math.min(backoffNanos * 2, reconnect.maxNanos());
      nextAttemptNanos = System.nanoTime() + backoffNanos;
      throw e;
    }
  }

  @Override
  public void release(Session s) {
    lock.unlock();
  }

  @Override
  public void discard(Session s) {
    try {
      s.close();
      if (session == s) {
        session = null;
        backoffNanos = reconnect.initialNanos();
        nextAttemptNanos = System.nanoTime() + backoffNanos;
      }
    } finally {
      lock.unlock();
    }
  }

  @Override
  public void close() {
    lock.lock();
    try {
      closed = true;
      if (session != null) {
        session.close();
        session = null;
      }
    } finally {
      lock.unlock();
    }
  }
}
