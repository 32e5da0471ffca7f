package dev.ycsbdriver.runner;

import dev.ycsbdriver.config.ConfigException;
import dev.ycsbdriver.config.RunConfig;
import dev.ycsbdriver.config.Secrets;
import dev.ycsbdriver.config.Settings;
import dev.ycsbdriver.cpu.CpuConfig;
import dev.ycsbdriver.cpu.CpuSampler;
import dev.ycsbdriver.cpu.CpuSummary;
import dev.ycsbdriver.cpu.MachineFacts;
import dev.ycsbdriver.cpu.ServerTarget;
import dev.ycsbdriver.measure.ChannelTotals;
import dev.ycsbdriver.measure.MeasurementConfig;
import dev.ycsbdriver.measure.MeasurementRegistry;
import dev.ycsbdriver.measure.WorkloadMeasurements;
import dev.ycsbdriver.metrics.LiveMetrics;
import dev.ycsbdriver.metrics.RunInfo;
import dev.ycsbdriver.result.HistogramLogs;
import dev.ycsbdriver.result.OperationReport;
import dev.ycsbdriver.result.Outcome;
import dev.ycsbdriver.result.RunChecks;
import dev.ycsbdriver.result.RunReport;
import dev.ycsbdriver.result.RunReportBuilder;
import dev.ycsbdriver.result.ScheduleLag;
import dev.ycsbdriver.result.StatusLine;
import dev.ycsbdriver.result.ToolVersion;
import dev.ycsbdriver.result.WarmupReport;
import dev.ycsbdriver.spi.Binding;
import dev.ycsbdriver.spi.BindingContext;
import dev.ycsbdriver.spi.BindingException;
import dev.ycsbdriver.spi.ErrorLog;
import dev.ycsbdriver.config.Phase;
import dev.ycsbdriver.spi.RestoredSetting;
import dev.ycsbdriver.spi.ServerFacts;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import site.ycsb.WorkloadException;

/**
 * Runs one phase: opens the binding, connects every client thread, then starts the clock, the CPU
 * sampler and the monitor, and runs until the operations are done, {@code maxexecutiontime} elapses or
 * a stop is requested. Whatever was measured is returned, also when the run failed or was interrupted.
 *
 * <p>{@code RunTime(ms)} starts after every client thread has connected (YCSB starts it before, so its
 * short runs include connection set-up) and ends when the last thread has cleaned up or was left behind.
 *
 * <p>With {@code status.port}, the live {@code /metrics} endpoint is bound before the workload and the
 * binding are opened (a port in use fails the command before anything begins) and closed when the run
 * returns or throws.
 *
 * <p>One instance per run; not thread-safe.
 */
public final class Runner {
  /** The longest the end of a warm-up waits for its rehearsal sampler to have started; past it, it goes on. */
  private static final long REHEARSAL_WAIT_MILLIS = 10_000;
  /** The end of a warm-up that waited this long or longer for its rehearsals to stop says so. */
  private static final long REHEARSAL_NOTE_MILLIS = 500;

  private final RunRequest request;
  private final RunConfig config;
  /** Said when intended latency is asked for in a closed loop; %s is the measurement.interval value. */
  static final String CLOSED_LOOP_INTENDED = "measurement.interval=%s: without -target the run is a closed loop, "
      + "so intended latency equals service time and says nothing about waiting; set -target to measure it";
  /** A run that ends at least this far behind its schedule gets a warning, in milliseconds. */
  static final double BEHIND_SCHEDULE_MILLIS = 1000;

  private final List<String> warnings = new ArrayList<>();
  /** Created at the start of {@link #run()}: while connecting, {@code connecting.timeout} bounds the time without progress from there. */
  private PhaseGuard guard;
  /** What the client threads drew from: {@link ClientWorkloads#SHARED} until the workload is created. */
  private String workloadInstances = ClientWorkloads.SHARED;
  /** What the client threads ran on ({@link ThreadKind#label()}); null until the binding is open. */
  private String threadKind;
  private Instant phaseStart;
  /** Why the run stopped when the heap was nearly full ({@link HeapWatch}); null otherwise. */
  private String heapFull;

