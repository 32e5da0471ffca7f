package dev.ycsbdriver.result;

import dev.ycsbdriver.result.model.CpuSection;
import dev.ycsbdriver.result.model.Latency;
import dev.ycsbdriver.result.model.OperationFigures;
import dev.ycsbdriver.result.model.ResultDocument;
import dev.ycsbdriver.result.model.RunFigures;

import dev.ycsbdriver.measure.ChannelTotals;
import dev.ycsbdriver.measure.LatencyUnit;
import dev.ycsbdriver.measure.Operation;
import dev.ycsbdriver.result.model.Warning;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import site.ycsb.Status;

/**
 * The checks a finished load or run makes of its own figures against each other. A figure that contradicts
 * another was measured or reported wrongly, and every comparison built on it is suspect; each failed check is
 * also a warning of the result, with the prefix {@link #FAILED_PREFIX}.
 *
 * <ul>
 *   <li><b>Little's law</b> ({@value #LITTLE}): in a closed loop (no {@code -target}) each of the N client threads
 *       is either inside an operation or doing the driver's own work before its next one, so the mean number of
 *       operations in flight, L = X x R (throughput times mean service time), is at most N (J. D. C. Little, "A
 *       Proof for the Queuing Formula: L = lambda W", Operations Research 9(3), 1961; for closed systems see
 *       Lazowska et al., "Quantitative System Performance", 1984, ch. 3). R is the time of every store call
 *       measured (every measurement but CLEANUP and the composite READ-MODIFY-WRITE, whose READ and UPDATE are
 *       measured apart; failed calls included) per completed operation, so L is the mean number of threads inside
 *       the store. It passes when L &le; N x (1 + {@value #LITTLE_TOLERANCE}) + X x {@value #RESOLUTION_MICROS} µs:
 *       5% covers the run time's millisecond grain and the histogram's bucket error (under 0.1% at three
 *       significant digits); the second term is the latency's recording grain, one microsecond per operation,
 *       which decides L for operations of a few microseconds. When R is at least {@value #LOWER_BOUND_MEAN_MICROS}
 *       µs, the store runs in a process of its own and the run lasted at least {@value #LOWER_BOUND_MIN_RUN_MILLIS}
 *       ms, the driver's work between operations (microseconds of CPU once its code is compiled) is a small share
 *       of each thread's loop, so L must also be at least N x {@value #LOWER_BOUND_SHARE};
 *       for faster operations, and for an embedded store (whose work and the driver's share the same CPU, so
 *       that on a loaded machine a thread waits for it between operations as long as inside them), a low L is
 *       expected and not checked. Not applicable to paced runs (a thread waits for its schedule outside any
 *       operation), to loads that batch (a record's latency spans its batch, so records overlap) and to phases
 *       with no operation.</li>
 *   <li><b>Interval totals</b> ({@value #INTERVALS}): per measurement name, the operations of the whole run's
 *       histogram equal the sum of the counts of the time series' intervals, which cover the run from its start
 *       to its last harvest. Exact: both count the same recorded operations.</li>
 *   <li><b>Run time</b> ({@value #RUN_TIME}): a phase that ended without an error or a stop ran at least
 *       {@code 1 - }{@value #RUN_TIME_TOLERANCE} of its {@code maxexecutiontime}, or finished its
 *       {@code operationcount}.</li>
 *   <li><b>Ops per server CPU%</b> ({@value #OPS_PER_CPU}): {@code opsPerServerCpuPercent} equals throughput over
 *       the server's average CPU%, within a relative {@value #CPU_TOLERANCE}.</li>
 * </ul>
 *
 * <p>Stateless and thread-safe.
 */
public final class RunChecks {
  /** The prefix of a failed check's warning; reports turn warnings with it into caveats. */
  public static final String FAILED_PREFIX = "self-check failed: ";
  /** The prefix of the warning of a run shorter than {@link #SHORT_RUN_MILLIS}. */
  public static final String SHORT_RUN_PREFIX = "short run: ";
  /**
   * A measured time under this, in milliseconds, gets a {@link #SHORT_RUN_PREFIX} warning: a run of a few
   * seconds has a few one-second intervals, and one of them disturbed (a GC pause, a checkpoint, another
   * process) moves its throughput by a whole interval's share of it.
   */
  public static final long SHORT_RUN_MILLIS = 10_000;

