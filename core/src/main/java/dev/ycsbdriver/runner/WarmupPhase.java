package dev.ycsbdriver.runner;

import dev.ycsbdriver.config.RunConfig;
import dev.ycsbdriver.cpu.CpuSampler;
import dev.ycsbdriver.measure.MeasurementRegistry;
import dev.ycsbdriver.result.StatusLine;
import dev.ycsbdriver.result.WarmupReport;
import dev.ycsbdriver.result.model.Warning;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.IntSupplier;
import java.util.function.LongSupplier;

/**
 * The run phase's warm-up, fixed ({@code warmup=<duration>}) or automatic ({@code warmup=auto}), waited out by
 * the runner's thread while the client threads record into a throw-away registry: {@link #run} opens {@code go},
 * rehearses the CPU sampler and the monitor, and switches the threads to the measured registry at its end.
 *
 * <p>Stateless: each method runs on the runner's thread.
 */
final class WarmupPhase {
  /** The longest single sleep while waiting, in milliseconds, so that a stop or the threads' end is seen soon. */
  static final long WAIT_SLICE_MILLIS = 100;
  /** The longest the end of a warm-up waits for its rehearsal sampler to have started; past it, it goes on. */
  private static final long REHEARSAL_WAIT_MILLIS = 10_000;
  /**
   * The longest the end of a warm-up waits for its rehearsal monitor's thread, in milliseconds: past it, the
   * thread finishes its tick on its own (a cold harvest of 64 threads' histograms on a machine they saturate
   * takes seconds).
   */
  private static final long MONITOR_WAIT_MILLIS = 200;
  /** The end of a warm-up that waited this long or longer for its rehearsals to stop says so. */
  private static final long REHEARSAL_NOTE_MILLIS = 500;

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
   * The warm-up as it went.
   *
   * @param scratch the warm-up's throw-away registry; null for no warm-up
   * @param end how it ended; null for no warm-up
   * @param millis how long it lasted, from {@code go} to the switch, in milliseconds
   * @param switchNanos when the client threads switched to the measured registry, by {@link System#nanoTime()}
   */
  record WarmedUp(MeasurementRegistry scratch, End end, long millis, long switchNanos) {
    /** No warm-up. */
    static final WarmedUp NONE = new WarmedUp(null, null, 0, 0);

    /** @return whether there was a warm-up */
    boolean ran() {
      return end != null;
    }

    /**
     * The operations are counted when this is called, once the run is over: a thread may still finish its last
     * warm-up operation after the switch, and a matrix sizes the next cell's table by the inserts counted here.
     *
     * @param label the {@code warmup} setting as the result gives it
     * @return the warm-up for the result, {@link WarmupReport#NONE} for none
     */
    WarmupReport report(String label) {
      if (end == null) {
        return WarmupReport.NONE;
      }
      Map<String, Long> counts = new LinkedHashMap<>();
      for (var m : scratch.operations()) {
        long n = m.statuses().total();
        if (n > 0) {
          counts.put(m.name(), n);
        }
      }
      return new WarmupReport(label, millis, end.endedBy(), end.detail(), counts);
    }
  }

  /**
   * Opens {@code go} for a warm-up, if there is one, and switches the client threads to the measured registry at
   * its end.
   *
   * @param request what runs
   * @param connected the connected client threads, their gates, and where the server's CPU is read
   * @param tools what measures the run; its registry is prepared like the warm-up's
   * @param warnings the run's warnings, to which one is added when an automatic warm-up was not steady by its limit
   * @return the warm-up as it went, {@link WarmedUp#NONE} for none
   */
  static WarmedUp run(RunRequest request, Runner.Connected connected, Runner.Instruments tools,
                      List<Warning> warnings) {
    RunConfig config = request.config();
    if (config.warmup().none()) {
      return WarmedUp.NONE;
    }
    List<ClientThread> clients = connected.clients();
    MeasurementRegistry scratch = new MeasurementRegistry(tools.measurement(), config.paced(), clients.size());
    clients.forEach(c -> c.warmUpWith(scratch));
    if (config.warmup().auto()) {
      request.err().println("Warming up until the driver is warm, at most " + config.warmup().limit().toSeconds()
          + " s (warmup=auto); its operations are left out of every figure.");
    } else {
      request.err().println("Warming up for " + config.warmup().limit().toMillis() / 1000.0
          + " s; its operations are left out of every figure.");
    }
    // the CPU sampler and the status monitor run through the warm-up too, on its throw-away registry and with
    // nothing printed, so that their code is compiled before the measured time, not on its CPU; the sampler starts
    // before the client threads are let go, while the machine is idle
    CpuSampler.Rehearsal samplerRehearsal = CpuSampler.Rehearsal.start(connected.target(), tools.cpuInterval());
    samplerRehearsal.awaitStarted(request.stop().requested() ? 0 : REHEARSAL_WAIT_MILLIS);
    // the JIT readings too: the platform MBean server's first use costs a second or more of CPU, which behind the
    // running client threads of a saturated machine stretches many times over
    Readings readings = config.warmup().auto() ? Readings.open() : null;
    connected.gates().go().countDown();
    long warmupStart = System.nanoTime();
    RunMonitor monitorRehearsal = RunMonitor.rehearsal(scratch, clients,
        new StatusLine(config.label(), tools.measurement().interval()), config.statusInterval().toNanos(), warmupStart);
    monitorRehearsal.start();
    Duration limit = config.warmup().limit();
    End end = config.warmup().auto()
        ? untilSteady(limit, warmupStart, readings, clients, scratch, connected.gates(), request.stop())
        : fixed(limit, connected.gates(), request.stop());
    // stopped before the switch, so that stopping them takes warm-up time, not measured time
    long rehearsalNanos = System.nanoTime();
    monitorRehearsal.abandon(MONITOR_WAIT_MILLIS);
    samplerRehearsal.finish(request.stop().requested() ? 0 : REHEARSAL_WAIT_MILLIS);
    // the client threads find in place what they created on first use while warming up
    tools.registry().prepareLike(scratch);
    clients.forEach(ClientThread::endWarmup);
    long switchNanos = System.nanoTime();
    // the warm-up as it was: a sampler slow to start (OSHI on a loaded machine) lengthens it
    WarmedUp warm = new WarmedUp(scratch, withRehearsalWait(end, switchNanos - rehearsalNanos),
        TimeUnit.NANOSECONDS.toMillis(switchNanos - warmupStart), switchNanos);
    announce(request, warm, warnings);
    return warm;
  }

  /** @return {@code end}, its detail saying how long the rehearsals took to stop when that was noticeable */
  private static End withRehearsalWait(End end, long waitedNanos) {
    long waitedMillis = TimeUnit.NANOSECONDS.toMillis(waitedNanos);
    if (waitedMillis < REHEARSAL_NOTE_MILLIS) {
      return end;
    }
    String waited = String.format(Locale.ROOT, "%.1f s of it waiting for the warm-up's monitor and CPU sampler to stop",
        waitedMillis / 1000.0);
    return new End(end.endedBy(), end.detail().isEmpty() ? waited : end.detail() + "; " + waited);
  }

  /** Prints the end of the warm-up, and warns when an automatic one was not steady by its limit. */
  private static void announce(RunRequest request, WarmedUp warm, List<Warning> warnings) {
    RunConfig config = request.config();
    End end = warm.end();
    if (end.endedBy().equals("max")) {
      Warning unsteady = new Warning(Warning.Code.STILL_WARMING, "warmup=auto: not steady after warmup.max="
          + config.warmup().limit().toSeconds() + " s (" + end.detail() + "); measuring anyway, so the figures may "
          + "still include warm-up");
      warnings.add(unsteady);
      request.err().println("ycsb: warning: " + unsteady.text());
    }
    request.err().println(String.format(Locale.ROOT, "Warm-up done after %.1f s (%s%s); measuring.",
        warm.millis() / 1000.0, end.endedBy(), end.detail().isEmpty() ? "" : ": " + end.detail()));
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

  /** The JIT compiler's readings, opened before the client threads start: see {@link #run}. */
  record Readings(JitActivity jit, CompileQueue queue) {
    /** Opens both and takes one reading of the queue, so that its first, slow call is behind it. */
    static Readings open() {
      Readings r = new Readings(new JitActivity(), new CompileQueue());
      r.queue().tasks();
      return r;
    }
  }

  /**
   * Runs an automatic warm-up: samples the operations done, the JIT compiler's queue and its threads' time once a
   * second until {@link SteadyState} says the driver is warm, an operation fails, {@code warmup.max} passes, or the
   * threads end or a stop is requested.
   *
   * @param limit {@code warmup.max}, counted from {@code startNanos}
   * @param startNanos when the client threads were let go, by {@link System#nanoTime()}
   * @param readings the JIT compiler's readings
   * @return why it ended ({@code steady}, {@code failure}, {@code max}, {@code stop}) and a phrase on the state
   */
  static End untilSteady(Duration limit, long startNanos, Readings readings, List<ClientThread> clients,
                         MeasurementRegistry scratch, RunGates gates, StopSignal stop) {
    LongSupplier operations = () -> {
      long ops = 0;
      for (ClientThread c : clients) {
        ops += c.warmupOpsDone();
      }
      return ops;
    };
    LongSupplier failures = () -> {
      long failed = 0;
      for (var m : scratch.operations()) {
        failed += m.statuses().errors();
      }
      return failed;
    };
    return untilSteady(limit, startNanos, operations, failures, readings.jit()::millis, readings.queue()::tasks,
        gates, stop);
  }

  /**
   * {@link #untilSteady(Duration, long, Readings, List, MeasurementRegistry, RunGates, StopSignal)} with its
   * readings given.
   *
   * @param limit {@code warmup.max}, counted from {@code startNanos}
   * @param startNanos when the warm-up started, by {@link System#nanoTime()}
   * @param operations the operations done so far, every status
   * @param failures the operations failed so far
   * @param compileMillis the compiler threads' busy time so far, in milliseconds, or -1 ({@link JitActivity})
   * @param queuedCompiles the methods in the compile queue now, or -1 ({@link CompileQueue})
   * @param gates the run's gates, to see the client threads end
   * @param stop the run's stop signal
   * @return why it ended and a phrase on the state
   */
  static End untilSteady(Duration limit, long startNanos, LongSupplier operations, LongSupplier failures,
                         LongSupplier compileMillis, IntSupplier queuedCompiles, RunGates gates, StopSignal stop) {
    SteadyState steady = new SteadyState();
    long start = startNanos;
    long deadline = start + limit.toNanos();
    long next = start;
    while (true) {
      long now = System.nanoTime();
      if (now - next >= 0) {
        if (steady.sample(now - start, operations.getAsLong(), compileMillis.getAsLong(), queuedCompiles.getAsInt())) {
          return new End("steady", steady.reason());
        }
        next += TimeUnit.SECONDS.toNanos(1);
      }
      long failed = failures.getAsLong();
      if (failed > 0) {
        return new End("failure", failed + " operation(s) failed while warming up, so they are measured");
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
