package dev.ycsbdriver.binding.jdbc;

import dev.ycsbdriver.spi.support.ConnectionMode;
import static org.assertj.core.api.Assertions.assertThat;

import dev.ycsbdriver.measure.MeasurementRegistry;
import dev.ycsbdriver.measure.ScheduledThread;
import dev.ycsbdriver.spi.ErrorLog;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import site.ycsb.Status;

/**
 * {@link JdbcDb} with a shared connection and with a HikariCP pool, against a scripted driver: a thread that
 * finds the only connection busy waits for it and reports the wait apart from the operation; a shared connection
 * that broke is opened again with backoff.
 */
class JdbcDbConnectionModesTest {
  private final ScriptedDriver driver = new ScriptedDriver();
  private final ByteArrayOutputStream printed = new ByteArrayOutputStream();
  private final ErrorLog errors = new ErrorLog(new PrintStream(printed, true, StandardCharsets.UTF_8),
      Clock.systemUTC());
  private final Reconnect backoff = new Reconnect("test", errors, TimeUnit.MILLISECONDS.toNanos(50),
      TimeUnit.MILLISECONDS.toNanos(200));
  private final UserTable table = new UserTable("usertable", "field", 2);
  /** Client threads of their own: the common pool may have a single thread on a small machine. */
  private final ExecutorService clients = Executors.newCachedThreadPool();

  @AfterEach
  void stopClients() {
    driver.release.countDown();
    clients.shutdownNow();
  }

  @ParameterizedTest
  @EnumSource(value = ConnectionMode.Kind.class, names = {"SHARED", "POOL"})
  void aThreadWaitingForTheOnlyConnectionReportsItsWaitApart(ConnectionMode.Kind kind) throws Exception {
    try (SessionPool pool = pool(kind, 1, Duration.ofSeconds(5))) {
      JdbcDb holder = db(pool);
      CompletableFuture<Status> held = CompletableFuture.supplyAsync(() -> {
        initQuietly(holder);
        return holder.read("usertable", "slow", Set.of("field0"), new HashMap<>());
      }, clients);
      assertThat(driver.slowEntered.await(5, TimeUnit.SECONDS)).as("the holder has the connection").isTrue();

      AtomicLong waited = new AtomicLong(-1);
      CompletableFuture<Status> waiter = CompletableFuture.supplyAsync(() -> {
        ScheduledThread.bind(new Client(waited));
        JdbcDb db = db(pool);
        initQuietly(db);
        return read(db);
      }, clients);
      TimeUnit.MILLISECONDS.sleep(300);
      assertThat(waiter).as("no second connection").isNotDone();
      driver.release.countDown();

      assertThat(held.get(5, TimeUnit.SECONDS)).isEqualTo(Status.OK);
      assertThat(waiter.get(5, TimeUnit.SECONDS)).isEqualTo(Status.OK);
      assertThat(waited.get()).as("the wait reported, in ns").isGreaterThanOrEqualTo(TimeUnit.MILLISECONDS.toNanos(250));
      assertThat(errors.errorCount()).isZero();
    }
  }

  @Test
  void aPoolThatHasNoFreeConnectionInTimeFailsTheOperationAsAConnectError() throws Exception {
    try (SessionPool pool = new PooledSessions("test", driver::open, new ConnectionMode(ConnectionMode.Kind.POOL, 1,
        Duration.ofMillis(250)), table, 0, true, false)) {
      JdbcDb holder = db(pool);
      CompletableFuture<Status> held = CompletableFuture.supplyAsync(() -> {
        initQuietly(holder);
        return holder.read("usertable", "slow", Set.of("field0"), new HashMap<>());
      }, clients);
      assertThat(driver.slowEntered.await(5, TimeUnit.SECONDS)).isTrue();
      JdbcDb late = db(pool);
      late.init();
      assertThat(read(late)).isEqualTo(Status.ERROR);
      driver.release.countDown();
      assertThat(held.get(5, TimeUnit.SECONDS)).isEqualTo(Status.OK);
      assertThat(read(late)).isEqualTo(Status.OK);
      assertThat(errors.kinds()).singleElement().extracting(ErrorLog.Kind::operation).isEqualTo("CONNECT");
    }
  }

  @ParameterizedTest
  @EnumSource(value = ConnectionMode.Kind.class, names = {"SHARED", "POOL"})
  void aBrokenConnectionIsReplacedAndTheOutageReportedOnce(ConnectionMode.Kind kind) throws Exception {
    try (SessionPool pool = pool(kind, 2, Duration.ofSeconds(1))) {
      JdbcDb db = db(pool);
      db.init();
      assertThat(read(db)).isEqualTo(Status.OK);
      driver.serverUp.set(false);
      long down = System.nanoTime();
      int failed = 0;
      while (System.nanoTime() - down < TimeUnit.MILLISECONDS.toNanos(500)) {
        assertThat(read(db)).isEqualTo(Status.ERROR);
        failed++;
      }
      assertThat(failed).isGreaterThan(0);
      driver.serverUp.set(true);
      long back = System.nanoTime();
      Status status;
      do {
        status = read(db);
      } while (status != Status.OK && System.nanoTime() - back < TimeUnit.SECONDS.toNanos(5));
      assertThat(status).isEqualTo(Status.OK);
      assertThat(errors.outages()).singleElement().satisfies(o -> {
        assertThat(o.restoredAt()).isNotNull();
        assertThat(o.cause()).startsWith("SQLState 08006: I/O error");
      });
    }
  }

  private SessionPool pool(ConnectionMode.Kind kind, int size, Duration timeout) throws Exception {
    return kind == ConnectionMode.Kind.SHARED ? new SharedSession(driver::open, table, 0, true, timeout, backoff)
        : new PooledSessions("test", driver::open, new ConnectionMode(kind, size, timeout), table, 0, true, false);
  }

  private JdbcDb db(SessionPool pool) {
    return new JdbcDb(driver::open, pool, table, 0, 0, true, backoff, SqlErrors.STANDARD);
  }

  private static void initQuietly(JdbcDb db) {
    try {
      db.init();
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  private static Status read(JdbcDb db) {
    return db.read("usertable", "user1", Set.of("field0"), new HashMap<>());
  }

  /** A client thread that keeps the connection wait it is told. */
  private record Client(AtomicLong waited) implements ScheduledThread {
    @Override
    public long intendedStartNanos() {
      return 0;
    }

    @Override
    public int slot() {
      return 0;
    }

    @Override
    public MeasurementRegistry registry() {
      return null;
    }

    @Override
    public void connectionWaited(long nanos) {
      waited.set(nanos);
    }
  }
}