  /** Name of the Little's-law check. */
  public static final String LITTLE = "Little's law";
  /** Name of the interval-totals check. */
  public static final String INTERVALS = "interval totals";
  /** Name of the run-time check. */
  public static final String RUN_TIME = "run time";
  /** Name of the ops-per-CPU check. */
  public static final String OPS_PER_CPU = "ops per server CPU%";

  /** Relative allowance above the thread count for L = X x R. */
  public static final double LITTLE_TOLERANCE = 0.05;
  /** The latency's recording grain in microseconds (whole microseconds, truncated). */
  public static final double RESOLUTION_MICROS = 1.0;
  /** The mean service time in microseconds from which L is also bounded below. */
  public static final double LOWER_BOUND_MEAN_MICROS = 100;
  /** The least share of the threads in flight when the lower bound applies. */
  public static final double LOWER_BOUND_SHARE = 0.5;
  /**
   * The shortest run Little's law's lower bound applies to, in milliseconds: within a run's first few hundred
   * milliseconds a thread's own work between operations runs on cold code (class loading, the interpreter), as
   * long as the operations themselves.
   */
  public static final long LOWER_BOUND_MIN_RUN_MILLIS = 1000;
  /** The share of {@code maxexecutiontime} a phase may fall short of. */
  public static final double RUN_TIME_TOLERANCE = 0.05;
  /** The relative tolerance of ops per server CPU% against its parts. */
  public static final double CPU_TOLERANCE = 0.001;

  private RunChecks() {
  }

  /** The verdict of one check. */
  public enum Verdict {
    /** The figures agree. */
    PASSED,
    /** The figures contradict each other. */
    FAILED,
    /** The check does not apply to this run, or a figure it needs is missing. */
    NOT_APPLICABLE;

    /** @return the verdict as the result JSON writes it: {@code passed}, {@code failed}, {@code not-applicable} */
    public String label() {
      return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
  }

  /**
   * One check's outcome.
   *
   * @param name the check, e.g. {@value #LITTLE}
   * @param verdict passed, failed or not applicable
   * @param figures the figures it compared, name (with unit) to value, each at least 0; in order
   * @param tolerance the tolerance, in words
   * @param detail one line: what was found, or why the check does not apply
   */
  public record Check(String name, Verdict verdict, Map<String, Double> figures, String tolerance, String detail) {
    /** Copies the map, keeping its order. */
    public Check {
      figures = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(figures));
    }

    /** @return the warning of a failed check: {@link #FAILED_PREFIX}, the name and the detail */
    public String warning() {
      return FAILED_PREFIX + name + ": " + detail;
    }
  }

  /**
   * @param r a finished load or run
   * @return the four checks, in the order of this class's description
   */
  public static List<Check> of(RunReport r) {
    boolean batched = false;
    double busyMicros = 0;
    Map<String, Long> histogramCounts = new TreeMap<>();
    for (OperationReport op : r.operations()) {
      batched |= op.statusCounts().getOrDefault(Status.BATCHED_OK, 0L) > 0;
      List<ChannelTotals> channels = new ArrayList<>(op.failures());
      channels.add(0, op.ok());
      for (ChannelTotals c : channels) {
        long n = c.service().getTotalCount();
        if (n > 0) {
          histogramCounts.merge(c.name(), n, Long::sum);
          if (inFlight(op.name())) {
            busyMicros += n * LatencyUnit.RECORDED.toMicros(c.service().getMean());
          }
        }
      }
    }
    Map<String, Long> intervalCounts = new TreeMap<>();
    for (TimeSeriesPoint p : r.timeSeries()) {
      p.latency().forEach((name, l) -> intervalCounts.merge(name, l.count(), Long::sum));
    }
    long ops = r.operationsDone();
    String notApplicable = r.config().paced() ? "a paced run (-target): threads wait for their schedule"
        : batched ? "a batched load: a record's latency spans its batch" : ops == 0 ? "no operation ran" : null;
    List<Check> checks = new ArrayList<>();
    checks.add(littlesLaw(notApplicable, r.config().effectiveThreadCount(), r.throughputOpsPerSec(),
        ops == 0 ? 0 : busyMicros / ops, lowerBound(!r.cpu().serverIsDriver(), r.runtimeMillis())));
    checks.add(intervalTotals(r.timeSeries().isEmpty() ? "no time series" : null, histogramCounts, intervalCounts));
    boolean endedEarly = r.outcome().status() != Outcome.Status.OK;
    checks.add(runTime(endedEarly ? "the run " + r.outcome().status().name().toLowerCase(Locale.ROOT)
            + "; its outcome says why" : null, r.runtimeMillis(), r.config().maxExecutionTime().toMillis(),
        r.targetedOperations(), ops));
    checks.add(opsPerCpu(r.throughputOpsPerSec(), r.cpu().server().available() ? r.cpu().server().averagePercent()
        : null, r.cpu().opsPerServerCpuPercent(r.throughputOpsPerSec())));
    return checks;
  }

