package dev.ycsbdriver.binding.jdbc;

import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A JDBC driver scripted with dynamic proxies, for {@link JdbcDb} without a store: its "server" can be taken down
 * and brought back; a read of the key {@code constraint} fails with SQLState 22001 on a working connection; a read
 * of the key {@code slow} holds its connection until {@link #release} is counted down.
 */
final class ScriptedDriver {
  /** Whether the server answers; while it does not, connects are refused and open connections break. */
  final AtomicBoolean serverUp = new AtomicBoolean(true);
  /** Connection attempts, refused ones included. */
  final AtomicInteger connects = new AtomicInteger();
  /** Reads of {@code slow} that entered the server. */
  final CountDownLatch slowEntered = new CountDownLatch(1);
  /** Lets reads of {@code slow} return. */
  final CountDownLatch release = new CountDownLatch(1);

  /** The driver's connect: refused while the server is down. */
  Connection open() throws SQLException {
    connects.incrementAndGet();
    if (!serverUp.get()) {
      throw new SQLException("Connection to 127.0.0.1:5999 refused", "08001");
    }
    AtomicBoolean broken = new AtomicBoolean();
    AtomicBoolean autoCommit = new AtomicBoolean(true);
    return proxy(Connection.class, (method, args) -> switch (method) {
      case "prepareStatement" -> statement(broken);
      case "isClosed" -> false;
      case "isValid" -> !broken.get();
      case "getAutoCommit" -> autoCommit.get();
      case "setAutoCommit" -> {
        autoCommit.set((Boolean) args[0]);
        yield null;
      }
      case "getTransactionIsolation" -> Connection.TRANSACTION_READ_COMMITTED;
      default -> null;
    });
  }

  private PreparedStatement statement(AtomicBoolean broken) {
    String[] key = new String[1];
    return proxy(PreparedStatement.class, (method, args) -> switch (method) {
      case "setString" -> {
        key[0] = (String) args[1];
        yield null;
      }
      case "executeQuery" -> {
        if (!serverUp.get() || broken.get()) {
          broken.set(true);
          throw new SQLException("I/O error: connection reset", "08006");
        }
        if ("constraint".equals(key[0])) {
          throw new SQLException("value too long", "22001");
        }
        if ("slow".equals(key[0])) {
          slowEntered.countDown();
          try {
            release.await(10, TimeUnit.SECONDS);
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
        }
        yield resultSet();
      }
      default -> null;
    });
  }

  private static ResultSet resultSet() {
    boolean[] given = new boolean[1];
    return proxy(ResultSet.class, (method, args) -> switch (method) {
      case "next" -> {
        boolean more = !given[0];
        given[0] = true;
        yield more;
      }
      case "getString" -> "value";
      default -> null;
    });
  }

  @FunctionalInterface
  private interface Script {
    Object answer(String method, Object[] args) throws SQLException;
  }

  private static <T> T proxy(Class<T> type, Script script) {
    return type.cast(Proxy.newProxyInstance(ScriptedDriver.class.getClassLoader(), new Class<?>[] {type},
        (p, m, args) -> {
          Object answer = script.answer(m.getName(), args);
          if (answer == null && m.getReturnType() == boolean.class) {
            return false;
          }
          if (answer == null && m.getReturnType() == int.class) {
            return 0;
          }
          return answer;
        }));
  }
}
