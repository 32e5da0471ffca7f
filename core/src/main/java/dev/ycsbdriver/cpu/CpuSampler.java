package dev.ycsbdriver.cpu;

import dev.ycsbdriver.result.model.Warning;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.ToDoubleFunction;
import oshi.SystemInfo;
import oshi.hardware.CentralProcessor;
import oshi.software.os.OperatingSystem;

/**
 * Samples the CPU of the server, the driver and the machine on a daemon thread, every interval, from
 * {@link #start} to {@link #stop}.
 *
 * <p>Averages are CPU time over wall time between start and stop (so they do not depend on how the
 * samples fall); peaks are the highest value over one interval, at most 100% times the logical cores.
 * Percentages are of one logical core.
 * Sources: process CPU time from OSHI {@code OSProcess} kernel + user time (on Linux
 * {@code /proc/<pid>/stat}, resolution one clock tick, usually 10 ms); machine CPU from OSHI's system
 * load ticks ({@code /proc/stat}). A remote server ({@link ServerTarget#isRemote()}) is read from its
 * {@code bin/ycsb agent} at each sample, before the local readings; its percentages are over the agent's own
 * clock between two answers, and its ceiling is 100% times the agent host's logical cores. A reading that
 * fails leaves that sample's server value n/a; the next answer covers the time since the last good one.
 *
 * <p>Usage:
 * <pre>{@code
 * CpuSampler sampler = CpuSampler.start(ServerTarget.resolve(location, settings), Duration.ofSeconds(1));
 * ... run ...
 * CpuSummary cpu = sampler.stop();
 * }</pre>
 *
 * <p>Thread-safety: {@link #samples()} and {@link #latest()} may be called from any thread while sampling; {@link #stop()} is
 * idempotent and may be called from any one thread.
 */
public final class CpuSampler implements AutoCloseable {
  /** Machine use, in percent of all cores, above which the driver is said to compete with the server. */
  static final double SATURATED_MACHINE_FRACTION = 0.9;

  private final ServerTarget target;
  private final long intervalNanos;
  private final OperatingSystem os;
  private final CentralProcessor cpu;
  private final int logicalCores;
  private final ProcessCpuClock server;
  private final ProcessCpuClock driver;
  private final long startNanos;
  private final long serverStartMillis;
  private final long driverStartMillis;
  private final long[] machineStartTicks;
  private final List<CpuSample> samples = new ArrayList<>();
  private final Thread thread;
  private final String unavailable;
  // a remote server's readings: the first good one, the newest good one, the one the newest window starts at
  private AgentReading agentFirst;
  private AgentReading agentLast;
  private AgentReading agentWindow;
  private int agentPolls;
  private int agentFailures;
  private String agentFailure;

  private long lastNanos;
  private long lastServerMillis;
  private long lastDriverMillis;
  private long[] lastTicks;
  // the start of the newest sample's window
  private long windowNanos;
  private long windowServerMillis;
  private long windowDriverMillis;
  private long[] windowTicks;
  private CpuSummary summary;
  // set by stop(): an interrupt would abort a reading from the agent half-way and count it as failed
  private volatile boolean stopping;

  private CpuSampler(ServerTarget target, Duration interval) {
    this.target = target;
    this.intervalNanos = interval.toNanos();
    SystemInfo si = Oshi.get();
    this.unavailable = si == null ? Oshi.failure() : null;
    if (si == null) {
      this.startNanos = System.nanoTime();
      os = null;
      cpu = null;
      logicalCores = Runtime.getRuntime().availableProcessors();
      server = null;
      driver = null;
      serverStartMillis = driverStartMillis = 0;
      machineStartTicks = null;
      thread = null;
      return;
    }
    os = si.getOperatingSystem();
    cpu = si.getHardware().getProcessor();
    logicalCores = cpu.getLogicalProcessorCount();
    driver = driverClock(os);
    server = target.isEmbedded() ? driver : target.isRemote() ? null : new ProcessCpuClock(target::processes);
    agentFirst = agentLast = pollAgent();
    // read in sample()'s order (server, driver, machine) and dated as it dates its readings, halfway through
    // them, so both ends of a window shift alike; not before OSHI and the process handles were set up: on a
    // saturated machine starting the sampler took 3 s, which the wall time counted and the CPU readings did not
    long before = System.nanoTime();
    serverStartMillis = server == null ? 0 : server.readMillis();
    driverStartMillis = target.isEmbedded() ? serverStartMillis : driver.readMillis();
    machineStartTicks = cpu.getSystemCpuLoadTicks();
    this.startNanos = before + (System.nanoTime() - before) / 2;
    lastNanos = startNanos;
    lastServerMillis = serverStartMillis;
    lastDriverMillis = driverStartMillis;
    lastTicks = machineStartTicks;
    thread = new Thread(this::loop, "ycsb-cpu-sampler");
    thread.setDaemon(true);
  }

