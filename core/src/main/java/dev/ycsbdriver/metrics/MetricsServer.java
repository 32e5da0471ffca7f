package dev.ycsbdriver.metrics;

import dev.ycsbdriver.config.ConfigException;
import dev.ycsbdriver.http.HttpEndpoint;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;

/**
 * The HTTP server behind {@code -p status.port}: one event-loop thread ({@link HttpEndpoint}, a daemon) that answers
 * {@code GET /metrics} with the newest published {@link LiveSnapshot} in the Prometheus text format, and
 * 404 to any other path.
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
   * @param info the run's fixed labels
   * @return the running server
   * @throws ConfigException when {@code bind} does not resolve or the port cannot be bound
   */
  static MetricsServer start(String bind, int port, RunInfo info) throws ConfigException {
    InetAddress address;
    try {
      address = InetAddress.getByName(bind);
    } catch (UnknownHostException e) {
      throw new ConfigException("status.bind: must be a local address or host name, got '" + bind + "'");
    }
    String hostPort = (bind.contains(":") ? "[" + bind + "]" : bind) + ":" + port;
    MetricsServer server = new MetricsServer(info, "http://" + hostPort + "/metrics");
    try {
      server.http = HttpEndpoint.start(new InetSocketAddress(address, port), "ycsb-metrics", MAX_REQUEST_BYTES, 0,
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
