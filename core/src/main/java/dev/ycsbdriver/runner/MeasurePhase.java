package dev.ycsbdriver.runner;

import dev.ycsbdriver.config.RunConfig;
import dev.ycsbdriver.cpu.CpuSampler;
import dev.ycsbdriver.cpu.CpuSummary;
import dev.ycsbdriver.measure.ChannelTotals;
import dev.ycsbdriver.result.HistogramLogs;
import dev.ycsbdriver.result.OperationReport;
import dev.ycsbdriver.result.ScheduleLag;
import dev.ycsbdriver.result.StatusLine;
import dev.ycsbdriver.result.TimeSeriesPoint;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The measured time of a phase whose client threads have connected (and warmed up): it starts the clock, the CPU
 * sampler and the monitor, opens {@code go} and waits out the run, then takes the monitor's and the sampler's
 * last figures.
 *
 * <p>One instance per run, used once on the runner's thread; not thread-safe.
 */
final class MeasurePhase {
  private final RunRequest request;
  private final RunConfig config;
  private final Runner.Connected connected;
  private final Runner.Instruments tools;
  /** Why the run stopped when the heap was nearly full ({@link HeapWatch}); null otherwise. */
  private String heapFull;

  /**
   * The measured time as it went.
   *
   * @param time when it began and ended, and how
   * @param operations the figures per operation, as {@link RunOutcomes#operations} gives them
   * @param cpu the CPU summary
   * @param monitored what the monitor kept
   */
  record Measured(MeasuredTime time, List<OperationReport> operations, CpuSummary cpu, Monitored monitored) {
  }

  /**
   * When the measured time began and ended, and how it ended.
   *
   * @param start when it began: at the switch out of a warm-up, else when {@code go} opened
   * @param startNanos the same instant by {@link System#nanoTime()}
   * @param endNanos when the client threads stopped taking operations, by {@link System#nanoTime()}
   * @param leftBehind the client threads still inside the binding when the runner gave up on them; empty for none
   * @param heapFull why the run stopped when the heap was nearly full ({@link HeapWatch}); null otherwise
   */
  record MeasuredTime(Instant start, long startNanos, long endNanos, List<ClientThread> leftBehind,
                      String heapFull) {
    long runtimeMillis() {
      return TimeUnit.NANOSECONDS.toMillis(endNanos - startNanos);
    }

    Instant end() {
      return start.plusNanos(endNanos - startNanos);
    }
  }

  /**
   * What the monitor kept of the measured time.
   *
   * @param timeSeries one point per second
   * @param lag how far the run fell behind its {@code -target} schedule; null in a closed loop
   * @param logs the {@code .hlog} files and the errors writing them
   */
  record Monitored(List<TimeSeriesPoint> timeSeries, ScheduleLag lag, HistogramLogs logs) {
  }

  /**
   * @param request what runs
   * @param connected the connected client threads, their gates, and where the server's CPU is read
   * @param tools what measures the run
   */
  MeasurePhase(RunRequest request, Runner.Connected connected, Runner.Instruments tools) {
    this.request = request;
    this.config = request.config();
    this.connected = connected;
    this.tools = tools;
  }

  /**
   * Starts the clock, the CPU sampler and the monitor, opens {@code go} (when no warm-up opened it) and waits
   * until the client threads are done, {@code maxexecutiontime} elapses or a stop is requested.
   *
   * @param workload the client threads' workload, asked to stop when the threads do not end by themselves
   * @param schedule the {@code -target} schedule, or null in a closed loop
   * @param warm the warm-up as it went
   * @param closeBinding closes the binding; called once the client threads are done when the heap ran out, since
   *     an in-process store's records are what filled it and gathering the figures needs room
   * @return the measured time as it went
   */
  Measured run(ClientWorkloads workload, Schedule schedule, WarmupPhase.WarmedUp warm, Runnable closeBinding) {
    CpuSampler sampler = CpuSampler.start(connected.target(), tools.cpuInterval());
    // when the measured operations began: at the switch out of a warm-up, since the client threads count every
    // operation from then on, however long the CPU sampler and the status monitor take to start (seconds on a
    // saturated machine); the measured time must hold every operation counted
    long startNanos = warm.ran() ? warm.switchNanos() : System.nanoTime();
    Instant start = Instant.now().minusNanos(System.nanoTime() - startNanos);
    HistogramLogs logs = new HistogramLogs(request.runDirectory(), start.toEpochMilli());
    RunMonitor monitor = new RunMonitor(
        new RunMonitor.Watched(tools.registry(), RunMonitor.Progress.of(connected.clients()), schedule,
            sampler::latest, startNanos, start.toEpochMilli()),
        new RunMonitor.Outputs(logs, tools.live(), request.err(), new StatusLine(config.label(),
            tools.measurement().interval()), config.status(), config.statusInterval().toNanos()));
    connected.gates().go().countDown();
    monitor.start();

    List<ClientThread> leftBehind = awaitEnd(sampler, workload, startNanos);
    long endNanos = System.nanoTime();
    if (request.stop().reason() == StopSignal.Reason.OUT_OF_MEMORY) {
      closeBinding.run();
    }
    Map<String, ChannelTotals> totals = monitor.finish();
    tools.errors().finish();
    CpuSummary cpu = sampler.stop();
    ScheduleLag lag = monitor.scheduleLag(endNanos, config.targetOpsPerSec());
    return new Measured(new MeasuredTime(start, startNanos, endNanos, leftBehind, heapFull),
        RunOutcomes.operations(tools.registry(), totals), cpu, new Monitored(monitor.timeSeries(), lag, logs));
  }

