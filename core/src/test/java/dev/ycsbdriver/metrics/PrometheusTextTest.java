package dev.ycsbdriver.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ycsbdriver.cpu.CpuSample;
import dev.ycsbdriver.metrics.LiveSnapshot.IntervalFigures;
import dev.ycsbdriver.metrics.LiveSnapshot.LatencyQuantiles;
import dev.ycsbdriver.metrics.LiveSnapshot.OperationCount;
import java.util.List;
import org.junit.jupiter.api.Test;

class PrometheusTextTest {
  private static final RunInfo INFO = new RunInfo("postgres", "workloada", "run", 16);

  @Test
  void beforeTheClockStartsOnlyTheRunInfoIsShown() {
    String text = PrometheusText.render(INFO, null);
    ExpositionText parsed = ExpositionText.parse(text);
    assertThat(parsed.families()).containsOnlyKeys("ycsb_run_info");
    assertThat(parsed.value("ycsb_run_info", "binding", "postgres", "workload", "workloada", "phase", "run",
        "threads", "16")).contains(1.0);
  }

  @Test
  void everyFigureIsRenderedInBaseUnitsWithItsLabels() {
    LiveSnapshot snapshot = new LiveSnapshot(12.5,
        List.of(new OperationCount("READ", "OK", 1000), new OperationCount("READ", "NOT_FOUND", 3),
            new OperationCount("UPDATE", "OK", 997)),
        160.0,
        new IntervalFigures(150.5, List.of(new LatencyQuantiles("READ", "service", 0.000250, 0.001, 0.002, 0.004),
            new LatencyQuantiles("READ", "intended", 0.000300, 0.0012, 0.0025, 0.0041))),
        new CpuSample(12_000, 1_000, 104.2, 71.5, 190.0), 0.75);
    String text = PrometheusText.render(INFO, snapshot);
    ExpositionText parsed = ExpositionText.parse(text);

    assertThat(parsed.families().get("ycsb_operations_total").type()).isEqualTo("counter");
    assertThat(parsed.value("ycsb_operations_total", "operation", "READ", "status", "NOT_FOUND")).contains(3.0);
    assertThat(parsed.value("ycsb_operations_total", "operation", "UPDATE", "status", "OK")).contains(997.0);
    assertThat(parsed.value("ycsb_run_elapsed_seconds")).contains(12.5);
    assertThat(parsed.value("ycsb_throughput_current_ops_per_second")).contains(150.5);
    assertThat(parsed.value("ycsb_throughput_overall_ops_per_second")).contains(160.0);
    assertThat(parsed.families().get("ycsb_latency_seconds").samples()).hasSize(8);
    assertThat(parsed.value("ycsb_latency_seconds", "operation", "READ", "latency", "service", "quantile", "0.5"))
        .contains(0.00025);
    assertThat(parsed.value("ycsb_latency_seconds", "operation", "READ", "latency", "intended", "quantile", "0.999"))
        .contains(0.0041);
    assertThat(parsed.value("ycsb_cpu_percent", "subject", "server")).contains(104.2);
    assertThat(parsed.value("ycsb_cpu_percent", "subject", "machine")).contains(190.0);
    assertThat(parsed.value("ycsb_schedule_lag_seconds")).contains(0.75);
    assertThat(text).contains("ycsb_operations_total{operation=\"READ\",status=\"OK\"} 1000\n");
  }

  @Test
  void seriesThatWereNotMeasuredAreLeftOutRatherThanShownAsZero() {
    LiveSnapshot snapshot = new LiveSnapshot(0.5, List.of(), 0, null,
        new CpuSample(500, 500, Double.NaN, 12.0, 40.0), null);
    String text = PrometheusText.render(INFO, snapshot);
    ExpositionText parsed = ExpositionText.parse(text);
    assertThat(parsed.families()).doesNotContainKeys("ycsb_operations_total", "ycsb_latency_seconds",
        "ycsb_throughput_current_ops_per_second", "ycsb_schedule_lag_seconds");
    assertThat(parsed.value("ycsb_cpu_percent", "subject", "server")).isEmpty();
    assertThat(parsed.value("ycsb_cpu_percent", "subject", "driver")).contains(12.0);
    assertThat(text).doesNotContain("NaN");

    String noCpu = PrometheusText.render(INFO, new LiveSnapshot(0.5, List.of(), 0, null,
        new CpuSample(500, 500, Double.NaN, Double.NaN, Double.NaN), null));
    assertThat(noCpu).doesNotContain("ycsb_cpu_percent");
  }

  @Test
  void labelValuesAreEscapedAsTheFormatRequires() {
    RunInfo odd = new RunInfo("my\\db", "work\"load\"\nb", "load", 1);
    String text = PrometheusText.render(odd, null);
    assertThat(text).contains("binding=\"my\\\\db\"", "workload=\"work\\\"load\\\"\\nb\"");
    ExpositionText parsed = ExpositionText.parse(text);
    assertThat(parsed.families().get("ycsb_run_info").samples().get(0).labels())
        .containsEntry("binding", "my\\db").containsEntry("workload", "work\"load\"\nb");
  }
}