  /** @param request what to run */
  public Runner(RunRequest request) {
    this(request, List.of());
  }

  /**
   * @param request what to run
   * @param earlierWarnings warnings found before the run (e.g. by the pre-run check of the keys), first in
   *     the result's warnings; not printed again by the runner
   */
  public Runner(RunRequest request, List<String> earlierWarnings) {
    this.warnings.addAll(earlierWarnings);
    this.request = request;
    this.config = request.config();
  }

  /**
   * Runs the phase. Opening the binding and connecting the client threads happen on daemon threads
   * while this thread watches the stop signal and {@code connecting.timeout} (the longest wait without
   * progress, from this call or the last thread that connected); once running, {@code maxexecutiontime}
   * bounds the run from the start of the clock. A stop while connecting returns a report with
   * no operations and the outcome {@link Outcome.Status#INTERRUPTED} within {@code stop.timeout}, and leaves
   * a binding call that does not return behind.
   *
   * @return everything measured
   * @throws ConfigException for an invalid workload, measurement or CPU setting (exit code 2)
   * @throws BindingException when the store cannot be reached or a client thread cannot connect (exit 3)
   */
  public RunReport run() throws ConfigException, BindingException {
    guard = new PhaseGuard(request);
    phaseStart = Instant.now();
    Settings settings = request.settings();
    MeasurementConfig measurement = MeasurementConfig.from(settings);
    String typeWarning = MeasurementConfig.typeWarning(settings);
    if (typeWarning != null) {
      warn(typeWarning);
    }
    Duration cpuInterval = settings.getDuration(CpuConfig.INTERVAL);
    int threads = config.effectiveThreadCount();
    if (threads < config.threadCount()) {
      warn("threadcount " + config.threadCount() + " is larger than the " + config.operationCount()
          + " operations to do; using " + threads + " threads");
    }
    Properties props = settings.toProperties();
    props.setProperty("dotransactions", Boolean.toString(config.phase() == Phase.RUN));
    props.setProperty(RunConfig.THREADS.key(), Integer.toString(threads));

    // before anything begins: a port in use ends the command with nothing measured and nothing lost
    try (LiveMetrics live = LiveMetrics.open(config.statusBind(), config.statusPort(),
        new RunInfo(request.bindingName(), request.workloadName(), config.phase().label(), threads), request.err())) {
      MeasurementRegistry registry = new MeasurementRegistry(measurement, config.paced(), threads);
      WorkloadMeasurements.install(props, registry);
      request.err().println("Loading workload...");
      String instances = settings.getChoice(RunConfig.WORKLOAD_INSTANCES);
      ClientWorkloads workload = ClientWorkloads.create(config.workloadClass(), props, threads, instances);
      workloadInstances = workload.mode();
      if (instances.equals(ClientWorkloads.PER_THREAD)) {
        request.err().println("Workload: " + workload.describe() + ".");
      }
      MachineFacts machine = MachineFacts.read();
      ErrorLog errors = new ErrorLog(request.err(), java.time.Clock.systemUTC());
      try {
        Binding binding = guard.open(new BindingContext(settings, config.phase(), threads, config.resultDirectory(),
            config.profile(), errors));
        if (binding == null) {
          return stoppedWhileConnecting(measurement, cpuInterval, machine, request.provider().getClass().getName(),
              ServerFacts.unknown(), "the binding was still opening");
        }
        try {
          List<RestoredSetting> restored = binding.serverFacts().restoredSettings();
          if (!restored.isEmpty()) {
            request.err().println(RestoredSetting.line(request.provider().name(), restored));
          }
          return execute(binding, workload, registry, props, threads, measurement, cpuInterval, machine, live, errors);
        } finally {
          guard.close(binding);
        }
      } finally {
        try {
          workload.cleanup();
        } catch (WorkloadException | RuntimeException e) {
          warn("workload cleanup failed: " + e.getMessage());
        }
      }
    }
  }

