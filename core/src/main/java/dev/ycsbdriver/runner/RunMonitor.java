package dev.ycsbdriver.runner;

import dev.ycsbdriver.cpu.CpuSample;
import dev.ycsbdriver.measure.ChannelTotals;
import dev.ycsbdriver.measure.IntervalHarvester;
import dev.ycsbdriver.measure.LatencyUnit;
import dev.ycsbdriver.measure.MeasurementRegistry;
import dev.ycsbdriver.measure.OperationMeasurement;
import dev.ycsbdriver.metrics.LiveMetrics;
import dev.ycsbdriver.metrics.LiveSnapshot;
import dev.ycsbdriver.metrics.LiveSnapshot.IntervalFigures;
import dev.ycsbdriver.metrics.LiveSnapshot.OperationCount;
import dev.ycsbdriver.result.HistogramLogs;
import dev.ycsbdriver.result.ResultJson;
import dev.ycsbdriver.result.ScheduleLag;
import dev.ycsbdriver.result.StatusLine;
import dev.ycsbdriver.result.TimeSeriesPoint;
import dev.ycsbdriver.result.TimeSeriesPoint.IntervalLatency;
import dev.ycsbdriver.result.YcsbOrder;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Date;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Supplier;
import org.HdrHistogram.Histogram;

/**
 * The run's single background observer: every second it harvests the interval histograms (time
 * series, {@code .hlog} files) and, every {@code status.interval}, closes a status window and prints
 * YCSB's status line on stderr (with {@code -s}). The first status line is printed at t=0 and the last
 * after the client threads finish, as YCSB does. After each tick it publishes a {@link LiveSnapshot} to
 * the live metrics (a no-op without {@code status.port}): counts per status, the last window's throughput
 * and latency percentiles, the newest CPU sample. Every figure is one it harvests anyway, so a scrape adds
 * no work to the client threads. With {@code -target} it also looks at the schedule lag every 10 ms and
 * keeps each interval's largest.
 *
 * <p>Each tick reads the time and the operations done together, before it harvests: on a starved machine the harvest
 * can take many seconds, and an interval's rate is its own operations over its own time. A status line prints the
 * elapsed time and wall clock of that reading, as YCSB's {@code StatusThread} reads the time, then the counts, then
 * the histograms.
 *
 * <p>Lifecycle: {@link #start()} when the clock starts, {@link #finish()} once, after the client threads
 * are done. The harvest state is confined to the monitor thread, then handed over by {@code join}.
 */
final class RunMonitor implements Runnable {
  private static final long TICK_NANOS = TimeUnit.SECONDS.toNanos(1);
  /** How often the schedule lag is looked at between ticks: a stall shorter than a tick still shows. */
  private static final long LAG_SAMPLE_NANOS = TimeUnit.MILLISECONDS.toNanos(10);

  private final MeasurementRegistry registry;
  private final IntervalHarvester harvester;
  private final Progress progress;
  private final HistogramLogs logs;
  private final PrintStream err;
  private final StatusLine statusLine;
  private final boolean status;
  private final long statusIntervalNanos;
  private final long startNanos;
  private final long startEpochMillis;
  private final List<TimeSeriesPoint> timeSeries = new ArrayList<>();
  private final Set<String> seen = new HashSet<>();
  private final LiveMetrics live;
  private final Supplier<CpuSample> cpu;
  private final Thread thread;
  /** The run's {@code -target} schedule, or null in a closed loop. */
  private final Schedule schedule;
  private volatile boolean stopping;
  /** Runs between a tick's reading of the time and its harvest; a test makes it slow to starve the monitor. */
  private Runnable beforeHarvest = () -> { };
  private long maxScheduleLagNanos;
  private long intervalMaxLagNanos;
  /** The largest schedule lag of the last tick, for the live metrics; null in a closed loop. */
  private Double lastTickLagSeconds;
  /** The last closed status window's figures, null until one has closed. */
  private IntervalFigures interval;

