package dev.ycsbdriver.spi.support;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/** What code under test prints on stderr, captured. Not thread-safe: it swaps {@link System#err}. */
final class Stderr {
  private Stderr() {
  }

  /** @return what {@code action} printed on stderr */
  static String of(Runnable action) {
    PrintStream before = System.err;
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
    try {
      action.run();
    } finally {
      System.setErr(before);
    }
    return err.toString(StandardCharsets.UTF_8);
  }
}
