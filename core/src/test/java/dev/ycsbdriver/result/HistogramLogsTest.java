package dev.ycsbdriver.result;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ycsbdriver.measure.ChannelTotals;
import dev.ycsbdriver.measure.LatencyUnit;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HistogramLogsTest {
  private static final long BASE = 1_767_225_600_000L;

  @TempDir
  Path dir;

  private static Histogram micros(int seed) {
    Histogram h = new Histogram(3);
    Random random = new Random(seed);
    for (int i = 0; i < 10_000; i++) {
      h.recordValue((long) Math.abs(random.nextGaussian() * 900 + (random.nextInt(50) == 0 ? 40_000 : 300)));
    }
    h.setStartTimeStamp(BASE);
    h.setEndTimeStamp(BASE + 1000);
    return h;
  }

  /** A log as ycsb-driver wrote before it recorded nanoseconds: microseconds, Interval_Max in milliseconds. */
  private Path oldLog(String name, String unitComment, Histogram... intervals) throws IOException {
    Path file = dir.resolve(name);
    try (PrintStream out = new PrintStream(Files.newOutputStream(file), false, StandardCharsets.UTF_8)) {
      HistogramLogWriter log = new HistogramLogWriter(out);
      log.outputComment("[Logging for: READ]");
      if (unitComment != null) {
        log.outputComment(unitComment);
      }
      log.outputLogFormatVersion();
      log.outputStartTime(BASE);
      log.setBaseTime(BASE);
      log.outputLegend();
      for (Histogram h : intervals) {
        log.outputIntervalHistogram((h.getStartTimeStamp() - BASE) / 1000.0, (h.getEndTimeStamp() - BASE) / 1000.0,
            h, 1000.0);
      }
    }
    return file;
  }

  @Test
  void anOldMicrosecondLogReadsBackWithTheSamePercentiles() throws IOException {
    Histogram written = micros(1);
    for (String comment : new String[] {"[Values in microseconds; Interval_Max in milliseconds]", null}) {
      LatencyLog log = HistogramLogs.read(oldLog("old.hlog", comment, written));
      assertThat(log.unit()).as("%s", comment).isEqualTo(LatencyUnit.MICROSECONDS);
      Histogram read = log.sum();
      assertThat(read).isEqualTo(written);
      for (double p : new double[] {50, 90, 99, 99.9}) {
        assertThat(read.getValueAtPercentile(p)).isEqualTo(written.getValueAtPercentile(p));
      }
    }
  }

  @Test
  void aRunsLogSaysNanosecondsAndReadsBackItsValues() throws IOException {
    Histogram nanos = new Histogram(3);
    for (long v : new long[] {180, 250, 420, 830, 1_500_000}) {
      nanos.recordValue(v);
    }
    nanos.setStartTimeStamp(BASE);
    nanos.setEndTimeStamp(BASE + 1000);
    try (HistogramLogs logs = new HistogramLogs(dir, BASE)) {
      logs.write(List.of(new ChannelTotals("READ", nanos, nanos)), false);
    }
    Path file = dir.resolve("READ.hlog");
    assertThat(Files.readAllLines(file)).contains("#[Values in nanoseconds; Interval_Max in milliseconds]");
    LatencyLog log = HistogramLogs.read(file);
    assertThat(log.unit()).isEqualTo(LatencyUnit.NANOSECONDS);
    assertThat(log.sum()).isEqualTo(nanos);
    assertThat(log.unit().toMicros(log.sum().getValueAtPercentile(50))).isEqualTo(0.42);
  }

  @Test
  void logsOfTwoUnitsAddUpInNanoseconds() throws IOException {
    Histogram oldMicros = micros(2);
    Histogram nanos = new Histogram(3);
    nanos.recordValueWithCount(250, 10_000);
    LatencyLog all = LatencyLog.concat(List.of(HistogramLogs.read(oldLog("old.hlog", null, oldMicros)),
        new LatencyLog(LatencyUnit.NANOSECONDS, List.of(nanos))));
    assertThat(all.unit()).isEqualTo(LatencyUnit.NANOSECONDS);
    Histogram sum = all.sum();
    assertThat(sum.getTotalCount()).isEqualTo(20_000);
    assertThat(sum.getMinValue()).isEqualTo(0);
    // the old log's values, each a microsecond value times 1000, within 3 significant digits
    double p99 = all.unit().toMicros(sum.getValueAtPercentile(99.5));
    assertThat(p99).isCloseTo(oldMicros.getValueAtPercentile(99), org.assertj.core.data.Offset.offset(
        oldMicros.getValueAtPercentile(99) * 2e-3 + 1));
  }

  @Test
  void aLogNamingAnUnknownUnitIsAnError() throws IOException {
    Path file = oldLog("odd.hlog", "[Values in fortnights; Interval_Max in milliseconds]", micros(3));
    assertThatThrownBy(() -> HistogramLogs.read(file)).isInstanceOf(IOException.class)
        .hasMessageContaining("got 'fortnights'");
  }
}