  private long lastTickNanos;
  private long lastTickOps;
  private long lastStatusNanos;
  private long lastStatusOps;

  /** What a monitor reads of the client threads. Thread-safety: called from the monitor thread while they run. */
  interface Progress {
    /** @return operations completed so far, every status counted */
    long opsDone();

    /** @return operations still to do, 0 when unlimited */
    long opsTodo();

    /**
     * @param clients the client threads
     * @return their operations summed
     */
    static Progress of(List<ClientThread> clients) {
      return new Progress() {
        @Override
        public long opsDone() {
          long n = 0;
          for (ClientThread c : clients) {
            n += c.opsDone();
          }
          return n;
        }

        @Override
        public long opsTodo() {
          long n = 0;
          for (ClientThread c : clients) {
            n += c.opsTodo();
          }
          return n;
        }
      };
    }
  }

  /**
   * What a monitor watches.
   *
   * @param registry the registry the client threads record into
   * @param progress the client threads' operation counts
   * @param schedule the run's {@code -target} schedule, or null in a closed loop
   * @param cpu the newest CPU sample, for the live metrics; the supplier may return null
   * @param startNanos when the watched time began, by {@link System#nanoTime()}
   * @param startEpochMillis the same instant in milliseconds since the epoch, the intervals' time base
   */
  record Watched(MeasurementRegistry registry, Progress progress, Schedule schedule, Supplier<CpuSample> cpu,
                 long startNanos, long startEpochMillis) {
  }

  /**
   * Where a monitor's figures go.
   *
   * @param logs where each interval goes as {@code .hlog}; null for none (a {@link #rehearsal})
   * @param live the live metrics, {@link LiveMetrics#OFF} for none
   * @param err where the status lines are printed
   * @param statusLine formats the status lines (it is not thread-safe: one per monitor)
   * @param status whether the status lines are printed ({@code -s})
   * @param statusIntervalNanos {@code status.interval}, in nanoseconds
   */
  record Outputs(HistogramLogs logs, LiveMetrics live, PrintStream err, StatusLine statusLine, boolean status,
                 long statusIntervalNanos) {
  }

  /**
   * @param watched what it watches
   * @param outputs where its figures go
   */
  RunMonitor(Watched watched, Outputs outputs) {
    this.registry = watched.registry();
    this.schedule = watched.schedule();
    this.harvester = new IntervalHarvester(registry);
    this.progress = watched.progress();
    this.logs = outputs.logs();
    this.err = outputs.err();
    this.statusLine = outputs.statusLine();
    this.status = outputs.status();
    this.statusIntervalNanos = outputs.statusIntervalNanos();
    this.startNanos = watched.startNanos();
    this.startEpochMillis = watched.startEpochMillis();
    this.live = outputs.live();
    this.cpu = watched.cpu();
    this.lastTickNanos = startNanos;
    this.lastStatusNanos = startNanos;
    this.thread = new Thread(this, "ycsb-monitor");
    thread.setDaemon(true);
  }

  /**
   * A monitor for the warm-up: it harvests the warm-up's throw-away registry and formats its status lines as the
   * run's monitor will, but prints, logs and publishes nothing. Its only purpose is that the JIT compiles the
   * harvest, the percentiles and the status line before the measured time; left cold, that code would be
   * compiled after the switch, on the measured time's CPU (on a saturated machine, hundreds of compilations in
   * the first measured seconds).
   *
   * @param scratch the warm-up's registry
   * @param clients the client threads
   * @param statusLine a status line of its own (it is not thread-safe)
   * @param statusIntervalNanos the run's {@code status.interval}
   * @param startNanos when the warm-up began
   * @return a monitor to {@link #start()} with the warm-up and {@link #abandon} at its end
   */
  static RunMonitor rehearsal(MeasurementRegistry scratch, List<ClientThread> clients, StatusLine statusLine,
                              long statusIntervalNanos, long startNanos) {
    return new RunMonitor(
        new Watched(scratch, Progress.of(clients), null, () -> null, startNanos, System.currentTimeMillis()),
        new Outputs(null, LiveMetrics.OFF, new PrintStream(java.io.OutputStream.nullOutputStream()), statusLine, true,
            statusIntervalNanos));
  }

