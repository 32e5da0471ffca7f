package dev.ycsbdriver.cli;

import dev.ycsbdriver.runner.StopSignal;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * Turns Ctrl-C (SIGINT) and SIGTERM into a graceful stop: the first signal stops the client threads
 * after their current operation, and the summary and result of what was measured are still written;
 * a second one stops waiting for operations still inside the binding. The previous handlers come back
 * on {@link #close()}.
 *
 * <p>Uses {@code sun.misc.Signal} (module {@code jdk.unsupported}, present in every JDK 17+), because a
 * shutdown hook could not choose the exit code or finish writing the result reliably.
 */
final class SignalStop implements AutoCloseable {
  private final List<Signal> signals = new ArrayList<>();
  private final List<SignalHandler> previous = new ArrayList<>();

  private SignalStop() {
  }

  /**
   * @param enabled false installs nothing (commands run inside tests)
   * @param stop what a signal triggers
   * @param err where a one-line notice goes
   * @return a handle that restores the previous handlers
   */
  static SignalStop install(boolean enabled, StopSignal stop, PrintStream err) {
    return install(enabled, sig -> {
      if (stop.request(StopSignal.Reason.INTERRUPTED)) {
        err.println("Interrupted (SIG" + sig.getName() + "): stopping after the operations in flight; "
            + "press Ctrl-C again not to wait for them.");
      } else {
        stop.hurry();
      }
    });
  }

  /**
   * @param enabled false installs nothing (commands run inside tests)
   * @param handler what SIGINT and SIGTERM do
   * @return a handle that restores the previous handlers
   */
  static SignalStop install(boolean enabled, SignalHandler handler) {
    SignalStop s = new SignalStop();
    if (!enabled) {
      return s;
    }
    for (String name : new String[] {"INT", "TERM"}) {
      try {
        Signal signal = new Signal(name);
        s.previous.add(Signal.handle(signal, handler));
        s.signals.add(signal);
      } catch (IllegalArgumentException e) {
        // the signal does not exist on this platform or is used by the JVM
      }
    }
    return s;
  }

  @Override
  public void close() {
    for (int i = 0; i < signals.size(); i++) {
      Signal.handle(signals.get(i), previous.get(i));
    }
  }
}
