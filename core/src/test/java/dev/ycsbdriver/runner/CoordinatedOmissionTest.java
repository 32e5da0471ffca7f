package dev.ycsbdriver.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ycsbdriver.testing.CliRun;
import dev.ycsbdriver.testing.Resources;
import dev.ycsbdriver.testing.StallCheck;
import dev.ycsbdriver.testing.StallingDb;
import dev.ycsbdriver.testing.SummaryLines;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Latency that includes waiting: with {@code -target}, one schedule for the whole run, so a stall of the
 * store shows in intended latency and in the schedule lag; without a target, the output says intended
 * latency is not measured.
 */
class CoordinatedOmissionTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final long STALL_MILLIS = 500;

  @TempDir
  Path results;

  private static String workloadC() {
    return Resources.path("/golden/workloads/workloadc").toString();
  }

  @Test
  void aStoreWideStallShowsInIntendedP999AndScheduleLagWhileServiceTimeStaysSmall() throws Exception {
    StallingDb.reset();
    // 4 threads at 2000 ops/s; the 2000th read (about 1 s in) pauses the whole store for 500 ms: about 1000
    // reads are due during the stall, and only the 4 in flight (0.08% of 5000) are slow to serve
    CliRun run = CliRun.of("run", "-db", "dev.ycsbdriver.testing.StallingDb", "-P", workloadC(),
        "-threads", "4", "-target", "2000", "-p", "operationcount=5000", "-p", "stallingdb.at=2000",
        "-p", "stallingdb.millis=" + STALL_MILLIS, "-p", "stallingdb.scope=store",
        "-p", "measurement.interval=both", "-p", "result.dir=" + results);
    assertThat(run.exitCode()).as(run.toString()).isZero();
    JsonNode result = JSON.readTree(run.resultFile().toFile());
    JsonNode read = operation(result, "READ");

    StallCheck.assertStallShows(read.get("intendedLatency"), STALL_MILLIS * 1000);
    // the same check on latency measured from each operation's actual start, as without the correction
    assertThatThrownBy(() -> StallCheck.assertStallShows(read.get("serviceTime"), STALL_MILLIS * 1000))
        .isInstanceOf(AssertionError.class);
    // only the 4 reads in flight when the store paused took long to serve
    assertThat(read.at("/serviceTime/p99Micros").asLong()).isLessThan(50_000);
    assertThat(read.at("/serviceTime/count").asLong()).isEqualTo(5000);

    JsonNode schedule = result.get("schedule");
    assertThat(schedule.get("mode").asText()).isEqualTo("target");
    assertThat(schedule.get("targetOpsPerSec").asLong()).isEqualTo(2000);
    assertThat(schedule.get("maxLagMillis").asDouble()).isGreaterThanOrEqualTo(0.8 * STALL_MILLIS);
    // a no-op store catches up at once: the run ends on schedule
    assertThat(schedule.get("finalLagMillis").asDouble()).isLessThan(100);
    double seriesMax = 0;
    for (JsonNode point : result.get("timeSeries")) {
      seriesMax = Math.max(seriesMax, point.get("scheduleLagMillis").asDouble());
    }
    assertThat(seriesMax).as("schedule lag over time").isGreaterThanOrEqualTo(0.8 * STALL_MILLIS);

    Map<String, String> summary = SummaryLines.asMap(run.out());
    assertThat(summary.get("[SCHEDULE], TargetOpsPerSec")).isEqualTo("2000");
    assertThat(Double.parseDouble(summary.get("[SCHEDULE], MaxLag(ms)"))).isGreaterThanOrEqualTo(0.8 * STALL_MILLIS);
    assertThat(Long.parseLong(summary.get("[Intended-READ], 99thPercentileLatency(us)")))
        .isGreaterThan(Long.parseLong(summary.get("[READ], 99thPercentileLatency(us)")));
  }

  @Test
  void aClosedLoopSaysIntendedLatencyIsNotMeasured() throws Exception {
    CliRun run = CliRun.of("run", "-db", "site.ycsb.BasicDB", "-P", workloadC(), "-threads", "2",
        "-p", "operationcount=2000", "-p", "basicdb.verbose=false", "-p", "measurement.interval=both",
        "-p", "result.dir=" + results);
    assertThat(run.exitCode()).as(run.toString()).isZero();
    assertThat(run.err()).contains("ycsb: warning: measurement.interval=both: without -target the run is a closed "
        + "loop, so intended latency equals service time");
    assertThat(SummaryLines.asMap(run.out()).get("[SCHEDULE], Mode"))
        .isEqualTo("closed loop (no -target); intended latency is not measured: it equals service time");
    JsonNode result = JSON.readTree(run.resultFile().toFile());
    assertThat(result.get("intendedLatencyMeasured").asBoolean()).isFalse();
    assertThat(result.at("/schedule/mode").asText()).isEqualTo("closed loop");
    assertThat(result.at("/schedule/note").asText()).contains("intended latency is not measured");
    assertThat(result.get("warnings").toString()).contains("without -target the run is a closed loop");
    assertThat(result.get("timeSeries")).as("time series").isNotEmpty()
        .allSatisfy(point -> assertThat(point.has("scheduleLagMillis")).isFalse());
  }

  @Test
  void aClosedLoopWithServiceTimeOnlyGivesNoWarning() {
    CliRun run = CliRun.of("run", "-db", "site.ycsb.BasicDB", "-P", workloadC(), "-threads", "2",
        "-p", "operationcount=500", "-p", "basicdb.verbose=false", "-p", "result.dir=" + results);
    assertThat(run.exitCode()).as(run.toString()).isZero();
    assertThat(run.err()).doesNotContain("closed loop");
    assertThat(SummaryLines.asMap(run.out())).containsKey("[SCHEDULE], Mode");
  }

  private static JsonNode operation(JsonNode result, String name) {
    for (JsonNode op : result.get("operations")) {
      if (op.get("name").asText().equals(name)) {
        return op;
      }
    }
    throw new AssertionError("no operation " + name);
  }
}
