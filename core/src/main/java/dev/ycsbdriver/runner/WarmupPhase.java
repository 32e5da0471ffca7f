package dev.ycsbdriver.runner;

import dev.ycsbdriver.measure.MeasurementRegistry;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The run phase's warm-up, fixed ({@code warmup=<duration>}) or automatic ({@code warmup=auto}), waited out by
 * the runner's thread while the client threads record into a throw-away registry.
 *
 * <p>Stateless: each method runs on the runner's thread.
 */
final class WarmupPhase {
  /** The longest single sleep while waiting, in milliseconds, so that a stop or the threads' end is seen soon. */
  static final long WAIT_SLICE_MILLIS = 100;

  private WarmupPhase() {
  }

  /**
   * How a warm-up ended, as {@link WarmupReport} gives it.
   *
   * @param endedBy {@code time}, {@code steady}, {@code failure}, {@code max} or {@code stop}
   * @param detail one phrase on the state at its end; empty when there is nothing to say
   */
  record End(String endedBy, String detail) {
  }

  /**
   * Waits out a fixed warm-up, or less when the threads end or a stop is requested.
   *
   * @return why it ended ({@code time} or {@code stop}), with no detail
   */
  static End fixed(Duration limit, RunGates gates, StopSignal stop) {
    long end = System.nanoTime() + limit.toNanos();
    while (System.nanoTime() - end < 0) {
      if (stop.requested() || !pause(end, gates)) {
        return new End("stop", "");
      }
    }
    return new End("time", "");
  }

  /**
   * Runs an automatic warm-up: samples the operations done and the JIT compiler's time once a second until
   * {@link SteadyState} says the driver is warm, an operation fails, {@code warmup.max} passes, or the threads
   * end or a stop is requested.
   *
   * @return why it ended ({@code steady}, {@code failure}, {@code max}, {@code stop}) and a phrase on the state
   */
  static End untilSteady(Duration limit, List<ClientThread> clients, MeasurementRegistry scratch, RunGates gates,
                         StopSignal stop) {
    JitActivity jit = new JitActivity();
    SteadyState steady = new SteadyState();
    long start = System.nanoTime();
    long deadline = start + limit.toNanos();
    long next = start;
    while (true) {
      long now = System.nanoTime();
      if (now - next >= 0) {
        long ops = 0;
        for (ClientThread c : clients) {
          ops += c.warmupOpsDone();
        }
        if (steady.sample(now - start, ops, jit.millis())) {
          return new End("steady", steady.reason());
        }
        next += TimeUnit.SECONDS.toNanos(1);
      }
      long failures = 0;
      for (var m : scratch.operations()) {
        failures += m.statuses().errors();
      }
      if (failures > 0) {
        return new End("failure", failures + " operation(s) failed while warming up, so they are measured");
      }
      if (now - deadline >= 0) {
        return new End("max", steady.reason());
      }
      if (stop.requested() || !pause(Math.min(next, deadline), gates)) {
        return new End("stop", steady.reason());
      }
    }
  }

  /**
   * Sleeps until {@code deadline}, at most one wait slice.
   *
   * @return false when the client threads have all left their loops or the thread was interrupted
   */
  static boolean pause(long deadline, RunGates gates) {
    if (gates.operationsEnded().getCount() == 0) {
      return false;
    }
    try {
      Thread.sleep(Math.max(1, Math.min(WAIT_SLICE_MILLIS, (deadline - System.nanoTime()) / 1_000_000)));
      return true;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }
}