  private RunReport execute(Binding binding, ClientWorkloads workload, MeasurementRegistry registry, Properties props,
                            int threads, MeasurementConfig measurement, Duration cpuInterval, MachineFacts machine,
                            LiveMetrics live, ErrorLog errors)
      throws ConfigException, BindingException {
    StopSignal stop = request.stop();
    RunGates gates = RunGates.forThreads(threads);
    List<ClientThread> clients = new ArrayList<>(threads);
    boolean load = config.phase() == Phase.LOAD;
    ThreadKind kind = ThreadKind.of(config.threadKind());
    threadKind = kind.label();
    if (kind == ThreadKind.VIRTUAL) {
      request.err().println("Client threads: " + threads + " virtual threads (threadkind=virtual).");
    }
    int started = 0;
    try {
      for (int i = 0; i < threads; i++) {
        long quota = config.operationCount() / threads + (i < config.operationCount() % threads ? 1 : 0);
        clients.add(new ClientThread(i, threads, binding.newDb(), workload.forThread(i), props, load, quota, stop,
            config.spinSleep(), gates, registry, kind));
      }
      for (ClientThread c : clients) {
        c.start();
        started++;
      }
    } catch (OutOfMemoryError e) {
      // the JVM's word for a thread the kernel would not create, too: ulimit -u, pid_max, memory for its stack
      guard.abort(clients, gates);
      String error = started > 0 || clients.size() == threads
          ? "could not start client thread " + (started + 1) + " of " + threads + " (" + e.getMessage()
              + "); lower threadcount, or raise the limit that stopped it (ulimit -u, kernel.pid_max, "
              + "kernel.threads-max, vm.max_map_count, memory)"
          : "could not create client thread " + (clients.size() + 1) + " of " + threads + " (" + e.getMessage()
              + "); lower threadcount, or raise the heap with -jvm-args=-Xmx<size>";
      String dbClass = clients.isEmpty() ? binding.getClass().getName() : clients.get(0).db().getClass().getName();
      return notRun(measurement, cpuInterval, machine, dbClass, binding.serverFacts(),
          new Outcome(Outcome.Status.FAILED, List.of(error + ": no operation ran, nothing was measured")), error);
    }
    if (!guard.awaitConnecting(gates.ready()) || stop.requested()) {
      guard.abort(clients, gates);
      long connected = clients.stream().filter(c -> c.initReturned() && c.initFailure() == null).count();
      return stoppedWhileConnecting(measurement, cpuInterval, machine, clients.get(0).db().getClass().getName(),
          binding.serverFacts(), connected + " of " + threads + " client threads had connected");
    }
    ServerTarget target;
    try {
      failIfNotConnected(clients);
      target = ServerTarget.resolve(binding.serverLocation(), request.settings());
    } catch (ConfigException | BindingException e) {
      guard.abort(clients, gates);
      throw e;
    }
    if (target.startWarning() != null) {
      request.err().println("Warning: " + target.startWarning());
    }

    boolean warmup = !config.warmup().none();
    request.err().println("Starting test.");
    Schedule schedule = null;
    if (config.paced()) {
      Schedule s = new Schedule(System.nanoTime(), config.targetOpsPerSec());
      clients.forEach(c -> c.schedule(s));
      schedule = s;
    } else if (measurement.interval() != MeasurementConfig.Interval.OP) {
      warnings.add(CLOSED_LOOP_INTENDED.formatted(measurement.interval().name().toLowerCase(java.util.Locale.ROOT)));
      request.err().println("ycsb: warning: " + warnings.get(warnings.size() - 1));
    }
    MeasurementRegistry warmupScratch = null;
    WarmupPhase.End warmupEnd = null;
    long warmupMillis = 0;
    // when the measured operations began: at the switch out of a warm-up, since the client threads count every
    // operation from then on, however long the CPU sampler and the status monitor below take to start (seconds
    // on a saturated machine); the measured time must hold every operation counted
    long switchNanos = 0;
    if (warmup) {
      MeasurementRegistry scratch = new MeasurementRegistry(measurement, config.paced(), threads);
      clients.forEach(c -> c.warmUpWith(scratch));
      if (config.warmup().auto()) {
        request.err().println("Warming up until the driver is warm, at most " + config.warmup().limit().toSeconds()
            + " s (warmup=auto); its operations are left out of every figure.");
      } else {
        request.err().println("Warming up for " + config.warmup().limit().toMillis() / 1000.0
            + " s; its operations are left out of every figure.");
      }
      gates.go().countDown();
      long warmupStart = System.nanoTime();
      // the CPU sampler and the status monitor run through the warm-up too, on its throw-away registry and with
      // nothing printed, so that their code is compiled before the measured time, not on its CPU
      CpuSampler.Rehearsal samplerRehearsal = CpuSampler.Rehearsal.start(target, cpuInterval);
      RunMonitor monitorRehearsal = RunMonitor.rehearsal(scratch, clients,
          new StatusLine(config.label(), measurement.interval()), config.statusInterval().toNanos(), warmupStart);
      monitorRehearsal.start();
      Duration limit = config.warmup().limit();
      warmupEnd = config.warmup().auto() ? WarmupPhase.untilSteady(limit, clients, scratch, gates, stop)
          : WarmupPhase.fixed(limit, gates, stop);
      // stopped before the switch, so that stopping them takes warm-up time, not measured time
      long rehearsalNanos = System.nanoTime();
      monitorRehearsal.finish();
      samplerRehearsal.finish(stop.requested() ? 0 : REHEARSAL_WAIT_MILLIS);
      // the client threads find in place what they created on first use while warming up
      registry.prepareLike(scratch);
      clients.forEach(ClientThread::endWarmup);
      switchNanos = System.nanoTime();
      // the warm-up as it was: a sampler slow to start (OSHI on a loaded machine) lengthens it
      warmupMillis = TimeUnit.NANOSECONDS.toMillis(switchNanos - warmupStart);
      long waitedMillis = TimeUnit.NANOSECONDS.toMillis(switchNanos - rehearsalNanos);
      if (waitedMillis >= REHEARSAL_NOTE_MILLIS) {
        String waited = String.format(java.util.Locale.ROOT, "%.1f s of it waiting for the CPU sampler to start",
            waitedMillis / 1000.0);
        warmupEnd = new WarmupPhase.End(warmupEnd.endedBy(),
            warmupEnd.detail().isEmpty() ? waited : warmupEnd.detail() + "; " + waited);
      }
      // the operations are counted once the run is over: a thread may still finish its last warm-up operation
      // after the switch, and a matrix sizes the next cell's table by the inserts counted here
      warmupScratch = scratch;
      if (warmupEnd.endedBy().equals("max")) {
        warn("warmup=auto: not steady after warmup.max=" + config.warmup().limit().toSeconds() + " s ("
            + warmupEnd.detail() + "); measuring anyway, so the figures may still include warm-up");
        request.err().println("ycsb: warning: " + warnings.get(warnings.size() - 1));
      }
      request.err().println(String.format(java.util.Locale.ROOT, "Warm-up done after %.1f s (%s%s); measuring.",
          warmupMillis / 1000.0, warmupEnd.endedBy(), warmupEnd.detail().isEmpty() ? "" : ": " + warmupEnd.detail()));
    }
    CpuSampler sampler = CpuSampler.start(target, cpuInterval);
    long startNanos = warmup ? switchNanos : System.nanoTime();
    Instant start = Instant.now().minusNanos(System.nanoTime() - startNanos);
    HistogramLogs logs = new HistogramLogs(request.runDirectory(), start.toEpochMilli());
    RunMonitor monitor = new RunMonitor(registry, clients, logs, request.err(),
        new StatusLine(config.label(), measurement.interval()), config.status(),
        config.statusInterval().toNanos(), startNanos, start.toEpochMilli(), schedule, live, sampler::latest);
    gates.go().countDown();
    monitor.start();

    List<ClientThread> leftBehind = awaitEnd(clients, gates, sampler, stop, workload, startNanos);
    long endNanos = System.nanoTime();
    Map<String, ChannelTotals> totals = monitor.finish();
    errors.finish();
    CpuSummary cpu = sampler.stop();
    ScheduleLag lag = monitor.scheduleLag(endNanos, config.targetOpsPerSec());
    if (lag != null && lag.finalLagMillis() >= BEHIND_SCHEDULE_MILLIS) {
      warnings.add(String.format(java.util.Locale.ROOT, "the run ended %.1f s behind its -target %d ops/s schedule: "
          + "the store did not keep up with the target, and intended latency includes that wait", lag.finalLagMillis() / 1000, config.targetOpsPerSec()));
    }
    List<OperationReport> operations = RunOutcomes.operations(registry, totals);
    warnings.addAll(ErrorWarnings.of(operations, cpu.warnings(), errors.outages()));
    warnings.addAll(logs.errors());
    warnings.addAll(binding.serverFacts().warnings());

    long opsDone = 0;
    for (ClientThread c : clients) {
      opsDone += c.opsDone();
    }
    long runtimeMillis = TimeUnit.NANOSECONDS.toMillis(endNanos - startNanos);
    String clientBound = cpu.driverOutweighsServer(runtimeMillis <= 0 ? 0 : opsDone * 1000.0 / runtimeMillis);
    if (clientBound != null) {
      warnings.add(clientBound);
    }
    if (!load && !warmup) {
      String unwarmed = WarmupWarnings.of(runtimeMillis, opsDone, monitor.timeSeries());
      if (unwarmed != null) {
        warnings.add(unwarmed);
      }
    }
    Outcome outcome = RunOutcomes.decide(config, clients, leftBehind, registry, stop, opsDone, warnings);
    if (heapFull != null) {
      List<String> stopped = new ArrayList<>(outcome.errors());
      stopped.add(0, heapFull + "; the figures cover the run up to the stop");
      outcome = new Outcome(Outcome.Status.FAILED, stopped);
    }
    RunReport report = common(clients.get(0).db().getClass().getName(), binding.serverFacts(), machine)
        .measurement(measurement).start(start).end(start.plusNanos(endNanos - startNanos))
        .runtimeMillis(runtimeMillis).operationsDone(opsDone).operations(operations).cpu(cpu)
        .timeSeries(monitor.timeSeries()).outcome(outcome).histogramLogs(logs.files())
        .warmup(warmupEnd == null ? WarmupReport.NONE : new WarmupReport(config.warmup().label(), warmupMillis,
            warmupEnd.endedBy(), warmupEnd.detail(), warmupOperations(warmupScratch)))
        .scheduleLag(lag).errors(errors.kinds()).outages(errors.outages()).build();
    // the figures checked against each other (the result JSON holds every check); each broken one is a warning
    List<String> checked = new ArrayList<>(RunChecks.warnings(RunChecks.of(report)));
    String shortRun = RunChecks.shortRun(runtimeMillis);
    if (shortRun != null) {
      checked.add(shortRun);
    }
    return checked.isEmpty() ? report : report.withWarnings(checked);
  }

