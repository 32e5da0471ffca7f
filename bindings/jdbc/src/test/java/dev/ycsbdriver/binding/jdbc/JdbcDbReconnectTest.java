package dev.ycsbdriver.binding.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ycsbdriver.spi.ErrorLog;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
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
  private final ScriptedDriver driver = new ScriptedDriver();
  private final AtomicBoolean serverUp = driver.serverUp;
  private final AtomicInteger connects = driver.connects;
  private final ByteArrayOutputStream printed = new ByteArrayOutputStream();
  private final ErrorLog errors = new ErrorLog(new PrintStream(printed, true, StandardCharsets.UTF_8),
      Clock.systemUTC());
  private final Reconnect backoff = new Reconnect("test", errors, TimeUnit.MILLISECONDS.toNanos(50),
      TimeUnit.MILLISECONDS.toNanos(200));

  @Test
  void aBrokenConnectionIsReplacedWithBackoffAndTheOutageIsReported() throws Exception {
    JdbcDb db = new JdbcDb(driver::open, null, new UserTable("usertable", "field", 2), 0, 0, true, backoff, SqlErrors.STANDARD);
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
    JdbcDb db = new JdbcDb(driver::open, null, new UserTable("usertable", "field", 2), 0, 0, true, backoff, SqlErrors.STANDARD);
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
}
