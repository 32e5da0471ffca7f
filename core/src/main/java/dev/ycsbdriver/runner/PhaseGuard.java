package dev.ycsbdriver.runner;

import dev.ycsbdriver.config.ConfigException;
import dev.ycsbdriver.config.RunConfig;
import dev.ycsbdriver.config.Secrets;
import dev.ycsbdriver.spi.Binding;
import dev.ycsbdriver.spi.BindingContext;
import dev.ycsbdriver.spi.BindingException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;

/**
 * Keeps a phase stoppable while it connects and while it closes, where a store that never answers would
 * otherwise hold it: the binding's open and close run on daemon threads ({@link DaemonCall}) and every
 * wait watches the stop signal (SIGINT, SIGTERM) and {@code connecting.timeout}. While connecting,
 * {@code connecting.timeout} bounds the time without progress: from the creation of this guard (the start
 * of the phase) or from the last step that ended (the binding's open returned, a client thread
 * connected), whichever is later. A store that never answers is so left within {@code connecting.timeout},
 * while 64 threads that authenticate at once on a loaded machine, none finishing for seconds, are not
 * cut off before the measured run, which {@code maxexecutiontime} then bounds from the start of the
 * clock. After a stop, each wait lasts at most {@code stop.timeout}, and not at all after a second Ctrl-C.
 *
 * <p>One instance per run, used by the runner's thread only.
 */
final class PhaseGuard {
  private final RunRequest request;
  private final RunConfig config;
  /** When connecting last made progress: the start of the phase, then the end of each connecting step. */
  private long progressNanos = System.nanoTime();

  /** @param request the run; its stop signal, configuration and stderr are used */
  PhaseGuard(RunRequest request) {
    this.request = request;
    this.config = request.config();
  }

  /** @return a reason line for a phase stopped while connecting, e.g. {@code interrupted while connecting to the store} */
  String stoppedWhileConnecting() {
    return request.stop().reason() == StopSignal.Reason.CONNECTING_TIMEOUT
        ? "connecting.timeout=" + seconds(config.connectingTimeout()) + " passed without progress while connecting to the store"
        : "interrupted while connecting to the store";
  }

  /**
   * Ends a run before its clock started: the threads that have connected close their connections, for
   * at most {@code stop.timeout}; threads still connecting are left behind (they are daemons).
   */
  void abort(List<ClientThread> clients, RunGates gates) {
    StopSignal stop = request.stop();
    stop.request(StopSignal.Reason.ABORTED);
    gates.openAll();
    long giveUp = System.nanoTime() + config.stopTimeout().toNanos();
    while (clients.stream().anyMatch(c -> c.initReturned() && !c.finished())
        && System.nanoTime() - giveUp < 0 && !stop.hurried()) {
      Runner.awaitSlice(gates.done());
    }
  }

  /**
   * Opens the binding on a daemon thread, watching the stop signal and the time limit. After a stop the
   * open gets {@code stop.timeout} to return (a binding may have changed server settings it then puts
   * back on close); one that returns later is closed by its own thread.
   *
   * @return the binding, or null when the phase was stopped while it was opening
   */
  Binding open(BindingContext context) throws ConfigException, BindingException {
    DaemonCall<Binding> call = DaemonCall.start("ycsb-binding-open", () -> request.provider().open(context),
        PhaseGuard::closeQuietly);
    if (!awaitConnecting(call.returned()) && !awaitGrace(call.returned())) {
      call.abandon();
      return null;
    }
    Binding binding;
    try {
      binding = call.get();
    } catch (ConfigException | BindingException | RuntimeException e) {
      if (request.stop().requested()) {
        return null;
      }
      throw e;
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
    if (request.stop().requested()) {
      closeQuietly(binding);
      return null;
    }
    return binding;
  }

  /**
   * Closes the binding on a daemon thread: as long as it takes while no stop is requested (the socket
   * timeouts bound it), at most {@code stop.timeout} after one.
   */
  void close(Binding binding) {
    DaemonCall<Boolean> call = DaemonCall.start("ycsb-binding-close", () -> {
      binding.close();
      return true;
    }, done -> { });
    while (!Runner.awaitSlice(call.returned())) {
      if (request.stop().requested()) {
        if (!awaitGrace(call.returned())) {
          call.abandon();
          request.err().println("ycsb: warning: " + request.bindingName() + ": closing the binding did not end within "
              + "stop.timeout=" + config.stopTimeout().toMillis() + " ms; left behind");
          return;
        }
        break;
      }
    }
    try {
      call.get();
    } catch (Exception e) {
      request.err().println("ycsb: warning: " + request.bindingName() + ": closing the binding failed: "
          + Secrets.maskText(String.valueOf(e.getMessage())));
    }
  }

  private static void closeQuietly(Binding binding) {
    try {
      binding.close();
    } catch (RuntimeException ignored) {
      // nobody uses this binding; its close is only tidying up
    }
  }

  /**
   * Waits for a connecting step while watching the stop signal and {@code connecting.timeout}, which bounds
   * the time without progress: each count-down of {@code step} (a client thread connected) is progress.
   * A time limit that runs out requests the stop.
   *
   * @param step counts down as connecting advances; ended at zero
   * @return true when the step ended, false when a stop was requested first
   */
  boolean awaitConnecting(CountDownLatch step) {
    StopSignal stop = request.stop();
    long remaining = step.getCount();
    while (!Runner.awaitSlice(step)) {
      if (stop.requested()) {
        return false;
      }
      long now = System.nanoTime();
      if (step.getCount() < remaining) {
        remaining = step.getCount();
        progressNanos = now;
      }
      if (!config.connectingTimeout().isZero() && now - progressNanos >= config.connectingTimeout().toNanos()) {
        if (stop.request(StopSignal.Reason.CONNECTING_TIMEOUT)) {
          request.err().println("No progress while connecting to the store for connecting.timeout="
              + seconds(config.connectingTimeout()) + "; stopping.");
        }
        return false;
      }
    }
    progressNanos = System.nanoTime();
    return true;
  }

  /** @return e.g. {@code 60s} or {@code 1.5s} */
  private static String seconds(Duration d) {
    return d.toMillis() % 1000 == 0 ? d.toSeconds() + "s" : d.toMillis() / 1000.0 + "s";
  }

  /** @return whether {@code step} ended within {@code stop.timeout} from now (not waiting when hurried) */
  private boolean awaitGrace(CountDownLatch step) {
    long giveUp = System.nanoTime() + config.stopTimeout().toNanos();
    while (!Runner.awaitSlice(step)) {
      if (request.stop().hurried() || System.nanoTime() - giveUp >= 0) {
        return false;
      }
    }
    return true;
  }
}
