package dev.ycsbdriver.agent;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ycsbdriver.testing.Burner;
import dev.ycsbdriver.testing.HalfOpenFlood;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The agent's HTTP protocol, served in-process on an ephemeral loopback port. */
class AgentServerTest {
  private static final String BURNER = "ycsbagentburn";
  private static final ObjectMapper JSON = new ObjectMapper();
  private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
  private Burner burner;
  private AgentServer agent;

  @AfterEach
  void stop() {
    if (burner != null) {
      burner.close();
    }
    if (agent != null) {
      agent.close();
    }
  }

  private AgentServer start(String token) throws IOException {
    agent = AgentServer.start(new InetSocketAddress(AgentServer.DEFAULT_BIND, 0), token);
    return agent;
  }

  private HttpResponse<String> get(String pathAndQuery, String authorization) throws Exception {
    HttpRequest.Builder r = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + agent.address().getPort()
        + pathAndQuery)).timeout(Duration.ofSeconds(10));
    if (authorization != null) {
      r.header("Authorization", authorization);
    }
    return http.send(r.build(), HttpResponse.BodyHandlers.ofString());
  }

  @Test
  void cpuOfANamedProcessGrowsWhileItBurns() throws Exception {
    burner = new Burner(BURNER);
    Process p = burner.start();
    start(null);

    JsonNode first = JSON.readTree(get("/cpu?process=" + BURNER, null).body());
    long jdkBefore = jdkCpuMillis(p);
    Thread.sleep(1_000);
    HttpResponse<String> response = get("/cpu?process=" + BURNER, null);
    long jdkUsed = jdkCpuMillis(p) - jdkBefore;
    JsonNode second = JSON.readTree(response.body());

    assertThat(response.statusCode()).isEqualTo(200);
    assertThat(response.headers().firstValue("content-type")).hasValue("application/json");
    assertThat(second.path("processNames")).hasSize(1);
    assertThat(second.path("processNames").get(0).asText()).isEqualTo(BURNER);
    assertThat(second.path("pids").asInt()).isEqualTo(1);
    assertThat(second.path("logicalCores").asInt()).isEqualTo(Runtime.getRuntime().availableProcessors());
    long grownMillis = second.path("processCpuMillis").asLong() - first.path("processCpuMillis").asLong();
    assertThat(jdkUsed).as("the burner got CPU at all").isGreaterThan(100);
    // OSHI and the JDK read the same /proc counters at slightly different instants (10 ms ticks)
    assertThat(grownMillis).isBetween(jdkUsed / 2, jdkUsed + 200);
    assertThat(second.path("timestampMillis").asLong() - first.path("timestampMillis").asLong()).isBetween(900L, 5_000L);
    assertThat(second.path("machineBusyTicks").asLong()).isGreaterThan(first.path("machineBusyTicks").asLong());
    // total covers busy; equal when other load kept every core busy for the whole second
    assertThat(second.path("machineTotalTicks").asLong() - first.path("machineTotalTicks").asLong())
        .isGreaterThanOrEqualTo(second.path("machineBusyTicks").asLong() - first.path("machineBusyTicks").asLong());
  }

  @Test
  void aProcessThatEndsKeepsItsTimeInTheSum() throws Exception {
    burner = new Burner(BURNER);
    Process p = burner.start();
    start(null);
    get("/cpu?process=" + BURNER, null);
    Thread.sleep(400);
    long seen = JSON.readTree(get("/cpu?process=" + BURNER, null).body()).path("processCpuMillis").asLong();
    p.destroyForcibly().waitFor();

    JsonNode after = JSON.readTree(get("/cpu?process=" + BURNER, null).body());

    assertThat(seen).isGreaterThan(50);
    assertThat(after.path("pids").asInt()).isZero();
    assertThat(after.path("processCpuMillis").asLong()).isGreaterThanOrEqualTo(seen);
  }

  @Test
  void withATokenOnlyRequestsCarryingItAreServed() throws Exception {
    start("s3cret-Token");

    HttpResponse<String> none = get("/cpu?process=init", null);
    HttpResponse<String> wrong = get("/cpu?process=init", "Bearer s3cret-Tokem");
    HttpResponse<String> right = get("/cpu?process=init", "Bearer s3cret-Token");

    assertThat(none.statusCode()).isEqualTo(401);
    assertThat(none.headers().firstValue("www-authenticate")).hasValue("Bearer");
    assertThat(wrong.statusCode()).isEqualTo(401);
    assertThat(wrong.body()).doesNotContain("s3cret");
    assertThat(right.statusCode()).isEqualTo(200);
    assertThat(JSON.readTree(right.body()).has("processCpuMillis")).isTrue();
    // unknown paths are not revealed to a caller without the token
    assertThat(get("/nope", null).statusCode()).isEqualTo(401);
  }

  @Test
  void unknownPathIs404AndBadQueryIs400WithOneLineOfJson() throws Exception {
    start(null);

    HttpResponse<String> notFound = get("/metrics", null);
    HttpResponse<String> unknownParam = get("/cpu?proces=postgres", null);
    HttpResponse<String> emptyName = get("/cpu?process=", null);
    HttpResponse<String> emptyInList = get("/cpu?process=postgres,,mysqld", null);

    assertThat(notFound.statusCode()).isEqualTo(404);
    assertThat(unknownParam.statusCode()).isEqualTo(400);
    assertThat(emptyName.statusCode()).isEqualTo(400);
    assertThat(emptyInList.statusCode()).isEqualTo(400);
    assertThat(JSON.readTree(unknownParam.body()).path("error").asText())
        .isEqualTo("proces: unknown query parameter; the only one is process");
    for (HttpResponse<String> r : List.of(notFound, unknownParam, emptyName, emptyInList)) {
      assertThat(r.body().strip()).doesNotContain("\n").startsWith("{\"error\":\"");
    }
  }

  @Test
  void machineOnlyReadingWithoutProcessNames() throws Exception {
    start(null);

    JsonNode reading = JSON.readTree(get("/cpu", null).body());

    assertThat(reading.path("processNames")).isEmpty();
    assertThat(reading.path("pids").asInt()).isZero();
    assertThat(reading.path("machineTotalTicks").asLong()).isPositive();
  }

  @Test
  void listensOnLoopbackOnlyByDefault() throws Exception {
    start(null);
    assertThat(agent.address().getAddress().isLoopbackAddress()).isTrue();
    Optional<InetAddress> external = Collections.list(NetworkInterface.getNetworkInterfaces()).stream()
        .flatMap(i -> Collections.list(i.getInetAddresses()).stream())
        .filter(a -> !a.isLoopbackAddress() && a instanceof java.net.Inet4Address)
        .findFirst();
    if (external.isPresent()) {
      try (Socket s = new Socket()) {
        org.assertj.core.api.Assertions.assertThatThrownBy(
            () -> s.connect(new InetSocketAddress(external.get(), agent.address().getPort()), 2_000))
            .isInstanceOf(IOException.class);
      }
    }
  }

  @Test
  void aPortInUseIsOneLine() throws Exception {
    start(null);
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> AgentServer.start(agent.address(), null))
        .isInstanceOf(IOException.class)
        .hasMessage("cannot listen on 127.0.0.1:" + agent.address().getPort() + " (address already in use)");
  }

  @Test
  void authorizationHeaderNameAndBearerSchemeAreMatchedInAnyCase() throws Exception {
    start("s3cret-Token");

    String lower = rawGet("authorization: bearer s3cret-Token");
    String upper = rawGet("AUTHORIZATION: BEARER   s3cret-Token");
    String tokenCase = rawGet("Authorization: Bearer S3CRET-TOKEN");
    String otherScheme = rawGet("Authorization: Basic s3cret-Token");

    assertThat(lower).startsWith("HTTP/1.1 200 ");
    assertThat(upper).startsWith("HTTP/1.1 200 ");
    assertThat(tokenCase).as("the token itself is case-sensitive").startsWith("HTTP/1.1 401 ");
    assertThat(otherScheme).startsWith("HTTP/1.1 401 ");
  }

  @Test
  void bearerTokenIsWhatFollowsTheSchemeInAnyCase() {
    assertThat(AgentHandler.bearerToken("bearer abc")).isEqualTo("abc");
    assertThat(AgentHandler.bearerToken("BeArEr  abc ")).isEqualTo("abc");
    assertThat(AgentHandler.bearerToken("Bearerabc")).isNull();
    assertThat(AgentHandler.bearerToken("Basic abc")).isNull();
    assertThat(AgentHandler.bearerToken(null)).isNull();
  }

  @Test
  void floodOfHalfOpenConnectionsLeavesTheAgentAnsweringWithinASecondOnceItStops() throws Exception {
    List<String> warnings = new CopyOnWriteArrayList<>();
    agent = AgentServer.start(new InetSocketAddress(AgentServer.DEFAULT_BIND, 0), null,
        AgentServer.limits(AgentServer.DEFAULT_IDLE_TIMEOUT, 64), warnings::add);

    int stillOpen;
    try (HalfOpenFlood flood = HalfOpenFlood.open(agent.address().getPort(), 3_000, "GET /cpu HTTP/1.1")) {
      // a connection still in the accept queue looks open until the agent takes it and resets it
      stillOpen = flood.stillOpenOnceAtMost(64, Duration.ofSeconds(5));
    }
    long startNanos = System.nanoTime();
    HttpResponse<String> after = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:"
        + agent.address().getPort() + "/cpu")).timeout(Duration.ofSeconds(1)).build(), HttpResponse.BodyHandlers.ofString());
    long tookMillis = (System.nanoTime() - startNanos) / 1_000_000;

    assertThat(stillOpen).as("connections the agent kept of 3000").isEqualTo(64);
    assertThat(warnings).hasSize(1);
    assertThat(after.statusCode()).isEqualTo(200);
    assertThat(tookMillis).isLessThan(1_000);
  }

  /** @return the whole response to {@code GET /cpu} with one header line given verbatim, and no keep-alive */
  private String rawGet(String headerLine) throws IOException {
    try (Socket s = new Socket("127.0.0.1", agent.address().getPort())) {
      s.setSoTimeout(10_000);
      s.getOutputStream().write(("GET /cpu HTTP/1.1\r\nHost: x\r\nConnection: close\r\n" + headerLine + "\r\n\r\n")
          .getBytes(StandardCharsets.US_ASCII));
      return new String(s.getInputStream().readAllBytes(), StandardCharsets.US_ASCII);
    }
  }

  private static long jdkCpuMillis(Process p) {
    return p.toHandle().info().totalCpuDuration().orElseThrow().toMillis();
  }
}
