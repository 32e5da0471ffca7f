package dev.ycsbdriver.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ycsbdriver.testing.HalfOpenFlood;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The endpoint's defences: connection cap, idle timeout, request size caps. */
class HttpEndpointTest {
  private final List<String> warnings = new CopyOnWriteArrayList<>();
  private HttpEndpoint endpoint;

  @AfterEach
  void stop() {
    if (endpoint != null) {
      endpoint.close();
    }
  }

  /** Answers 200 "ok", or 400 to a request the codec could not read. */
  private static final class Ok extends SimpleChannelInboundHandler<FullHttpRequest> {
    @Override
    protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) {
      boolean ok = request.decoderResult().isSuccess();
      var response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1,
          ok ? HttpResponseStatus.OK : HttpResponseStatus.BAD_REQUEST,
          Unpooled.wrappedBuffer("ok".getBytes(StandardCharsets.US_ASCII)));
      HttpUtil.setContentLength(response, 2);
      HttpEndpoint.write(ctx, response, ok && HttpUtil.isKeepAlive(request));
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
      ctx.close();
    }
  }

  private int start(Duration idleTimeout, int maxConnections) throws Exception {
    Supplier<ChannelHandler> handlers = Ok::new;
    endpoint = HttpEndpoint.start(new InetSocketAddress("127.0.0.1", 0), "test-http",
        new HttpEndpoint.Limits(8192, idleTimeout, maxConnections), warnings::add, handlers);
    return endpoint.address().getPort();
  }

  private static HttpResponse<String> get(int port, Duration timeout) throws Exception {
    HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(timeout).build();
    return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/")).timeout(timeout).build(),
        HttpResponse.BodyHandlers.ofString());
  }

  @Test
  void floodOfHalfOpenConnectionsKeepsOnlyTheCapOpenWarnsOnceAndAnswersWithinASecondAfter() throws Exception {
    int port = start(Duration.ofSeconds(30), 50);

    int stillOpen;
    try (HalfOpenFlood flood = HalfOpenFlood.open(port, 3_000, "GET / HTTP/1.1")) {
      // a connection still in the accept queue looks open until the endpoint takes it and resets it
      stillOpen = flood.stillOpenOnceAtMost(50, Duration.ofSeconds(5));
    }
    long startNanos = System.nanoTime();
    HttpResponse<String> after = get(port, Duration.ofSeconds(1));
    long tookMillis = (System.nanoTime() - startNanos) / 1_000_000;

    assertThat(stillOpen).as("connections the endpoint kept of 3000").isEqualTo(50);
    assertThat(warnings).hasSize(1);
    assertThat(warnings.get(0)).startsWith("50 connections open at once; further ones are reset");
    assertThat(after.statusCode()).isEqualTo(200);
    assertThat(tookMillis).isLessThan(1_000);
  }

  @Test
  void connectionThatSendsNothingMoreIsClosedAfterTheIdleTimeout() throws Exception {
    int port = start(Duration.ofMillis(300), 50);

    try (Socket s = new Socket("127.0.0.1", port)) {
      s.getOutputStream().write("GET / HTTP/1.1\r\n".getBytes(StandardCharsets.US_ASCII));
      s.setSoTimeout(5_000);
      long startNanos = System.nanoTime();
      int read = s.getInputStream().read();
      long tookMillis = (System.nanoTime() - startNanos) / 1_000_000;

      assertThat(read).as("end of stream").isEqualTo(-1);
      assertThat(tookMillis).isBetween(200L, 3_000L);
    }
  }

  @Test
  void overlongRequestLineGets400AndTheConnectionCloses() throws Exception {
    int port = start(Duration.ofSeconds(30), 50);

    try (Socket s = new Socket("127.0.0.1", port)) {
      s.getOutputStream().write(("GET /" + "a".repeat(5_000) + " HTTP/1.1\r\nHost: x\r\n\r\n")
          .getBytes(StandardCharsets.US_ASCII));
      s.setSoTimeout(5_000);
      InputStream in = s.getInputStream();
      String response = new String(in.readAllBytes(), StandardCharsets.US_ASCII);

      assertThat(response).startsWith("HTTP/1.1 400 ");
    }
  }

  @Test
  void capAboveHalfTheOpenFileLimitIsRefused() {
    long fileLimit = HttpEndpoint.openFileLimit();
    assertThat(fileLimit).as("this JVM reads its open-file limit").isPositive();

    assertThatThrownBy(() -> new HttpEndpoint.Limits(8192, Duration.ofSeconds(30), (int) Math.min(Integer.MAX_VALUE,
        fileLimit / 2 + 1)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("must be 1 to " + fileLimit / 2 + " (half of this process's open-file limit, ")
        .hasMessageEndingWith("; lower it or raise the limit (ulimit -n)");
  }
}
