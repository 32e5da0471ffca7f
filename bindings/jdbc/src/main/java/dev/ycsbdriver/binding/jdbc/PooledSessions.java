package dev.ycsbdriver.binding.jdbc;

import dev.ycsbdriver.spi.support.ConnectionMode;
import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * A HikariCP pool of connections ({@code <binding>.connections=pool}) that each operation borrows and gives back.
 * The pool is fixed in size (HikariCP's advice: {@code minimumIdle} equal to {@code maximumPoolSize}), every
 * connection opened through the binding's {@link ConnectionSource} (its session settings applied) when the pool
 * starts, and never retired by age or keep-alive during a run ({@code maxLifetime} and {@code keepaliveTime} 0):
 * a connection is replaced only when it broke. Statements are prepared on each physical connection once and kept
 * with it.
 *
 * <p>Thread-safe.
 */
final class PooledSessions implements SessionPool {
  private final HikariDataSource pool;
  private final UserTable table;
  private final int fetchSize;
  private final boolean autoCommit;
  /** Each physical connection's session (JDBC connections compare by identity). */
  private final Map<Connection, Session> sessions = new ConcurrentHashMap<>();

  /**
   * Starts the pool and opens its connections.
   *
   * @param binding the binding's name, for the pool's name
   * @param source opens each connection
   * @param mode the pool's size and longest wait
   * @param table the table, for the statements
   * @param fetchSize rows per scan round trip, 0 for the driver's default
   * @param autoCommit the autocommit operations run with
   * @param readOnly whether the source's connections open read-only: HikariCP sets every connection's read-only
   *     flag to its own, and some drivers (SQLite) refuse to change it once open
   * @throws SQLException when the pool cannot open its first connection
   */
  PooledSessions(String binding, ConnectionSource source, ConnectionMode mode, UserTable table, int fetchSize,
                 boolean autoCommit, boolean readOnly) throws SQLException {
    this.table = table;
    this.fetchSize = fetchSize;
    this.autoCommit = autoCommit;
    HikariConfig config = new HikariConfig();
    config.setPoolName(binding + "-pool");
    config.setDataSource(new SourceDataSource(source));
    config.setMaximumPoolSize(mode.poolSize());
    config.setMinimumIdle(mode.poolSize());
    config.setConnectionTimeout(mode.poolTimeout().toMillis());
    config.setAutoCommit(autoCommit);
    config.setReadOnly(readOnly);
    config.setMaxLifetime(0);
    config.setKeepaliveTime(0);
    config.setIdleTimeout(0);
    config.setRegisterMbeans(false);
    try {
      pool = new HikariDataSource(config);
    } catch (RuntimeException e) {
      Throwable cause = e.getCause();
      if (cause instanceof SQLException sql) {
        throw sql;
      }
      throw new SQLException(e.getMessage(), "08001", e);
    }
  }

  @Override
  public Session borrow() throws SQLException {
    Connection proxy = pool.getConnection();
    try {
      Connection raw = proxy.unwrap(Connection.class);
      Session s = sessions.get(raw);
      if (s == null) {
        forgetClosed();
        s = new Session(raw, table, fetchSize, autoCommit);
        sessions.put(raw, s);
      }
      s.lease = proxy;
      return s;
    } catch (SQLException | RuntimeException e) {
      pool.evictConnection(proxy);
      throw e;
    }
  }

  /**
   * Forgets the sessions of connections the pool closed itself (one found dead when it was lent); called when a
   * new connection comes, so the map stays the pool's size.
   */
  private void forgetClosed() {
    sessions.values().removeIf(s -> {
      try {
        return s.lease == null && s.connection.isClosed();
      } catch (SQLException e) {
        return true;
      }
    });
  }

  @Override
  public void release(Session s) {
    Connection proxy = s.lease;
    s.lease = null;
    Session.closeQuietly(proxy);
  }

  @Override
  public void discard(Session s) {
    Connection proxy = s.lease;
    s.lease = null;
    sessions.remove(s.connection);
    pool.evictConnection(proxy);
  }

  @Override
  public void close() {
    pool.close();
    sessions.clear();
  }

  /** The binding's {@link ConnectionSource} as the {@link DataSource} HikariCP opens its connections with. */
  private record SourceDataSource(ConnectionSource source) implements DataSource {
    @Override
    public Connection getConnection() throws SQLException {
      return source.open();
    }

    @Override
    public Connection getConnection(String user, String password) throws SQLException {
      throw new SQLFeatureNotSupportedException("the binding's own credentials are used");
    }

    @Override
    public PrintWriter getLogWriter() {
      return null;
    }

    @Override
    public void setLogWriter(PrintWriter out) {
      // HikariCP logs through SLF4J; nothing is written here
    }

    @Override
    public void setLoginTimeout(int seconds) {
      // the binding's login timeout key applies, already in the source
    }

    @Override
    public int getLoginTimeout() {
      return 0;
    }

    @Override
    public Logger getParentLogger() throws SQLFeatureNotSupportedException {
      throw new SQLFeatureNotSupportedException();
    }

    @Override
    public <T> T unwrap(Class<T> iface) throws SQLException {
      throw new SQLException("not a wrapper");
    }

    @Override
    public boolean isWrapperFor(Class<?> iface) {
      return false;
    }
  }
}
