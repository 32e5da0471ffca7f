package dev.ycsbdriver.binding.jdbc;

import dev.ycsbdriver.config.Secrets;
import dev.ycsbdriver.spi.BindingException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.UnknownHostException;
import java.sql.SQLException;
import java.util.Set;

/**
 * Turns a JDBC failure at start-up into the one line a user reads: {@code <binding>: <what failed>[; hint]}.
 * Classified by SQLSTATE (SQL standard class 08 for connection failures, 28 for authorization) and by
 * the network cause; the driver's own message is kept otherwise, with any secret masked.
 *
 * <p>Stateless and thread-safe.
 */
public final class SqlFailures {
  private static final Set<String> AUTHENTICATION = Set.of("28000", "28P01");
  /** "undefined table": PostgreSQL 42P01, SQL standard 42S02, H2 42S02 to 42S04 (the last two with hints). */
  private static final Set<String> UNDEFINED_TABLE = Set.of("42P01", "42S02", "42S03", "42S04");

  private SqlFailures() {
  }

  /**
   * @param binding the binding's name, the message's subject
   * @param server where the binding connected, e.g. {@code 127.0.0.1:5432}, for the message
   * @param e the failure of opening a connection
   * @return the exception for exit code 3
   */
  public static BindingException connectFailure(String binding, String server, SQLException e) {
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
    } else if (AUTHENTICATION.contains(state)) {
      message = "authentication failed at " + server + ": " + serverText(e);
    } else if (state.startsWith("08")) {
      message = "cannot connect to " + server + ": " + serverText(e);
    } else {
      message = serverText(e);
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
   * Whether the failure says the connection is gone: SQL standard class 08 (connection exception), or
   * PostgreSQL's 57P01 to 57P03 (the server is shutting down, crashed, or not yet accepting connections).
   *
   * @param e a failure during the run
   * @return true when the connection cannot be used again
   */
  public static boolean isConnectionLoss(SQLException e) {
    String state = e.getSQLState();
    return state != null && (state.startsWith("08") || state.startsWith("57P0"));
  }

  /**
   * @return whether the failure says the table does not exist
   */
  public static boolean isUndefinedTable(SQLException e) {
    // SQLite reports no SQLSTATE, only its message
    return e.getSQLState() != null && UNDEFINED_TABLE.contains(e.getSQLState())
        || e.getMessage() != null && e.getMessage().contains("no such table");
  }

  /**
   * @param binding the binding's name
   * @param doing what was being done, e.g. {@code creating table usertable}
   * @param e the failure
   * @return the exception for exit code 3
   */
  public static BindingException failure(String binding, String doing, SQLException e) {
    return new BindingException(binding + ": " + doing + " failed: " + Secrets.maskText(serverText(e)), e);
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

  /** The server's message without the severity prefix PostgreSQL puts in front ({@code FATAL: }). */
  private static String serverText(SQLException e) {
    String text = firstLine(e.getMessage());
    for (String prefix : new String[] {"FATAL: ", "ERROR: "}) {
      if (text.startsWith(prefix)) {
        text = text.substring(prefix.length());
      }
    }
    return text;
  }

  private static String firstLine(String text) {
    if (text == null) {
      return "no message";
    }
    int nl = text.indexOf('\n');
    return (nl < 0 ? text : text.substring(0, nl)).strip();
  }
}