  private static Map<String, Long> warmupOperations(MeasurementRegistry scratch) {
    Map<String, Long> counts = new java.util.LinkedHashMap<>();
    for (var m : scratch.operations()) {
      long n = m.statuses().total();
      if (n > 0) {
        counts.put(m.name(), n);
      }
    }
    return counts;
  }

  private void failIfNotConnected(List<ClientThread> clients) throws BindingException {
    int failed = 0;
    Throwable first = null;
    for (ClientThread c : clients) {
      if (c.initFailure() != null) {
        failed++;
        first = first == null ? c.initFailure() : first;
      }
    }
    if (first != null) {
      String message = first.getMessage() == null ? first.toString() : first.getMessage();
      throw new BindingException(request.bindingName() + ": " + failed + " of " + clients.size()
          + " client threads could not start: " + Secrets.maskText(message), first);
    }
  }

  /**
   * The report of a phase stopped before its clock started: no operations, outcome interrupted.
   *
   * @param where how far connecting got, e.g. {@code 3 of 8 client threads had connected}
   */
  private RunReport stoppedWhileConnecting(MeasurementConfig measurement, Duration cpuInterval, MachineFacts machine,
                                           String dbClass, ServerFacts server, String where) {
    String why = guard.stoppedWhileConnecting();
    String error = why + " (" + where + "): no operation ran, nothing was measured";
    return notRun(measurement, cpuInterval, machine, dbClass, server,
        new Outcome(Outcome.Status.INTERRUPTED, List.of(error)), why);
  }

