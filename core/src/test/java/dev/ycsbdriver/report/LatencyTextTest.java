package dev.ycsbdriver.report;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class LatencyTextTest {
  @Test
  void subMicrosecondLatenciesKeepTwoSignificantDigits() {
    assertThat(ReportFormat.micros(0.42)).isEqualTo("0.42");
    assertThat(ReportFormat.micros(0.375)).isEqualTo("0.38");
    assertThat(ReportFormat.micros(0.042)).isEqualTo("0.042");
    assertThat(ReportFormat.micros(3.14)).isEqualTo("3.1");
    assertThat(ReportFormat.micros(1234.0)).isEqualTo("1,234");
  }

  @Test
  void smallOpsPerCpuAndCpuFiguresNeverReadAsZero() {
    // 3 ops/s over 190% CPU: 0.016 ops/CPU%, shown "0.0" before
    assertThat(ReportFormat.decimal(3 / 190.0)).isEqualTo("0.016");
    assertThat(ReportFormat.decimal(0.42)).isEqualTo("0.42");
    assertThat(ReportFormat.decimal(0.1)).isEqualTo("0.10");
    assertThat(ReportFormat.decimal(0.0)).isEqualTo("0.0");
    assertThat(ReportFormat.decimal(12.24)).isEqualTo("12.2");
    assertThat(ReportFormat.decimal(1568.46)).isEqualTo("1,568.5");
  }
}
