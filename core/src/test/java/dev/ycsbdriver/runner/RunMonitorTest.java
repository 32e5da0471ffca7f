package dev.ycsbdriver.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.ycsbdriver.measure.MeasurementConfig;
import dev.ycsbdriver.measure.MeasurementRegistry;
import dev.ycsbdriver.metrics.LiveMetrics;
import dev.ycsbdriver.result.StatusLine;
import dev.ycsbdriver.result.TimeSeriesPoint;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The monitor's status lines and time series when its thread is starved. */
class RunMonitorTest {
  /** Operations per second of the simulated client threads: their count grows with the clock, nothing else. */
  private static final double OPS_PER_SEC = 1_000_000;
  private static final long STARVED_MILLIS = 1_500;
  private static final Pattern STATUS =
      Pattern.compile("(\\d+) sec: (\\d+) operations; ([0-9.]+) current ops/sec;");

  /** Client threads that complete exactly {@link #OPS_PER_SEC} operations a second from {@code startNanos}. */
  private static RunMonitor.Progress steadyFrom(long startNanos) {
    return new RunMonitor.Progress() {
      @Override
      public long opsDone() {
        return (long) ((System.nanoTime() - startNanos) * OPS_PER_SEC / 1e9);
      }

      @Override
      public long opsTodo() {
        return 0;
      }
    };
  }

  private record Watch(List<TimeSeriesPoint> series, String statusLines, long opsDone) {
  }

  /** Runs a monitor for 3.5 s whose first tick pauses {@link #STARVED_MILLIS} between its reading and its harvest. */
  private static Watch watchStarvedMonitor() throws InterruptedException {
    long start = System.nanoTime();
    RunMonitor.Progress progress = steadyFrom(start);
    MeasurementRegistry registry = new MeasurementRegistry(
        new MeasurementConfig(MeasurementConfig.Interval.OP, List.of(95.0, 99.0), false, false, Set.of()), false, 1);
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    RunMonitor monitor = new RunMonitor(
        new RunMonitor.Watched(registry, progress, null, () -> null, start, System.currentTimeMillis()),
        new RunMonitor.Outputs(null, LiveMetrics.OFF, new PrintStream(err, true, StandardCharsets.UTF_8),
            new StatusLine("", MeasurementConfig.Interval.OP), true, TimeUnit.SECONDS.toNanos(1)));
    AtomicInteger ticks = new AtomicInteger();
    monitor.pauseBeforeHarvest(() -> {
      if (ticks.getAndIncrement() == 0) {
        try {
          Thread.sleep(STARVED_MILLIS);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
    });
    monitor.start();
    Thread.sleep(3_500);
    monitor.finish();
    return new Watch(monitor.timeSeries(), err.toString(StandardCharsets.UTF_8), progress.opsDone());
  }

  @Test
  void aStarvedMonitorsTimeSeriesGivesEachIntervalItsOwnRateAndAddsUpToTheRun() throws InterruptedException {
    Watch w = watchStarvedMonitor();

    assertThat(w.series()).hasSizeGreaterThanOrEqualTo(3);
    double opsInSeries = 0;
    long millisInSeries = 0;
    for (TimeSeriesPoint p : w.series()) {
      opsInSeries += p.opsPerSec() * p.intervalMillis() / 1000.0;
      millisInSeries += p.intervalMillis();
      if (p.intervalMillis() >= 100) {
        assertThat(p.opsPerSec()).as("interval ending at %d ms", p.elapsedMillis())
            .isCloseTo(OPS_PER_SEC, within(OPS_PER_SEC * 0.05));
      }
    }
    // the first tick's interval is its own second, not the second plus the pause before its harvest
    assertThat(w.series().get(0).intervalMillis()).isBetween(1_000L, 1_000L + STARVED_MILLIS / 2);
    assertThat(opsInSeries).isCloseTo(w.opsDone(), within(w.opsDone() * 0.05));
    assertThat(millisInSeries).isCloseTo(w.series().get(w.series().size() - 1).elapsedMillis(), within(5L));
  }

  @Test
  void aStarvedMonitorsStatusLinesPrintTheElapsedTimeAndRateOfTheirOwnOperations() throws InterruptedException {
    Watch w = watchStarvedMonitor();

    List<String> lines = w.statusLines().lines().toList();
    List<Matcher> windows = new ArrayList<>();
    for (String line : lines.subList(1, lines.size())) {
      Matcher m = STATUS.matcher(line);
      assertThat(m.find()).as(line).isTrue();
      windows.add(m);
    }
    assertThat(windows).hasSizeGreaterThanOrEqualTo(3);
    for (Matcher m : windows) {
      long elapsedSeconds = Long.parseLong(m.group(1));
      long operations = Long.parseLong(m.group(2));
      double current = Double.parseDouble(m.group(3));
      // "1 sec: 1000000 operations": the operations of the elapsed time printed, within 5% of a second's
      assertThat(operations / OPS_PER_SEC).as(m.group()).isBetween(elapsedSeconds - 0.05, elapsedSeconds + 1.05);
      assertThat(current).as(m.group()).isCloseTo(OPS_PER_SEC, within(OPS_PER_SEC * 0.05));
    }
  }
}
