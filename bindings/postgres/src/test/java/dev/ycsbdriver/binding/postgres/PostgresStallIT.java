package dev.ycsbdriver.binding.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ycsbdriver.testing.CliRun;
import dev.ycsbdriver.testing.StallCheck;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Coordinated omission against a real server: PostgreSQL's backends serving the driver are paused with
 * SIGSTOP for one second in the middle of a run at a fixed target, then resumed with SIGCONT (always, also
 * when the test fails). The operations due during the pause must carry it in their intended latency while
 * service time stays small. Needs permission to signal the server's processes (root, or the postgres user).
 */
class PostgresStallIT {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final long STALL_MILLIS = 1000;
  private static final String TABLE = "usertable_stall";
  /** Tells this test's connections apart from any other client of the same server. */
  private static final String APPLICATION = "ycsb-stall-it";

  @Test
  void aServerPausedForOneSecondShowsInIntendedLatencyNotInServiceTime() throws Exception {
    Path results = Path.of("target", "it-results", "stall");
    String workload = Path.of(System.getProperty("ycsb.home"), "workloads", "workloadc").toString();
    List<String> common = List.of("-P", workload, "-p", "postgres.url=" + PostgresIT.URL + "?ApplicationName=" + APPLICATION,
        "-p", "postgres.user=" + PostgresIT.USER, "-p", "postgres.password=" + PostgresIT.PASSWORD,
        "-p", "table=" + TABLE, "-p", "recordcount=1000", "-p", "result.dir=" + results);
    CliRun load = CliRun.of(concat(List.of("load", "postgres", "-threads", "4", "-p", "droptable=true",
        "-p", "createtable=true"), common).toArray(String[]::new));
    assertThat(load.exitCode()).as(load.toString()).isZero();

    // 2 threads at 500 ops/s for 6 s: about 500 reads are due during the pause, and only the 2 in flight
    // when it began (0.07% of 3000) are slow to serve
    CompletableFuture<CliRun> running = CompletableFuture.supplyAsync(() -> CliRun.of(
        concat(List.of("run", "postgres", "-threads", "2", "-target", "500", "-p", "operationcount=3000",
            "-p", "measurement.interval=both"), common).toArray(String[]::new)));
    List<Long> backends = new ArrayList<>();
    try (Connection admin = DriverManager.getConnection(PostgresIT.URL, PostgresIT.USER, PostgresIT.PASSWORD)) {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
      while (backends.size() < 2 && System.nanoTime() < deadline && !running.isDone()) {
        backends = driverBackends(admin);
        Thread.sleep(50);
      }
      assertThat(backends).as("the driver's connections in pg_stat_activity").hasSizeGreaterThanOrEqualTo(2);
      // well inside the measured 6 s, after the connections are up and the JIT has settled; listed again
      // now, because the first listing may have seen the binding's own connection and only one client thread
      Thread.sleep(2000);
      backends = driverBackends(admin);
      assertThat(backends).as("the driver's connections in pg_stat_activity").hasSizeGreaterThanOrEqualTo(2);
      signal("STOP", backends);
      try {
        Thread.sleep(STALL_MILLIS);
      } finally {
        signal("CONT", backends);
      }
    } finally {
      signal("CONT", backends);
    }
    CliRun run = running.get(60, TimeUnit.SECONDS);
    assertThat(run.exitCode()).as(run.toString()).isZero();
    JsonNode result = JSON.readTree(run.resultFile().toFile());
    JsonNode read = result.get("operations").get(0);
    assertThat(read.get("name").asText()).isEqualTo("READ");
    assertThat(read.at("/serviceTime/count").asLong()).isEqualTo(3000);

    StallCheck.assertStallShows(read.get("intendedLatency"), STALL_MILLIS * 1000);
    assertThatThrownBy(() -> StallCheck.assertStallShows(read.get("serviceTime"), STALL_MILLIS * 1000))
        .isInstanceOf(AssertionError.class);
    assertThat(read.at("/serviceTime/p99Micros").asLong()).isLessThan(200_000);
    assertThat(result.at("/schedule/maxLagMillis").asDouble()).isGreaterThanOrEqualTo(0.8 * STALL_MILLIS);
  }

  private static List<Long> driverBackends(Connection admin) throws Exception {
    List<Long> pids = new ArrayList<>();
    try (Statement s = admin.createStatement();
         ResultSet rs = s.executeQuery("SELECT pid FROM pg_stat_activity WHERE application_name = '" + APPLICATION
             + "' AND pid <> pg_backend_pid()")) {
      while (rs.next()) {
        pids.add(rs.getLong(1));
      }
    }
    return pids;
  }

  private static void signal(String name, List<Long> pids) throws Exception {
    if (pids.isEmpty()) {
      return;
    }
    List<String> command = new ArrayList<>(List.of("kill", "-" + name));
    pids.forEach(p -> command.add(Long.toString(p)));
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    String output = new String(p.getInputStream().readAllBytes());
    assertThat(p.waitFor(10, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).as("kill -%s %s: %s; signalling PostgreSQL's backends needs root or the postgres "
        + "user", name, pids, output.trim()).isZero();
  }

  private static List<String> concat(List<String> a, List<String> b) {
    List<String> all = new ArrayList<>(a);
    all.addAll(b);
    return all;
  }
}
