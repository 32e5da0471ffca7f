package dev.ycsbdriver.binding.jdbc;

import dev.ycsbdriver.spi.support.NetworkTimeouts;
import java.net.SocketTimeoutException;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.SQLTimeoutException;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Puts a binding's {@link NetworkTimeouts} into a JDBC driver's connection properties, without
 * overriding what the user wrote into the URL, and turns a connection attempt that ran out of time
 * into a {@link NoAnswer} that names the key to change.
 *
 * <p>Stateless and thread-safe.
 */
public final class TimedConnections {
  private TimedConnections() {
  }

  /**
   * A connection attempt that got no answer in time. Its message has no binding name in front, e.g.
   * {@code no answer from 127.0.0.1:5598/ycsb within postgres.login.timeout=10s; is the server running and
   * reachable?}; {@link SqlFailures#connectFailure} puts it in front.
   */
  public static final class NoAnswer extends SQLTimeoutException {
    private static final long serialVersionUID = 1L;

    NoAnswer(String message, SQLException cause) {
      super(message, cause.getSQLState(), cause);
    }
  }

  /**
   * Sets {@code name=value} in {@code props} unless the URL sets the parameter itself (the user's URL
   * wins; names compared ignoring case, as Connector/J does).
   *
   * @param url the JDBC URL, parameters after {@code ?} separated by {@code &}
   * @return whether the property was set
   */
  public static boolean putUnlessInUrl(Properties props, String url, String name, String value) {
    if (urlSets(url, name)) {
      return false;
    }
    props.setProperty(name, value);
    return true;
  }

  /**
   * @param url a JDBC URL
   * @param name a connection property, e.g. {@code socketTimeout}
   * @return whether the URL's parameters set it
   */
  public static boolean urlSets(String url, String name) {
    return urlValue(url, name) != null;
  }

  /** @return the value the URL's parameters give {@code name} (ignoring case), or null */
  static String urlValue(String url, String name) {
    int q = url.indexOf('?');
    if (q < 0) {
      return null;
    }
    Matcher m = Pattern.compile("(?:^|[&;])" + Pattern.quote(name) + "=([^&;]*)", Pattern.CASE_INSENSITIVE)
        .matcher(url.substring(q + 1));
    return m.find() ? m.group(1) : null;
  }

  /**
   * Wraps a source so that a connection attempt that timed out throws a {@link NoAnswer} naming the
   * timeout: the connect key when the TCP connect timed out, else the login key; or the driver's
   * parameter when the user's URL set it (so the keys did not apply).
   *
   * @param source opens connections
   * @param server where it connects, for the message, e.g. {@code 127.0.0.1:5432/ycsb}; never a password
   * @param timeouts the binding's timeouts, for the message
   * @param url the JDBC URL, whose parameters may set the driver's timeouts
   * @param driverParameters the driver's parameter behind each timeout, e.g. {@code LOGIN -> loginTimeout};
   *     may be empty
   * @return the wrapping source
   */
  public static ConnectionSource reportingTimeouts(ConnectionSource source, String server, NetworkTimeouts timeouts,
                                                   String url, Map<NetworkTimeouts.Kind, String> driverParameters) {
    return () -> {
      try {
        return source.open();
      } catch (NoAnswer e) {
        throw e;
      } catch (SQLException e) {
        NetworkTimeouts.Kind kind = timedOut(e);
        if (kind == null) {
          throw e;
        }
        String parameter = driverParameters.get(kind);
        String inUrl = parameter == null ? null : urlValue(url, parameter);
        throw new NoAnswer(inUrl == null ? timeouts.noAnswer(server, kind)
            : NetworkTimeouts.noAnswerWithin(server, parameter + "=" + inUrl + " in the URL"), e);
      }
    };
  }

  /** @return which timeout ran out, or null when the failure is not a timeout */
  static NetworkTimeouts.Kind timedOut(SQLException e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof SocketTimeoutException) {
        String text = String.valueOf(t.getMessage()).toLowerCase(Locale.ROOT);
        return text.contains("connect") ? NetworkTimeouts.Kind.CONNECT : NetworkTimeouts.Kind.LOGIN;
      }
    }
    // pgjdbc's loginTimeout: "Connection attempt timed out." with no exception under it
    String text = String.valueOf(e.getMessage()).toLowerCase(Locale.ROOT);
    return text.contains("timed out") || e instanceof SQLTimeoutException ? NetworkTimeouts.Kind.LOGIN : null;
  }

  /**
   * Wraps a source so that each new connection gets {@code socketTimeout} as its read timeout once it is
   * open (see {@link #setSocketTimeout}); a connection that cannot take it is closed.
   *
   * @param socketTimeout 0 for none
   * @return the wrapping source
   */
  public static ConnectionSource withSocketTimeout(ConnectionSource source, Duration socketTimeout) {
    return () -> {
      Connection c = source.open();
      try {
        setSocketTimeout(c, socketTimeout);
      } catch (SQLException e) {
        c.close();
        throw e;
      }
      return c;
    };
  }

  /**
   * Sets the read timeout of an open connection ({@link Connection#setNetworkTimeout}); a driver that
   * does not support it is left as it is.
   *
   * @param timeout 0 for none
   * @return whether the driver took it
   * @throws SQLException when the connection is closed or the driver fails otherwise
   */
  public static boolean setSocketTimeout(Connection c, Duration timeout) throws SQLException {
    try {
      c.setNetworkTimeout(Runnable::run, NetworkTimeouts.millis(timeout));
      return true;
    } catch (SQLFeatureNotSupportedException | AbstractMethodError | UnsupportedOperationException e) {
      return false;
    }
  }
}
