package dev.ycsbdriver.metrics;

import dev.ycsbdriver.config.ConfigException;
import java.io.PrintStream;
import java.time.Duration;

/**
 * Where the run monitor hands its figures once a second. {@link #OFF} drops them, so the monitor never
 * asks whether the endpoint is on.
 *
 * <p>Lifecycle: {@link #open} before the phase starts, {@link #publish} from the monitor thread while it
 * runs, {@link #close} once when it ends, failed or interrupted. Implementations are thread-safe:
 * {@link #publish} may be called from any thread, also after {@link #close}, when it does nothing.
 */
public interface LiveMetrics extends AutoCloseable {
  /** The endpoint is off ({@code status.port=0}): every call does nothing. */
  LiveMetrics OFF = new LiveMetrics() {
    @Override
    public void publish(LiveSnapshot snapshot) {
    }

    @Override
    public void close() {
    }
  };

  /**
   * Makes {@code snapshot} the one that {@code GET /metrics} renders from now on.
   *
   * @param snapshot the newest figures; never null
   */
  void publish(LiveSnapshot snapshot);

  /** Stops serving and releases the port; idempotent. */
  @Override
  void close();

  /**
   * Starts the endpoint when a port is configured, and prints its address on {@code err}.
   *
   * @param bind the address to listen on, e.g. {@code 127.0.0.1} ({@code status.bind})
   * @param port 1 to 65535, or 0 for {@link #OFF} ({@code status.port})
   * @param idleTimeout a connection that sends nothing for this long is closed ({@code status.idle_timeout})
   * @param maxConnections connections open at once; more are reset ({@code status.max_connections})
   * @param info the run's fixed labels
   * @param err receives the one line {@code ycsb: metrics on http://<bind>:<port>/metrics}, and one warning
   *     line the first time a connection is reset at {@code maxConnections}
   * @return a running endpoint, or {@link #OFF}
   * @throws ConfigException when the address is unknown, the port cannot be bound (in use, no privilege) or
   *     {@code maxConnections} exceeds half of the open-file limit: the run must not start
   */
  static LiveMetrics open(String bind, int port, Duration idleTimeout, int maxConnections, RunInfo info,
      PrintStream err) throws ConfigException {
    if (port == 0) {
      return OFF;
    }
    MetricsServer server = MetricsServer.start(bind, port, idleTimeout, maxConnections, info, err);
    err.println("ycsb: metrics on " + server.url());
    return server;
  }
}
