package dev.ycsbdriver.report;

import java.util.List;
import java.util.Map;

/**
 * The runs of one store, profile, thread count and workload, reduced to medians over their repeats.
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
 * @param runs the runs that ended ok
 */
public record ReportCell(String profile, String store, int threads, String workload, int failedRuns,
                         Spread throughput, Spread throughputOk, Map<String, Spread> meanLatency, Map<String, Spread> p99Latency,
                         Spread serverCpuAvg, Spread serverCpuPeak, Spread driverCpuAvg, Spread machineCpuAvg,
                         Spread opsPerServerCpu, List<RunResult> runs) {

  /** @return how many runs the figures are the median of */
  public int repeats() {
    return runs.size();
  }

  /** @return the effective durability settings of the first run, e.g. {@code synchronous_commit=on} */
  public Map<String, String> serverSettings() {
    return runs.isEmpty() ? Map.of() : runs.get(0).serverSettings();
  }
}
