package dev.ycsbdriver.runner;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ycsbdriver.result.TimeSeriesPoint;
import dev.ycsbdriver.result.model.Warning;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** When an automatic warm-up ends, and when a run without one is flagged. */
class SteadyStateTest {
  private static final long SECOND = 1_000_000_000L;

  /**
   * Feeds one sample a second at the given per-second rates and compile milliseconds per second, on a JVM that does
   * not show its compile queue.
   */
  private static int secondsUntilSteady(double[] rates, long[] compileMillisPerSecond) {
    int[] unknown = new int[rates.length];
    java.util.Arrays.fill(unknown, -1);
    return secondsUntilSteady(new SteadyState(), rates, compileMillisPerSecond, unknown);
  }

  /** As above, with the compile queue's length at each second ({@code queued[i]} at second {@code i + 1}). */
  private static int secondsUntilSteady(SteadyState s, double[] rates, long[] compileMillisPerSecond, int[] queued) {
    long ops = 0;
    long compile = 0;
    if (s.sample(0, 0, 0, queued[0])) {
      return 0;
    }
    for (int i = 0; i < rates.length; i++) {
      ops += (long) rates[i];
      compile += compileMillisPerSecond[i];
      if (s.sample((i + 1) * SECOND, ops, compile, queued[i])) {
        return i + 1;
      }
    }
    return -1;
  }

  private static double[] flat(int seconds, double rate) {
    double[] rates = new double[seconds];
    java.util.Arrays.fill(rates, rate);
    return rates;
  }

  private static long[] everySecond(int seconds, long compileMillis) {
    long[] compile = new long[seconds];
    java.util.Arrays.fill(compile, compileMillis);
    return compile;
  }

  @Test
  void anEmptyCompileQueueEndsItEvenWhileTheStarvedCompilerThreadsStayRunnable() {
    // a saturated machine: the compiler threads wait for a core 900 ms of every second, but nothing is queued
    SteadyState s = new SteadyState();
    int steady = secondsUntilSteady(s, flat(30, 10_000), everySecond(30, 900), new int[30]);
    assertThat(steady).isEqualTo(SteadyState.MIN_SECONDS);
    assertThat(s.reason()).startsWith("JIT compiler quiet (compile queue empty in 5 of the last 5 readings, "
        + "compiler threads runnable 90% of the last 5 s)");
  }

  @Test
  void aCompileQueueHoldingWorkKeepsItWarmingUntilItEmpties() {
    // 40 methods queued for the first 15 s, then none: quiet once 4 of a window's 5 readings find it empty
    int[] queued = new int[40];
    java.util.Arrays.fill(queued, 0, 15, 40);
    int steady = secondsUntilSteady(new SteadyState(), flat(40, 10_000), new long[40], queued);
    assertThat(steady).isEqualTo(15 + SteadyState.QUIET_QUEUE_SAMPLES);
  }

  @Test
  void oneLateCompilationInAWindowDoesNotHoldItBack() {
    int[] queued = new int[30];
    queued[SteadyState.MIN_SECONDS - 2] = 1;
    assertThat(secondsUntilSteady(new SteadyState(), flat(30, 10_000), new long[30], queued))
        .isEqualTo(SteadyState.MIN_SECONDS);
  }

  @Test
  void aCompileQueueThatNeverEmptiesWithAMovingRateIsNeverSteadyAndSaysWhy() {
    // the rate swings by +-30% over 17 s: no four 5 s windows in a row agree within 10%
    double[] rates = new double[60];
    for (int i = 0; i < rates.length; i++) {
      rates[i] = 10_000 * (1 + 0.3 * Math.sin(2 * Math.PI * i / 17));
    }
    int[] queued = new int[60];
    java.util.Arrays.fill(queued, 3);
    SteadyState s = new SteadyState();
    assertThat(secondsUntilSteady(s, rates, new long[60], queued)).isEqualTo(-1);
    assertThat(s.reason()).isEqualTo("the JIT compile queue held work in 5 of the last 5 readings (3 method(s) at "
        + "the last)");
  }