  void start() {
    thread.start();
  }

  /**
   * Sets what runs between each tick's reading of the time and the operations and its harvest, as a starved
   * monitor thread would pause there. Call before {@link #start()}.
   *
   * @param pause runs on the monitor thread once per tick; never null
   */
  void pauseBeforeHarvest(Runnable pause) {
    this.beforeHarvest = pause;
  }

  @Override
  public void run() {
    if (status) {
      long now = System.nanoTime();
      closeWindow(now, progress.opsDone(), false);
    }
    long nextTick = startNanos + TICK_NANOS;
    long nextStatus = startNanos + statusIntervalNanos;
    while (!stopping) {
      long now = System.nanoTime();
      if (now < nextTick) {
        if (schedule == null) {
          LockSupport.parkNanos(nextTick - now);
        } else {
          intervalMaxLagNanos = Math.max(intervalMaxLagNanos, schedule.lagNanos(now));
          LockSupport.parkNanos(Math.min(nextTick - now, LAG_SAMPLE_NANOS));
        }
        continue;
      }
      long ops = progress.opsDone();
      tick(now, ops);
      // when the monitor was starved, the next interval starts from now rather than catching up with
      // back-to-back ticks of a few milliseconds each
      nextTick = Math.max(nextTick + TICK_NANOS, now + TICK_NANOS / 2);
      if (now >= nextStatus) {
        closeWindow(now, ops, true);
        nextStatus += statusIntervalNanos;
      }
      publish(now, ops);
    }
  }

