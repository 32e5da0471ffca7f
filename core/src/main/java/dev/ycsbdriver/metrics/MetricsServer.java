package dev.ycsbdriver.metrics;

import dev.ycsbdriver.config.ConfigException;
import dev.ycsbdriver.config.RunConfig;
import dev.ycsbdriver.http.HttpEndpoint;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.time.Duration;

/**
 * The HTTP server behind {@code -p status.port}: one event-loop thread ({@link HttpEndpoint}, a daemon) that answers
 * {@code GET /metrics} with the newest published {@link LiveSnapshot} in the Prometheus text format, and
 * 404 to any other path. Idle connections close after {@code status.idle_timeout}, and at most
 * {@code status.max_connections} are open at once, so a flood of half-open connections neither disturbs the run
 * nor fills its stderr (one warning line).
 *
 * <p>Thread-safety: {@link #publish} writes one volatile field and may be called from any thread; the
 * event loop only reads it, so a scrape never blocks the monitor and never touches the recording path.
 * {@link #close} is idempotent.
 */
public final class MetricsServer implements LiveMetrics {
  /** Largest request accepted, in bytes; a scrape is a few hundred. */
  private static final int MAX_REQUEST_BYTES = 16 * 1024;

  private final RunInfo info;
  private final String url;
  private volatile LiveSnapshot latest;
  /** Set once by {@link #start}, before the server is handed out. */
  private HttpEndpoint http;

  private MetricsServer(RunInfo info, String url) {
    this.info = info;
    this.url = url;
  }

  /**
   * Binds and starts serving.
   *
   * @param bind a host name or address literal ({@code status.bind})
   * @param port 1 to 65535 ({@code status.port})
   * @param idleTimeout a connection that sends nothing for this long is closed ({@code status.idle_timeout})
   * @param maxConnections connections open at once; more are reset ({@code status.max_connections})
   * @param info the run's fixed labels
   * @param err receives one warning line the first time a connection is reset at {@code maxConnections}
   * @return the running server
   * @throws ConfigException when {@code bind} does not resolve, the port cannot be bound, or
   *     {@code maxConnections} exceeds half of the open-file limit
   */
  static MetricsServer start(String bind, int port, Duration idleTimeout, int maxConnections, RunInfo info,
      PrintStream err) throws ConfigException {
    HttpEndpoint.Limits limits;
    try {
      limits = new HttpEndpoint.Limits(MAX_REQUEST_BYTES, idleTimeout, maxConnections);
    } catch (IllegalArgumentException e) {
      throw new ConfigException(RunConfig.STATUS_MAX_CONNECTIONS.key() + ": " + e.getMessage());
    }
    InetAddress address;
    try {
      address = InetAddress.getByName(bind);
    } catch (UnknownHostException e) {
      throw new ConfigException("status.bind: must be a local address or host name, got '" + bind + "'");
    }
    String hostPort = (bind.contains(":") ? "[" + bind + "]" : bind) + ":" + port;
    MetricsServer server = new MetricsServer(info, "http://" + hostPort + "/metrics");
    try {
      server.http = HttpEndpoint.start(new InetSocketAddress(address, port), "ycsb-metrics", limits,
          line -> err.println("Warning: status.port: " + line + "; status.max_connections=" + maxConnections),
          () -> new MetricsHandler(server::render));
    } catch (IOException e) {
      throw new ConfigException("status.port: cannot listen on " + hostPort + " (" + e.getMessage()
          + "); choose another port, or 0 to turn the metrics endpoint off");
    }
    return server;
  }

  private String render() {
    return PrometheusText.render(info, latest);
  }

  /** @return where the endpoint answers, e.g. {@code http://127.0.0.1:9464/metrics} */
  public String url() {
    return url;
  }

  @Override
  public void publish(LiveSnapshot snapshot) {
    latest = snapshot;
  }

  /** Closes the listening socket and open connections, and waits up to 2 s for the event loop to end. */
  @Override
  public void close() {
    http.close();
  }
}
