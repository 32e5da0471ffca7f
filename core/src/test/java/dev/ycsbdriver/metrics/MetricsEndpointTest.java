package dev.ycsbdriver.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ycsbdriver.testing.CliRun;
import dev.ycsbdriver.testing.HalfOpenFlood;
import dev.ycsbdriver.testing.Resources;
import java.io.IOException;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code -p status.port}: the live Prometheus endpoint of a running phase, end to end through the CLI. */
class MetricsEndpointTest {
  private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
      .connectTimeout(Duration.ofSeconds(2)).build();

  @TempDir
  Path results;

  private List<String> runArgs(int port, String... more) {
    List<String> args = new java.util.ArrayList<>(List.of("run", "-db", "dev.ycsbdriver.testing.SlowDb",
        "-P", Resources.path("/golden/workloads/workloadc").toString(), "-threads", "2",
        "-p", "result.dir=" + results, "-p", "status.port=" + port));
    args.addAll(List.of(more));
    return args;
  }

  @Test
  void servesLiveCountersLatencyAndCpuWhileTheRunGoesAndStopsWithIt() throws Exception {
    int port = freePort();
    CompletableFuture<CliRun> running = CompletableFuture.supplyAsync(() -> CliRun.of(runArgs(port,
        "-target", "2000", "-p", "operationcount=0", "-p", "maxexecutiontime=5", "-p", "status.interval=1")));

    HttpResponse<String> first = awaitScrape(port, running,
        text -> text.contains("ycsb_latency_seconds{operation=\"READ\"") && text.contains("ycsb_cpu_percent"));
    // counters are refreshed every second
    Thread.sleep(1_100);
    HttpResponse<String> second = get(port, "/metrics");
    HttpResponse<String> other = get(port, "/other");
    CliRun run = running.get(30, TimeUnit.SECONDS);

    assertThat(run.exitCode()).as(run.toString()).isZero();
    assertThat(run.errLines()).contains("ycsb: metrics on http://127.0.0.1:" + port + "/metrics");
    assertThat(first.statusCode()).isEqualTo(200);
    assertThat(first.headers().firstValue("Content-Type")).contains("text/plain; version=0.0.4; charset=utf-8");
    ExpositionText a = ExpositionText.parse(first.body());
    ExpositionText b = ExpositionText.parse(second.body());

    double readsBefore = a.value("ycsb_operations_total", "operation", "READ", "status", "OK").orElseThrow();
    double readsAfter = b.value("ycsb_operations_total", "operation", "READ", "status", "OK").orElseThrow();
    assertThat(readsBefore).isPositive();
    assertThat(readsAfter).isGreaterThan(readsBefore);
    assertThat(b.value("ycsb_run_elapsed_seconds").orElseThrow())
        .isGreaterThan(a.value("ycsb_run_elapsed_seconds").orElseThrow());
    for (String latency : List.of("service", "intended")) {
      for (String q : List.of("0.5", "0.95", "0.99", "0.999")) {
        assertThat(a.value("ycsb_latency_seconds", "operation", "READ", "latency", latency, "quantile", q))
            .as(latency + " " + q).hasValueSatisfying(v -> assertThat(v).isPositive().isLessThan(1.0));
      }
    }
    assertThat(a.value("ycsb_throughput_current_ops_per_second")).hasValueSatisfying(v -> assertThat(v).isPositive());
    assertThat(a.value("ycsb_throughput_overall_ops_per_second")).hasValueSatisfying(v -> assertThat(v).isPositive());
    assertThat(a.value("ycsb_run_info", "binding", "SlowDb", "workload", "workloadc", "phase", "run",
        "threads", "2")).contains(1.0);
    assertThat(a.value("ycsb_cpu_percent", "subject", "driver")).hasValueSatisfying(v -> assertThat(v).isPositive());
    assertThat(a.value("ycsb_cpu_percent", "subject", "machine")).isPresent();
    // SlowDb names no server process: not measured, so not shown (never 0)
    assertThat(a.value("ycsb_cpu_percent", "subject", "server")).isEmpty();
    // the run has a target: the schedule lag is served (a no-op store keeps up, so it is small)
    assertThat(a.value("ycsb_schedule_lag_seconds")).hasValueSatisfying(v -> assertThat(v).isBetween(0.0, 1.0));
    assertThat(a.families().get("ycsb_operations_total").type()).isEqualTo("counter");
    assertThat(a.families().values()).allSatisfy(f -> assertThat(f.help()).isNotBlank());

    assertThat(other.statusCode()).isEqualTo(404);
    assertThatThrownBy(() -> get(port, "/metrics")).as("the endpoint ends with the run")
        .isInstanceOf(ConnectException.class);
  }

