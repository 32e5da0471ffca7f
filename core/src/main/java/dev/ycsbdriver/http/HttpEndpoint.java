package dev.ycsbdriver.http;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
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
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;

/**
 * A listening HTTP/1.1 server: one Netty event-loop thread, each connection's pipeline a codec, an
 * aggregator into full requests of at most {@code maxRequestBytes}, and a fresh handler from the caller.
 *
 * <p>Usage:
 * <pre>{@code
 * try (HttpEndpoint http = HttpEndpoint.start(new InetSocketAddress("127.0.0.1", 0), "ycsb-metrics",
 *     16 * 1024, 0, MyHandler::new)) {
 *   int port = http.address().getPort();
 * }
 * }</pre>
 *
 * <p>Thread-safe; {@link #close()} is idempotent.
 */
public final class HttpEndpoint implements AutoCloseable {
  private static final long SHUTDOWN_TIMEOUT_MILLIS = 2_000;

  private final EventLoopGroup group;
  private final ChannelGroup connections;
  private final AtomicBoolean closed = new AtomicBoolean();
  private Channel channel;

  private HttpEndpoint(EventLoopGroup group) {
    this.group = group;
    this.connections = new DefaultChannelGroup("connections", group.next());
  }

  /**
   * Binds and starts serving.
   *
   * @param address where to listen; port 0 picks a free port
   * @param threadName the event-loop thread's name; the thread is a daemon
   * @param maxRequestBytes the largest request accepted, in bytes, at least 1
   * @param idleTimeoutSeconds a connection that sends nothing for this long is closed; 0 never
   * @param handlers makes the handler of each new connection
   * @return the running endpoint
   * @throws IOException if the address cannot be bound; its message is the system's reason, e.g.
   *     {@code Address already in use}
   */
  public static HttpEndpoint start(InetSocketAddress address, String threadName, int maxRequestBytes,
      int idleTimeoutSeconds, Supplier<ChannelHandler> handlers) throws IOException {
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
              endpoint.connections.add(ch);
              if (idleTimeoutSeconds > 0) {
                ch.pipeline().addLast(new ReadTimeoutHandler(idleTimeoutSeconds, TimeUnit.SECONDS));
              }
              ch.pipeline().addLast(new HttpServerCodec(), new HttpObjectAggregator(maxRequestBytes), handlers.get());
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
   * to 2 s for the event-loop thread to end.
   */
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