  @Test
  void aRateSteadyForFourWindowsEndsItWhileTheQueueStillHoldsWorkAndSaysSo() {
    // a starved compiler: hundreds of methods queued throughout, but throughput has not moved for 20 s
    int[] queued = new int[60];
    java.util.Arrays.fill(queued, 305);
    SteadyState s = new SteadyState();
    int steady = secondsUntilSteady(s, flat(60, 10_000), everySecond(60, 950), queued);
    assertThat(steady).isEqualTo(SteadyState.LONG_WINDOWS * SteadyState.WINDOW_SECONDS);
    assertThat(s.reason()).isEqualTo("throughput within 10% over 4 x 5 s (10000 to 10000 ops/s) while the JIT "
        + "compile queue held work in 5 of the last 5 readings (305 method(s) at the last)");
  }

  @Test
  void aRateDriftingSlowlyAcrossFourWindowsDoesNotEndItWhileCompiling() {
    // +4% a window: each step is within 10%, the four windows together are not
    double[] rates = new double[60];
    for (int i = 0; i < rates.length; i++) {
      rates[i] = 10_000 * Math.pow(1.04, i / SteadyState.WINDOW_SECONDS);
    }
    int[] queued = new int[60];
    java.util.Arrays.fill(queued, 20);
    assertThat(secondsUntilSteady(new SteadyState(), rates, new long[60], queued)).isEqualTo(-1);
  }

  @Test
  void anAutoWarmupThatIsNeverSteadyEndsAtItsLimit() {
    // throughput flat and the compiler threads idle, but the queue never empties: warmup.max ends it
    long start = System.nanoTime();
    WarmupPhase.End end = WarmupPhase.untilSteady(java.time.Duration.ofSeconds(SteadyState.MIN_SECONDS + 1), start,
        () -> (System.nanoTime() - start) / 100_000, () -> 0, () -> 0, () -> 2, RunGates.forThreads(1),
        new StopSignal());
    long tookMillis = (System.nanoTime() - start) / 1_000_000;
    assertThat(end.endedBy()).isEqualTo("max");
    assertThat(end.detail()).startsWith("the JIT compile queue held work");
    assertThat(tookMillis).isBetween((SteadyState.MIN_SECONDS + 1) * 1000L, (SteadyState.MIN_SECONDS + 3) * 1000L);
  }

  @Test
  void warmupMaxCountsFromWhenTheThreadsStartedNotFromTheFirstReading() {
    // the readings' set-up took the whole limit (a saturated machine): the warm-up ends at once, at its limit
    long started = System.nanoTime() - java.time.Duration.ofSeconds(60).toNanos();
    long before = System.nanoTime();
    WarmupPhase.End end = WarmupPhase.untilSteady(java.time.Duration.ofSeconds(60), started,
        () -> (System.nanoTime() - before) / 100_000, () -> 0, () -> 0, () -> 2, RunGates.forThreads(1),
        new StopSignal());
    assertThat(end.endedBy()).isEqualTo("max");
    assertThat((System.nanoTime() - before) / 1_000_000).isLessThan(1_000);
  }

  @Test
  void anAutoWarmupWithAnEmptyQueueAndBusyCompilerThreadsEndsSteady() {
    long start = System.nanoTime();
    WarmupPhase.End end = WarmupPhase.untilSteady(java.time.Duration.ofSeconds(60), start,
        () -> (System.nanoTime() - start) / 100_000, () -> 0, () -> (System.nanoTime() - start) / 1_000_000, () -> 0,
        RunGates.forThreads(1), new StopSignal());
    long tookMillis = (System.nanoTime() - start) / 1_000_000;
    assertThat(end.endedBy()).as(end.toString()).isEqualTo("steady");
    assertThat(end.detail()).contains("compiler threads runnable 100%");
    assertThat(tookMillis).isLessThan((SteadyState.MIN_SECONDS + 3) * 1000L);
  }

