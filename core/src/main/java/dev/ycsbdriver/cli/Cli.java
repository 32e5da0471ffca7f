package dev.ycsbdriver.cli;

import java.io.PrintStream;

/**
 * What every command of one invocation shares: its output streams and switches.
 *
 * <p>One instance per invocation; used from the invoking thread.
 */
final class Cli {
  private final PrintStream out;
  private final PrintStream err;
  private final boolean handleSignals;
  private boolean verbose;

  /**
   * @param out standard output: the YCSB summary and nothing else
   * @param err standard error: notices, status lines, errors
   * @param handleSignals whether Ctrl-C and SIGTERM stop a run gracefully (true from {@code main})
   */
  Cli(PrintStream out, PrintStream err, boolean handleSignals) {
    this.out = out;
    this.err = err;
    this.handleSignals = handleSignals;
  }

  PrintStream out() {
    return out;
  }

  PrintStream err() {
    return err;
  }

  boolean handleSignals() {
    return handleSignals;
  }

  boolean verbose() {
    return verbose;
  }

  void verbose(boolean on) {
    verbose = on;
  }
}
