package dev.ycsbdriver.agent;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ycsbdriver.cpu.AgentReading;
import dev.ycsbdriver.http.HttpEndpoint;
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
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.QueryStringDecoder;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Answers one HTTP request of {@code bin/ycsb agent}; see {@link AgentServer} for the protocol.
 *
 * <p>Runs on the server's single event-loop thread; one instance per connection.
 */
final class AgentHandler extends SimpleChannelInboundHandler<FullHttpRequest> {
  /** Largest request accepted, in bytes; the protocol has no bodies. */
  static final int MAX_REQUEST_BYTES = 8192;
  /** Path of the CPU reading. */
  static final String CPU_PATH = "/cpu";
  /** Query parameter naming processes, repeatable, each value comma-separated. */
  static final String PROCESS_PARAM = "process";
  private static final int MAX_NAMES = 32;
  private static final int MAX_NAME_CHARS = 255;
  private static final ObjectMapper JSON = new ObjectMapper();

  private final CpuCounters counters;
  private final byte[] expectedToken;

  AgentHandler(CpuCounters counters, String token) {
    this.counters = counters;
    this.expectedToken = token == null ? null : token.getBytes(StandardCharsets.UTF_8);
  }

  @Override
  protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) throws Exception {
    boolean keepAlive = HttpUtil.isKeepAlive(request);
    if (!request.decoderResult().isSuccess()) {
      send(ctx, HttpResponseStatus.BAD_REQUEST, error("malformed HTTP request"), false);
      return;
    }
    if (!authorized(request)) {
      FullHttpResponse r = response(HttpResponseStatus.UNAUTHORIZED,
          error("missing or wrong bearer token; send Authorization: Bearer <token>"));
      r.headers().set(HttpHeaderNames.WWW_AUTHENTICATE, "Bearer");
      HttpEndpoint.write(ctx, r, keepAlive);
      return;
    }
    QueryStringDecoder uri = new QueryStringDecoder(request.uri());
    if (!CPU_PATH.equals(uri.path())) {
      send(ctx, HttpResponseStatus.NOT_FOUND, error(uri.path() + ": not found; the agent serves GET " + CPU_PATH
          + "?" + PROCESS_PARAM + "=<name>"), keepAlive);
      return;
    }
    if (!HttpMethod.GET.equals(request.method())) {
      FullHttpResponse r = response(HttpResponseStatus.METHOD_NOT_ALLOWED,
          error(request.method() + ": not allowed; use GET"));
      r.headers().set(HttpHeaderNames.ALLOW, "GET");
      HttpEndpoint.write(ctx, r, keepAlive);
      return;
    }
    List<String> names;
    try {
      names = processNames(uri.parameters());
    } catch (IllegalArgumentException e) {
      send(ctx, HttpResponseStatus.BAD_REQUEST, error(e.getMessage()), keepAlive);
      return;
    }
    AgentReading reading = counters.read(names);
    send(ctx, HttpResponseStatus.OK, JSON.writeValueAsBytes(reading), keepAlive);
  }

  private boolean authorized(FullHttpRequest request) {
    if (expectedToken == null) {
      return true;
    }
    // Netty's headers match names in any case; the token is what follows the scheme, if the scheme is Bearer
    String token = bearerToken(request.headers().get(HttpHeaderNames.AUTHORIZATION));
    // constant-time, so response times do not reveal how much of a guess was right
    return token != null && MessageDigest.isEqual(expectedToken, token.getBytes(StandardCharsets.UTF_8));
  }

  /**
   * @param authorization an {@code Authorization} header's value, or null
   * @return the credentials after the {@code Bearer} scheme, matched in any case and followed by one or more
   *     spaces (RFC 9110 section 11.4, RFC 6750 section 2.1); null when the value is absent or another scheme
   */
  static String bearerToken(String authorization) {
    if (authorization == null) {
      return null;
    }
    String value = authorization.strip();
    int space = value.indexOf(' ');
    if (space < 0 || !value.substring(0, space).equalsIgnoreCase("Bearer")) {
      return null;
    }
    return value.substring(space + 1).stripLeading();
  }

  /**
   * @return the process names asked for, in order, without repeats
   * @throws IllegalArgumentException for an unknown parameter or a bad name, with a one-line message
   */
  static List<String> processNames(Map<String, List<String>> parameters) {
    List<String> names = new ArrayList<>();
    for (Map.Entry<String, List<String>> p : parameters.entrySet()) {
      if (!PROCESS_PARAM.equals(p.getKey())) {
        throw new IllegalArgumentException(p.getKey() + ": unknown query parameter; the only one is " + PROCESS_PARAM);
      }
      for (String value : p.getValue()) {
        for (String part : value.split(",", -1)) {
          String name = part.trim();
          if (name.isEmpty() || name.length() > MAX_NAME_CHARS || name.chars().anyMatch(Character::isISOControl)) {
            throw new IllegalArgumentException(PROCESS_PARAM + ": must be process names of 1 to " + MAX_NAME_CHARS
                + " printable characters, comma-separated, got '" + printable(value) + "'");
          }
          if (!names.contains(name)) {
            names.add(name);
          }
        }
      }
    }
    if (names.size() > MAX_NAMES) {
      throw new IllegalArgumentException(PROCESS_PARAM + ": at most " + MAX_NAMES + " names, got " + names.size());
    }
    return names;
  }

  private static String printable(String value) {
    String cut = value.length() > 80 ? value.substring(0, 80) + "..." : value;
    return cut.replaceAll("\\p{Cntrl}", "?");
  }

  private static byte[] error(String message) {
    ObjectNode node = JSON.createObjectNode().put("error", message);
    return (node.toString() + "\n").getBytes(StandardCharsets.UTF_8);
  }

  private static FullHttpResponse response(HttpResponseStatus status, byte[] body) {
    FullHttpResponse r = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status, Unpooled.wrappedBuffer(body));
    r.headers().set(HttpHeaderNames.CONTENT_TYPE, HttpHeaderValues.APPLICATION_JSON);
    r.headers().set(HttpHeaderNames.CACHE_CONTROL, HttpHeaderValues.NO_STORE);
    HttpUtil.setContentLength(r, body.length);
    return r;
  }

  private static void send(ChannelHandlerContext ctx, HttpResponseStatus status, byte[] body, boolean keepAlive) {
    HttpEndpoint.write(ctx, response(status, body), keepAlive);
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    // a client that went away mid-request, or a reading that failed: nothing to log, drop the connection
    ctx.close();
  }
}
