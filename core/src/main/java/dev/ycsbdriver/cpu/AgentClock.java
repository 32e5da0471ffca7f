package dev.ycsbdriver.cpu;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ycsbdriver.config.ConfigException;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.channels.UnresolvedAddressException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;

/**
 * Reads a remote server's CPU counters from {@code bin/ycsb agent} ({@code cpu.server.agent}), one
 * {@code GET /cpu} per reading, with a short timeout ({@code cpu.server.agent.timeout}) so that a slow
 * agent delays a sample by at most that.
 *
 * <p>Thread-safe, though the sampler reads it from its one thread.
 */
final class AgentClock {
  private static final ObjectMapper JSON = new ObjectMapper()
      .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

  private final String hostPort;
  private final URI uri;
  private final String token;
  private final HttpClient http;
  /** Longest wait for a connection and again for an answer. */
  private final Duration timeout;

  private AgentClock(String hostPort, URI uri, String token, Duration timeout) {
    this.hostPort = hostPort;
    this.uri = uri;
    this.token = token;
    this.timeout = timeout;
    this.http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(timeout).build();
  }

  /**
   * @param hostPort the value of {@code cpu.server.agent}: {@code host:port}, an IPv6 host in brackets
   * @param token the bearer token, or {@code null}
   * @param processNames the server's process names, at least one
   * @param timeout longest wait for the connection and again for the answer ({@code cpu.server.agent.timeout})
   * @return a clock for that agent; nothing is contacted yet
   * @throws ConfigException if {@code hostPort} is not a host and a port from 1 to 65535
   */
  static AgentClock of(String hostPort, String token, List<String> processNames, Duration timeout)
      throws ConfigException {
    int colon = hostPort.lastIndexOf(':');
    String host = colon > 0 ? hostPort.substring(0, colon) : "";
    int port = -1;
    try {
      port = Integer.parseInt(hostPort.substring(colon + 1));
    } catch (NumberFormatException e) {
      // reported below
    }
    if (host.isEmpty() || port < 1 || port > 65535 || host.contains("/") || host.contains("@")
        || (host.contains(":") && !host.startsWith("["))) {
      throw new ConfigException(CpuConfig.SERVER_AGENT.key() + ": must be host:port with a port from 1 to 65535"
          + " (an IPv6 address in brackets), got '" + hostPort + "'");
    }
    if (token != null && !token.isEmpty() && !CpuConfig.isValidAgentToken(token)) {
      // the value is a secret: say what is wrong with it, never what it is
      throw new ConfigException(CpuConfig.SERVER_AGENT_TOKEN.key()
          + ": must be printable characters without spaces, as the agent's token is");
    }
    String query = URLEncoder.encode(String.join(",", processNames), StandardCharsets.UTF_8);
    URI uri;
    try {
      uri = new URI("http://" + host + ":" + port + "/cpu?process=" + query);
    } catch (java.net.URISyntaxException e) {
      throw new ConfigException(CpuConfig.SERVER_AGENT.key() + ": must be host:port, got '" + hostPort + "' ("
          + e.getReason() + ")");
    }
    return new AgentClock(hostPort, uri, token == null || token.isEmpty() ? null : token, timeout);
  }

  /** @return the agent's address as configured, {@code host:port} */
  String hostPort() {
    return hostPort;
  }

  /**
   * @return the agent's counters now
   * @throws IOException if there is no good answer, with a short lower-case reason such as
   *     {@code connection refused} or {@code no answer within 1000 ms}
   */
  AgentReading read() throws IOException {
    HttpRequest.Builder request = HttpRequest.newBuilder(uri).timeout(timeout).GET();
    if (token != null) {
      request.header("Authorization", "Bearer " + token);
    }
    HttpResponse<byte[]> response;
    try {
      response = http.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
    } catch (HttpConnectTimeoutException e) {
      throw new IOException("no connection within " + timeout.toMillis() + " ms", e);
    } catch (HttpTimeoutException e) {
      throw new IOException("no answer within " + timeout.toMillis() + " ms", e);
    } catch (ConnectException e) {
      throw new IOException(e.getCause() instanceof UnresolvedAddressException ? "unknown host" : "connection refused", e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted", e);
    } catch (IOException e) {
      throw new IOException(e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage(), e);
    }
    if (response.statusCode() == 401) {
      throw new IOException(token == null ? "the agent requires a token; set " + CpuConfig.SERVER_AGENT_TOKEN.key()
          : "the agent refused the token in " + CpuConfig.SERVER_AGENT_TOKEN.key());
    }
    if (response.statusCode() != 200) {
      throw new IOException("HTTP " + response.statusCode() + errorOf(response.body()));
    }
    try {
      return JSON.readValue(response.body(), AgentReading.class);
    } catch (IOException e) {
      throw new IOException("the answer is not a CPU reading; is " + hostPort + " a ycsb agent?", e);
    }
  }

  private static String errorOf(byte[] body) {
    try {
      JsonNode error = JSON.readTree(body).path("error");
      return error.isTextual() ? ": " + error.asText() : "";
    } catch (IOException e) {
      return "";
    }
  }
}
