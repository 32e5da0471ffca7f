package dev.ycsbdriver.report;

import java.util.List;
import java.util.Map;

/**
 * The runs of one store, profile, thread count and workload, reduced to one figure each over their repeats:
 * the median of each figure, or under {@link RepeatAggregate#BEST} every figure of one run, {@code bestRun}.
 * Runs that did not end ok are left out of the figures and counted in {@code failedRuns}.
 *
 * <p>Immutable and thread-safe. A spread is null when no run had the figure (e.g. no server CPU).
 *
 * @param profile the durability profile, or null
 * @param store the store configuration's name
 * @param threads client threads
 * @param workload the workload's name
 * @param failedRuns runs that failed or were interrupted
 * @param throughput operations per second, every status
 * @param throughputOk operations that returned OK per second
 * @param meanLatency per operation, mean service time in microseconds
 * @param p99Latency per operation, 99th percentile of service time in microseconds
 * @param serverCpuAvg server CPU average, percent of one core
 * @param serverCpuPeak server CPU peak, percent of one core
 * @param driverCpuAvg driver CPU average, percent of one core
 * @param machineCpuAvg machine CPU average, percent of one core
 * @param opsPerServerCpu throughput per server CPU%
 * @param runs the runs that ended ok, in the order read (path order: repeat r1 before r2)
 * @param bestRun the run whose figures the cell shows under {@link RepeatAggregate#BEST}; null under the median
 *     or when no run ended ok
 */
public record ReportCell(String profile, String store, int threads, String workload, int failedRuns,
                         Spread throughput, Spread throughputOk, Map<String, Spread> meanLatency, Map<String, Spread> p99Latency,
                         Spread serverCpuAvg, Spread serverCpuPeak, Spread driverCpuAvg, Spread machineCpuAvg,
                         Spread opsPerServerCpu, List<RunResult> runs, RunResult bestRun) {

  /** Copies the list. */
  public ReportCell {
    runs = List.copyOf(runs);
  }

  /**
   * @return the driver's CPU microseconds per operation over the runs (the best run's under
   *     {@link RepeatAggregate#BEST}), or null when no run measured it
   */
  public Spread driverCpuPerOperation() {
    return Spread.of(runs.stream().map(RunResult::driverCpuMicrosPerOperation).toList(),
        bestRun == null ? -1 : runs.indexOf(bestRun));
  }

  /**
   * @return the longest single operation in microseconds ({@link RunResult#longestOperationMicros}) over the runs,
   *     the best run's under {@link RepeatAggregate#BEST}; null when no run recorded one
   */
  public Spread longestOperation() {
    return Spread.of(runs.stream().map(RunResult::longestOperationMicros).toList(),
        bestRun == null ? -1 : runs.indexOf(bestRun));
  }

  /** @return how many runs ended ok: the runs the median is taken over, or the best run is chosen from */
  public int repeats() {
    return runs.size();
  }

  /** @return the runs the shown figures come from: the best run alone, or every run for the median */
  public List<RunResult> figureRuns() {
    return bestRun == null ? runs : List.of(bestRun);
  }

  /**
   * @return the effective durability settings of the best run, else of the first, e.g.
   *     {@code synchronous_commit=on}, with the paths of the machine masked ({@link MachinePaths}); empty when no run
   *     ended ok
   */
  public Map<String, String> serverSettings() {
    return runs.isEmpty() ? Map.of()
        : MachinePaths.settings(figureRuns().get(0).serverSettings(), figureRuns().get(0).file());
  }
}
