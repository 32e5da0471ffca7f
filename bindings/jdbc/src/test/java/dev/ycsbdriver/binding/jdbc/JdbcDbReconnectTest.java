package dev.ycsbdriver.binding.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ycsbdriver.spi.ErrorLog;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.util.HashMap;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import site.ycsb.Status;

/**
 * {@link JdbcDb} against a scripted JDBC driver (dynamic proxies) that the test takes down and brings
 * back: the thread reconnects with backoff, fails fast meanwhile, and reports what happened.
 */
class JdbcDbReconnectTest {
  private final AtomicBoolean serverUp = new AtomicBoolean(true);
  private final AtomicInteger connects = new AtomicInteger();
  private final ByteArrayOutputStream printed = new ByteArrayOutputStream();
  private final ErrorLog errors = new ErrorLog(new PrintStream(printed, true, StandardCharsets.UTF_8),
      Clock.systemUTC());
  private final Reconnect backoff = new Reconnect("test", errors, TimeUnit.MILLISECONDS.toNanos(50),
      TimeUnit.MILLISECONDS.toNanos(200));

  @Test
  void aBrokenConnectionIsReplacedWithBackoffAndTheOutageIsReported() throws Exception {
    JdbcDb db = new JdbcDb(this::open, new UserTable("usertable", "field", 2), 0, 0, true, backoff, SqlErrors.STANDARD);
    db.init();
    assertThat(read(db)).isEqualTo(Status.OK);

    serverUp.set(false);
    long down = System.nanoTime();
    int failed = 0;
    // one second of a dead server: a thread without backoff would fail hundreds of thousands of times
    while (System.nanoTime() - down < TimeUnit.SECONDS.toNanos(1)) {
      assertThat(read(db)).isEqualTo(Status.ERROR);
      failed++;
    }
    // 50, 100, 200, 200, 200 ... ms: about 6 attempts in a second, and one failed read before them
    assertThat(failed).isBetween(4, 10);
    assertThat(connects.get()).as("first connection plus the attempts").isEqualTo(failed);

    serverUp.set(true);
    long back = System.nanoTime();
    assertThat(read(db)).isEqualTo(Status.OK);
    assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - back)).as("at most the largest backoff")
        .isLessThanOrEqualTo(250);
    assertThat(read(db)).isEqualTo(Status.OK);

    assertThat(errors.outages()).singleElement().satisfies(o -> {
      assertThat(o.restoredAt()).isNotNull();
      assertThat(o.cause()).startsWith("SQLState 08006: I/O error");
    });
    assertThat(errors.kinds()).extracting(ErrorLog.Kind::operation, ErrorLog.Kind::cause)
        .containsExactly(org.assertj.core.groups.Tuple.tuple("READ", "SQLState 08006"),
            org.assertj.core.groups.Tuple.tuple("CONNECT", "SQLState 08001"));
    assertThat(errors.errorCount()).isEqualTo(failed);
    assertThat(printed.toString(StandardCharsets.UTF_8).lines()).hasSize(4);
    db.cleanup();
  }

  @Test
  void aFailedStatementOnAWorkingConnectionKeepsTheConnection() throws Exception {
    JdbcDb db = new JdbcDb(this::open, new UserTable("usertable", "field", 2), 0, 0, true, backoff, SqlErrors.STANDARD);
    db.init();

    assertThat(db.read("usertable", "constraint", Set.of("field0"), new HashMap<>())).isEqualTo(Status.ERROR);
    assertThat(read(db)).isEqualTo(Status.OK);

    assertThat(connects.get()).isEqualTo(1);
    assertThat(errors.outages()).isEmpty();
    assertThat(errors.kinds()).singleElement().extracting(ErrorLog.Kind::cause).isEqualTo("SQLState 22001");
    db.cleanup();
  }

  private static Status read(JdbcDb db) {
    return db.read("usertable", "user1", Set.of("field0"), new HashMap<>());
  }

  /** The scripted driver's connect: refused while the server is down. */
  private Connection open() throws SQLException {
    connects.incrementAndGet();
    if (!serverUp.get()) {
      throw new SQLException("Connection to 127.0.0.1:5999 refused", "08001");
    }
    AtomicBoolean broken = new AtomicBoolean();
    return proxy(Connection.class, (method, args) -> switch (method) {
      case "prepareStatement" -> statement(broken);
      case "isClosed" -> false;
      case "isValid" -> !broken.get();
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
    return type.cast(Proxy.newProxyInstance(JdbcDbReconnectTest.class.getClassLoader(), new Class<?>[] {type},
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
