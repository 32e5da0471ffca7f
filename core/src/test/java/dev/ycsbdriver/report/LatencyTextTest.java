package dev.ycsbdriver.report;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class LatencyTextTest {
  @Test
  void subMicrosecondLatenciesKeepTwoSignificantDigits() {
    assertThat(ReportTables.micros(0.42)).isEqualTo("0.42");
    assertThat(ReportTables.micros(0.375)).isEqualTo("0.38");
    assertThat(ReportTables.micros(0.042)).isEqualTo("0.042");
    assertThat(ReportTables.micros(3.14)).isEqualTo("3.1");
    assertThat(ReportTables.micros(1234.0)).isEqualTo("1,234");
  }
}
