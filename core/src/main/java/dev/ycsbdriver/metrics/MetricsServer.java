package dev.ycsbdriver.metrics;

import dev.ycsbdriver.config.ConfigException;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The HTTP server behind {@code -p status.port}: one Netty event-loop thread (a daemon) that answers
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
  private static final long SHUTDOWN_TIMEOUT_MILLIS = 2_000;

  private final EventLoopGroup group;
  private final RunInfo info;
  private final String url;
  private final AtomicBoolean closed = new AtomicBoolean();
  /** Open scrape connections, closed with the server: a kept-alive scraper must not hold a dead socket. */
  private final ChannelGroup connections;
  private volatile LiveSnapshot latest;
  /** Set once by {@link #start}, before the server is handed out. */
  private Channel channel;

  private MetricsServer(EventLoopGroup group, RunInfo info, String url) {
    this.group = group;
    this.info = info;
    this.url = url;
    this.connections = new DefaultChannelGroup("ycsb-metrics-connections", group.next());
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
    EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, new DefaultThreadFactory("ycsb-metrics", true),
        NioIoHandler.newFactory());
    MetricsServer server = new MetricsServer(group, info, "http://" + hostPort + "/metrics");
    try {
      server.channel = new ServerBootstrap()
          .group(group)
          .channel(NioServerSocketChannel.class)
          .childHandler(new ChannelInitializer<SocketChannel>() {
            @Override
            protected void initChannel(SocketChannel ch) {
              server.connections.add(ch);
              ch.pipeline().addLast(new HttpServerCodec(), new HttpObjectAggregator(MAX_REQUEST_BYTES),
                  new MetricsHandler(server::render));
            }
          })
          .bind(new InetSocketAddress(address, port)).sync().channel();
    } catch (Exception e) {
      // Netty rethrows the bind's java.net.BindException unchecked: "Address already in use"
      group.shutdownGracefully(0, SHUTDOWN_TIMEOUT_MILLIS, TimeUnit.MILLISECONDS);
      if (e instanceof InterruptedException) {
        Thread.currentThread().interrupt();
      }
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
    if (!closed.compareAndSet(false, true)) {
      return;
    }
    channel.close().awaitUninterruptibly();
    connections.close().awaitUninterruptibly();
    group.shutdownGracefully(0, SHUTDOWN_TIMEOUT_MILLIS, TimeUnit.MILLISECONDS).awaitUninterruptibly();
  }
}
