package dev.ycsbdriver.binding.jdbc;

import dev.ycsbdriver.config.Secrets;
import dev.ycsbdriver.spi.BindingException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.UnknownHostException;
import java.sql.SQLException;

/**
 * Turns a JDBC failure at start-up into the one line a user reads: {@code <binding>: <what failed>[; hint]}.
 * Classified by the store's {@link SqlErrors} (the SQL standard's SQLSTATE classes and the store's own codes) and
 * by the network cause; the driver's own message is kept otherwise, with any secret masked.
 *
 * <p>Stateless and thread-safe.
 */
public final class SqlFailures {
  private SqlFailures() {
  }

  /**
   * @param binding the binding's name, the message's subject
   * @param server where the binding connected, e.g. {@code 127.0.0.1:5432}, for the message
   * @param e the failure of opening a connection
   * @param errors the store's rules
   * @return the exception for exit code 3
   */
  public static BindingException connectFailure(String binding, String server, SQLException e, SqlErrors errors) {
    if (e instanceof TimedConnections.NoAnswer) {
      return new BindingException(binding + ": " + Secrets.maskText(e.getMessage()), e);
    }
    Throwable network = networkCause(e);
    String state = e.getSQLState() == null ? "" : e.getSQLState();
    String message;
    if (network != null) {
      String why = network instanceof ConnectException ? "connection refused"
          : network instanceof UnknownHostException ? "unknown host" : firstLine(network.getMessage());
      message = "cannot connect to " + server + " (" + why + "); is the server running?";
    } else if (errors.isAuthentication(e)) {
      message = "authentication failed at " + server + ": " + errors.serverText(e);
    } else if (state.startsWith("08")) {
      message = "cannot connect to " + server + ": " + errors.serverText(e);
    } else {
      message = errors.serverText(e);
    }
    return new BindingException(binding + ": " + Secrets.maskText(message), e);
  }

  /**
   * The kind of a failed operation, for the run's error log: {@code SQLState <state>}, or the exception's
   * class when the driver gave no SQLState (SQLite).
   *
   * @param e a failure during the run
   * @return e.g. {@code SQLState 08006}
   */
  public static String kind(SQLException e) {
    return e.getSQLState() == null ? e.getClass().getSimpleName() : "SQLState " + e.getSQLState();
  }

  /**
   * @param binding the binding's name
   * @param doing what was being done, e.g. {@code creating table usertable}
   * @param e the failure
   * @param errors the store's rules
   * @return the exception for exit code 3
   */
  public static BindingException failure(String binding, String doing, SQLException e, SqlErrors errors) {
    return new BindingException(binding + ": " + doing + " failed: " + Secrets.maskText(errors.serverText(e)), e);
  }

  private static Throwable networkCause(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof ConnectException || t instanceof UnknownHostException || t instanceof NoRouteToHostException
          || t instanceof java.net.SocketTimeoutException) {
        return t;
      }
    }
    return null;
  }

  /**
   * @param text a message, or null
   * @return its first line, stripped; {@code no message} for null
   */
  static String firstLine(String text) {
    if (text == null) {
      return "no message";
    }
    int nl = text.indexOf('\n');
    return (nl < 0 ? text : text.substring(0, nl)).strip();
  }
}