  /**
   * The checks a result JSON's own figures allow without the run: Little's law and ops per server CPU%. A merged
   * result ({@code merged}) is not checked for Little's law: its throughput is over the clients' common window,
   * its latencies over their whole runs.
   *
   * @param n a result document (schema version 1 or 2)
   * @return the two checks
   */
  public static List<Check> ofDocument(ResultDocument n) {
    boolean batched = false;
    double busyMicros = 0;
    List<OperationFigures> operations = n.sections().operations() == null ? List.of() : n.sections().operations();
    for (OperationFigures op : operations) {
      batched |= op.statusCounts().getOrDefault(Status.BATCHED_OK.getName(), 0L) > 0;
      if (!inFlight(op.name())) {
        continue;
      }
      busyMicros += busy(op.serviceTime());
      for (OperationFigures.Failure f : op.failures() == null ? List.<OperationFigures.Failure>of() : op.failures()) {
        busyMicros += busy(f.serviceTime());
      }
    }
    RunFigures figures = n.figures();
    long ops = figures.operationsTotal() == null ? 0 : figures.operationsTotal();
    double throughput = figures.throughputOpsPerSec() == null ? 0 : figures.throughputOpsPerSec();
    Long target = n.plan().targetOpsPerSec();
    String notApplicable = target != null && target > 0 ? "a paced run (-target): threads wait for "
        + "their schedule" : batched ? "a batched load: a record's latency spans its batch"
        : n.merged() != null ? "merged from several clients: throughput over their common window, latency over "
        + "their whole runs" : ops == 0 ? "no operation ran" : null;
    CpuSection cpu = n.sections().cpu();
    Double server = cpu == null || cpu.server() == null ? null : cpu.server().averagePercent();
    // results without the flag may be of an embedded store: no lower bound
    boolean outOfProcess = cpu != null && Boolean.FALSE.equals(cpu.serverIsDriver());
    Integer threads = n.identity().threads();
    long runtime = figures.runtimeMillis() == null ? 0 : figures.runtimeMillis();
    return List.of(littlesLaw(notApplicable, threads == null ? 0 : threads, throughput,
            ops == 0 ? 0 : busyMicros / ops, lowerBound(outOfProcess, runtime)),
        opsPerCpu(throughput, server, cpu == null ? null : cpu.opsPerServerCpuPercent()));
  }

  /**
   * @param outOfProcess whether the store runs in a process of its own
   * @param runtimeMillis the measured time of the run
   * @return whether Little's law's lower bound applies: to a store of its own process, over a run of at least
   *     {@value #LOWER_BOUND_MIN_RUN_MILLIS} ms
   */
  public static boolean lowerBound(boolean outOfProcess, long runtimeMillis) {
    return outOfProcess && runtimeMillis >= LOWER_BOUND_MIN_RUN_MILLIS;
  }

  private static double busy(Latency latency) {
    return latency == null || latency.meanMicros() == null ? 0 : latency.count() * latency.meanMicros();
  }

