package dev.ycsbdriver.metrics;

import dev.ycsbdriver.cpu.CpuSample;
import dev.ycsbdriver.measure.ChannelTotals;
import dev.ycsbdriver.measure.OperationMeasurement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.HdrHistogram.Histogram;
import site.ycsb.Status;

/**
 * The run's figures at one monitor tick, as {@code GET /metrics} shows them.
 *
 * <p>Immutable and thread-safe: the monitor builds one per tick and publishes it whole; readers on any
 * thread see either the previous snapshot or this one, never a mix.
 *
 * @param elapsedSeconds time since the run's clock started (after the warm-up), in seconds
 * @param operations operations completed so far per operation and status, in YCSB's order; empty
 *     before the first one
 * @param overallOpsPerSec operations completed per second since the clock started
 * @param interval throughput and latency of the last {@code status.interval}, or null before the first
 *     interval has ended
 * @param cpu the newest CPU sample (percent of one logical core, {@code NaN} where not measured), or
 *     null before the first sample or where CPU cannot be sampled
 * @param scheduleLagSeconds with {@code -target}, the largest lag behind the run's schedule over the last
 *     monitor tick (one second), in seconds (see {@code dev.ycsbdriver.result.ScheduleLag}); null in a
 *     closed loop
 */
public record LiveSnapshot(double elapsedSeconds, List<OperationCount> operations, double overallOpsPerSec,
                           IntervalFigures interval, CpuSample cpu, Double scheduleLagSeconds) {
  /** @throws NullPointerException if {@code operations} is null */
  public LiveSnapshot {
    operations = List.copyOf(operations);
  }

  /**
   * Operations completed with one status, counted since the run's clock started.
   *
   * @param operation the YCSB operation name, e.g. {@code READ}
   * @param status the YCSB status name, e.g. {@code OK} or {@code NOT_FOUND}
   * @param count operations, at least 0
   */
  public record OperationCount(String operation, String status, long count) {
    /**
     * Reads the per-status counters; a few sums of {@code LongAdder}s per operation, no lock.
     *
     * @param measurements the run's operation measurements
     * @return one entry per operation and status with a non-zero count
     */
    public static List<OperationCount> of(List<OperationMeasurement> measurements) {
      List<OperationCount> out = new ArrayList<>();
      for (OperationMeasurement m : measurements) {
        for (Map.Entry<Status, Long> e : m.statuses().snapshot().entrySet()) {
          out.add(new OperationCount(m.name(), e.getKey().getName(), e.getValue()));
        }
      }
      return out;
    }
  }

  /**
   * Throughput and latency percentiles of one status interval.
   *
   * @param opsPerSec operations completed per second over the interval
   * @param latencies per latency channel that recorded anything in the interval: service time, and
   *     intended latency when a target was set; never null
   */
  public record IntervalFigures(double opsPerSec, List<LatencyQuantiles> latencies) {
    /** @throws NullPointerException if {@code latencies} is null */
    public IntervalFigures {
      latencies = List.copyOf(latencies);
    }

    /**
     * @param opsPerSec operations per second over the interval
     * @param window the interval's distributions (nanoseconds), as the status line reports them
     * @return the interval's figures; channels without a value in the interval are left out
     */
    public static IntervalFigures of(double opsPerSec, List<ChannelTotals> window) {
      List<LatencyQuantiles> out = new ArrayList<>();
      for (ChannelTotals c : window) {
        if (c.service().getTotalCount() == 0) {
          continue;
        }
        out.add(LatencyQuantiles.of(c.name(), LatencyQuantiles.SERVICE, c.service()));
        if (c.intendedMeasured() && c.intended().getTotalCount() > 0) {
          out.add(LatencyQuantiles.of(c.name(), LatencyQuantiles.INTENDED, c.intended()));
        }
      }
      return new IntervalFigures(opsPerSec, out);
    }
  }

  /**
   * Latency percentiles of one channel over one interval, in seconds.
   *
   * @param operation the YCSB measurement name, e.g. {@code READ} or {@code READ-FAILED}
   * @param latency {@value #SERVICE} (end minus actual start) or {@value #INTENDED} (end minus
   *     scheduled start)
   * @param p50Seconds the median
   * @param p95Seconds the 95th percentile
   * @param p99Seconds the 99th percentile
   * @param p999Seconds the 99.9th percentile
   */
  public record LatencyQuantiles(String operation, String latency, double p50Seconds, double p95Seconds,
                                 double p99Seconds, double p999Seconds) {
    /** The {@code latency} of service time. */
    public static final String SERVICE = "service";
    /** The {@code latency} of intended latency. */
    public static final String INTENDED = "intended";

    /** @throws NullPointerException if a name is null */
    public LatencyQuantiles {
      Objects.requireNonNull(operation, "operation");
      Objects.requireNonNull(latency, "latency");
    }

    /**
     * @param nanos a distribution in nanoseconds ({@link dev.ycsbdriver.measure.LatencyUnit#RECORDED}), with at
     *     least one value
     * @return its percentiles in seconds, as HdrHistogram's {@code getValueAtPercentile} gives them
     */
    static LatencyQuantiles of(String operation, String latency, Histogram nanos) {
      return new LatencyQuantiles(operation, latency, seconds(nanos, 50), seconds(nanos, 95),
          seconds(nanos, 99), seconds(nanos, 99.9));
    }

    private static double seconds(Histogram nanos, double percentile) {
      return nanos.getValueAtPercentile(percentile) / 1e9;
    }
  }
}