  /**
   * Stops the monitor, takes the last interval and prints the final status line.
   *
   * @return the whole run's distributions per measurement name
   */
  Map<String, ChannelTotals> finish() {
    stopping = true;
    LockSupport.unpark(thread);
    try {
      thread.join();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    long now = System.nanoTime();
    long ops = progress.opsDone();
    tick(now, ops);
    closeWindow(now, ops, true);
    publish(now, ops);
    if (logs != null) {
      logs.close();
    }
    return harvester.totals();
  }

  /**
   * Ends a {@link #rehearsal}: asks its thread to stop and waits for it at most {@code maxWaitMillis}. A thread
   * still in a tick after that (on a machine saturated by the client threads a cold harvest of every thread's
   * histograms can take tens of seconds) is left to end on its own after that tick: it only reads the
   * warm-up's registry, which nothing records into any more.
   *
   * @param maxWaitMillis the longest wait, in milliseconds; 0 for none
   * @return whether the thread had ended within the wait
   */
  boolean abandon(long maxWaitMillis) {
    stopping = true;
    LockSupport.unpark(thread);
    try {
      thread.join(Math.max(1, maxWaitMillis));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    return !thread.isAlive();
  }

  List<TimeSeriesPoint> timeSeries() {
    return List.copyOf(timeSeries);
  }

  /**
   * Call after {@link #finish()}.
   *
   * @param endNanos when the client threads stopped taking operations
   * @return how far the run fell behind its schedule, or null in a closed loop
   */
  ScheduleLag scheduleLag(long endNanos, long targetOpsPerSec) {
    if (schedule == null) {
      return null;
    }
    long finalLagNanos = schedule.lagNanos(endNanos);
    return new ScheduleLag(targetOpsPerSec, Math.max(maxScheduleLagNanos, finalLagNanos) / 1e6, finalLagNanos / 1e6);
  }

  /**
   * @param now the tick's time, by {@link System#nanoTime()}
   * @param ops the operations done, read right after {@code now}
   */
  private void tick(long now, long ops) {
    long fromMillis = startEpochMillis + TimeUnit.NANOSECONDS.toMillis(lastTickNanos - startNanos);
    long toMillis = startEpochMillis + TimeUnit.NANOSECONDS.toMillis(now - startNanos);
    beforeHarvest.run();
    List<ChannelTotals> intervals = harvester.harvest(fromMillis, toMillis);
    if (logs != null) {
      logs.write(intervals, registry.recordsIntended());
    }
    long intervalNanos = now - lastTickNanos;
    Map<String, IntervalLatency> latency = new LinkedHashMap<>();
    for (ChannelTotals c : intervals) {
      Histogram h = c.service();
      if (h.getTotalCount() > 0) {
        seen.add(c.name());
        LatencyUnit unit = LatencyUnit.RECORDED;
        latency.put(c.name(), new IntervalLatency(h.getTotalCount(), ResultJson.micros(unit, h.getMean()),
            ResultJson.micros(unit, h.getValueAtPercentile(99)), ResultJson.micros(unit, h.getMaxValue())));
      }
    }
    Double lagMillis = null;
    if (schedule != null) {
      // the last tick comes after the threads stopped taking operations: the schedule goes on without them
      long lag = stopping ? intervalMaxLagNanos : Math.max(intervalMaxLagNanos, schedule.lagNanos(now));
      maxScheduleLagNanos = Math.max(maxScheduleLagNanos, lag);
      lagMillis = lag / 1e6;
      lastTickLagSeconds = lag / 1e9;
      intervalMaxLagNanos = 0;
    }
    if (intervalNanos > 0) {
      double opsPerSec = (ops - lastTickOps) * 1e9 / intervalNanos;
      timeSeries.add(new TimeSeriesPoint(TimeUnit.NANOSECONDS.toMillis(now - startNanos),
          TimeUnit.NANOSECONDS.toMillis(intervalNanos), opsPerSec, latency, lagMillis));
    }
    lastTickNanos = now;
    lastTickOps = ops;
  }

  /**
   * Ends the status window: prints the status line with {@code -s} and, with {@code figures}, keeps the
   * window's throughput and percentiles for the live metrics (the t=0 line covers no time).
   *
   * @param now the time the window ends, by {@link System#nanoTime()}
   * @param ops the operations done, read right after {@code now}
   */
  private void closeWindow(long now, long ops, boolean figures) {
    List<ChannelTotals> window = harvester.takeWindow();
    if (status) {
      printStatus(now, ops, window);
    }
    if (figures && now > lastStatusNanos) {
      interval = IntervalFigures.of((ops - lastStatusOps) * 1e9 / (now - lastStatusNanos), window);
    }
    lastStatusNanos = now;
    lastStatusOps = ops;
  }

  private void publish(long now, long ops) {
    double elapsedSeconds = (now - startNanos) / 1e9;
    double overall = elapsedSeconds > 0 ? ops / elapsedSeconds : 0;
    live.publish(new LiveSnapshot(elapsedSeconds, OperationCount.of(registry.operations()), overall, interval,
        cpu.get(), lastTickLagSeconds));
  }

  private void printStatus(long now, long ops, List<ChannelTotals> taken) {
    long todo = progress.opsTodo();
    double elapsedMillis = (now - startNanos) / 1e6;
    double sinceLastMillis = (now - lastStatusNanos) / 1e6;
    double current = 1000.0 * (ops - lastStatusOps) / Math.floor(sinceLastMillis);
    double overall = 1000.0 * ops / Math.floor(elapsedMillis);
    Set<String> withStatus = new HashSet<>();
    for (OperationMeasurement m : registry.operations()) {
      if (m.statuses().total() > 0) {
        withStatus.add(m.name());
      }
    }
    List<ChannelTotals> window = new ArrayList<>();
    for (ChannelTotals c : taken) {
      if (seen.contains(c.name()) || withStatus.contains(c.name())) {
        window.add(c);
      }
    }
    Date wallClock = new Date(startEpochMillis + TimeUnit.NANOSECONDS.toMillis(now - startNanos));
    String line = statusLine.format(wallClock, (long) elapsedMillis, ops, current, todo, overall,
        YcsbOrder.of(window, ChannelTotals::name));
    err.println(line);
  }
}
