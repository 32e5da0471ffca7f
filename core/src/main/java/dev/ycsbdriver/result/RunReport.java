package dev.ycsbdriver.result;

import dev.ycsbdriver.config.RunConfig;
import dev.ycsbdriver.config.Settings;
import dev.ycsbdriver.cpu.CpuSummary;
import dev.ycsbdriver.cpu.MachineFacts;
import dev.ycsbdriver.measure.MeasurementConfig;
import dev.ycsbdriver.measure.Operation;
import dev.ycsbdriver.result.model.CalibrationSection;
import dev.ycsbdriver.result.model.Warning;
import dev.ycsbdriver.spi.ErrorLog;
import dev.ycsbdriver.spi.ServerFacts;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import site.ycsb.Status;

/**
 * Everything one load or run measured, as the runner returns it. The YCSB text summary
 * ({@link YcsbTextSummary}) and the result JSON ({@link ResultJson}) are views of it.
 *
 * <p>Immutable once returned and thread-safe to read. Built by name with {@link #builder()}.
 *
 * @param toolVersion ycsb-driver's version
 * @param bindingName the binding as named on the command line (canonical name)
 * @param workloadName the workload as the user named it, e.g. {@code workloada}
 * @param dbClass the {@code site.ycsb.DB} class the binding produced
 * @param config the driver's validated keys
 * @param settings every property of the command; shown masked
 * @param measurement the measurement keys
 * @param start when the clock started (after every client thread connected)
 * @param end when the last client thread finished, or was left behind
 * @param runtimeMillis {@code end - start} in milliseconds, YCSB's {@code RunTime(ms)}
 * @param operationsDone operations completed by all threads, every status counted, as YCSB counts
 * @param targetedOperations operations the run was asked for, 0 when unlimited
 * @param operations per operation totals, in YCSB operation order then first-use order
 * @param gc garbage collectors' totals, in YCSB's export order
 * @param cpu CPU figures of server, driver and machine; never null
 * @param server what the binding read back from the store
 * @param machine facts about this machine
 * @param timeSeries one point per harvest interval
 * @param warnings each with its code, in the order they arose; never null
 * @param outcome how the run ended
 * @param runDirectory where the result JSON and histogram logs are written
 * @param histogramLogs measurement name to its {@code .hlog} file
 * @param warmup what the warm-up did, and the operations it left out of the figures; {@link WarmupReport#NONE}
 *     without one
 * @param scheduleLag how far the run fell behind its {@code -target} schedule; null in a closed loop (no
 *     target), where intended latency is not measured
 * @param errors the kinds of error the binding reported, in first-occurrence order; empty when none (or
 *     when the binding reports none, as upstream bindings)
 * @param outages the times client threads had lost their connection, in time order; empty when none
 * @param workloadInstances {@code per-thread} when each client thread drew from its own CoreWorkload,
 *     {@code shared} when they shared one (see {@code workload.instances})
 * @param threadKind what the client threads ran on, {@code platform} or {@code virtual} (see {@code threadkind});
 *     null when the phase stopped before they were made
 * @param calibration the machine's condition measured at the start and end of the phase, against its earlier
 *     calibrations; null when {@code calibration=false}
 */
public record RunReport(String toolVersion, String bindingName, String workloadName, String dbClass, RunConfig config, Settings settings,
                        MeasurementConfig measurement, Instant start, Instant end, long runtimeMillis,
                        long operationsDone, long targetedOperations, List<OperationReport> operations,
                        List<GcStat> gc, CpuSummary cpu, ServerFacts server, MachineFacts machine,
                        List<TimeSeriesPoint> timeSeries, List<Warning> warnings, Outcome outcome,
                        Path runDirectory, Map<String, Path> histogramLogs, WarmupReport warmup,
                        ScheduleLag scheduleLag, List<ErrorLog.Kind> errors, List<ErrorLog.Outage> outages,
                        String workloadInstances, String threadKind, CalibrationSection calibration) {

  /** Copies the collections. */
  public RunReport {
    operations = List.copyOf(operations);
    gc = List.copyOf(gc);
    timeSeries = List.copyOf(timeSeries);
    warnings = List.copyOf(warnings);
    errors = List.copyOf(errors);
    outages = List.copyOf(outages);
    histogramLogs = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(histogramLogs));
  }

  /** @return YCSB's throughput: every completed operation per second of {@link #runtimeMillis} */
  public double throughputOpsPerSec() {
    return runtimeMillis <= 0 ? 0.0 : 1000.0 * operationsDone / runtimeMillis;
  }

  /**
   * The operations that returned OK: of {@link #operationsDone}, the share whose store calls ended with a
   * status YCSB's {@code Status.isOk()} accepts ({@code OK}, {@code BATCHED_OK}), counted over every
   * operation's {@code Return=} counts (CLEANUP excluded). In workloads A to E and in a load each
   * operation is one call, so this is exactly the number of calls that returned OK; in workload F a
   * read-modify-write makes two calls, and the share of OK calls is applied to the operations.
   *
   * @return operations that returned OK, 0 to {@link #operationsDone}; {@link #operationsDone} when no
   *     call was counted
   */
  public long okOperations() {
    return okOperations(operations, operationsDone);
  }

  /**
   * @param operations per operation totals with their status counts
   * @param operationsDone operations completed, every status counted
   * @return the operations that returned OK, as {@link #okOperations()} defines them
   */
  public static long okOperations(List<OperationReport> operations, long operationsDone) {
    long calls = 0;
    long ok = 0;
    for (OperationReport op : operations) {
      if (op.name().equals(Operation.CLEANUP.ycsbName())) {
        continue;
      }
      for (Map.Entry<Status, Long> e : op.statusCounts().entrySet()) {
        calls += e.getValue();
        ok += e.getKey().isOk() ? e.getValue() : 0;
      }
    }
    if (calls == 0) {
      return operationsDone;
    }
    return calls == operationsDone ? ok : Math.round((double) operationsDone * ok / calls);
  }

  /**
   * @return the throughput of operations that returned OK: {@link #okOperations()} per second of
   *     {@link #runtimeMillis}; at most {@link #throughputOpsPerSec()}, so an error storm never reads as a
   *     fast store
   */
  public double throughputOkOpsPerSec() {
    return runtimeMillis <= 0 ? 0.0 : 1000.0 * okOperations() / runtimeMillis;
  }

  /**
   * @param more warnings to add after this report's
   * @return this report with {@code more} appended to its warnings
   */
  public RunReport withWarnings(List<Warning> more) {
    List<Warning> all = new java.util.ArrayList<>(warnings);
    all.addAll(more);
    return toBuilder().warnings(all).build();
  }

  /** @return a builder that sets each field by name; see {@link RunReportBuilder} for defaults */
  public static RunReportBuilder builder() {
    return new RunReportBuilder();
  }

  /** @return a builder holding this report's fields, to change some of them by name */
  public RunReportBuilder toBuilder() {
    return new RunReportBuilder(this);
  }
}
