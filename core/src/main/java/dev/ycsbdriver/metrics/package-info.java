/**
 * The live Prometheus endpoint ({@code -p status.port=<port>}): while a load or run phase goes, the run
 * monitor publishes an immutable {@link dev.ycsbdriver.metrics.LiveSnapshot} once a second, and a small
 * Netty HTTP server renders the newest one as {@code GET /metrics} in the Prometheus text exposition
 * format 0.0.4. Nothing here touches the recording path: every figure is one the monitor already harvests.
 *
 * <p>{@link dev.ycsbdriver.metrics.LiveMetrics} is what the runner sees (a no-op object when the endpoint is
 * off); {@link dev.ycsbdriver.metrics.MetricsServer} binds and serves; {@link dev.ycsbdriver.metrics.PrometheusText}
 * is the format.
 */
package dev.ycsbdriver.metrics;