  @Test
  void floodOfHalfOpenConnectionsCostsTheRunOneLineAndTheEndpointAnswersWithinASecondAfter() throws Exception {
    int port = freePort();
    CompletableFuture<CliRun> running = CompletableFuture.supplyAsync(() -> CliRun.of(runArgs(port,
        "-target", "500", "-p", "operationcount=0", "-p", "maxexecutiontime=6", "-p", "status.max_connections=20")));
    awaitScrape(port, running, text -> text.contains("ycsb_operations_total"));

    int stillOpen;
    try (HalfOpenFlood flood = HalfOpenFlood.open(port, 2_000, "GET /metrics HTTP/1.1")) {
      stillOpen = flood.stillOpenOnceAtMost(20, Duration.ofSeconds(5));
    }
    long startNanos = System.nanoTime();
    HttpResponse<String> after = HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/metrics"))
        .timeout(Duration.ofSeconds(1)).build(), HttpResponse.BodyHandlers.ofString());
    long tookMillis = (System.nanoTime() - startNanos) / 1_000_000;
    CliRun run = running.get(30, TimeUnit.SECONDS);

    assertThat(stillOpen).as("connections the endpoint kept of 2000").isBetween(1, 20);
    assertThat(after.statusCode()).isEqualTo(200);
    assertThat(tookMillis).isLessThan(1_000);
    assertThat(run.exitCode()).as(run.toString()).isZero();
    assertThat(run.errLines().stream().filter(l -> l.contains("connections")).toList()).as(run.toString())
        .containsExactly("Warning: status.port: 20 connections open at once; further ones are reset until some close "
            + "(idle ones close after 30000 ms); status.max_connections=20");
    assertThat(run.err()).doesNotContain("Exception", "\tat ");
  }

  @Test
  void endpointIsClosedWhenTheStoreCannotBeReached() throws IOException {
    int port = freePort();
    List<String> args = new java.util.ArrayList<>(runArgs(port, "-p", "operationcount=100"));
    args.set(args.indexOf("dev.ycsbdriver.testing.SlowDb"), "dev.ycsbdriver.testing.FailingInitDb");
    CliRun run = CliRun.of(args.toArray(String[]::new));
    assertThat(run.exitCode()).as(run.toString()).isEqualTo(3);
    assertThat(run.errLines()).contains("ycsb: metrics on http://127.0.0.1:" + port + "/metrics");
    assertThatThrownBy(() -> get(port, "/metrics")).isInstanceOf(ConnectException.class);
  }

  @Test
  void portInUseEndsTheCommandWithExitTwoBeforeTheRunStarts() throws IOException {
    try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      CliRun run = CliRun.of(runArgs(taken.getLocalPort(), "-p", "operationcount=100"));
      assertThat(run.exitCode()).as(run.toString()).isEqualTo(2);
      List<String> errors = run.errLines().stream().filter(l -> l.startsWith("ycsb: ")).toList();
      assertThat(errors).containsExactly("ycsb: status.port: cannot listen on 127.0.0.1:" + taken.getLocalPort()
          + " (Address already in use); choose another port, or 0 to turn the metrics endpoint off");
      assertThat(run.err()).doesNotContain("Loading workload", "Starting test.");
      assertThat(run.out()).isEmpty();
    }
  }

  @Test
  void portOutsideOneTo65535OrNotANumberIsAConfigurationError() {
    for (String bad : List.of("70000", "-1", "http")) {
      CliRun run = CliRun.of(runArgs(0, "-p", "status.port=" + bad));
      assertThat(run.exitCode()).as(run.toString()).isEqualTo(2);
      assertThat(run.err()).contains("ycsb: status.port: must be").contains(bad);
    }
  }

  @Test
  void unknownBindAddressIsAConfigurationError() throws IOException {
    CliRun run = CliRun.of(runArgs(freePort(), "-p", "status.bind=no-such-host.invalid"));
    assertThat(run.exitCode()).as(run.toString()).isEqualTo(2);
    assertThat(run.err()).contains("ycsb: status.bind: must be a local address or host name, got 'no-such-host.invalid'");
  }

  private static HttpResponse<String> awaitScrape(int port, CompletableFuture<CliRun> running,
      java.util.function.Predicate<String> ready) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(15);
    String last = "(no answer)";
    while (System.nanoTime() < deadline && !running.isDone()) {
      try {
        HttpResponse<String> r = get(port, "/metrics");
        if (ready.test(r.body())) {
          return r;
        }
        last = r.body();
      } catch (ConnectException notYet) {
        // the server starts after the configuration is read
      }
      Thread.sleep(100);
    }
    throw new AssertionError("no complete scrape while the run went; last:\n" + last
        + (running.isDone() ? "\n" + running.get() : ""));
  }

  private static HttpResponse<String> get(int port, String path) throws IOException, InterruptedException {
    return HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
        .timeout(Duration.ofSeconds(5)).GET().build(), HttpResponse.BodyHandlers.ofString());
  }

  private static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    }
  }
}
