package dev.ycsbdriver.result;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import dev.ycsbdriver.testing.CliRun;
import dev.ycsbdriver.testing.Resources;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The result JSON validates against its published schema and agrees with the summary and .hlog files. */
public class ResultJsonTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir
  Path results;

  /** @return what in {@code document} breaks the published result schema; empty when it is valid */
  public static Set<ValidationMessage> validate(JsonNode document) throws Exception {
    try (InputStream schemaText = ResultJson.class.getResourceAsStream(ResultJson.SCHEMA_RESOURCE)) {
      JsonSchema schema = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012).getSchema(schemaText);
      return schema.validate(document);
    }
  }

  @Test
  void resultOfARunStoppedWhileConnectingValidatesAgainstTheSchema() throws Exception {
    dev.ycsbdriver.testing.BlockingInitDb.reset();
    try {
      CliRun run = CliRun.of("run", "-db", "dev.ycsbdriver.testing.BlockingInitDb", "-P",
          Resources.path("/golden/workloads/workloada").toString(), "-p", "connecting.timeout=1s",
          "-p", "stop.timeout=200ms", "-p", "result.dir=" + results);
      assertThat(run.exitCode()).as(run.toString()).isEqualTo(1);
      JsonNode doc = JSON.readTree(run.resultFile().toFile());
      assertThat(validate(doc)).isEmpty();
      assertThat(doc.at("/outcome/status").asText()).isEqualTo("interrupted");
      assertThat(doc.get("operations")).isEmpty();
    } finally {
      dev.ycsbdriver.testing.BlockingInitDb.release();
    }
  }

  @Test
  void resultOfAPacedRunWithFailuresValidatesAgainstTheSchema() throws Exception {
    CliRun run = CliRun.of("run", "-db", "dev.ycsbdriver.testing.FlakyDb", "-P",
        Resources.path("/golden/workloads/workloada").toString(), "-threads", "2", "-target", "2000",
        "-p", "measurement.interval=both", "-p", "db.passwd=hunter2", "-p", "result.dir=" + results);
    assertThat(run.exitCode()).isEqualTo(1);
    JsonNode doc = JSON.readTree(run.resultFile().toFile());
    assertThat(validate(doc)).isEmpty();
    assertThat(doc.get("schemaVersion").asInt()).isEqualTo(ResultJson.SCHEMA_VERSION);
    assertThat(doc.at("/outcome/status").asText()).isEqualTo("failed");
    assertThat(doc.at("/config/db.passwd").asText()).isEqualTo("****");
    assertThat(Files.readString(run.resultFile())).doesNotContain("hunter2");
    assertThat(doc.at("/intendedLatencyMeasured").asBoolean()).isTrue();
    JsonNode read = doc.get("operations").get(0);
    assertThat(read.get("name").asText()).isEqualTo("READ");
    assertThat(read.at("/statusCounts/NOT_FOUND").asLong()).isPositive();
    assertThat(read.at("/failures/0/name").asText()).isEqualTo("READ-FAILED");
  }

  @Test
  void aSchemaViolationIsDetected() throws Exception {
    CliRun run = CliRun.of("run", "-db", "site.ycsb.BasicDB", "-P",
        Resources.path("/golden/workloads/workloadc").toString(), "-p", "basicdb.verbose=false",
        "-p", "result.dir=" + results);
    JsonNode doc = JSON.readTree(run.resultFile().toFile());
    assertThat(validate(doc)).isEmpty();
    ((com.fasterxml.jackson.databind.node.ObjectNode) doc).put("runtimeMillis", "soon");
    assertThat(validate(doc)).isNotEmpty();
  }

  @Test
  void histogramLogsAreReadableByHdrHistogramAndAddUpToTheSummary() throws Exception {
    CliRun run = CliRun.of("run", "-db", "site.ycsb.BasicDB", "-P",
        Resources.path("/golden/workloads/workloada").toString(), "-threads", "2", "-target", "1500",
        "-p", "operationcount=2500", "-p", "basicdb.verbose=false", "-p", "result.dir=" + results);
    assertThat(run.exitCode()).isZero();
    Path dir = run.resultFile().getParent();
    JsonNode doc = JSON.readTree(run.resultFile().toFile());
    assertThat(doc.at("/histogramLogs/READ").asText()).isEqualTo("READ.hlog");
    for (String name : new String[] {"READ", "Intended-READ", "UPDATE"}) {
      Histogram total = new Histogram(3);
      int intervals = 0;
      try (InputStream in = Files.newInputStream(dir.resolve(name + ".hlog"))) {
        HistogramLogReader reader = new HistogramLogReader(in);
        EncodableHistogram h;
        while ((h = reader.nextIntervalHistogram()) != null) {
          total.add((Histogram) h);
          intervals++;
        }
      }
      assertThat(intervals).as(name).isGreaterThanOrEqualTo(2);
      String op = name.replace("Intended-", "");
      long expected = doc.get("operations").findValues("name").stream().anyMatch(n -> n.asText().equals(op))
          ? operation(doc, op).at(name.startsWith("Intended") ? "/intendedLatency/count" : "/serviceTime/count").asLong()
          : -1;
      assertThat(total.getTotalCount()).as(name).isEqualTo(expected);
    }
  }

  private static JsonNode operation(JsonNode doc, String name) {
    for (JsonNode op : doc.get("operations")) {
      if (op.get("name").asText().equals(name)) {
        return op;
      }
    }
    throw new AssertionError(name);
  }
}
