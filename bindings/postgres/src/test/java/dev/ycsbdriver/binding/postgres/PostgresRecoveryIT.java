package dev.ycsbdriver.binding.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ycsbdriver.testing.CliRun;
import dev.ycsbdriver.testing.PrivatePostgres;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Faults of the server during a run, against a PostgreSQL cluster the test starts itself on a spare port
 * ({@link PrivatePostgres}): crashed with SIGKILL and restarted, or paused with SIGSTOP. The run must
 * recover, must not storm, must not hang, and its figures must say what happened.
 */
class PostgresRecoveryIT {
  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void aServerKilledAndRestartedMidRunIsUsedAgainAndItsOutageIsReportedNotCountedAsSpeed() throws Exception {
    try (PrivatePostgres pg = PrivatePostgres.start()) {
      List<String> common = common(pg, pg.url(), "killed");
      load(common);

      CompletableFuture<CliRun> running = CompletableFuture.supplyAsync(() -> cli(common,
          "run", "postgres", "-threads", "8", "-p", "maxexecutiontime=12", "-p", "operationcount=100000000"));
      Thread.sleep(3000);
      pg.kill9();
      Thread.sleep(3000);
      pg.restart();
      CliRun run = running.get(60, TimeUnit.SECONDS);

      assertThat(run.exitCode()).as(run.toString()).isZero();
      JsonNode result = JSON.readTree(run.resultFile().toFile());
      JsonNode outages = result.get("connectionOutages");
      assertThat(outages).as(run.toString()).hasSize(1);
      JsonNode outage = outages.get(0);
      assertThat(outage.get("threads").asInt()).isEqualTo(8);
      assertThat(outage.get("restoredTime").isNull()).as("restored before the end").isFalse();
      // down for 3 s, plus crash recovery, plus at most one 2 s backoff
      assertThat(outage.get("durationMillis").asLong()).isBetween(2500L, 9000L);

      Instant start = Instant.parse(result.get("startTime").asText());
      long restoredMillis = Duration.between(start, Instant.parse(outage.get("restoredTime").asText())).toMillis();
      assertThat(okOperationsAfter(result, restoredMillis + 1000)).as("OK operations after the restart").isPositive();

      long failed = 0;
      for (JsonNode op : result.get("operations")) {
        failed += op.path("statusCounts").path("ERROR").asLong();
      }
      double outageSeconds = outage.get("durationMillis").asLong() / 1000.0;
      assertThat(failed).as("failed operations").isPositive();
      // with backoff from 100 ms each of 8 threads fails a few times a second at most, not 550,000/s
      assertThat(failed / outageSeconds).as("failed operations per second of outage").isLessThan(200);

      assertThat(result.get("throughputOkOpsPerSec").asDouble()).isPositive()
          .isLessThan(result.get("throughputOpsPerSec").asDouble());
      assertThat(result.get("operationsOk").asLong()).isLessThanOrEqualTo(result.get("operationsTotal").asLong() - failed);

      List<String> printed = run.errLines().stream().filter(l -> l.contains("further errors of this kind")).toList();
      assertThat(result.get("errors")).isNotEmpty();
      assertThat(printed).as("each kind printed once").hasSize(result.get("errors").size());
      long counted = 0;
      for (JsonNode kind : result.get("errors")) {
        counted += kind.get("count").asLong();
        String head = "postgres: " + kind.get("operation").asText() + " failed (" + kind.get("cause").asText() + ")";
        assertThat(printed).filteredOn(l -> l.startsWith(head)).hasSize(1);
      }
      assertThat(counted).isGreaterThanOrEqualTo(failed);
      assertThat(result.get("errors").findValuesAsText("cause")).anyMatch(c -> c.startsWith("SQLState 08"));
      assertThat(run.errLines()).filteredOn(l -> l.startsWith("postgres: connection lost at ")).hasSize(1);
      assertThat(run.errLines()).filteredOn(l -> l.startsWith("postgres: connection restored at ")).hasSize(1);
      assertThat(run.out()).contains("[OVERALL], Throughput(ops/sec), ", "[OK], Throughput(ops/sec), ",
          "[CONNECTION], Outages, 1");
      List<String> warnings = new ArrayList<>();
      result.get("warnings").forEach(w -> warnings.add(w.path("text").asText()));
      assertThat(warnings).anyMatch(w -> w.startsWith("the connection was lost from "));
      assertThat(warnings).noneMatch(w -> w.startsWith("the machine's CPU was saturated") && !w.contains("error storm")
          && failedShare(result) >= 0.10);
    }
  }