  /** @return whether a measurement's time is a store call's: every one but CLEANUP and READ-MODIFY-WRITE */
  private static boolean inFlight(String name) {
    return !name.equals(Operation.CLEANUP.ycsbName()) && !name.equals(Operation.READ_MODIFY_WRITE.ycsbName());
  }

  /**
   * Little's law for a closed loop, as the class describes it.
   *
   * @param notApplicable why the check does not apply, or null when it does
   * @param threads client threads, at least 1 when it applies
   * @param throughputOpsPerSec completed operations per second
   * @param meanServiceMicros store-call time per completed operation, microseconds
   * @param outOfProcess whether the store runs in a process of its own, so that the lower bound applies
   * @return the check, with the figures threads, throughputOpsPerSec, meanServiceMicros, inFlight and
   *     maxInFlight
   */
  public static Check littlesLaw(String notApplicable, int threads, double throughputOpsPerSec,
                                 double meanServiceMicros, boolean outOfProcess) {
    double inFlight = throughputOpsPerSec * meanServiceMicros / 1e6;
    double max = threads * (1 + LITTLE_TOLERANCE) + throughputOpsPerSec * RESOLUTION_MICROS / 1e6;
    Map<String, Double> figures = new LinkedHashMap<>();
    figures.put("threads", (double) threads);
    figures.put("throughputOpsPerSec", throughputOpsPerSec);
    figures.put("meanServiceMicros", meanServiceMicros);
    figures.put("inFlight", inFlight);
    figures.put("maxInFlight", max);
    String tolerance = String.format(Locale.ROOT, "in flight <= threads x %.2f + throughput x %.0f µs; "
        + ">= threads x %.1f when the mean is %.0f µs or more", 1 + LITTLE_TOLERANCE, RESOLUTION_MICROS,
        LOWER_BOUND_SHARE, LOWER_BOUND_MEAN_MICROS);
    if (notApplicable != null || threads <= 0) {
      return new Check(LITTLE, Verdict.NOT_APPLICABLE, figures, tolerance,
          notApplicable != null ? notApplicable : "no thread count");
    }
    String sum = threads(threads) + ", " + product(throughputOpsPerSec, meanServiceMicros) + " in flight";
    String problem = littleProblem(threads, throughputOpsPerSec, meanServiceMicros, max, outOfProcess);
    if (problem == null) {
      return new Check(LITTLE, Verdict.PASSED, figures, tolerance, sum);
    }
    return new Check(LITTLE, Verdict.FAILED, figures, tolerance, threads(threads) + ", but "
        + product(throughputOpsPerSec, meanServiceMicros) + " in flight; " + problem);
  }

  private static String littleProblem(int threads, double x, double rMicros, double max, boolean lowerBound) {
    double l = x * rMicros / 1e6;
    if (l > max) {
      return String.format(Locale.ROOT, "more than the threads allow (at most %.1f): throughput or latency is "
          + "wrong (e.g. warm-up operations counted in one and not the other)", max);
    }
    if (lowerBound && rMicros >= LOWER_BOUND_MEAN_MICROS && l < threads * LOWER_BOUND_SHARE) {
      return String.format(Locale.ROOT, "fewer than %.0f%% of the threads in operations that take %s each: "
          + "the latency does not time the operations the throughput counts, or the client could not keep its "
          + "threads busy", 100 * LOWER_BOUND_SHARE, latency(rMicros));
    }
    return null;
  }

  /**
   * Little's law applied to another party's published figure (a reference figure), with the tolerance of
   * {@link #littlesLaw}, its lower bound included (a published figure with a mean of 100 µs or more is of a store
   * out of the client's process, or of one slow enough that the client's own work does not matter).
   *
   * @param what whose figure, e.g. {@code PostgreSQL durable A}
   * @param threads their client threads
   * @param throughputOpsPerSec their throughput
   * @param meanLatencyMillis their mean latency, milliseconds
   * @return e.g. {@code Little's law does not hold for their PostgreSQL durable A: 5,207 ops/s x 1.07 ms = 5.6 in
   *     flight, not 64 threads (...)}, or null when it holds
   */
  public static String referenceNote(String what, int threads, double throughputOpsPerSec, double meanLatencyMillis) {
    double r = meanLatencyMillis * 1000;
    String problem = littleProblem(threads, throughputOpsPerSec, r,
        threads * (1 + LITTLE_TOLERANCE) + throughputOpsPerSec * RESOLUTION_MICROS / 1e6, true);
    if (problem == null) {
      return null;
    }
    return "Little's law does not hold for their " + what + ": " + product(throughputOpsPerSec, r)
        + " in flight, not " + threads(threads) + " (" + problem.replaceFirst(":.*", "") + ")";
  }