  /**
   * Waits until every thread has left its operation loop, then stops the CPU sampler before any
   * thread closes its connection, then waits for the clean-ups.
   *
   * @return the client threads that were still inside the binding when the runner gave up on them
   */
  private List<ClientThread> awaitEnd(CpuSampler sampler, ClientWorkloads workload, long startNanos) {
    RunGates gates = connected.gates();
    awaitOperations(gates, sampler, startNanos);
    CountDownLatch done = gates.done();
    if (done.getCount() == 0) {
      return List.of();
    }
    workload.requestStop();
    // threads still in their loop end soon after a stop; give them the stop timeout to do so before
    // the last CPU reading, then let every thread clean up
    StopSignal stop = request.stop();
    long loopsGiveUp = System.nanoTime() + config.stopTimeout().toNanos();
    while (gates.operationsEnded().getCount() > 0 && System.nanoTime() - loopsGiveUp < 0 && !stop.hurried()) {
      Runner.awaitSlice(gates.operationsEnded());
    }
    sampler.stop();
    gates.cleanupAllowed().countDown();
    workload.requestStop();
    // a thread still in its loop is stuck in the binding and has had its stop timeout; the others
    // only clean up, and get a stop timeout of their own for that
    long giveUp = System.nanoTime() + config.stopTimeout().toNanos();
    List<ClientThread> clients = connected.clients();
    while (System.nanoTime() - giveUp < 0 && !stop.hurried()
        && clients.stream().anyMatch(c -> c.loopEnded() && !c.finished())) {
      Runner.awaitSlice(done);
    }
    List<ClientThread> left = new ArrayList<>();
    for (ClientThread c : clients) {
      if (!c.finished()) {
        c.interrupt();
        left.add(c);
      }
    }
    return left;
  }

  /**
   * Waits until every thread has left its operation loop and cleaned up (stopping the CPU sampler and opening
   * {@code cleanupAllowed} in between), or until a stop, a nearly full heap, or {@code maxexecutiontime}.
   */
  private void awaitOperations(RunGates gates, CpuSampler sampler, long startNanos) {
    HeapWatch heap = connected.heap();
    try {
      awaitOperations(gates, sampler, startNanos, heap);
    } catch (OutOfMemoryError e) {
      // this thread's own wait or reading of the heap ran out before a client thread did: the same stop
      heap.release();
      request.stop().request(StopSignal.Reason.OUT_OF_MEMORY);
    }
    ranOut(heap);
  }

  /** Where a client thread's operation ran out of heap: the reserve back, and the stop said as the heap's. */
  private void ranOut(HeapWatch heap) {
    if (heapFull == null && request.stop().reason() == StopSignal.Reason.OUT_OF_MEMORY) {
      heap.release();
      heapFull = heap.ranOut();
    }
  }

  private void awaitOperations(RunGates gates, CpuSampler sampler, long startNanos, HeapWatch heap) {
    long deadline = config.maxExecutionTime().isZero() ? Long.MAX_VALUE
        : startNanos + config.maxExecutionTime().toNanos();
    StopSignal stop = request.stop();
    CountDownLatch waitingFor = gates.operationsEnded();
    while (true) {
      if (stop.reason() == StopSignal.Reason.OUT_OF_MEMORY) {
        heap.release(); // at once: the other threads' clean-up and the result need the room
      }
      if (Runner.awaitSlice(waitingFor)) {
        if (waitingFor == gates.done()) {
          return;
        }
        sampler.stop();
        gates.cleanupAllowed().countDown();
        waitingFor = gates.done();
        continue;
      }
      if (stop.requested()) {
        return;
      }
      String full = heap.exhausted();
      if (full != null) {
        heap.release();
        stop.request(StopSignal.Reason.OUT_OF_MEMORY);
        heapFull = full;
        return;
      }
      if (System.nanoTime() - deadline >= 0) {
        stop.request(StopSignal.Reason.MAX_EXECUTION_TIME);
        request.err().println("Maximum execution time of " + config.maxExecutionTime().toSeconds()
            + " s reached; stopping.");
        return;
      }
    }
  }
}
