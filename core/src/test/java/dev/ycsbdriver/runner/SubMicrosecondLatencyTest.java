package dev.ycsbdriver.runner;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ycsbdriver.measure.LatencyUnit;
import dev.ycsbdriver.result.HistogramLogs;
import dev.ycsbdriver.result.LatencyLog;
import dev.ycsbdriver.result.ResultJsonTest;
import dev.ycsbdriver.testing.CliRun;
import dev.ycsbdriver.testing.Resources;
import dev.ycsbdriver.testing.SubMicrosecondDb;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Operations shorter than a microsecond, as an in-memory store's, keep their figures: the driver records
 * nanoseconds and the result gives fractional microseconds, where whole microseconds gave a mean of 0.
 */
class SubMicrosecondLatencyTest {
  @TempDir
  Path results;

  @Test
  void readsOfAbout200NanosecondsGiveAFractionalMeanNotZero() throws Exception {
    CliRun run = CliRun.of("run", "-db", SubMicrosecondDb.class.getName(), "-P",
        Resources.path("/golden/workloads/workloadc").toString(), "-p", "operationcount=50000", "-p",
        "recordcount=1000", "-p", "result.dir=" + results, "-p", "hdrhistogram.percentiles=50,99");
    assertThat(run.exitCode()).as(run.toString()).isZero();
    JsonNode result = new ObjectMapper().readTree(run.resultFile().toFile());
    assertThat(ResultJsonTest.validate(result)).isEmpty();
    JsonNode read = result.path("operations").get(0);
    assertThat(read.path("name").asText()).isEqualTo("READ");
    JsonNode service = read.path("serviceTime");
    assertThat(service.path("count").asLong()).isEqualTo(50_000);
    // the mean takes every preemption of a loaded machine (5.4 µs at a load average of 58 on 2 cores); the median
    // below holds the operation's own time. A microsecond grain gives 0, nanoseconds read as microseconds 200 and more
    assertThat(service.path("meanMicros").asDouble()).isBetween(0.05, 50.0);
    // no faster than the store itself
    assertThat(service.path("minMicros").asDouble()).isGreaterThanOrEqualTo(SubMicrosecondDb.READ_NANOS / 1000.0);
    assertThat(service.path("p50Micros").asDouble()).isBetween(SubMicrosecondDb.READ_NANOS / 1000.0, 5.0);

    LatencyLog log = HistogramLogs.read(run.resultFile().resolveSibling("READ.hlog"));
    assertThat(log.unit()).isEqualTo(LatencyUnit.NANOSECONDS);
    assertThat(log.sum().getTotalCount()).isEqualTo(50_000);
    assertThat(log.sum().getValueAtPercentile(50)).isEqualTo((long) (service.path("p50Micros").asDouble() * 1000));

    // YCSB's lines keep their types: the average a fraction, percentiles whole microseconds
    String mean = line(run.out(), "[READ], AverageLatency(us), ");
    assertThat(Double.parseDouble(mean)).isBetween(0.05, 5.0);
    assertThat(line(run.out(), "[READ], 50thPercentileLatency(us), ")).matches("\\d+");
    assertThat(Files.exists(run.resultFile())).isTrue();
  }

  private static String line(String text, String prefix) {
    return text.lines().filter(l -> l.startsWith(prefix)).findFirst()
        .orElseThrow(() -> new AssertionError("no line " + prefix + " in\n" + text)).substring(prefix.length());
  }
}