  /**
   * The report of a phase that ended before its clock started: no operations.
   *
   * @param why why nothing ran, for the CPU summary
   */
  private RunReport notRun(MeasurementConfig measurement, Duration cpuInterval, MachineFacts machine, String dbClass,
                           ServerFacts server, Outcome outcome, String why) {
    return common(dbClass, server, machine).measurement(measurement).start(phaseStart).end(Instant.now())
        .cpu(CpuSummary.unavailable("nothing ran: " + why, cpuInterval.toMillis())).outcome(outcome).build();
  }

  /** @return a report builder holding what every report of this phase shares */
  private RunReportBuilder common(String dbClass, ServerFacts server, MachineFacts machine) {
    return RunReport.builder().toolVersion(ToolVersion.get()).bindingName(request.bindingName())
        .workloadName(request.workloadName()).dbClass(dbClass).config(config).settings(request.settings())
        .targetedOperations(config.operationCount()).gc(GcStats.read()).server(server).machine(machine)
        .warnings(warnings).runDirectory(request.runDirectory()).workloadInstances(workloadInstances)
        .threadKind(threadKind);
  }

  /**
   * Waits until every thread has left its operation loop, then stops the CPU sampler before any
   * thread closes its connection, then waits for the clean-ups.
   *
   * @return the client threads that were still inside the binding when the runner gave up on them
   */
  private List<ClientThread> awaitEnd(List<ClientThread> clients, RunGates gates, CpuSampler sampler,
                                      StopSignal stop, ClientWorkloads workload, long startNanos) {
    long deadline = config.maxExecutionTime().isZero() ? Long.MAX_VALUE
        : startNanos + config.maxExecutionTime().toNanos();
    CountDownLatch waitingFor = gates.operationsEnded();
    HeapWatch heap = new HeapWatch();
    while (true) {
      if (awaitSlice(waitingFor)) {
        if (waitingFor == gates.done()) {
          break;
        }
        sampler.stop();
        gates.cleanupAllowed().countDown();
        waitingFor = gates.done();
        continue;
      }
      if (stop.requested()) {
        break;
      }
      String full = heap.exhausted();
      if (full != null) {
        heap.release();
        stop.request(StopSignal.Reason.OUT_OF_MEMORY);
        heapFull = full;
        break;
      }
      if (System.nanoTime() - deadline >= 0) {
        stop.request(StopSignal.Reason.MAX_EXECUTION_TIME);
        request.err().println("Maximum execution time of " + config.maxExecutionTime().toSeconds()
            + " s reached; stopping.");
        break;
      }
    }
    CountDownLatch done = gates.done();
    if (done.getCount() == 0) {
      return List.of();
    }
    workload.requestStop();
    // threads still in their loop end soon after a stop; give them the stop timeout to do so before
    // the last CPU reading, then let every thread clean up
    long loopsGiveUp = System.nanoTime() + config.stopTimeout().toNanos();
    while (gates.operationsEnded().getCount() > 0 && System.nanoTime() - loopsGiveUp < 0 && !stop.hurried()) {
      awaitSlice(gates.operationsEnded());
    }
    sampler.stop();
    gates.cleanupAllowed().countDown();
    workload.requestStop();
    // a thread still in its loop is stuck in the binding and has had its stop timeout; the others
    // only clean up, and get a stop timeout of their own for that
    long giveUp = System.nanoTime() + config.stopTimeout().toNanos();
    while (System.nanoTime() - giveUp < 0 && !stop.hurried()
        && clients.stream().anyMatch(c -> c.loopEnded() && !c.finished())) {
      awaitSlice(done);
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

  static boolean awaitSlice(CountDownLatch latch) {
    try {
      return latch.await(WarmupPhase.WAIT_SLICE_MILLIS, TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return latch.getCount() == 0;
    }
  }

  private void warn(String message) {
    warnings.add(message);
  }
}
