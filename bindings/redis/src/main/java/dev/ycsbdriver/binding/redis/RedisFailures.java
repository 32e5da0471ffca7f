package dev.ycsbdriver.binding.redis;

import dev.ycsbdriver.config.Secrets;
import dev.ycsbdriver.spi.BindingException;
import dev.ycsbdriver.spi.support.NetworkTimeouts;
import java.net.ConnectException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import redis.clients.jedis.exceptions.JedisAccessControlException;
import redis.clients.jedis.exceptions.JedisConnectionException;
import redis.clients.jedis.exceptions.JedisDataException;
import redis.clients.jedis.exceptions.JedisException;

/**
 * Turns a Jedis failure at start-up into one line for exit code 3, {@code redis: <what failed>[; hint]}.
 * Stateless.
 */
final class RedisFailures {
  private RedisFailures() {
  }

  /**
   * @param endpoint where the binding connected
   * @param e the client's failure
   * @return the exception for exit code 3; its message never holds the password
   */
  static BindingException startFailure(RedisEndpoint endpoint, JedisException e) {
    String server = endpoint.server();
    String message;
    Throwable root = rootCause(e);
    if (e instanceof JedisAccessControlException || text(e).startsWith("WRONGPASS")) {
      message = "authentication failed at " + server + " as user " + (endpoint.user() == null ? "default"
          : endpoint.user()) + ": " + firstLine(text(e)) + "; check redis.user and redis.password";
    } else if (text(e).startsWith("NOAUTH")) {
      message = "the server at " + server + " requires a password (" + firstLine(text(e)) + "); give redis.password "
          + "(and redis.user for an ACL user)";
    } else if (e instanceof JedisConnectionException && root instanceof ConnectException) {
      message = "cannot connect to " + server + " (connection refused); is the server running?";
    } else if (e instanceof JedisConnectionException && root instanceof UnknownHostException) {
      message = "cannot connect to " + server + " (unknown host " + endpoint.host() + ")";
    } else if (e instanceof JedisConnectionException && root instanceof SocketTimeoutException t) {
      boolean connect = String.valueOf(t.getMessage()).toLowerCase(java.util.Locale.ROOT).contains("connect");
      message = endpoint.timeouts().noAnswer(server, connect ? NetworkTimeouts.Kind.CONNECT : NetworkTimeouts.Kind.LOGIN);
    } else if (e instanceof JedisConnectionException) {
      message = "cannot connect to " + server + " (" + firstLine(text(root)) + "); is the server running and reachable?";
    } else if (e instanceof JedisDataException) {
      message = "the server at " + server + " refused the connection set-up: " + firstLine(text(e));
    } else {
      message = firstLine(text(e));
    }
    return new BindingException("redis: " + Secrets.maskText(message), e);
  }

  /**
   * @return the deepest cause; Jedis reports a failed connect as an exception whose suppressed exceptions (one per
   *     address tried) hold the reason, so the first of those is followed too
   */
  static Throwable rootCause(Throwable e) {
    Throwable t = e;
    for (int depth = 0; depth < 16; depth++) {
      Throwable next = t.getCause() != null && t.getCause() != t ? t.getCause()
          : t.getSuppressed().length > 0 ? t.getSuppressed()[0] : null;
      if (next == null) {
        break;
      }
      t = next;
    }
    return t;
  }

  private static String text(Throwable e) {
    return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
  }

  /** @return the first line of {@code text}, stripped */
  static String firstLine(String text) {
    if (text == null) {
      return "no message";
    }
    int nl = text.indexOf('\n');
    return (nl < 0 ? text : text.substring(0, nl)).strip();
  }
}
