package dev.ycsbdriver.agent;

import dev.ycsbdriver.http.HttpEndpoint;
import java.io.IOException;
import java.net.InetSocketAddress;

/**
 * The HTTP server of {@code bin/ycsb agent}: serves {@code GET /cpu?process=<name>[,<name>...]} with the
 * host's cumulative CPU counters as JSON ({@link dev.ycsbdriver.cpu.AgentReading}).
 *
 * <p>Answers: 200 with the reading; 401 when a token is set and the request lacks
 * {@code Authorization: Bearer <token>}; 404 for any other path; 405 for a method other than GET; 400
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
 * host's processes (tens of milliseconds), which a few drivers polling once a second never notice.
 * Thread-safe; {@link #close()} is idempotent.
 */
public final class AgentServer implements AutoCloseable {
  /** The port of {@code bin/ycsb agent} when none is given. */
  public static final int DEFAULT_PORT = 9464;
  /** The address it binds to when none is given: loopback only. */
  public static final String DEFAULT_BIND = "127.0.0.1";
  /** A connection that sends nothing for this long is closed, so idle clients cannot pile up. */
  static final int IDLE_TIMEOUT_SECONDS = 300;

  private final HttpEndpoint http;

  private AgentServer(HttpEndpoint http) {
    this.http = http;
  }

  /**
   * Binds and starts serving.
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
    CpuCounters counters = CpuCounters.create();
    try {
      return new AgentServer(HttpEndpoint.start(address, "ycsb-agent", AgentHandler.MAX_REQUEST_BYTES,
          IDLE_TIMEOUT_SECONDS, () -> new AgentHandler(counters, token)));
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
