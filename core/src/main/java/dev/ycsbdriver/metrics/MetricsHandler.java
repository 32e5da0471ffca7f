package dev.ycsbdriver.metrics;

import dev.ycsbdriver.http.HttpEndpoint;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.QueryStringDecoder;
import java.nio.charset.StandardCharsets;
import java.util.function.Supplier;

/**
 * Answers one HTTP connection's requests: {@code GET} or {@code HEAD /metrics} with the rendered text,
 * 405 for another method on that path, 404 for any other path, 400 (and a close) for a malformed request.
 *
 * <p>One instance per connection; runs on its event loop only.
 */
final class MetricsHandler extends SimpleChannelInboundHandler<FullHttpRequest> {
  static final String PATH = "/metrics";

  private final Supplier<String> body;

  /** @param body renders the newest snapshot; called on the event loop, once per scrape */
  MetricsHandler(Supplier<String> body) {
    this.body = body;
  }

  @Override
  protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) {
    String path = new QueryStringDecoder(request.uri()).path();
    FullHttpResponse response;
    if (!request.decoderResult().isSuccess()) {
      // a request line or header block beyond the codec's caps, or no HTTP at all
      HttpEndpoint.write(ctx, text(request, HttpResponseStatus.BAD_REQUEST, "malformed or oversized request\n"), false);
      return;
    }
    if (!PATH.equals(path)) {
      response = text(request, HttpResponseStatus.NOT_FOUND, "not found; the metrics are at " + PATH + "\n");
    } else if (!HttpMethod.GET.equals(request.method()) && !HttpMethod.HEAD.equals(request.method())) {
      response = text(request, HttpResponseStatus.METHOD_NOT_ALLOWED, "use GET\n");
      response.headers().set(HttpHeaderNames.ALLOW, "GET, HEAD");
    } else {
      response = text(request, HttpResponseStatus.OK, body.get());
      response.headers().set(HttpHeaderNames.CONTENT_TYPE, PrometheusText.CONTENT_TYPE);
    }
    HttpEndpoint.write(ctx, response, HttpUtil.isKeepAlive(request));
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    // a scraper that hangs up mid-response is its own business; the run goes on
    ctx.close();
  }

  private static FullHttpResponse text(FullHttpRequest request, HttpResponseStatus status, String text) {
    byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
    ByteBuf content = HttpMethod.HEAD.equals(request.method()) ? Unpooled.EMPTY_BUFFER : Unpooled.wrappedBuffer(bytes);
    FullHttpResponse response = new DefaultFullHttpResponse(request.protocolVersion(), status, content);
    response.headers().set(HttpHeaderNames.CONTENT_TYPE, HttpHeaderValues.TEXT_PLAIN + "; charset=utf-8");
    response.headers().setInt(HttpHeaderNames.CONTENT_LENGTH, bytes.length);
    return response;
  }
}