  @Test
  void aPausedServerDoesNotHangTheRunAndItsFiguresSaySo() throws Exception {
    try (PrivatePostgres pg = PrivatePostgres.start()) {
      // the socket timeout makes a statement to the paused server fail after 3 s (the faults branch adds a key)
      List<String> common = common(pg, pg.url() + "?socketTimeout=3", "paused");
      load(common);

      long began = System.nanoTime();
      CompletableFuture<CliRun> running = CompletableFuture.supplyAsync(() -> cli(common,
          "run", "postgres", "-threads", "4", "-p", "maxexecutiontime=10", "-p", "operationcount=100000000"));
      Thread.sleep(2500);
      pg.pause();
      try {
        Thread.sleep(5000);
      } finally {
        pg.resume();
      }
      CliRun run = running.get(60, TimeUnit.SECONDS);
      double seconds = (System.nanoTime() - began) / 1e9;

      assertThat(seconds).as("maxexecutiontime 10 s + stop.timeout 5 s + slack").isLessThan(10 + 5 + 5);
      assertThat(run.exitCode()).as(run.toString()).isZero();
      JsonNode result = JSON.readTree(run.resultFile().toFile());
      assertThat(result.get("errors")).as(run.toString()).isNotEmpty();
      assertThat(result.get("connectionOutages")).isNotEmpty();
      JsonNode outage = result.get("connectionOutages").get(0);
      assertThat(outage.get("restoredTime").isNull()).as("restored after SIGCONT").isFalse();
      assertThat(result.get("throughputOkOpsPerSec").asDouble()).isPositive()
          .isLessThan(result.get("throughputOpsPerSec").asDouble());
      Instant start = Instant.parse(result.get("startTime").asText());
      long restoredMillis = Duration.between(start, Instant.parse(outage.get("restoredTime").asText())).toMillis();
      assertThat(okOperationsAfter(result, restoredMillis + 500)).as("OK operations after SIGCONT").isPositive();
    }
  }

  private static List<String> common(PrivatePostgres pg, String url, String name) {
    return List.of("-P", Path.of(System.getProperty("ycsb.home"), "workloads", "workloada").toString(),
        "-p", "postgres.url=" + url, "-p", "postgres.user=" + pg.user(), "-p", "recordcount=1000",
        "-p", "failonerror=false", "-p", "result.dir=" + Path.of("target", "it-results", "recovery-" + name));
  }

  private static void load(List<String> common) {
    CliRun load = cli(common, "load", "postgres", "-threads", "4", "-p", "createtable=true");
    assertThat(load.exitCode()).as(load.toString()).isZero();
  }

  /** Runs {@code command} followed by the common options. */
  private static CliRun cli(List<String> common, String... command) {
    return CliRun.of(List.of(command), common.toArray(String[]::new));
  }

  /** @return operations that returned OK (READ and UPDATE latency counts) in intervals ending after {@code millis} */
  private static long okOperationsAfter(JsonNode result, long millis) {
    long n = 0;
    for (JsonNode point : result.get("timeSeries")) {
      if (point.get("elapsedMillis").asLong() > millis) {
        n += point.path("latency").path("READ").path("count").asLong();
        n += point.path("latency").path("UPDATE").path("count").asLong();
      }
    }
    return n;
  }

  private static double failedShare(JsonNode result) {
    double total = result.get("operationsTotal").asDouble();
    return total == 0 ? 0 : 1 - result.get("operationsOk").asDouble() / total;
  }
}
