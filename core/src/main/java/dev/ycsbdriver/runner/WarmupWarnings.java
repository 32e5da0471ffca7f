package dev.ycsbdriver.runner;

import dev.ycsbdriver.result.TimeSeriesPoint;
import dev.ycsbdriver.result.model.Warning;
import java.util.List;
import java.util.Locale;

/**
 * Tells a reader when a run's figures are more start-up than store: a run phase measured without warm-up
 * that was too short, or whose throughput was still climbing in its first stretch.
 *
 * <p>Stateless and thread-safe.
 */
final class WarmupWarnings {
  /** A run without warm-up measured for less than this many milliseconds gets a warning. */
  static final long SHORT_RUN_MILLIS = 10_000;
  /** Share of the run, from its start, compared with the rest for a climb in throughput. */
  static final double FIRST_SHARE = 0.2;
  /** The first stretch's throughput below this fraction of the rest's counts as a climb. */
  static final double CLIMB_RATIO = 0.9;

  private WarmupWarnings() {
  }

  /**
   * @param runtimeMillis the measured run time, in milliseconds
   * @param operations the operations measured, every status
   * @param series the run's one-second points, in time order
   * @return a {@link Warning.Code#SHORT_RUN} or {@link Warning.Code#STILL_WARMING} warning, or null when the figures
   *     describe a warm driver as far as can be told
   */
  static Warning of(long runtimeMillis, long operations, List<TimeSeriesPoint> series) {
    if (operations == 0) {
      return null;
    }
    if (runtimeMillis < SHORT_RUN_MILLIS) {
      return new Warning(Warning.Code.SHORT_RUN, String.format(Locale.ROOT, "the run measured only %.1f s with no "
          + "warm-up, so its figures describe JVM start-up and JIT compilation more than the store; measure at least "
          + "30 s after a warm-up, e.g. -p operationcount=0 -p maxexecutiontime=30 -p warmup=auto",
          runtimeMillis / 1000.0));
    }
    long firstEnd = Math.round(runtimeMillis * FIRST_SHARE);
    double firstOps = 0;
    double firstMillis = 0;
    double restOps = 0;
    double restMillis = 0;
    for (TimeSeriesPoint p : series) {
      double ops = p.opsPerSec() * p.intervalMillis() / 1000.0;
      if (p.elapsedMillis() <= firstEnd) {
        firstOps += ops;
        firstMillis += p.intervalMillis();
      } else {
        restOps += ops;
        restMillis += p.intervalMillis();
      }
    }
    if (firstMillis <= 0 || restMillis <= 0 || restOps <= 0) {
      return null;
    }
    double first = firstOps * 1000 / firstMillis;
    double rest = restOps * 1000 / restMillis;
    if (first >= CLIMB_RATIO * rest) {
      return null;
    }
    return new Warning(Warning.Code.STILL_WARMING, String.format(Locale.ROOT, "throughput climbed from %.0f ops/s "
        + "in the first %.0f s to %.0f ops/s after: the figures include the driver's warm-up (JIT compilation) or the "
        + "store's; add -p warmup=auto", first, firstMillis / 1000, rest));
  }
}
