package dev.ycsbdriver.metrics;

import dev.ycsbdriver.cpu.CpuSample;
import dev.ycsbdriver.metrics.LiveSnapshot.LatencyQuantiles;
import dev.ycsbdriver.metrics.LiveSnapshot.OperationCount;

/**
 * Renders a {@link LiveSnapshot} in the Prometheus text exposition format, version 0.0.4
 * (<a href="https://prometheus.io/docs/instrumenting/exposition_formats/">prometheus.io: Exposition
 * formats</a>): each family is a {@code # HELP} line, a {@code # TYPE} line and its samples; label values
 * escape backslash, double quote and line feed. Latency is in seconds, CPU in percent of one logical core.
 *
 * <p>A family with no sample is left out, and so is a sample whose value is not known ({@code NaN}):
 * a series that is absent reads as "not measured", where 0 would read as a measurement.
 *
 * <p>Families: {@code ycsb_run_info}, {@code ycsb_run_elapsed_seconds}, {@code ycsb_operations_total},
 * {@code ycsb_throughput_current_ops_per_second}, {@code ycsb_throughput_overall_ops_per_second},
 * {@code ycsb_latency_seconds}, {@code ycsb_cpu_percent}, {@code ycsb_schedule_lag_seconds} (with a target).
 *
 * <p>Stateless and thread-safe.
 */
public final class PrometheusText {
  /** The {@code Content-Type} of this format. */
  public static final String CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

  private PrometheusText() {
  }

  /**
   * @param info the run's fixed labels
   * @param snapshot the newest figures, or null before the run's clock has started (then only
   *     {@code ycsb_run_info} is shown)
   * @return the exposition text, ending in a line feed
   */
  public static String render(RunInfo info, LiveSnapshot snapshot) {
    StringBuilder out = new StringBuilder(4096);
    family(out, "ycsb_run_info", "gauge", "The run: binding, workload, phase (load or run) and client threads; always 1.");
    sample(out, "ycsb_run_info", 1, "binding", info.binding(), "workload", info.workload(), "phase", info.phase(),
        "threads", Integer.toString(info.threads()));
    if (snapshot == null) {
      return out.toString();
    }
    family(out, "ycsb_run_elapsed_seconds", "gauge",
        "Seconds since the run's clock started (after connecting and any warm-up).");
    sample(out, "ycsb_run_elapsed_seconds", snapshot.elapsedSeconds());
    if (!snapshot.operations().isEmpty()) {
      family(out, "ycsb_operations_total", "counter", "Operations completed, per operation and YCSB status.");
      for (OperationCount c : snapshot.operations()) {
        sample(out, "ycsb_operations_total", c.count(), "operation", c.operation(), "status", c.status());
      }
    }
    if (snapshot.interval() != null) {
      family(out, "ycsb_throughput_current_ops_per_second", "gauge",
          "Operations completed per second over the last status.interval.");
      sample(out, "ycsb_throughput_current_ops_per_second", snapshot.interval().opsPerSec());
    }
    family(out, "ycsb_throughput_overall_ops_per_second", "gauge",
        "Operations completed per second since the run's clock started.");
    sample(out, "ycsb_throughput_overall_ops_per_second", snapshot.overallOpsPerSec());
    if (snapshot.interval() != null && !snapshot.interval().latencies().isEmpty()) {
      family(out, "ycsb_latency_seconds", "gauge", "Latency percentiles over the last status.interval, in seconds: "
          + "latency=\"service\" from the actual start, latency=\"intended\" from the scheduled start (with a target).");
      for (LatencyQuantiles q : snapshot.interval().latencies()) {
        quantile(out, q, "0.5", q.p50Seconds());
        quantile(out, q, "0.95", q.p95Seconds());
        quantile(out, q, "0.99", q.p99Seconds());
        quantile(out, q, "0.999", q.p999Seconds());
      }
    }
    cpu(out, snapshot.cpu());
    scheduleLag(out, snapshot.scheduleLagSeconds());
    return out.toString();
  }

  private static void cpu(StringBuilder out, CpuSample cpu) {
    if (cpu == null || Double.isNaN(cpu.serverPercent()) && Double.isNaN(cpu.driverPercent())
        && Double.isNaN(cpu.machinePercent())) {
      return;
    }
    family(out, "ycsb_cpu_percent", "gauge", "CPU use over the newest cpu.interval sample, in percent of one "
        + "logical core (100 = one core busy): the database server's processes, the driver, the whole machine.");
    sample(out, "ycsb_cpu_percent", cpu.serverPercent(), "subject", "server");
    sample(out, "ycsb_cpu_percent", cpu.driverPercent(), "subject", "driver");
    sample(out, "ycsb_cpu_percent", cpu.machinePercent(), "subject", "machine");
  }

  private static void scheduleLag(StringBuilder out, Double seconds) {
    if (seconds == null) {
      return;
    }
    family(out, "ycsb_schedule_lag_seconds", "gauge", "With -target: the largest lag behind the run's schedule "
        + "over the last second, in seconds; 0 while the run keeps up, as long as a stall while the store stalls.");
    sample(out, "ycsb_schedule_lag_seconds", seconds);
  }

  private static void quantile(StringBuilder out, LatencyQuantiles q, String quantile, double seconds) {
    sample(out, "ycsb_latency_seconds", seconds, "operation", q.operation(), "latency", q.latency(),
        "quantile", quantile);
  }

  private static void family(StringBuilder out, String name, String type, String help) {
    out.append("# HELP ").append(name).append(' ');
    for (int i = 0; i < help.length(); i++) {
      char c = help.charAt(i);
      switch (c) {
        case '\\' -> out.append("\\\\");
        case '\n' -> out.append("\\n");
        default -> out.append(c);
      }
    }
    out.append('\n').append("# TYPE ").append(name).append(' ').append(type).append('\n');
  }

  private static void sample(StringBuilder out, String name, long value, String... labels) {
    labels(out.append(name), labels).append(' ').append(value).append('\n');
  }

  private static void sample(StringBuilder out, String name, double value, String... labels) {
    if (Double.isNaN(value)) {
      return;
    }
    labels(out.append(name), labels).append(' ').append(number(value)).append('\n');
  }

  /** @param labels names and values, alternating */
  private static StringBuilder labels(StringBuilder out, String... labels) {
    if (labels.length == 0) {
      return out;
    }
    out.append('{');
    for (int i = 0; i < labels.length; i += 2) {
      if (i > 0) {
        out.append(',');
      }
      out.append(labels[i]).append("=\"");
      escapeLabelValue(out, labels[i + 1]);
      out.append('"');
    }
    return out.append('}');
  }

  static void escapeLabelValue(StringBuilder out, String value) {
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      switch (c) {
        case '\\' -> out.append("\\\\");
        case '"' -> out.append("\\\"");
        case '\n' -> out.append("\\n");
        default -> out.append(c);
      }
    }
  }

  private static String number(double value) {
    if (Double.isInfinite(value)) {
      return value > 0 ? "+Inf" : "-Inf";
    }
    return Double.toString(value);
  }
}
