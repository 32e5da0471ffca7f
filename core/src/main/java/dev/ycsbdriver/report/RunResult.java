package dev.ycsbdriver.report;

import dev.ycsbdriver.cpu.CpuSummary;
import dev.ycsbdriver.result.model.CalibrationSection;
import dev.ycsbdriver.result.model.Warning;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The figures a report takes from one run's result JSON (schema version 1 to 3).
 *
 * <p>Immutable and thread-safe. A figure that the result marks unavailable is null, never 0.
 *
 * @param file the result file
 * @param storeName the store configuration's name ({@code storeName}, else the binding)
 * @param binding the binding
 * @param profile the durability profile, or null
 * @param workload the workload's name, e.g. {@code workloada}
 * @param threads client threads
 * @param status the outcome: {@code ok}, {@code failed} or {@code interrupted}
 * @param throughputOpsPerSec operations per second over the measured run, every status
 * @param throughputOkOpsPerSec operations that returned OK per second ({@code throughputOkOpsPerSec} of the
 *     result; for results written before it, derived from the status counts as the runner defines it)
 * @param operations per operation, in the result's order; CLEANUP left out
 * @param serverCpuAvgPercent server CPU average in percent of one core, or null
 * @param serverCpuPeakPercent server CPU peak, or null
 * @param driverCpuAvgPercent driver CPU average, or null
 * @param machineCpuAvgPercent machine CPU average, or null
 * @param opsPerServerCpuPercent throughput per server CPU%, or null
 * @param serverCpuSource where server CPU came from, e.g. {@code processes named postgres (70 pids)}
 * @param server product and version as the binding read them, e.g. {@code PostgreSQL 15.8}
 * @param serverSettings the server's effective durability settings, as read back
 * @param machine one line about the machine: CPU model, cores, memory, OS
 * @param histogramLogs measurement name to its {@code .hlog} file
 * @param warnings the run's warnings, each with its code
 * @param durabilityClaim what the profile claims for a crash of the store ({@code durability.claim} of the
 *     configuration: {@code no-loss}, {@code recent-loss} or {@code none}), or null in results written before it
 * @param timeSeries the run's intervals in time order ({@code timeSeries} of the result); empty in results without it.
 *     {@link RatioInterval} takes a run's own noise from its {@link #intervalOpsPerSec()} when a cell has one run
 * @param calibration the machine's condition at the run's start and end ({@code calibration} of the result); null in
 *     results without it ({@link MachineCondition} reads them as not recorded)
 */
