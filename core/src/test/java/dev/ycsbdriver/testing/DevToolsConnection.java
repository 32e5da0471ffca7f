package dev.ycsbdriver.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * A Chrome DevTools Protocol client over the JDK's {@link WebSocket}: commands with their replies
 * matched by id, events handed to one listener. Messages Chromium splits into several WebSocket
 * frames are joined before they are parsed. Protocol: https://chromedevtools.github.io/devtools-protocol/
 *
 * <p>Thread-safety: {@link #send} may be called from any thread (sends are serialised). The event
 * listener runs on the WebSocket's receiving thread, one message at a time, in arrival order; it
 * must not block and must not call {@link #send} and wait for the reply.
 */
final class DevToolsConnection implements AutoCloseable {
  private static final ObjectMapper JSON = new ObjectMapper();

  private final AtomicInteger nextId = new AtomicInteger(1);
  private final Map<Integer, CompletableFuture<JsonNode>> pending = new ConcurrentHashMap<>();
  private final Consumer<JsonNode> events;
  private volatile IOException closedBecause;
  private WebSocket socket;

  private DevToolsConnection(Consumer<JsonNode> events) {
    this.events = events;
  }

  /**
   * Connects to a DevTools WebSocket address.
   *
   * @param uri e.g. {@code ws://127.0.0.1:9222/devtools/browser/<id>}
   * @param events receives each event message ({@code method}, {@code params}, and {@code sessionId}
   *     for events of an attached target)
   * @param timeout how long the WebSocket handshake may take
   * @throws IOException when the handshake fails or takes longer than {@code timeout}
   */
  static DevToolsConnection open(URI uri, Consumer<JsonNode> events, Duration timeout)
      throws IOException {
    DevToolsConnection connection = new DevToolsConnection(events);
    HttpClient client = HttpClient.newBuilder().connectTimeout(timeout).build();
    connection.socket = await(client.newWebSocketBuilder().connectTimeout(timeout)
        .buildAsync(uri, connection.new Receiver()), timeout, "connect to " + uri);
    return connection;
  }

  /**
   * Sends one command and waits for its reply.
   *
   * @param sessionId the attached target's session, or {@code null} for the browser itself
   * @param method e.g. {@code Page.navigate}
   * @param params the command's parameters; {@code null} for none
   * @param timeout how long to wait for the reply
   * @return the reply's {@code result} object (empty for commands that return nothing)
   * @throws IOException when Chromium answers with an error, the connection closes, or no reply comes
   *     within {@code timeout}
   */
  JsonNode send(String sessionId, String method, ObjectNode params, Duration timeout)
      throws IOException {
    int id = nextId.getAndIncrement();
    ObjectNode message = JSON.createObjectNode().put("id", id).put("method", method);
    message.set("params", params == null ? JSON.createObjectNode() : params);
    if (sessionId != null) {
      message.put("sessionId", sessionId);
    }
    CompletableFuture<JsonNode> reply = new CompletableFuture<>();
    pending.put(id, reply);
    try {
      if (closedBecause != null) {
        throw closedBecause;
      }
      synchronized (this) {
        // the JDK WebSocket refuses a send while the previous one is still being written
        await(socket.sendText(message.toString(), true), timeout, method + ": send");
      }
      JsonNode answer = await(reply, timeout, method);
      if (answer.has("error")) {
        throw new IOException(method + ": expected a result, got error " + answer.get("error"));
      }
      return answer.path("result");
    } finally {
      pending.remove(id);
    }
  }

  /** @return a new, empty parameter object for {@link #send} */
  static ObjectNode params() {
    return JSON.createObjectNode();
  }

  private static <T> T await(CompletableFuture<T> future, Duration timeout, String what)
      throws IOException {
    try {
      return future.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
    } catch (TimeoutException e) {
      throw new IOException("devtools: " + what + ": expected a reply within "
          + timeout.toMillis() + " ms, got none");
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      throw cause instanceof IOException io ? io : new IOException("devtools: " + what + ": " + cause, cause);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("devtools: " + what + ": interrupted");
    }
  }

  private void failAll(IOException why) {
    closedBecause = why;
    pending.values().forEach(reply -> reply.completeExceptionally(why));
  }

  /** Drops the connection without a closing handshake; the browser is about to be killed anyway. */
  @Override
  public void close() {
    if (socket != null) {
      socket.abort();
    }
    failAll(new IOException("devtools: connection closed"));
  }

  /** Joins frames into messages and routes each message to its reply or to the event listener. */
  private final class Receiver implements WebSocket.Listener {
    private final StringBuilder message = new StringBuilder();

    @Override
    public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
      message.append(data);
      if (last) {
        String text = message.toString();
        message.setLength(0);
        dispatch(text);
      }
      webSocket.request(1);
      return null;
    }

    private void dispatch(String text) {
      JsonNode node;
      try {
        node = JSON.readTree(text);
      } catch (IOException e) {
        failAll(new IOException("devtools: expected a JSON message, got " + abbreviate(text), e));
        return;
      }
      if (node.has("id")) {
        CompletableFuture<JsonNode> reply = pending.get(node.get("id").asInt());
        if (reply != null) {
          reply.complete(node);
        }
      } else if (node.has("method")) {
        try {
          events.accept(node);
        } catch (RuntimeException e) {
          failAll(new IOException("devtools: event listener failed on " + node.get("method") + ": " + e, e));
        }
      }
    }

    @Override
    public CompletionStage<?> onClose(WebSocket webSocket, int statusCode, String reason) {
      failAll(new IOException("devtools: connection closed by Chromium (" + statusCode + " " + reason + ")"));
      return null;
    }

    @Override
    public void onError(WebSocket webSocket, Throwable error) {
      failAll(new IOException("devtools: connection failed: " + error, error));
    }
  }

  private static String abbreviate(String text) {
    return text.length() <= 200 ? text : text.substring(0, 200) + "...";
  }
}
