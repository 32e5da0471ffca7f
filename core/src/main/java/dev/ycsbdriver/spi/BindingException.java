package dev.ycsbdriver.spi;

/**
 * The binding could not start: the store is unreachable, refuses the credentials, lacks the table,
 * or rejects a durability setting. The command ends with exit code 3.
 *
 * <p>The message is one line, {@code <binding>: <what failed>[; hint]}, e.g.
 * {@code postgres: cannot connect to 127.0.0.1:5432 (connection refused); is the server running?}.
 * It must never contain a password.
 */
public class BindingException extends Exception {
  private static final long serialVersionUID = 1L;

  /** @param message one line, {@code <binding>: <what failed>[; hint]} */
  public BindingException(String message) {
    super(message);
  }

  /**
   * @param message one line, {@code <binding>: <what failed>[; hint]}
   * @param cause the driver's exception, shown only with {@code -v}
   */
  public BindingException(String message, Throwable cause) {
    super(message, cause);
  }
}
