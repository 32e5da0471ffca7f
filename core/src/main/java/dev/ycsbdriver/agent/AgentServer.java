package dev.ycsbdriver.agent;

import dev.ycsbdriver.http.HttpEndpoint;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.function.Consumer;

/**
 * The HTTP server of {@code bin/ycsb agent}: serves {@code GET /cpu?process=<name>[,<name>...]} with the
 * host's cumulative CPU counters as JSON ({@link dev.ycsbdriver.cpu.AgentReading}).
 *
 * <p>Answers: 200 with the reading; 401 when a token is set and the request lacks
 * {@code Authorization: Bearer <token>} (header name and scheme in any case, RFC 9110); 404 for any other path; 405 for a method other than GET; 400
 * for an unknown query parameter or an empty or overlong process name. Every error body is one line of
 * JSON, {@code {"error":"..."}}. Nothing is logged, the token least of all.
 *
 * <p>Usage:
 * <pre>{@code
 * try (AgentServer agent = AgentServer.start(new InetSocketAddress("127.0.0.1", 0), null)) {
 *   int port = agent.address().getPort();
 *   ...
 * }
 * }</pre>
 *
 * <p>One event-loop thread ({@link HttpEndpoint}) serves every connection, so readings are serialised; a reading scans the
 * host's processes (tens of milliseconds), which a few drivers polling once a second never notice. A connection
 * that sends nothing for {@link #DEFAULT_IDLE_TIMEOUT} is closed, and beyond {@link #DEFAULT_MAX_CONNECTIONS} open
 * at once a new one is reset (both settable, see {@link HttpEndpoint.Limits}), so a flood of half-open
 * connections cannot exhaust the agent's file descriptors, and it answers again as soon as the flood stops.
 * Thread-safe; {@link #close()} is idempotent.
 */
public final class AgentServer implements AutoCloseable {
  /** The port of {@code bin/ycsb agent} when none is given. */
  public static final int DEFAULT_PORT = 9464;
  /** The address it binds to when none is given: loopback only. */
  public static final String DEFAULT_BIND = "127.0.0.1";
  /** A connection that sends nothing for this long is closed, so idle clients cannot pile up. */
  public static final Duration DEFAULT_IDLE_TIMEOUT = Duration.ofSeconds(30);
  /** Connections open at once; a few drivers need one each. */
  public static final int DEFAULT_MAX_CONNECTIONS = 128;

  private final HttpEndpoint http;

  private AgentServer(HttpEndpoint http) {
    this.http = http;
  }

  /**
   * Binds and starts serving with the default idle timeout and connection cap, and no warning printed.
   *
   * @param address where to listen; port 0 picks a free port
   * @param token the bearer token every request must carry, or {@code null} to serve without one;
   *     never printed
   * @return the running server
   * @throws IOException if the address cannot be bound (port in use, address not on this host), with a
   *     one-line message
   * @throws IllegalStateException if OSHI cannot read this host's CPU counters
   */
  public static AgentServer start(InetSocketAddress address, String token) throws IOException {
    return start(address, token, limits(DEFAULT_IDLE_TIMEOUT, DEFAULT_MAX_CONNECTIONS), line -> { });
  }

  /**
   * @param idleTimeout a connection that sends nothing for this long is closed, at least 1 ms
   * @param maxConnections connections open at once, 1 to half of the open-file limit
   * @return the agent's limits, with its request size cap
   * @throws IllegalArgumentException when a value is out of range, as {@link HttpEndpoint.Limits} says
   */
  public static HttpEndpoint.Limits limits(Duration idleTimeout, int maxConnections) {
    return new HttpEndpoint.Limits(AgentHandler.MAX_REQUEST_BYTES, idleTimeout, maxConnections);
  }

  /**
   * Binds and starts serving.
   *
   * @param address where to listen; port 0 picks a free port
   * @param token the bearer token every request must carry, or {@code null} to serve without one;
   *     never printed
   * @param limits idle timeout, connection cap and request size, from {@link #limits}
   * @param warnings receives one line the first time a connection is reset at the cap
   * @return the running server
   * @throws IOException if the address cannot be bound (port in use, address not on this host), with a
   *     one-line message
   * @throws IllegalStateException if OSHI cannot read this host's CPU counters
   */
  public static AgentServer start(InetSocketAddress address, String token, HttpEndpoint.Limits limits,
      Consumer<String> warnings) throws IOException {
    CpuCounters counters = CpuCounters.create();
    try {
      return new AgentServer(HttpEndpoint.start(address, "ycsb-agent", limits, warnings,
          () -> new AgentHandler(counters, token)));
    } catch (IOException e) {
      throw new IOException("cannot listen on " + address.getHostString() + ":" + address.getPort() + " ("
          + e.getMessage().toLowerCase(java.util.Locale.ROOT) + ")", e);
    }
  }

  /** @return the address it listens on, with the real port when port 0 was asked for */
  public InetSocketAddress address() {
    return http.address();
  }

  /**
   * Blocks until the server is closed.
   *
   * @throws InterruptedException if the waiting thread is interrupted
   */
  public void awaitClose() throws InterruptedException {
    http.awaitClose();
  }

  /** Stops listening, closes open connections and ends the event-loop thread. */
  @Override
  public void close() {
    http.close();
  }
}
