package dev.ycsbdriver.runner;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Decides when an automatic warm-up ({@code warmup=auto}) is over, from one sample a second of the
 * operations done, of the JIT compiler's compile queue and of its compiler threads' accumulated time.
 *
 * <p>The driver is warm when, over the last {@value #WINDOW_SECONDS} seconds, both hold:
 * <ul>
 *   <li>compilation has finished: the compile queue ({@link CompileQueue}: methods waiting for the C1 or C2
 *       compiler or being compiled) was empty in at least {@value #QUIET_QUEUE_SAMPLES} of the window's
 *       {@value #WINDOW_SECONDS} readings, so the code that runs is the code that will keep running, with one
 *       late compilation tolerated. The compiler threads' busy time does not count then: on a saturated machine
 *       they stay runnable (waiting for a core) long after the queue has emptied. Only on a JVM without the
 *       queue (not HotSpot) the compiler counts as quiet when its threads were busy at most
 *       {@value #QUIET_COMPILE_FRACTION} of the window ({@link JitActivity}); and</li>
 *   <li>throughput moved by at most {@value #STEADY_CHANGE} (as a fraction) from the {@value #WINDOW_SECONDS}
 *       seconds before, so neither the driver nor the store's caches are still warming.</li>
 * </ul>
 * Where compilation has not finished, throughput that stayed steady for longer ends it too: the last
 * {@value #LONG_WINDOWS} windows ({@value #LONG_WINDOWS} x {@value #WINDOW_SECONDS} s) within
 * {@value #STEADY_CHANGE} of each other (highest over lowest), so that what is still compiling has shown no effect
 * for that long. On a machine saturated by the run (64 client threads on two cores) the compilers get so little
 * CPU that the queue still held hundreds of methods after a minute while throughput no longer moved; the reason
 * then names the queue's state, so the result says that compilation was still going on.
 * The two windows need {@value #MIN_SECONDS} seconds, the shortest automatic warm-up. The criterion follows
 * the usual steady-state test of benchmark harnesses (JMH's warm-up iterations, Georges et al., "Statistically
 * Rigorous Java Performance Evaluation", OOPSLA 2007: wait until successive windows agree), with windows long
 * enough to smooth out a saturated two-core machine, where one-second rates of a PostgreSQL run at 64 threads
 * swing between 2k and 20k ops/s while five-second ones stay within a few percent.
 *
 * <p>Not thread-safe: fed by the runner's thread only.
 */
final class SteadyState {
  /** Seconds in each of the two windows compared. */
  static final int WINDOW_SECONDS = 5;
  /** The shortest automatic warm-up: two windows. */
  static final int MIN_SECONDS = 2 * WINDOW_SECONDS;
  /** Largest relative change of throughput between the two windows that still counts as steady. */
  static final double STEADY_CHANGE = 0.10;
  /** Largest share of the last window the JIT compiler may have spent compiling. */
  static final double QUIET_COMPILE_FRACTION = 0.05;
  /** Fewest readings of the last window that must find the compile queue empty for compilation to be over. */
  static final int QUIET_QUEUE_SAMPLES = WINDOW_SECONDS - 1;
  /** Windows in a row whose throughput, all within {@value #STEADY_CHANGE} of each other, end it while compiling. */
  static final int LONG_WINDOWS = 4;

  private final List<long[]> samples = new ArrayList<>();
  private String lastReason = "no sample yet";

  /**
   * Takes one sample; call once a second, the first at the start of the warm-up.
   *
   * @param elapsedNanos time since the warm-up began, in nanoseconds
   * @param operations operations the warm-up has done so far, every status
   * @param compileMillis the JIT compiler's busy time so far ({@link JitActivity#millis()}), in milliseconds, or -1
   *     when the JVM does not say
   * @param queuedCompiles methods in the compile queue now, waiting or being compiled ({@link CompileQueue#tasks()}),
   *     or -1 when the JVM does not say
   * @return whether the driver is warm now
   */
  boolean sample(long elapsedNanos, long operations, long compileMillis, int queuedCompiles) {
    samples.add(new long[] {elapsedNanos, operations, compileMillis, queuedCompiles});
    int n = samples.size();
    if (n <= MIN_SECONDS) {
      lastReason = "warming for at least " + MIN_SECONDS + " s";
      return false;
    }
    long[] now = samples.get(n - 1);
    long[] mid = samples.get(n - 1 - WINDOW_SECONDS);
    long[] first = samples.get(n - 1 - 2 * WINDOW_SECONDS);
    double recent = rate(mid, now);
    double before = rate(first, mid);
    String compiler = compilerBusy(n);
    if (compiler != null) {
      double[] longRun = steadyOverLongWindows(n);
      if (longRun == null) {
        lastReason = compiler;
        return false;
      }
      lastReason = String.format(Locale.ROOT, "throughput within %.0f%% over %d x %d s (%.0f to %.0f ops/s) while %s",
          STEADY_CHANGE * 100, LONG_WINDOWS, WINDOW_SECONDS, longRun[0], longRun[1], compiler);
      return true;
    }
    if (before <= 0 || recent <= 0) {
      lastReason = "no operation completed in the last " + 2 * WINDOW_SECONDS + " s";
      return false;
    }
    double change = (recent - before) / before;
    if (Math.abs(change) > STEADY_CHANGE) {
      lastReason = String.format(Locale.ROOT, "throughput moved %+.0f%% between the last two %d s windows "
          + "(%.0f then %.0f ops/s)", change * 100, WINDOW_SECONDS, before, recent);
      return false;
    }
    lastReason = String.format(Locale.ROOT, "JIT compiler quiet (%s), throughput within %.0f%% over 2 x %d s "
        + "(%.0f ops/s)", quietHow(n), STEADY_CHANGE * 100, WINDOW_SECONDS, recent);
    return true;
  }

  /**
   * @return the lowest and highest throughput of the last {@value #LONG_WINDOWS} windows when they are within
   *     {@value #STEADY_CHANGE} of each other (highest over lowest), else null (also when there are fewer samples)
   */
  private double[] steadyOverLongWindows(int n) {
    if (n <= LONG_WINDOWS * WINDOW_SECONDS) {
      return null;
    }
    double low = Double.MAX_VALUE;
    double high = 0;
    for (int w = 0; w < LONG_WINDOWS; w++) {
      double r = rate(samples.get(n - 1 - (w + 1) * WINDOW_SECONDS), samples.get(n - 1 - w * WINDOW_SECONDS));
      low = Math.min(low, r);
      high = Math.max(high, r);
    }
    return low > 0 && high / low <= 1 + STEADY_CHANGE ? new double[] {low, high} : null;
  }

  /** @return why the compiler is not done over the window ending at sample {@code n - 1}, or null when it is */
  private String compilerBusy(int n) {
    int empty = emptyQueueReadings(n);
    if (empty >= 0) {
      return empty >= QUIET_QUEUE_SAMPLES ? null : String.format(Locale.ROOT, "the JIT compile queue held work in %d "
          + "of the last %d readings (%d method(s) at the last)", WINDOW_SECONDS - empty, WINDOW_SECONDS,
          samples.get(n - 1)[3]);
    }
    double compiling = compilingFraction(n);
    return compiling <= QUIET_COMPILE_FRACTION ? null : String.format(Locale.ROOT,
        "the JIT compiler was busy %.0f%% of the last %d s", compiling * 100, WINDOW_SECONDS);
  }

  /** @return how the compiler was found quiet over the window ending at sample {@code n - 1} */
  private String quietHow(int n) {
    int empty = emptyQueueReadings(n);
    double compiling = compilingFraction(n);
    String busy = compiling < 0 ? "" : String.format(Locale.ROOT, "compiler threads runnable %.0f%% of the last %d s",
        compiling * 100, WINDOW_SECONDS);
    if (empty < 0) {
      return busy.isEmpty() ? "compile time unknown" : busy;
    }
    return String.format(Locale.ROOT, "compile queue empty in %d of the last %d readings%s", empty, WINDOW_SECONDS,
        busy.isEmpty() ? "" : ", " + busy);
  }

  /**
   * @return how many of the last {@value #WINDOW_SECONDS} readings found the compile queue empty, or -1 when one of
   *     them could not read it
   */
  private int emptyQueueReadings(int n) {
    int empty = 0;
    for (int i = n - WINDOW_SECONDS; i < n; i++) {
      long queued = samples.get(i)[3];
      if (queued < 0) {
        return -1;
      }
      if (queued == 0) {
        empty++;
      }
    }
    return empty;
  }

  /**
   * @return the share of the last window the compiler threads were busy, or -1 when the JVM does not say
   */
  private double compilingFraction(int n) {
    long[] now = samples.get(n - 1);
    long[] mid = samples.get(n - 1 - WINDOW_SECONDS);
    if (now[2] < 0 || mid[2] < 0) {
      return -1;
    }
    return (now[2] - mid[2]) / ((now[0] - mid[0]) / 1e6);
  }

  /** @return why the last sample was or was not steady, one phrase for the log and the result */
  String reason() {
    return lastReason;
  }

  private static double rate(long[] from, long[] to) {
    long nanos = to[0] - from[0];
    return nanos <= 0 ? 0 : (to[1] - from[1]) * 1e9 / nanos;
  }
}