  @Test
  void aFlatRateWithAQuietCompilerIsSteadyAfterTheTwoWindows() {
    double[] rates = new double[20];
    java.util.Arrays.fill(rates, 10_000);
    assertThat(secondsUntilSteady(rates, new long[20])).isEqualTo(SteadyState.MIN_SECONDS);
  }

  @Test
  void aClimbingRateIsNotSteadyUntilItLevelsOff() {
    // 4.5k, 5.4k, ... as the JIT compiles, then flat at 12k from second 10
    double[] rates = new double[30];
    double[] climb = {4500, 5400, 6500, 7800, 9000, 10_500, 11_200, 11_700, 11_900};
    java.util.Arrays.fill(rates, 12_000);
    System.arraycopy(climb, 0, rates, 0, climb.length);
    int steady = secondsUntilSteady(rates, new long[30]);
    // the first window wholly after second 6 (within 10% of 12k) compared with the one before
    assertThat(steady).isBetween(12, 20);
  }

  @Test
  void aBusyCompilerKeepsItWarmingEvenAtAFlatRate() {
    double[] rates = new double[30];
    java.util.Arrays.fill(rates, 10_000);
    long[] compile = new long[30];
    // 300 ms of compilation a second for the first 10 s: 30% busy, over the 5% allowed
    java.util.Arrays.fill(compile, 0, 10, 300);
    int steady = secondsUntilSteady(rates, compile);
    assertThat(steady).isGreaterThan(10).isLessThanOrEqualTo(10 + SteadyState.WINDOW_SECONDS);
  }

  @Test
  void aRateThatNeverSettlesIsNeverSteadyAndSaysWhy() {
    double[] rates = new double[30];
    for (int i = 0; i < rates.length; i++) {
      rates[i] = i % 10 < 5 ? 5_000 : 10_000;
    }
    SteadyState s = new SteadyState();
    long ops = 0;
    s.sample(0, 0, -1, -1);
    for (int i = 0; i < rates.length; i++) {
      ops += (long) rates[i];
      assertThat(s.sample((i + 1) * SECOND, ops, -1, 0)).as("second %d", i + 1).isFalse();
    }
    assertThat(s.reason()).startsWith("throughput moved");
  }

  @Test
  void aShortRunIsFlaggedAndALongFlatOneIsNot() {
    assertThat(WarmupWarnings.of(2_600, 1_000, List.of())).satisfies(w -> {
      assertThat(w.code()).isEqualTo(Warning.Code.SHORT_RUN);
      assertThat(w.text()).contains("measured only 2.6 s with no warm-up");
    });
    assertThat(WarmupWarnings.of(60_000, 600_000, series(60, second -> 10_000))).isNull();
    assertThat(WarmupWarnings.of(0, 0, List.of())).isNull();
  }

  @Test
  void aRunWhoseFirstFifthIsSlowerIsFlaggedWithBothRates() {
    // 12 s at 5k ops/s, then 48 s at 12k: the first fifth is well under 90% of the rest
    Warning w = WarmupWarnings.of(60_000, 636_000, series(60, second -> second <= 12 ? 5_000 : 12_000));
    assertThat(w.code()).isEqualTo(Warning.Code.STILL_WARMING);
    assertThat(w.text()).contains("climbed from 5000 ops/s in the first 12 s to 12000 ops/s", "-p warmup=auto");
  }

  private static List<TimeSeriesPoint> series(int seconds, java.util.function.IntToDoubleFunction rate) {
    List<TimeSeriesPoint> points = new ArrayList<>();
    for (int s = 1; s <= seconds; s++) {
      points.add(new TimeSeriesPoint(s * 1000L, 1000, rate.applyAsDouble(s), Map.of(), null));
    }
    return points;
  }
}
