package dev.ycsbdriver.result;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ycsbdriver.measure.LatencyUnit;
import dev.ycsbdriver.measure.MeasurementConfig;
import java.io.ByteArrayOutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Random;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import site.ycsb.Status;
import site.ycsb.measurements.OneMeasurementHdrHistogram;
import site.ycsb.measurements.exporter.TextMeasurementsExporter;

/**
 * Byte-for-byte comparison with upstream YCSB 0.17.0's own classes: the same latencies recorded into
 * upstream's {@code OneMeasurementHdrHistogram} and exported by its {@code TextMeasurementsExporter},
 * and into ycsb-driver's histograms and {@link YcsbTextSummary}, print the same block; the same holds
 * for the status-line summary and the completion estimate.
 */
class YcsbTextFormatTest {
  private Locale previous;

  @BeforeEach
  void pinLocale() {
    previous = Locale.getDefault();
    Locale.setDefault(Locale.US);
  }

  @AfterEach
  void restoreLocale() {
    Locale.setDefault(previous);
  }

  @Test
  void operationBlockMatchesUpstreamExporterByteForByte() throws Exception {
    for (String percentiles : List.of("95,99", "50,90,95,99,99.9,99.99", "1,2,3,11,12,13,21,22,23,100")) {
      Properties props = new Properties();
      props.setProperty("hdrhistogram.percentiles", percentiles);
      OneMeasurementHdrHistogram upstream = new OneMeasurementHdrHistogram("READ", props);
      Histogram ours = new Histogram(3);
      Random random = new Random(percentiles.hashCode());
      for (int i = 0; i < 20_000; i++) {
        int micros = (int) Math.abs(random.nextGaussian() * 900 + (random.nextInt(50) == 0 ? 40_000 : 300));
        upstream.measure(micros);
        ours.recordValue(micros);
      }
      Map<Status, Long> statuses = new LinkedHashMap<>();
      for (int i = 0; i < 19_990; i++) {
        upstream.reportStatus(Status.OK);
      }
      for (int i = 0; i < 10; i++) {
        upstream.reportStatus(Status.NOT_FOUND);
      }
      statuses.put(Status.OK, 19_990L);
      statuses.put(Status.NOT_FOUND, 10L);

      ByteArrayOutputStream expected = new ByteArrayOutputStream();
      TextMeasurementsExporter exporter = new TextMeasurementsExporter(expected);
      upstream.exportMeasurements(exporter);
      exporter.close();

      StringWriter actual = new StringWriter();
      MeasurementConfig config = MeasurementConfig.from(dev.ycsbdriver.config.Settings.of(props));
      try (PrintWriter w = new PrintWriter(actual)) {
        YcsbTextSummary.writeBlock(w, "READ", ours, LatencyUnit.MICROSECONDS, statuses, config);
      }
      assertThat(actual.toString()).isEqualTo(expected.toString(StandardCharsets.UTF_8));
    }
  }

  @Test
  void verboseHistogramLinesMatchUpstream() throws Exception {
    Properties props = new Properties();
    props.setProperty("measurement.histogram.verbose", "true");
    OneMeasurementHdrHistogram upstream = new OneMeasurementHdrHistogram("UPDATE", props);
    Histogram ours = new Histogram(3);
    for (int v : new int[] {0, 1, 1, 5, 17, 1234, 99_999}) {
      upstream.measure(v);
      ours.recordValue(v);
    }
    assertThat(ours("UPDATE", ours, LatencyUnit.MICROSECONDS, props)).isEqualTo(upstream(upstream));
  }

  @Test
  void statusSummaryMatchesUpstreamGetSummary() {
    Properties props = new Properties();
    OneMeasurementHdrHistogram upstream = new OneMeasurementHdrHistogram("SCAN", props);
    Histogram ours = new Histogram(3);
    Random random = new Random(7);
    for (int i = 0; i < 5_000; i++) {
      int micros = random.nextInt(7_000);
      upstream.measure(micros);
      ours.recordValue(micros);
    }
    StatusLine line = new StatusLine("", MeasurementConfig.Interval.OP);
    assertThat(line.summary("SCAN", ours, LatencyUnit.MICROSECONDS)).isEqualTo(upstream.getSummary());
  }

  @Test
  void nanosecondBlockHasUpstreamLinesAndFiguresOfTheSameOperations() throws Exception {
    Properties props = props("hdrhistogram.percentiles", "50,90,95,99,99.9");
    OneMeasurementHdrHistogram upstream = new OneMeasurementHdrHistogram("READ", props);
    Random random = new Random(11);
    Histogram ours = new Histogram(3);
    for (int i = 0; i < 20_000; i++) {
      long nanos = (long) Math.abs(random.nextGaussian() * 900_000 + (random.nextInt(50) == 0 ? 40_000_000 : 300_000));
      upstream.measure((int) (nanos / 1000));
      ours.recordValue(nanos);
    }
    String[] want = upstream(upstream).split(System.lineSeparator());
    String[] got = ours("READ", ours, LatencyUnit.NANOSECONDS, props).split(System.lineSeparator());
    assertThat(got).hasSameSizeAs(want);
    for (int i = 0; i < want.length; i++) {
      String key = want[i].substring(0, want[i].lastIndexOf(", "));
      String wantValue = want[i].substring(key.length() + 2);
      assertThat(got[i]).startsWith(key + ", ");
      String gotValue = got[i].substring(key.length() + 2);
      // the same type as upstream: an integer where upstream prints one, a double for the average
      assertThat(gotValue.contains(".")).as(got[i]).isEqualTo(wantValue.contains("."));
      double w = Double.parseDouble(wantValue);
      // 3 significant digits in either unit, and upstream truncates each value to the microsecond first
      assertThat(Double.parseDouble(gotValue)).as(got[i]).isCloseTo(w, org.assertj.core.data.Offset.offset(w * 2e-3 + 1));
    }
  }

