package dev.ycsbdriver.runner;

import dev.ycsbdriver.config.ConfigException;
import dev.ycsbdriver.config.RunConfig;
import dev.ycsbdriver.config.Secrets;
import dev.ycsbdriver.config.Settings;
import dev.ycsbdriver.cpu.CpuConfig;
import dev.ycsbdriver.cpu.CpuSummary;
import dev.ycsbdriver.cpu.MachineFacts;
import dev.ycsbdriver.cpu.ServerTarget;
import dev.ycsbdriver.measure.MeasurementConfig;
import dev.ycsbdriver.measure.MeasurementRegistry;
import dev.ycsbdriver.measure.WorkloadMeasurements;
import dev.ycsbdriver.metrics.LiveMetrics;
import dev.ycsbdriver.metrics.RunInfo;
import dev.ycsbdriver.result.Outcome;
import dev.ycsbdriver.result.RunChecks;
import dev.ycsbdriver.result.RunReport;
import dev.ycsbdriver.result.RunReportBuilder;
import dev.ycsbdriver.result.ScheduleLag;
import dev.ycsbdriver.result.ToolVersion;
import dev.ycsbdriver.result.model.Warning;
import dev.ycsbdriver.spi.Binding;
import dev.ycsbdriver.spi.BindingContext;
import dev.ycsbdriver.spi.BindingException;
import dev.ycsbdriver.spi.ErrorLog;
import dev.ycsbdriver.config.Phase;
import dev.ycsbdriver.spi.ServerFacts;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
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
  private final RunRequest request;
  private final RunConfig config;
  /** Said when intended latency is asked for in a closed loop; %s is the measurement.interval value. */
  static final String CLOSED_LOOP_INTENDED = "measurement.interval=%s: without -target the run is a closed loop, "
      + "so intended latency equals service time and says nothing about waiting; set -target to measure it";
  /** A run that ends at least this far behind its schedule gets a warning, in milliseconds. */
  static final double BEHIND_SCHEDULE_MILLIS = 1000;

  private final List<Warning> warnings = new ArrayList<>();
  /** Created at the start of {@link #run()}: while connecting, {@code connecting.timeout} bounds the time without progress from there. */
  private PhaseGuard guard;
  /** What the client threads drew from: {@link ClientWorkloads#SHARED} until the workload is created. */
  private String workloadInstances = ClientWorkloads.SHARED;
  /** What the client threads ran on ({@link ThreadKind#label()}); null until the binding is open. */
  private String threadKind;
  private Instant phaseStart;
  /** Whether the binding was closed before the end of {@link #run()} ({@link #closeEarly}). */
  private boolean bindingClosed;

  /**
   * What the client threads are made of, once the workload and the binding are open.
   *
   * @param binding the open binding, one {@code DB} per client thread
   * @param workload the workload the client threads draw from
   * @param props the workload's properties, {@code dotransactions} and {@code threadcount} set
   * @param threads the client threads to run, {@link RunConfig#effectiveThreadCount()}
   */
  record Opened(Binding binding, ClientWorkloads workload, Properties props, int threads) {
  }

  /**
   * What measures the phase, and where its figures go.
   *
   * @param measurement the measurement settings
   * @param registry the registry the measured operations record into
   * @param cpuInterval {@code cpu.interval}
   * @param machine the machine's facts, for the result
   * @param live the live {@code /metrics} endpoint, {@link LiveMetrics#OFF} without {@code status.port}
   * @param errors the first error of each kind and the connection outages
   */
  record Instruments(MeasurementConfig measurement, MeasurementRegistry registry, Duration cpuInterval,
                     MachineFacts machine, LiveMetrics live, ErrorLog errors) {
  }

  /**
   * The client threads once connecting is over.
   *
   * @param clients the client threads, in index order
   * @param gates where they meet the runner
   * @param heap watches the heap and holds its reserve, from before the client threads started
   * @param target where the server's CPU is read; null when they did not all connect
   * @param notRun the report of a phase that ended while connecting; null when every thread connected
   */
  record Connected(List<ClientThread> clients, RunGates gates, HeapWatch heap, ServerTarget target,
                   RunReport notRun) {
  }

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
    earlierWarnings.forEach(w -> this.warnings.add(Warning.other(w)));
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
    // the command's first line says when these are fewer than threadcount, and the result records both
    int threads = config.effectiveThreadCount();
    Properties props = workloadProperties(threads);

    // before anything begins: a port in use ends the command with nothing measured and nothing lost
    try (LiveMetrics live = LiveMetrics.open(config.statusBind(), config.statusPort(),
        settings.getDuration(RunConfig.STATUS_IDLE_TIMEOUT), settings.getInt(RunConfig.STATUS_MAX_CONNECTIONS),
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
      Instruments tools = new Instruments(measurement, registry, cpuInterval, machine, live, errors);
      try {
        Binding binding = guard.open(new BindingContext(settings, config.phase(), threads, config.resultDirectory(),
            config.profile(), errors));
        if (binding == null) {
          return stoppedWhileConnecting(tools, request.provider().getClass().getName(), ServerFacts.unknown(),
              "the binding was still opening");
        }
        try {
          return execute(new Opened(binding, workload, props, threads), tools);
        } finally {
          if (!bindingClosed) {
            guard.close(binding);
          }
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

  /** @return every setting as the workload's properties, with {@code dotransactions} and {@code threadcount} as run */
  private Properties workloadProperties(int threads) {
    Properties props = request.settings().toProperties();
    props.setProperty("dotransactions", Boolean.toString(config.phase() == Phase.RUN));
    props.setProperty(RunConfig.THREADS.key(), Integer.toString(threads));
    return props;
  }

  /**
   * The phase once its binding is open, as its steps: connect every client thread, warm up ({@link WarmupPhase}),
   * measure ({@link MeasurePhase}), and assemble the report.
   */
  private RunReport execute(Opened opened, Instruments tools) throws ConfigException, BindingException {
    Connected connected = connect(opened, tools);
    if (connected.notRun() != null) {
      return connected.notRun();
    }
    request.err().println("Starting test.");
    Schedule schedule = pace(connected.clients(), tools.measurement());
    WarmupPhase.WarmedUp warm = WarmupPhase.run(request, connected, tools, warnings);
    MeasurePhase.Measured measured = new MeasurePhase(request, connected, tools).run(opened.workload(), schedule, warm,
        () -> closeEarly(opened.binding()));
    return report(opened, connected, tools, warm, measured);
  }

  /** Closes the binding before the phase ends, once; its facts stay readable for the report. */
  private void closeEarly(Binding binding) {
    bindingClosed = true;
    guard.close(binding);
  }

  /**
   * Creates and starts the client threads and waits until each has connected.
   *
   * @return the connected threads, or the report of a phase that ended while connecting
   * @throws BindingException when a client thread could not connect
   * @throws ConfigException when the server's CPU cannot be sampled as configured
   */
  private Connected connect(Opened opened, Instruments tools) throws ConfigException, BindingException {
    int threads = opened.threads();
    RunGates gates = RunGates.forThreads(threads);
    List<ClientThread> clients = new ArrayList<>(threads);
    ThreadKind kind = ThreadKind.of(config.threadKind());
    threadKind = kind.label();
    if (kind == ThreadKind.VIRTUAL) {
      request.err().println("Client threads: " + threads + " virtual threads (threadkind=virtual).");
    }
    // held from before the client threads start, so that the first of them to run out of heap frees it at once
    HeapWatch heap = new HeapWatch();
    RunReport notStarted = startClients(opened, tools, new ClientThread.Crew(threads, kind, gates, request.stop(), heap),
        clients);
    if (notStarted != null) {
      return new Connected(clients, gates, heap, null, notStarted);
    }
    Binding binding = opened.binding();
    if (!guard.awaitConnecting(gates.ready()) || request.stop().requested()) {
      guard.abort(clients, gates);
      long connected = clients.stream().filter(c -> c.initReturned() && c.initFailure() == null).count();
      return new Connected(clients, gates, heap, null, stoppedWhileConnecting(tools, clients.get(0).db().getClass().getName(),
          binding.serverFacts(), connected + " of " + threads + " client threads had connected"));
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
    return new Connected(clients, gates, heap, target, null);
  }

  /**
   * Creates one client thread per {@code threads}, each with its share of {@code operationcount}, into
   * {@code clients}, then starts them.
   *
   * @return null, or the report of a phase whose threads the JVM could not create or start
   */
  private RunReport startClients(Opened opened, Instruments tools, ClientThread.Crew crew, List<ClientThread> clients) {
    int threads = crew.threadCount();
    ClientThread.Work work = new ClientThread.Work(opened.props(), config.phase() == Phase.LOAD, config.spinSleep(),
        tools.registry());
    int started = 0;
    try {
      for (int i = 0; i < threads; i++) {
        long quota = config.operationCount() / threads + (i < config.operationCount() % threads ? 1 : 0);
        clients.add(new ClientThread(i, opened.binding().newDb(), opened.workload().forThread(i), quota, work, crew));
      }
      for (ClientThread c : clients) {
        c.start();
        started++;
      }
    } catch (OutOfMemoryError e) {
      // the JVM's word for a thread the kernel would not create, too: ulimit -u, pid_max, memory for its stack
      guard.abort(clients, crew.gates());
      String error = started > 0 || clients.size() == threads
          ? "could not start client thread " + (started + 1) + " of " + threads + " (" + e.getMessage()
              + "); lower threadcount, or raise the limit that stopped it (ulimit -u, kernel.pid_max, "
              + "kernel.threads-max, vm.max_map_count, memory)"
          : "could not create client thread " + (clients.size() + 1) + " of " + threads + " (" + e.getMessage()
              + "); lower threadcount, or raise the heap with -jvm-args=-Xmx<size>";
      Binding binding = opened.binding();
      String dbClass = clients.isEmpty() ? binding.getClass().getName() : clients.get(0).db().getClass().getName();
      return notRun(tools, dbClass, binding.serverFacts(),
          new Outcome(Outcome.Status.FAILED, List.of(error + ": no operation ran, nothing was measured")), error);
    }
    return null;
  }

  /**
   * Gives the client threads the {@code -target} schedule; without one, warns when intended latency is asked
   * for.
   *
   * @return the schedule, or null in a closed loop
   */
  private Schedule pace(List<ClientThread> clients, MeasurementConfig measurement) {
    if (config.paced()) {
      Schedule s = new Schedule(System.nanoTime(), config.targetOpsPerSec());
      clients.forEach(c -> c.schedule(s));
      return s;
    }
    if (measurement.interval() != MeasurementConfig.Interval.OP) {
      String closedLoop = CLOSED_LOOP_INTENDED.formatted(
          measurement.interval().name().toLowerCase(java.util.Locale.ROOT));
      warnings.add(Warning.other(closedLoop));
      request.err().println("ycsb: warning: " + closedLoop);
    }
    return null;
  }

  /**
   * The report of a measured phase: its warnings, its outcome, and its figures checked against each other.
   */
  private RunReport report(Opened opened, Connected connected, Instruments tools, WarmupPhase.WarmedUp warm,
                           MeasurePhase.Measured m) {
    List<ClientThread> clients = connected.clients();
    warnAbout(m, tools.errors(), opened.binding().serverFacts());
    long opsDone = 0;
    for (ClientThread c : clients) {
      opsDone += c.opsDone();
    }
    warnAboutPace(m, opsDone, warm.ran());
    long runtimeMillis = m.time().runtimeMillis();
    Outcome outcome = RunOutcomes.decide(config, clients, m.time().leftBehind(), tools.registry(), request.stop(),
        opsDone);
    if (m.time().heapFull() != null) {
      List<String> stopped = new ArrayList<>(outcome.errors());
      stopped.add(0, m.time().heapFull() + "; the figures cover the run up to the stop");
      outcome = new Outcome(Outcome.Status.FAILED, stopped);
    }
    // a load of no records has no client thread; its binding's DB class is still the one the run would use
    String dbClass = (clients.isEmpty() ? opened.binding().newDb() : clients.get(0).db()).getClass().getName();
    RunReport report = common(dbClass, opened.binding().serverFacts(), tools.machine())
        .measurement(tools.measurement()).start(m.time().start()).end(m.time().end())
        .runtimeMillis(runtimeMillis).operationsDone(opsDone).operations(m.operations()).cpu(m.cpu())
        .timeSeries(m.monitored().timeSeries()).outcome(outcome).histogramLogs(m.monitored().logs().files())
        .warmup(warm.report(config.warmup().label()))
        .scheduleLag(m.monitored().lag()).errors(tools.errors().kinds()).outages(tools.errors().outages()).build();
    // the figures checked against each other (the result JSON holds every check); each broken one is a warning
    List<Warning> checked = new ArrayList<>(RunChecks.warnings(RunChecks.of(report)));
    Warning shortRun = RunChecks.shortRun(runtimeMillis);
    if (shortRun != null) {
      checked.add(shortRun);
    }
    return checked.isEmpty() ? report : report.withWarnings(checked);
  }

  /** Adds the warnings of the measured time: behind schedule, errors and outages, CPU, histogram logs, the server's. */
  private void warnAbout(MeasurePhase.Measured m, ErrorLog errors, ServerFacts server) {
    ScheduleLag lag = m.monitored().lag();
    if (lag != null && lag.finalLagMillis() >= BEHIND_SCHEDULE_MILLIS) {
      warnings.add(Warning.other(String.format(java.util.Locale.ROOT, "the run ended %.1f s behind its -target %d "
          + "ops/s schedule: the store did not keep up with the target, and intended latency includes that wait",
          lag.finalLagMillis() / 1000, config.targetOpsPerSec())));
    }
    warnings.addAll(ErrorWarnings.of(m.operations(), m.cpu().warnings(), errors.outages()));
    m.monitored().logs().errors().forEach(e -> warnings.add(Warning.other(e)));
    warnings.addAll(server.warnings());
  }

  /**
   * Adds the warnings of a client-bound run, and of a run phase neither warmed up nor long enough to leave its
   * warm-up behind.
   */
  private void warnAboutPace(MeasurePhase.Measured m, long opsDone, boolean warmedUp) {
    long runtimeMillis = m.time().runtimeMillis();
    String clientBound = m.cpu().driverOutweighsServer(runtimeMillis <= 0 ? 0 : opsDone * 1000.0 / runtimeMillis);
    if (clientBound != null) {
      warnings.add(new Warning(Warning.Code.CLIENT_BOUND, clientBound));
    }
    if (config.phase() != Phase.LOAD && !warmedUp) {
      Warning unwarmed = WarmupWarnings.of(runtimeMillis, opsDone, m.monitored().timeSeries());
      if (unwarmed != null) {
        warnings.add(unwarmed);
      }
    }
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
  private RunReport stoppedWhileConnecting(Instruments tools, String dbClass, ServerFacts server, String where) {
    String why = guard.stoppedWhileConnecting();
    String error = why + " (" + where + "): no operation ran, nothing was measured";
    return notRun(tools, dbClass, server, new Outcome(Outcome.Status.INTERRUPTED, List.of(error)), why);
  }

  /**
   * The report of a phase that ended before its clock started: no operations.
   *
   * @param why why nothing ran, for the CPU summary
   */
  private RunReport notRun(Instruments tools, String dbClass, ServerFacts server, Outcome outcome, String why) {
    return common(dbClass, server, tools.machine()).measurement(tools.measurement()).start(phaseStart)
        .end(Instant.now()).cpu(CpuSummary.unavailable("nothing ran: " + why, tools.cpuInterval().toMillis()))
        .outcome(outcome).build();
  }

  /** @return a report builder holding what every report of this phase shares */
  private RunReportBuilder common(String dbClass, ServerFacts server, MachineFacts machine) {
    return RunReport.builder().toolVersion(ToolVersion.get()).bindingName(request.bindingName())
        .workloadName(request.workloadName()).dbClass(dbClass).config(config).settings(request.settings())
        .targetedOperations(config.operationCount()).gc(GcStats.read()).server(server).machine(machine)
        .warnings(warnings).runDirectory(request.runDirectory()).workloadInstances(workloadInstances)
        .threadKind(threadKind);
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
    warnings.add(Warning.other(message));
  }
}
