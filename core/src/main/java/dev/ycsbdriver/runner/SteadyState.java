package dev.ycsbdriver.runner;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Decides when an automatic warm-up ({@code warmup=auto}) is over, from one sample a second of the
 * operations done and of the JIT compiler's accumulated time.
 *
 * <p>The driver is warm when, over the last {@value #WINDOW_SECONDS} seconds, both hold:
 * <ul>
 *   <li>the JIT compiler was busy at most {@value #QUIET_COMPILE_FRACTION} of that time (a compiler thread
 *       runnable, see {@link JitActivity}), so the code that runs is the code that will keep running; and</li>
 *   <li>throughput moved by at most {@value #STEADY_CHANGE} (as a fraction) from the {@value #WINDOW_SECONDS}
 *       seconds before, so neither the driver nor the store's caches are still warming.</li>
 * </ul>
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

  private final List<long[]> samples = new ArrayList<>();
  private String lastReason = "no sample yet";

  /**
   * Takes one sample; call once a second, the first at the start of the warm-up.
   *
   * @param elapsedNanos time since the warm-up began, in nanoseconds
   * @param operations operations the warm-up has done so far, every status
   * @param compileMillis the JIT compiler's busy time so far ({@link JitActivity#millis()}), in milliseconds, or -1
   *     when the JVM does not say
   * @return whether the driver is warm now
   */
  boolean sample(long elapsedNanos, long operations, long compileMillis) {
    samples.add(new long[] {elapsedNanos, operations, compileMillis});
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
    double windowMillis = (now[0] - mid[0]) / 1e6;
    if (now[2] >= 0 && mid[2] >= 0) {
      double compiling = (now[2] - mid[2]) / windowMillis;
      if (compiling > QUIET_COMPILE_FRACTION) {
        lastReason = String.format(Locale.ROOT, "the JIT compiler was busy %.0f%% of the last %d s", compiling * 100,
            WINDOW_SECONDS);
        return false;
      }
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
    lastReason = String.format(Locale.ROOT, "JIT compiler quiet, throughput within %.0f%% over 2 x %d s (%.0f ops/s)",
        STEADY_CHANGE * 100, WINDOW_SECONDS, recent);
    return true;
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