  @Test
  void subMicrosecondLatenciesKeepTheirAverageInTheTextAndTheStatusLine() {
    Histogram nanos = new Histogram(3);
    for (long v : new long[] {180, 250, 420, 830}) {
      nanos.recordValue(v);
    }
    StringWriter text = new StringWriter();
    try (PrintWriter w = new PrintWriter(text)) {
      YcsbTextSummary.writeLatency(w, "READ", nanos, LatencyUnit.NANOSECONDS, List.of(50.0, 99.0));
    }
    String nl = System.lineSeparator();
    assertThat(text.toString()).isEqualTo("[READ], Operations, 4" + nl + "[READ], AverageLatency(us), 0.42" + nl
        + "[READ], MinLatency(us), 0" + nl + "[READ], MaxLatency(us), 0" + nl
        + "[READ], 50thPercentileLatency(us), 0" + nl + "[READ], 99thPercentileLatency(us), 0" + nl);
    assertThat(new StatusLine("", MeasurementConfig.Interval.OP).summary("READ", nanos))
        .isEqualTo("[READ: Count=4, Max=0, Min=0, Avg=0.42, 90=0, 99=0, 99.9=0, 99.99=0]");
  }

  @Test
  void verboseLinesOfNanosecondsAddUpEachMicrosecond() throws Exception {
    Properties props = props("measurement.histogram.verbose", "true");
    Histogram nanos = new Histogram(3);
    for (long v : new long[] {100, 999, 1_000, 1_500, 1_999, 17_000}) {
      nanos.recordValue(v);
    }
    assertThat(ours("UPDATE", nanos, LatencyUnit.NANOSECONDS, props)).contains("[UPDATE], 0, 2.0" + System.lineSeparator()
        + "[UPDATE], 1, 3.0" + System.lineSeparator() + "[UPDATE], 17, 1.0" + System.lineSeparator());
  }

  private static Properties props(String key, String value) {
    Properties props = new Properties();
    props.setProperty(key, value);
    return props;
  }

  /** @return upstream's exported block of {@code m} */
  private static String upstream(OneMeasurementHdrHistogram m) throws Exception {
    ByteArrayOutputStream expected = new ByteArrayOutputStream();
    TextMeasurementsExporter exporter = new TextMeasurementsExporter(expected);
    m.exportMeasurements(exporter);
    exporter.close();
    return expected.toString(StandardCharsets.UTF_8);
  }

  /** @return our block of {@code h}, without statuses */
  private static String ours(String name, Histogram h, LatencyUnit unit, Properties props) throws Exception {
    StringWriter actual = new StringWriter();
    try (PrintWriter w = new PrintWriter(actual)) {
      YcsbTextSummary.writeBlock(w, name, h, unit, Map.of(),
          MeasurementConfig.from(dev.ycsbdriver.config.Settings.of(props)));
    }
    return actual.toString();
  }

  @Test
  void completionEstimateMatchesUpstreamRemainingFormatter() throws Exception {
    Method upstream = Class.forName("site.ycsb.RemainingFormatter").getDeclaredMethod("format", long.class);
    upstream.setAccessible(true);
    for (long s : new long[] {0, 1, 5, 9, 10, 59, 60, 61, 119, 3599, 3600, 3601, 7322, 86_399, 86_400, 90_061,
        172_800, 1_000_000, 31_536_000}) {
      assertThat(StatusLine.remaining(s)).as("%d s", s).isEqualTo(upstream.invoke(null, s).toString());
    }
  }

  @Test
  void noCompletionEstimateBeforeTheFirstOperation() {
    StatusLine line = new StatusLine("", MeasurementConfig.Interval.OP);
    java.util.Date now = new java.util.Date(0);
    assertThat(line.format(now, 0, 0, 0.0, 1_000, 0.0, List.of())).doesNotContain("est completion");
    assertThat(line.format(now, 2_000, 500, 250.0, 500, 250.0, List.of())).contains("est completion in 2 second");
  }

  @Test
  void percentileLabelsAreYcsbOrdinals() {
    assertThat(List.of(YcsbTextSummary.ordinal(95), YcsbTextSummary.ordinal(1), YcsbTextSummary.ordinal(12),
        YcsbTextSummary.ordinal(22), YcsbTextSummary.ordinal(99.9), YcsbTextSummary.ordinal(100)))
        .containsExactly("95th", "1st", "12th", "22nd", "99.9", "100th");
  }
}