  /** @return {@code 1 thread} or {@code 64 threads} */
  private static String threads(int n) {
    return n + (n == 1 ? " thread" : " threads");
  }

  /** @return e.g. {@code 5,207 ops/s x 1.07 ms = 5.6} */
  private static String product(double x, double rMicros) {
    return String.format(Locale.ROOT, "%,.0f ops/s x %s = %.1f", x, latency(rMicros), x * rMicros / 1e6);
  }

  private static String latency(double micros) {
    return micros >= 1000 ? String.format(Locale.ROOT, "%.2f ms", micros / 1000)
        : String.format(Locale.ROOT, "%.1f µs", micros);
  }

  /**
   * @param notApplicable why the check does not apply, or null
   * @param histogram per measurement name, the whole run's operations
   * @param intervals per measurement name, the sum of the intervals' counts
   * @return the check; the figures are the totals of both sides
   */
  public static Check intervalTotals(String notApplicable, Map<String, Long> histogram, Map<String, Long> intervals) {
    Map<String, Double> figures = new LinkedHashMap<>();
    figures.put("histogramCount", (double) histogram.values().stream().mapToLong(Long::longValue).sum());
    figures.put("intervalCount", (double) intervals.values().stream().mapToLong(Long::longValue).sum());
    String tolerance = "exact, per measurement name";
    if (notApplicable != null) {
      return new Check(INTERVALS, Verdict.NOT_APPLICABLE, figures, tolerance, notApplicable);
    }
    List<String> off = new ArrayList<>();
    java.util.Set<String> names = new java.util.TreeSet<>(histogram.keySet());
    names.addAll(intervals.keySet());
    for (String name : names) {
      long h = histogram.getOrDefault(name, 0L);
      long i = intervals.getOrDefault(name, 0L);
      if (h != i) {
        off.add(String.format(Locale.ROOT, "%s %,d in the histogram vs %,d in the intervals", name, h, i));
      }
    }
    return off.isEmpty() ? new Check(INTERVALS, Verdict.PASSED, figures, tolerance, "every measurement's intervals "
        + "add up to its histogram") : new Check(INTERVALS, Verdict.FAILED, figures, tolerance, String.join("; ", off));
  }

  /**
   * @param notApplicable why the check does not apply (e.g. the run failed or was stopped), or null
   * @param runtimeMillis the measured time
   * @param maxExecutionMillis {@code maxexecutiontime}, 0 when unlimited
   * @param operationsAsked the operations asked for, 0 when unlimited
   * @param operationsDone the operations done
   * @return the check
   */
  public static Check runTime(String notApplicable, long runtimeMillis, long maxExecutionMillis, long operationsAsked,
                              long operationsDone) {
    Map<String, Double> figures = new LinkedHashMap<>();
    figures.put("runtimeMillis", (double) runtimeMillis);
    figures.put("maxExecutionTimeMillis", (double) maxExecutionMillis);
    figures.put("operationCountTarget", (double) operationsAsked);
    figures.put("operations", (double) operationsDone);
    String tolerance = String.format(Locale.ROOT, "at least %.0f%% of maxexecutiontime, or every operation asked",
        100 * (1 - RUN_TIME_TOLERANCE));
    if (notApplicable != null || (maxExecutionMillis == 0 && operationsAsked == 0)) {
      return new Check(RUN_TIME, Verdict.NOT_APPLICABLE, figures, tolerance,
          notApplicable != null ? notApplicable : "neither maxexecutiontime nor operationcount bounds it");
    }
    if (operationsAsked > 0 && operationsDone >= operationsAsked) {
      return new Check(RUN_TIME, Verdict.PASSED, figures, tolerance,
          String.format(Locale.ROOT, "did the %,d operations asked", operationsAsked));
    }
    if (maxExecutionMillis > 0 && runtimeMillis >= maxExecutionMillis * (1 - RUN_TIME_TOLERANCE)) {
      return new Check(RUN_TIME, Verdict.PASSED, figures, tolerance, String.format(Locale.ROOT,
          "ran %.1f s of maxexecutiontime %.1f s", runtimeMillis / 1000.0, maxExecutionMillis / 1000.0));
    }
    return new Check(RUN_TIME, Verdict.FAILED, figures, tolerance, String.format(Locale.ROOT,
        "ran %.1f s and %,d operations, but %s was asked, and ended without an error or a stop",
        runtimeMillis / 1000.0, operationsDone, maxExecutionMillis > 0
            ? String.format(Locale.ROOT, "maxexecutiontime %.1f s", maxExecutionMillis / 1000.0)
            : String.format(Locale.ROOT, "operationcount %,d", operationsAsked)));
  }

