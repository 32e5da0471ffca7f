package dev.ycsbdriver.config;

/**
 * A usage or configuration error: a malformed or out-of-range property, a missing {@code -P} file,
 * an unknown binding. The command ends with exit code 2.
 *
 * <p>The message is one line shaped {@code <subject>: <what was expected>, got <value>[; hint]}
 * and is printed as it is, so it must make sense without a stack trace.
 */
public class ConfigException extends Exception {
  private static final long serialVersionUID = 1L;

  /**
   * @param message one line, {@code <subject>: <expected>, got <value>[; hint]}
   */
  public ConfigException(String message) {
    super(message);
  }

  /**
   * @param message one line, {@code <subject>: <expected>, got <value>[; hint]}
   * @param cause the underlying failure, shown only with {@code -v}
   */
  public ConfigException(String message, Throwable cause) {
    super(message, cause);
  }
}
