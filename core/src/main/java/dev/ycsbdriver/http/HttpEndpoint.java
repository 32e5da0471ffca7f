package dev.ycsbdriver.http;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.timeout.ReadTimeoutHandler;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.netty.util.internal.logging.InternalLoggerFactory;
import io.netty.util.internal.logging.Slf4JLoggerFactory;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * A listening HTTP/1.1 server: one Netty event-loop thread, each connection's pipeline a read timeout
 * ({@link ReadTimeoutHandler}), a codec whose request line and headers are capped, an aggregator into full requests
 * of at most {@link Limits#maxRequestBytes()}, and a fresh handler from the caller. At most
 * {@link Limits#maxConnections()} connections are open at once; a connection beyond them is reset as soon as it
 * is accepted, so a flood of half-open connections can neither exhaust the process's file descriptors nor keep
 * the endpoint from answering once it stops.
 *
 * <p>Netty's own log goes to SLF4J (a no-op provider in the distribution) and its {@code io.netty}
 * {@code java.util.logging} logger is off, so a flood never prints Netty's stack traces on stderr, and never
 * makes the event-loop thread format a log record when no file can be opened.
 *
 * <p>Usage:
 * <pre>{@code
 * try (HttpEndpoint http = HttpEndpoint.start(new InetSocketAddress("127.0.0.1", 0), "ycsb-metrics",
 *     new HttpEndpoint.Limits(16 * 1024, Duration.ofSeconds(30), 32), System.err::println, MyHandler::new)) {
 *   int port = http.address().getPort();
 * }
 * }</pre>
 *
 * <p>Thread-safe; {@link #close()} is idempotent.
 */
public final class HttpEndpoint implements AutoCloseable {
  private static final long SHUTDOWN_TIMEOUT_MILLIS = 2_000;
  /** Longest request line (method, path and query, version), in bytes. */
  private static final int MAX_INITIAL_LINE_BYTES = 4096;
  /** Held so that the level set on it is not lost when the logger is garbage-collected. */
  private static final Logger NETTY_JUL_LOGGER = Logger.getLogger("io.netty");

  static {
    InternalLoggerFactory.setDefaultFactory(Slf4JLoggerFactory.INSTANCE);
    NETTY_JUL_LOGGER.setLevel(Level.OFF);
  }

  private final EventLoopGroup group;
  private final ChannelGroup connections;
  private final AtomicBoolean closed = new AtomicBoolean();
  private final AtomicBoolean capReported = new AtomicBoolean();
  private Channel channel;

  /**
   * What one endpoint accepts.
   *
   * @param maxRequestBytes the largest request accepted, in bytes (request line, headers and body each), at
   *     least 1; a longer request line or header block gets 400, a longer body 413
   * @param idleTimeout a connection that sends nothing for this long is closed, at least 1 ms; it bounds how
   *     long a half-open connection holds one of the {@code maxConnections}
   * @param maxConnections connections open at once, 1 to half of the process's open-file limit
   *     ({@link #openFileLimit()}); more are reset as soon as they are accepted
   */
  public record Limits(int maxRequestBytes, Duration idleTimeout, int maxConnections) {
    /**
     * @throws IllegalArgumentException when a value is out of range; the message reads
     *     {@code must be ..., got ...}, for the caller to prefix with its key
     */
    public Limits {
      if (maxRequestBytes < 1) {
        throw new IllegalArgumentException("must be at least 1 byte, got " + maxRequestBytes);
      }
      if (idleTimeout.toMillis() < 1) {
        throw new IllegalArgumentException("must be at least 1ms, got " + idleTimeout.toMillis() + "ms");
      }
      long fileLimit = openFileLimit();
      long most = fileLimit > 0 ? Math.max(1, fileLimit / 2) : Integer.MAX_VALUE;
      if (maxConnections < 1 || maxConnections > most) {
        throw new IllegalArgumentException("must be 1 to " + most
            + (fileLimit > 0 ? " (half of this process's open-file limit, " + fileLimit + ")" : "") + ", got "
            + maxConnections + (maxConnections > most ? "; lower it or raise the limit (ulimit -n)" : ""));
      }
    }
  }

  private HttpEndpoint(EventLoopGroup group) {
    this.group = group;
    this.connections = new DefaultChannelGroup("connections", group.next());
  }

  /**
   * Binds and starts serving.
   *
   * @param address where to listen; port 0 picks a free port
   * @param threadName the event-loop thread's name; the thread is a daemon
   * @param limits request size, idle timeout and connection cap
   * @param warnings receives one line, once in the endpoint's life, the first time a connection is reset
   *     because {@code maxConnections} were open; called on the event-loop thread
   * @param handlers makes the handler of each new connection
   * @return the running endpoint
   * @throws IOException if the address cannot be bound; its message is the system's reason, e.g.
   *     {@code Address already in use}
   */
  public static HttpEndpoint start(InetSocketAddress address, String threadName, Limits limits,
      Consumer<String> warnings, Supplier<ChannelHandler> handlers) throws IOException {
    long idleTimeoutMillis = limits.idleTimeout().toMillis();
    int maxInitialLineBytes = Math.min(MAX_INITIAL_LINE_BYTES, limits.maxRequestBytes());
    EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, new DefaultThreadFactory(threadName, true),
        NioIoHandler.newFactory());
    HttpEndpoint endpoint = new HttpEndpoint(group);
    try {
      endpoint.channel = new ServerBootstrap()
          .group(group)
          .channel(NioServerSocketChannel.class)
          .childHandler(new ChannelInitializer<SocketChannel>() {
            @Override
            protected void initChannel(SocketChannel ch) {
              // the group forgets a connection when it closes, so its size is the number open now
              if (endpoint.connections.size() >= limits.maxConnections()) {
                // a reset, not a close handshake: the descriptor is free at once and no state lingers
                ch.config().setOption(ChannelOption.SO_LINGER, 0);
                ch.close();
                if (endpoint.capReported.compareAndSet(false, true)) {
                  warnings.accept(limits.maxConnections() + " connections open at once; further ones are reset "
                      + "until some close (idle ones close after " + idleTimeoutMillis + " ms)");
                }
                return;
              }
              endpoint.connections.add(ch);
              ch.pipeline().addLast(new ReadTimeoutHandler(idleTimeoutMillis, TimeUnit.MILLISECONDS),
                  new HttpServerCodec(maxInitialLineBytes, limits.maxRequestBytes(), limits.maxRequestBytes()),
                  new HttpObjectAggregator(limits.maxRequestBytes()), handlers.get());
            }
          })
          .bind(address).sync().channel();
      return endpoint;
    } catch (Exception e) {
      // Netty rethrows the bind's java.net.BindException unchecked: "Address already in use"
      group.shutdownGracefully(0, SHUTDOWN_TIMEOUT_MILLIS, TimeUnit.MILLISECONDS);
      if (e instanceof InterruptedException) {
        Thread.currentThread().interrupt();
      }
      throw new IOException(e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage(), e);
    }
  }

  /**
   * Sends a response, keeping the connection open or closing it after the write as the request asked.
   *
   * @param ctx the connection
   * @param response the whole response
   * @param keepAlive what {@link HttpUtil#isKeepAlive} said of the request
   */
  public static void write(ChannelHandlerContext ctx, FullHttpResponse response, boolean keepAlive) {
    HttpUtil.setKeepAlive(response, keepAlive);
    var written = ctx.writeAndFlush(response);
    if (!keepAlive) {
      written.addListener(ChannelFutureListener.CLOSE);
    }
  }

  /**
   * @return this process's limit on open files ({@code ulimit -n}), or -1 where the JVM cannot tell (not a
   *     Unix-like system)
   */
  public static long openFileLimit() {
    return ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.UnixOperatingSystemMXBean unix
        ? unix.getMaxFileDescriptorCount() : -1;
  }

  /** @return the address it listens on, with the real port when port 0 was asked for */
  public InetSocketAddress address() {
    return (InetSocketAddress) channel.localAddress();
  }

  /**
   * Blocks until the endpoint is closed.
   *
   * @throws InterruptedException if the waiting thread is interrupted
   */
  public void awaitClose() throws InterruptedException {
    channel.closeFuture().await();
  }

  /**
   * Stops listening, closes open connections (a kept-alive client must not hold a dead socket) and waits up
   * to 2 s for each of these and for the event-loop thread to end, so that a stop never hangs on a busy or
   * broken event loop.
   */
  @Override
  public void close() {
    if (!closed.compareAndSet(false, true)) {
      return;
    }
    channel.close().awaitUninterruptibly(SHUTDOWN_TIMEOUT_MILLIS);
    connections.close().awaitUninterruptibly(SHUTDOWN_TIMEOUT_MILLIS);
    group.shutdownGracefully(0, SHUTDOWN_TIMEOUT_MILLIS, TimeUnit.MILLISECONDS)
        .awaitUninterruptibly(SHUTDOWN_TIMEOUT_MILLIS);
  }
}
