package dev.ycsbdriver.metrics;

import dev.ycsbdriver.config.ConfigException;
import java.io.PrintStream;

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
   * @param info the run's fixed labels
   * @param err receives the one line {@code ycsb: metrics on http://<bind>:<port>/metrics}
   * @return a running endpoint, or {@link #OFF}
   * @throws ConfigException when the address is unknown or the port cannot be bound (in use, no
   *     privilege): the run must not start
   */
  static LiveMetrics open(String bind, int port, RunInfo info, PrintStream err) throws ConfigException {
    if (port == 0) {
      return OFF;
    }
    MetricsServer server = MetricsServer.start(bind, port, info);
    err.println("ycsb: metrics on " + server.url());
    return server;
  }
}