  /**
   * @param throughputOpsPerSec the throughput
   * @param serverCpuPercent the server's average CPU%, or null when not sampled
   * @param opsPerServerCpuPercent the figure as reported, or null
   * @return the check
   */
  public static Check opsPerCpu(double throughputOpsPerSec, Double serverCpuPercent, Double opsPerServerCpuPercent) {
    Map<String, Double> figures = new LinkedHashMap<>();
    figures.put("throughputOpsPerSec", throughputOpsPerSec);
    figures.put("serverCpuPercent", serverCpuPercent);
    figures.put("opsPerServerCpuPercent", opsPerServerCpuPercent);
    String tolerance = String.format(Locale.ROOT, "relative %s", CPU_TOLERANCE);
    if (serverCpuPercent == null || serverCpuPercent <= 0 || opsPerServerCpuPercent == null) {
      return new Check(OPS_PER_CPU, Verdict.NOT_APPLICABLE, figures, tolerance,
          "no server CPU figure (or none above 0)");
    }
    double expected = throughputOpsPerSec / serverCpuPercent;
    if (Math.abs(opsPerServerCpuPercent - expected) <= CPU_TOLERANCE * Math.max(expected, 1e-9)) {
      return new Check(OPS_PER_CPU, Verdict.PASSED, figures, tolerance, "matches its parts");
    }
    return new Check(OPS_PER_CPU, Verdict.FAILED, figures, tolerance, String.format(Locale.ROOT,
        "%,.1f reported, but %,.0f ops/s / %.1f%% = %,.1f", opsPerServerCpuPercent, throughputOpsPerSec,
        serverCpuPercent, expected));
  }

  /**
   * @param checks checks
   * @return the warning of each failed check, in order, each {@link Warning.Code#SELF_CHECK_FAILED}
   */
  public static List<Warning> warnings(List<Check> checks) {
    List<Warning> out = new ArrayList<>();
    for (Check c : checks) {
      if (c.verdict() == Verdict.FAILED) {
        out.add(new Warning(Warning.Code.SELF_CHECK_FAILED, c.warning()));
      }
    }
    return out;
  }

  /**
   * @param runtimeMillis the measured time; a phase with no operation (0) gets none
   * @return the {@link #SHORT_RUN_PREFIX} warning when it is under {@link #SHORT_RUN_MILLIS}, else null
   */
  public static Warning shortRun(long runtimeMillis) {
    if (runtimeMillis <= 0 || runtimeMillis >= SHORT_RUN_MILLIS) {
      return null;
    }
    return new Warning(Warning.Code.SHORT_RUN, String.format(Locale.ROOT, "%smeasured %.1f s, under %d s: one "
        + "disturbed interval (a GC pause, a checkpoint, another process) is a large share of the figures; run longer "
        + "to compare stores", SHORT_RUN_PREFIX, runtimeMillis / 1000.0, SHORT_RUN_MILLIS / 1000));
  }
}
