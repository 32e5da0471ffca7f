package dev.ycsbdriver.binding.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ycsbdriver.testing.CliRun;
import dev.ycsbdriver.testing.PrivatePostgres;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A PostgreSQL instance of the test's own, paused with SIGSTOP (as a hung server is): before the run the
 * driver ends within the login timeout with one line and exit 3 (it hung for 636 s); during the run
 * {@code maxexecutiontime} ends it within {@code stop.timeout}, and the operations left inside the binding
 * make it incomplete, exit 1 (it exited 0).
 */
@Timeout(value = 180, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class PostgresPausedIT {
  private static final Path RESULTS = Path.of("target", "it-results", "paused");
  private static PrivatePostgres server;

  @BeforeAll
  static void startOwnServer() throws Exception {
    server = PrivatePostgres.start();
  }

  @AfterAll
  static void stopOwnServer() throws Exception {
    if (server != null) {
      server.close();
    }
  }

  private static List<String> args(String phase, String... more) {
    List<String> args = new ArrayList<>(List.of(phase, "postgres", "-P",
        Path.of(System.getProperty("ycsb.home"), "workloads", "workloadc").toString(), "-p", "postgres.url=" + server.url(),
        "-p", "postgres.user=" + server.user(), "-p", "recordcount=500", "-p", "result.dir=" + RESULTS));
    args.addAll(List.of(more));
    return args;
  }

  @Test
  void pausedServerFailsTheStartWithinTheLoginTimeout() throws Exception {
    try {
      server.pause();
      long start = System.nanoTime();
      CliRun run = CliRun.of(args("run", "-p", "postgres.login.timeout=2s").toArray(String[]::new));
      long elapsedMillis = (System.nanoTime() - start) / 1_000_000;
      assertThat(run.exitCode()).as(run.toString()).isEqualTo(3);
      assertThat(run.errLines()).as(run.toString()).filteredOn(l -> l.startsWith("ycsb: ")).containsExactly(
          "ycsb: postgres: no answer from 127.0.0.1:" + server.port() + "/ycsb within postgres.login.timeout=2s; "
              + "is the server running and reachable?");
      assertThat(elapsedMillis).isBetween(2_000L, 8_000L);
    } finally {
      server.resume();
    }
  }

  @Test
  void serverPausedMidRunEndsAtMaxExecutionTimeAsAnIncompleteRun() throws Exception {
    CliRun load = CliRun.of(args("load", "-threads", "2", "-p", "createtable=true", "-p", "droptable=true")
        .toArray(String[]::new));
    assertThat(load.exitCode()).as(load.toString()).isZero();

    long start = System.nanoTime();
    CompletableFuture<CliRun> running = CompletableFuture.supplyAsync(() -> CliRun.of(args("run", "-threads", "2",
        "-p", "operationcount=0", "-p", "maxexecutiontime=5", "-p", "stop.timeout=1s").toArray(String[]::new)));
    CliRun run;
    try {
      Thread.sleep(3_000);
      server.pause();
      run = running.get(60, TimeUnit.SECONDS);
    } finally {
      server.resume();
    }
    long elapsedMillis = (System.nanoTime() - start) / 1_000_000;

    assertThat(run.exitCode()).as(run.toString()).isEqualTo(1);
    assertThat(run.errLines()).as(run.toString()).filteredOn(l -> l.startsWith("Error: "))
        .singleElement().asString().startsWith("Error: incomplete: 2 operations abandoned: 2 client threads were "
            + "still inside the binding 1000 ms (stop.timeout) after the stop");
    // 5 s of run after connecting, 1 s for the stuck operations, 1 s for the binding's close; the 60 s
    // socket timeout never came into it
    assertThat(elapsedMillis).as(run.toString()).isLessThan(5_000 + 1_000 + 1_000 + 6_000);
  }
}
