package dev.ycsbdriver.spi;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

class ErrorLogTest {
  private final ByteArrayOutputStream printed = new ByteArrayOutputStream();
  private final MutableClock clock = new MutableClock(Instant.parse("2026-01-01T00:00:00Z"));
  private final ErrorLog log = new ErrorLog(new PrintStream(printed, true, StandardCharsets.UTF_8), clock);

  private List<String> lines() {
    return printed.toString(StandardCharsets.UTF_8).lines().toList();
  }

  @Test
  void aLogSilentForErrorsStillSaysTheSettingsItsOpenRestored() {
    ErrorLog probe = ErrorLog.silentButRestores(new PrintStream(printed, true, StandardCharsets.UTF_8));
    probe.error("postgres", "INSERT", "SQLState 42P01", "relation does not exist");
    probe.restored("postgres", List.of(new RestoredSetting("127.0.0.1:5432", "fsync", "on", 4242,
        Instant.parse("2026-01-01T09:59:00Z"), java.nio.file.Path.of("/j/postgres-127.0.0.1-5432.json"))));

    assertThat(lines()).singleElement().asString().startsWith("postgres: restored ").contains("fsync")
        .doesNotContain("relation does not exist");
    assertThat(probe.errorCount()).isEqualTo(1);
  }

  @Test
  void theFirstErrorOfEachKindIsPrintedOnceWithItsCauseAndEveryErrorIsCounted() {
    for (int i = 0; i < 1000; i++) {
      log.error("postgres", "READ", "SQLState 08006", "An I/O error occurred\nat line 2");
    }
    log.error("postgres", "UPDATE", "SQLState 08006", "An I/O error occurred");
    log.error("postgres", "READ", "SQLState 57P01", "terminating connection");

    assertThat(lines()).containsExactly(
        "postgres: READ failed (SQLState 08006): An I/O error occurred; further errors of this kind are counted, not printed",
        "postgres: UPDATE failed (SQLState 08006): An I/O error occurred; further errors of this kind are counted, not printed",
        "postgres: READ failed (SQLState 57P01): terminating connection; further errors of this kind are counted, not printed");
    assertThat(log.kinds()).extracting(ErrorLog.Kind::operation, ErrorLog.Kind::cause, ErrorLog.Kind::count)
        .containsExactly(org.assertj.core.groups.Tuple.tuple("READ", "SQLState 08006", 1000L),
            org.assertj.core.groups.Tuple.tuple("UPDATE", "SQLState 08006", 1L),
            org.assertj.core.groups.Tuple.tuple("READ", "SQLState 57P01", 1L));
    assertThat(log.errorCount()).isEqualTo(1002);
  }

  @Test
  void credentialsInAnErrorMessageAreMaskedWherePrintedAndKept() {
    log.error("postgres", "CONNECT", "SQLState 08001",
        "cannot open jdbc:postgresql://127.0.0.1/ycsb?user=u&password=hunter2");

    assertThat(printed.toString(StandardCharsets.UTF_8)).doesNotContain("hunter2");
    assertThat(log.kinds().get(0).firstMessage()).doesNotContain("hunter2").contains("password=");
  }

  @Test
  void manyThreadsCountingOneKindPrintItOnceAndLoseNoCount() throws Exception {
    int threads = 8;
    CountDownLatch go = new CountDownLatch(1);
    List<Thread> all = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      Thread th = new Thread(() -> {
        try {
          go.await();
        } catch (InterruptedException e) {
          return;
        }
        for (int i = 0; i < 10_000; i++) {
          log.error("mysql", "READ", "SQLState 08S01", "Communications link failure");
        }
      });
      th.start();
      all.add(th);
    }
    go.countDown();
    for (Thread th : all) {
      th.join(10_000);
    }

    assertThat(lines()).hasSize(1);
    assertThat(log.errorCount()).isEqualTo(threads * 10_000L);
  }

  @Test
  void threadsLosingTheirConnectionsMakeOneOutageFromTheFirstLossToTheLastReconnect() {
    ErrorLog.Connection a = log.connection("postgres");
    ErrorLog.Connection b = log.connection("postgres");

    a.lost("SQLState 08006: An I/O error occurred");
    clock.advance(Duration.ofMillis(200));
    b.lost("SQLState 57P01: terminating connection");
    a.lost("again: not counted twice");
    clock.advance(Duration.ofMillis(2800));
    a.restored();
    clock.advance(Duration.ofMillis(500));
    b.restored();
    b.restored();

    assertThat(log.outages()).containsExactly(new ErrorLog.Outage(Instant.parse("2026-01-01T00:00:00Z"),
        Instant.parse("2026-01-01T00:00:03.500Z"), 3500L, 2, "SQLState 08006: An I/O error occurred"));
    assertThat(lines()).containsExactly(
        "postgres: connection lost at 2026-01-01T00:00:00Z (SQLState 08006: An I/O error occurred); reconnecting with backoff",
        "postgres: connection restored at 2026-01-01T00:00:03.500Z after 3500 ms (2 client threads had lost it)");
  }

  @Test
  void aConnectionStillDownWhenTheRunEndsIsAnOutageWithoutEnd() {
    log.connection("postgres").lost("SQLState 08001: refused");
    log.finish();

    assertThat(log.outages()).singleElement().satisfies(o -> {
      assertThat(o.restoredAt()).isNull();
      assertThat(o.durationMillis()).isNull();
      assertThat(o.threads()).isEqualTo(1);
    });
  }

  @Test
  void kindsBeyondTheLimitAreCountedUnderOneOverflowKind() {
    for (int i = 0; i < ErrorLog.MAX_KINDS + 50; i++) {
      log.error("jdbc", "READ", "cause " + i, "message " + i);
    }

    assertThat(log.kinds()).hasSize(ErrorLog.MAX_KINDS + 1);
    assertThat(log.errorCount()).isEqualTo(ErrorLog.MAX_KINDS + 50);
    assertThat(log.kinds()).filteredOn(k -> k.operation().equals("other")).singleElement()
        .extracting(ErrorLog.Kind::count).isEqualTo(50L);
  }

  /** A clock the test moves. */
  private static final class MutableClock extends Clock {
    private Instant now;

    MutableClock(Instant start) {
      this.now = start;
    }

    void advance(Duration d) {
      now = now.plus(d);
    }

    @Override
    public ZoneOffset getZone() {
      return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(java.time.ZoneId zone) {
      return this;
    }

    @Override
    public Instant instant() {
      return now;
    }
  }
}
