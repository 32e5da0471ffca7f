package dev.ycsbdriver.agent;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.timeout.ReadTimeoutHandler;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;

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
 * <p>One event-loop thread serves every connection, so readings are serialised; a reading scans the
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

  private final EventLoopGroup group;
  private final Channel channel;

  private AgentServer(EventLoopGroup group, Channel channel) {
    this.group = group;
    this.channel = channel;
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
    EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
    try {
      Channel channel = new ServerBootstrap()
          .group(group)
          .channel(NioServerSocketChannel.class)
          .childHandler(new ChannelInitializer<SocketChannel>() {
            @Override
            protected void initChannel(SocketChannel ch) {
              ch.pipeline().addLast(new ReadTimeoutHandler(IDLE_TIMEOUT_SECONDS, TimeUnit.SECONDS), new HttpServerCodec(),
                  new HttpObjectAggregator(AgentHandler.MAX_REQUEST_BYTES), new AgentHandler(counters, token));
            }
          })
          .bind(address).sync().channel();
      return new AgentServer(group, channel);
    } catch (Exception e) {
      group.shutdownGracefully(0, 1, TimeUnit.SECONDS);
      if (e instanceof InterruptedException) {
        Thread.currentThread().interrupt();
      }
      String why = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
      throw new IOException("cannot listen on " + address.getHostString() + ":" + address.getPort() + " ("
          + why.toLowerCase(java.util.Locale.ROOT) + ")", e);
    }
  }

  /** @return the address it listens on, with the real port when port 0 was asked for */
  public InetSocketAddress address() {
    return (InetSocketAddress) channel.localAddress();
  }

  /**
   * Blocks until the server is closed.
   *
   * @throws InterruptedException if the waiting thread is interrupted
   */
  public void awaitClose() throws InterruptedException {
    channel.closeFuture().await();
  }

  /** Stops listening, closes open connections and ends the event-loop thread. */
  @Override
  public void close() {
    channel.close().awaitUninterruptibly();
    group.shutdownGracefully(0, 2, TimeUnit.SECONDS).awaitUninterruptibly();
  }
}
