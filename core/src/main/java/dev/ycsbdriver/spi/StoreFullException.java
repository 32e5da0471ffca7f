package dev.ycsbdriver.spi;

/**
 * The store's file system has too little free space to run: the command ends with exit code 1 (the run
 * failed), not 3, since the store itself was reachable.
 *
 * <p>The message is one line, {@code <binding>: <what is full>[; hint]}.
 */
public class StoreFullException extends BindingException {
  private static final long serialVersionUID = 1L;

  /** @param message one line, {@code <binding>: <what is full>[; hint]} */
  public StoreFullException(String message) {
    super(message);
  }
}