public record RunResult(Path file, String storeName, String binding, String profile, String workload, int threads,
                        String status, double throughputOpsPerSec, double throughputOkOpsPerSec,
                        List<OperationFigures> operations,
                        Double serverCpuAvgPercent, Double serverCpuPeakPercent, Double driverCpuAvgPercent,
                        Double machineCpuAvgPercent, Double opsPerServerCpuPercent, String serverCpuSource,
                        String server, Map<String, String> serverSettings, String machine,
                        Map<String, Path> histogramLogs, List<Warning> warnings, String durabilityClaim,
                        List<TimePoint> timeSeries, CalibrationSection calibration) {

  /**
   * @return the run's throughput per interval of its time series ({@code timeSeries[].opsPerSec}), in ops/s, in time
   *     order, without a last interval shorter than half the first (the run's tail, a few milliseconds whose rate is
   *     noise); empty when the result has no time series
   */
  public List<Double> intervalOpsPerSec() {
    return intervalOpsPerSec(timeSeries);
  }

  /** @return {@link #intervalOpsPerSec()} of a time series */
  static List<Double> intervalOpsPerSec(List<TimePoint> timeSeries) {
    List<Double> out = new java.util.ArrayList<>();
    int n = timeSeries.size();
    for (int i = 0; i < n; i++) {
      TimePoint p = timeSeries.get(i);
      boolean shortTail = i == n - 1 && i > 0 && p.intervalMillis() * 2 < timeSeries.get(0).intervalMillis();
      if (!shortTail) {
        out.add(p.opsPerSec());
      }
    }
    return out;
  }

  /** A run without a calibration. */
  public RunResult(Path file, String storeName, String binding, String profile, String workload, int threads,
                   String status, double throughputOpsPerSec, double throughputOkOpsPerSec,
                   List<OperationFigures> operations, Double serverCpuAvgPercent, Double serverCpuPeakPercent,
                   Double driverCpuAvgPercent, Double machineCpuAvgPercent, Double opsPerServerCpuPercent,
                   String serverCpuSource, String server, Map<String, String> serverSettings, String machine,
                   Map<String, Path> histogramLogs, List<Warning> warnings, String durabilityClaim,
                   List<TimePoint> timeSeries) {
    this(file, storeName, binding, profile, workload, threads, status, throughputOpsPerSec, throughputOkOpsPerSec,
        operations, serverCpuAvgPercent, serverCpuPeakPercent, driverCpuAvgPercent, machineCpuAvgPercent,
        opsPerServerCpuPercent, serverCpuSource, server, serverSettings, machine, histogramLogs, warnings,
        durabilityClaim, timeSeries, null);
  }

  /** A run without a time series. */
  public RunResult(Path file, String storeName, String binding, String profile, String workload, int threads,
                   String status, double throughputOpsPerSec, double throughputOkOpsPerSec,
                   List<OperationFigures> operations, Double serverCpuAvgPercent, Double serverCpuPeakPercent,
                   Double driverCpuAvgPercent, Double machineCpuAvgPercent, Double opsPerServerCpuPercent,
                   String serverCpuSource, String server, Map<String, String> serverSettings, String machine,
                   Map<String, Path> histogramLogs, List<Warning> warnings, String durabilityClaim) {
    this(file, storeName, binding, profile, workload, threads, status, throughputOpsPerSec, throughputOkOpsPerSec,
        operations, serverCpuAvgPercent, serverCpuPeakPercent, driverCpuAvgPercent, machineCpuAvgPercent,
        opsPerServerCpuPercent, serverCpuSource, server, serverSettings, machine, histogramLogs, warnings,
        durabilityClaim, List.of(), null);
  }

  /**
   * @return the driver's CPU microseconds per operation (its average percent of one core over the throughput),
   *     or null when either is unknown; computed, so results written before the figure have it too
   */
  public Double driverCpuMicrosPerOperation() {
    return CpuSummary.microsPerOperation(driverCpuAvgPercent, throughputOpsPerSec);
  }

  /**
   * @return whether the store ran in the driver's own process: its CPU source says {@code embedded} (the
   *     {@code serverSource} a run of an embedded store records); false when the source is unknown
   */
  public boolean embedded() {
    return serverCpuSource != null && serverCpuSource.startsWith("embedded");
  }

  /** Copies the collections. */
  public RunResult {
    operations = List.copyOf(operations);
    serverSettings = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(serverSettings));
    histogramLogs = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(histogramLogs));
    warnings = List.copyOf(warnings);
    timeSeries = timeSeries == null ? List.of() : List.copyOf(timeSeries);
  }

  /**
   * Latency of one operation's successful calls, service time, in microseconds.
   *
   * @param name YCSB's name, e.g. {@code UPDATE}
   * @param operations operations of every status
   * @param failures operations whose status was not OK
   * @param meanMicros mean latency, or null without successful calls
   * @param p95Micros 95th percentile, or null
   * @param p99Micros 99th percentile, or null
   * @param p999Micros 99.9th percentile, or null
   * @param percentiles the percentile points in the result (percent to microseconds), for a curve
   *     drawn without the histogram log
   * @param maxMicros the longest call, or null
   * @param batched whether the binding sent the operation's records in batches (some returned {@code BATCHED_OK}):
   *     each record's latency is then the time from its queueing until its batch was stored
   *     ({@link dev.ycsbdriver.spi.BatchedLatency}), not one statement's
   * @param batchSize records per batch ({@code <binding>.batchsize} of the run's configuration), or null when not
   *     batched or not recorded
   */
  public record OperationFigures(String name, long operations, long failures, Double meanMicros, Double p95Micros,
                                 Double p99Micros, Double p999Micros, Map<Double, Double> percentiles,
                                 Double maxMicros, boolean batched, Integer batchSize) {
    /** Figures of an operation sent one record at a time. */
    public OperationFigures(String name, long operations, long failures, Double meanMicros, Double p95Micros,
                            Double p99Micros, Double p999Micros, Map<Double, Double> percentiles, Double maxMicros) {
      this(name, operations, failures, meanMicros, p95Micros, p99Micros, p999Micros, percentiles, maxMicros, false,
          null);
    }

    /** Figures without the longest call. */
    public OperationFigures(String name, long operations, long failures, Double meanMicros, Double p95Micros,
                            Double p99Micros, Double p999Micros, Map<Double, Double> percentiles) {
      this(name, operations, failures, meanMicros, p95Micros, p99Micros, p999Micros, percentiles, null);
    }
  }

  /**
   * @return the longest single operation of the run in microseconds, successful calls of every operation of the
   *     workload (a wait for a connection, {@code CONNECTION-WAIT}, is not one); null when none
   */
  public Double longestOperationMicros() {
    Double longest = null;
    for (OperationFigures op : operations) {
      boolean wait = op.name().equals(dev.ycsbdriver.measure.Operation.CONNECTION_WAIT.ycsbName());
      if (!wait && op.maxMicros() != null && (longest == null || op.maxMicros() > longest)) {
        longest = op.maxMicros();
      }
    }
    return longest;
  }

  /**
   * One interval of the run's time series, as the report's over-time charts read it.
   *
   * @param elapsedMillis end of the interval, in milliseconds since the measured run started
   * @param intervalMillis length of the interval in milliseconds; the last one of a run is usually shorter
   * @param opsPerSec operations completed in the interval per second, every status
   * @param serverCpuPercent server CPU over the interval in percent of one core, or null when not measured
   * @param driverCpuPercent driver CPU in percent of one core, or null
   */
  public record TimePoint(long elapsedMillis, long intervalMillis, double opsPerSec, Double serverCpuPercent,
                          Double driverCpuPercent) {
  }
}
