package dev.ycsbdriver.binding.mongodb;

import com.mongodb.MongoException;
import com.mongodb.MongoSecurityException;
import com.mongodb.MongoTimeoutException;
import dev.ycsbdriver.config.Secrets;
import dev.ycsbdriver.spi.BindingException;

/** Turns a MongoDB driver failure at start-up into one line for exit code 3. Stateless. */
final class MongoFailures {
  private MongoFailures() {
  }

  /**
   * @param server the hosts, for the message
   * @param e the driver's failure
   * @param noAnswer the message when no server answered in time, without the binding's name
   * @return the exception for exit code 3
   */
  static BindingException startFailure(String server, MongoException e, String noAnswer) {
    String message;
    if (e instanceof MongoSecurityException) {
      Throwable cause = e.getCause() == null ? e : e.getCause();
      message = "authentication failed at " + server + ": " + firstLine(cause.getMessage());
    } else if (e instanceof MongoTimeoutException) {
      String text = String.valueOf(e.getMessage());
      String why = text.contains("Connection refused") ? "connection refused"
          : text.contains("UnknownHost") || text.contains("Unknown host") ? "unknown host" : null;
      message = why == null ? noAnswer
          : "cannot connect to " + server + " (" + why + "); is the server running?";
    } else {
      message = firstLine(e.getMessage());
    }
    return new BindingException("mongodb: " + Secrets.maskText(message), e);
  }

  private static String firstLine(String text) {
    if (text == null) {
      return "no message";
    }
    int nl = text.indexOf('\n');
    return (nl < 0 ? text : text.substring(0, nl)).strip();
  }
}
