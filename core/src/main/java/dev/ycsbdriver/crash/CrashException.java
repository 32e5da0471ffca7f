package dev.ycsbdriver.crash;

/**
 * A crash, restart or audit step that failed: one line for stderr and the exit code it means (1 the test could
 * not complete, 3 the store cannot be reached at the start).
 */
public final class CrashException extends Exception {
  private static final long serialVersionUID = 1L;
  private final int exitCode;

  /**
   * @param exitCode 1 or 3
   * @param message one line, e.g. {@code crash: no process listens on 127.0.0.1:5432}
   */
  public CrashException(int exitCode, String message) {
    super(message);
    this.exitCode = exitCode;
  }

  /** @return the exit code the failure means */
  public int exitCode() {
    return exitCode;
  }
}