  /**
   * A sampler that runs through a warm-up and is thrown away at its end, so that the sampler of the measured time
   * starts with compiled code: started cold at the end of a warm-up on a saturated machine, {@link #start} takes
   * seconds of the measured time, and its readings (OSHI's process code, tens of {@code /proc} files a second)
   * are compiled on the measured time's CPU.
   *
   * <p>It is started on a thread of its own, since starting a sampler can take seconds; {@link #finish} waits
   * for that start, at most a given time, and stops it. Thread-safe.
   */
  public static final class Rehearsal {
    private final Thread starter;
    private CpuSampler sampler; // guarded by this
    private boolean finished; // guarded by this

    private Rehearsal(ServerTarget target, Duration interval) {
      starter = new Thread(() -> {
        CpuSampler s;
        try {
          s = CpuSampler.start(target, interval);
        } catch (RuntimeException e) {
          return; // the measured time's sampler meets it again and reports it
        }
        boolean late;
        synchronized (this) {
          late = finished;
          sampler = late ? null : s;
        }
        if (late) {
          s.discard();
        }
      }, "ycsb-cpu-rehearsal");
      starter.setDaemon(true);
    }

    /**
     * Starts a sampler of {@code target} in the background.
     *
     * @param target the server's processes, as the measured time's sampler gets them
     * @param interval time between samples, as the measured time's sampler takes them
     * @return the rehearsal, to {@link #finish} before the measured time's {@link CpuSampler#start}
     */
    public static Rehearsal start(ServerTarget target, Duration interval) {
      Rehearsal r = new Rehearsal(target, interval);
      r.starter.start();
      return r;
    }

    /**
     * Waits for the sampler to have started, at most {@code maxWaitMillis}: called before the client threads are
     * let go, so that its start (OSHI's classes, finding the server's processes) runs on an idle machine, not on
     * the CPU of tens of busy client threads, where it can take half a minute.
     *
     * @param maxWaitMillis the longest wait, in milliseconds
     */
    public void awaitStarted(long maxWaitMillis) {
      try {
        starter.join(maxWaitMillis);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }

    /**
     * Stops the rehearsal's sampler and throws its figures away ({@link CpuSampler#discard()}). Waits for its start at most
     * {@code maxWaitMillis}; a sampler still starting after that is stopped as soon as it has started, and
     * only costs time.
     *
     * @param maxWaitMillis the longest wait for the start, in milliseconds
     */
    public void finish(long maxWaitMillis) {
      try {
        starter.join(maxWaitMillis);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      CpuSampler s;
      synchronized (this) {
        finished = true;
        s = sampler;
        sampler = null;
      }
      if (s != null) {
        s.discard();
      }
    }
  }

  /** @return a clock of this process's CPU time */
  private static ProcessCpuClock driverClock(OperatingSystem os) {
    return ProcessCpuClock.of(List.of(os.getProcess(os.getProcessId())));
  }

  /**
   * Takes the first reading now and starts sampling.
   *
   * @param target the server's processes, resolved once
   * @param interval time between samples, at least 1 ms
   * @return the running sampler; if OSHI cannot work here, one whose summary says n/a and why
   */
  public static CpuSampler start(ServerTarget target, Duration interval) {
    CpuSampler s = new CpuSampler(target, interval);
    if (s.thread != null) {
      s.thread.start();
    }
    return s;
  }

  private void loop() {
    long next = startNanos + intervalNanos;
    while (!stopping) {
      long wait = next - System.nanoTime();
      if (wait > 0) {
        LockSupport.parkNanos(this, wait);
        continue;
      }
      sample(false);
      // a sampler starved of CPU (64 busy client threads on 2 cores, a GC pause) must not catch up with
      // back-to-back samples: over a few milliseconds, 10 ms clock ticks read as absurd percentages
      next = Math.max(next + intervalNanos, System.nanoTime() + intervalNanos / 2);
    }
  }

  /**
   * Takes one sample covering the time since the previous one. With {@code mergeShortTail}, a window
   * shorter than half an interval (the one {@link #stop()} closes) is merged into the sample before it:
   * over a few milliseconds, 10 ms clock ticks would read as absurd percentages.
   */
  private void sample(boolean mergeShortTail) {
    // the agent may take up to its timeout to answer: asked first, so the local readings are not dated by it
    AgentReading remote = pollAgent();
    long before = System.nanoTime();
    long serverMillis = server != null && target.unavailableReason() == null ? server.readMillis() : 0;
    long driverMillis = target.isEmbedded() ? serverMillis : driver.readMillis();
    long[] ticks = cpu.getSystemCpuLoadTicks();
    // reading tens of server processes (a postgres backend per connection) on a saturated machine can take
    // a good part of an interval; the readings are dated halfway through it, not before it began
    long now = before + (System.nanoTime() - before) / 2;
    synchronized (samples) {
      boolean merge = mergeShortTail && now - lastNanos < intervalNanos / 2 && !samples.isEmpty();
      if (merge) {
        samples.remove(samples.size() - 1);
      } else {
        windowNanos = lastNanos;
        windowServerMillis = lastServerMillis;
        windowDriverMillis = lastDriverMillis;
        windowTicks = lastTicks;
        agentWindow = agentLast;
      }
      double windowMillis = (now - windowNanos) / 1e6;
      double serverPercent = target.isRemote() ? agentPercent(agentWindow, remote)
          : target.unavailableReason() == null ? percent(serverMillis - windowServerMillis, windowMillis) : Double.NaN;
      double driverPercent = percent(driverMillis - windowDriverMillis, windowMillis);
      double machinePercent = cpu.getSystemCpuLoadBetweenTicks(windowTicks, ticks) * 100.0 * logicalCores;
      samples.add(new CpuSample(TimeUnit.NANOSECONDS.toMillis(now - startNanos), Math.round(windowMillis),
          serverPercent, driverPercent, machinePercent));
    }
    lastNanos = now;
    lastServerMillis = serverMillis;
    lastDriverMillis = driverMillis;
    lastTicks = ticks;
    if (remote != null) {
      agentFirst = agentFirst == null ? remote : agentFirst;
      agentLast = remote;
    }
  }

  /** @return the remote server's counters now, or {@code null} when it is not remote or did not answer */
  private AgentReading pollAgent() {
    AgentClock agent = target.agent();
    if (agent == null) {
      return null;
    }
    agentPolls++;
    try {
      return agent.read();
    } catch (IOException | RuntimeException e) {
      // the sampler thread must outlive anything the network does; a failure is a reason, not a crash
      agentFailures++;
      agentFailure = e instanceof IOException ? e.getMessage() : e.toString();
      return null;
    }
  }

  private static double agentPercent(AgentReading from, AgentReading to) {
    if (from == null || to == null) {
      return Double.NaN;
    }
    return percent(to.processCpuMillis() - from.processCpuMillis(), to.timestampMillis() - from.timestampMillis());
  }

  private static double percent(long cpuMillis, double wallMillis) {
    return wallMillis <= 0 ? Double.NaN : 100.0 * cpuMillis / wallMillis;
  }

  /** @return the samples taken so far, in time order */
  public List<CpuSample> samples() {
    synchronized (samples) {
      return List.copyOf(samples);
    }
  }

  /**
   * @return the newest sample, or null before the first one (and always where OSHI cannot sample); O(1),
   *     for readers that poll, such as the live metrics
   */
  public CpuSample latest() {
    synchronized (samples) {
      return samples.isEmpty() ? null : samples.get(samples.size() - 1);
    }
  }

  /**
   * Stops sampling at once, without a last sample, a summary or waiting for the sampling thread: for a sampler whose
   * figures are thrown away (a {@link Rehearsal}). On a machine saturated by the client threads, {@link #stop()}'s
   * last reading of every server process can take tens of seconds of wall time.
   */
  public void discard() {
    stopping = true;
    if (thread != null) {
      LockSupport.unpark(thread);
    }
  }

  /**
   * Stops sampling, takes a last sample covering the time since the previous one, and summarises.
   * Repeated calls return the same summary.
   *
   * @return averages and peaks of the server, the driver and the machine
   */
  public synchronized CpuSummary stop() {
    if (summary != null) {
      return summary;
    }
    long intervalMillis = TimeUnit.NANOSECONDS.toMillis(intervalNanos);
    if (unavailable != null) {
      summary = CpuSummary.unavailable(unavailable, intervalMillis);
      return summary;
    }
    stopping = true;
    LockSupport.unpark(thread);
    try {
      thread.join();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    sample(true);
    double wallMillis = (lastNanos - startNanos) / 1e6;
    List<CpuSample> all = samples();
    String tooShort = tooShort(wallMillis, intervalMillis);
    CpuFigure driverFigure = tooShort != null ? CpuFigure.unavailable(tooShort)
        : figure(percent(lastDriverMillis - driverStartMillis, wallMillis), all, CpuSample::driverPercent);
    CpuFigure machineFigure = tooShort != null ? CpuFigure.unavailable(tooShort) : figure(
        cpu.getSystemCpuLoadBetweenTicks(machineStartTicks, lastTicks) * 100.0 * logicalCores,
        all, CpuSample::machinePercent);
    List<Warning> warnings = new ArrayList<>();
    CpuFigure serverFigure = target.unavailableReason() != null
        ? CpuFigure.unavailable(target.unavailableReason())
        : tooShort != null ? CpuFigure.unavailable(tooShort)
        : target.isRemote() ? agentFigure(all, warnings)
        : figure(percent(lastServerMillis - serverStartMillis, wallMillis), all, CpuSample::serverPercent);
    if (target.fallbackWarning() != null) {
      warnings.add(Warning.other(target.fallbackWarning()));
    }
    saturation(driverFigure, machineFigure).ifPresent(warnings::add);
    summary = new CpuSummary(serverFigure, driverFigure, machineFigure, target.description(), target.isEmbedded(),
        logicalCores, intervalMillis, all, warnings);
    return summary;
  }

  /**
   * Process and machine CPU time are counted in clock ticks (10 ms on Linux), so a figure averaged over less than
   * half a sample interval is mostly rounding: 121 ms of a server that used 8 ms of CPU reads as 0%. Such a run's
   * figures are unknown, never zero.
   *
   * @return the reason the figures over {@code wallMillis} are unavailable, or {@code null} when the time is long enough
   */
  static String tooShort(double wallMillis, long intervalMillis) {
    if (wallMillis >= intervalMillis / 2.0) {
      return null;
    }
    return String.format(Locale.ROOT, "sampled for %.0f ms, under half of %s=%d ms: CPU time is counted in clock "
        + "ticks, too coarse to average over so short a time", wallMillis, CpuConfig.INTERVAL.key(),
        intervalMillis);
  }

  /** How the warning that the driver saturated the machine begins. */
  public static final String SATURATED = "the machine's CPU was saturated";

  private Optional<Warning> saturation(CpuFigure driverFigure, CpuFigure machineFigure) {
    double ceiling = 100.0 * logicalCores;
    // an embedded store runs in the driver's process: there the driver's CPU is the store's work
    if (!target.isEmbedded() && !target.isRemote() && machineFigure.available() && driverFigure.available()
        && machineFigure.averagePercent() >= SATURATED_MACHINE_FRACTION * ceiling && driverFigure.averagePercent() >= 50) {
      return Optional.of(new Warning(Warning.Code.SATURATED, String.format(Locale.ROOT,
          SATURATED + " (%.0f%% of %.0f%%) and the driver used %.0f%% of it: "
              + "throughput is limited by CPU the driver shares with the server; run the driver on another machine "
              + "or with fewer threads to measure the store alone",
          machineFigure.averagePercent(), ceiling, driverFigure.averagePercent())));
    }
    return Optional.empty();
  }

  /** The remote server's figure: over the agent's clock from its first good answer to its last. */
  private CpuFigure agentFigure(List<CpuSample> all, List<Warning> warnings) {
    String agent = CpuConfig.SERVER_AGENT.key() + ": " + target.agent().hostPort();
    if (agentFailures > 0) {
      warnings.add(Warning.other(agent + ": " + agentFailures + " of " + agentPolls + " readings failed (last: "
          + agentFailure + "); the server figures cover the readings that arrived"));
    }
    if (agentFirst == null || agentLast.timestampMillis() <= agentFirst.timestampMillis()) {
      return CpuFigure.unavailable(agent + ": fewer than two readings arrived"
          + (agentFailure == null ? "" : " (" + agentFailure + ")"));
    }
    double ceiling = 100.0 * Math.max(1, agentLast.logicalCores());
    return figure(agentPercent(agentFirst, agentLast), all, CpuSample::serverPercent, ceiling);
  }

  private CpuFigure figure(double average, List<CpuSample> all, ToDoubleFunction<CpuSample> value) {
    return figure(average, all, value, 100.0 * logicalCores);
  }

  private CpuFigure figure(double average, List<CpuSample> all, ToDoubleFunction<CpuSample> value,
      double ceilingPercent) {
    // the peak is over whole intervals and the average over the whole run; a short last window can
    // lift the average above every whole interval, and a peak below the average would read as an error
    double peak = peak(all, value, TimeUnit.NANOSECONDS.toMillis(intervalNanos), ceilingPercent);
    return CpuFigure.of(average, Math.max(average, peak));
  }

  /**
   * @param ceilingPercent 100% times the machine's logical cores
   * @return the highest value over samples at least half an interval long, at most {@code ceilingPercent}:
   *     a shorter window (a starved sampler) measures a few 10 ms clock ticks and would read as several
   *     hundred percent, and what reads above the machine's cores is skew between the readings of many
   *     processes, not use
   */
  static double peak(List<CpuSample> all, ToDoubleFunction<CpuSample> value, long intervalMillis,
      double ceilingPercent) {
    double max = 0.0;
    for (CpuSample s : all) {
      if (s.windowMillis() < intervalMillis / 2) {
        continue;
      }
      double v = value.applyAsDouble(s);
      if (!Double.isNaN(v)) {
        max = Math.max(max, v);
      }
    }
    return Math.min(max, ceilingPercent);
  }

  /** Same as {@link #stop()}. */
  @Override
  public void close() {
    stop();
  }
}
