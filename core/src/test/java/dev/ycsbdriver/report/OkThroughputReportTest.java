package dev.ycsbdriver.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ycsbdriver.testing.Resources;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The report never shows an error storm as a fast store: the OK throughput stands beside the throughput
 * in the tables, the CSV and the JSON, also for results written before it was recorded.
 */
class OkThroughputReportTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String RESULT = "/report/results/20261123-074345-run-memory-workloada-t4-default/result.json";

  @TempDir
  Path dir;

  /** One memory run whose operations mostly failed: 1,000 of 100,000 returned OK. */
  private Path stormResult(boolean recordOkThroughput) throws Exception {
    ObjectNode n = (ObjectNode) JSON.readTree(Resources.path(RESULT).toFile());
    n.put("throughputOpsPerSec", 100_000.0);
    // ops per server CPU% agrees with its parts, or the report's self-check marks the figures
    ObjectNode cpu = (ObjectNode) n.get("cpu");
    cpu.put("opsPerServerCpuPercent", 100_000.0 / cpu.at("/server/averagePercent").asDouble());
    for (JsonNode op : n.get("operations")) {
      ObjectNode statuses = (ObjectNode) op.get("statusCounts");
      if (op.get("name").asText().equals("READ")) {
        statuses.removeAll().put("OK", 1_000).put("ERROR", 49_000);
        ((ObjectNode) op).put("operations", 50_000);
      } else if (op.get("name").asText().equals("UPDATE")) {
        statuses.removeAll().put("ERROR", 50_000);
        ((ObjectNode) op).put("operations", 50_000);
      }
    }
    if (recordOkThroughput) {
      n.put("throughputOkOpsPerSec", 1_000.0);
    } else {
      n.remove("throughputOkOpsPerSec");
    }
    Path file = dir.resolve("in").resolve("storm").resolve("result.json");
    Files.createDirectories(file.getParent());
    JSON.writeValue(file.toFile(), n);
    return file;
  }

  @Test
  void theThroughputTableShowsTheOkThroughputBesideAStormsThroughput() throws Exception {
    Path result = stormResult(true);
    Path out = dir.resolve("out");
    ReportWriter.write(new ReportWriter.Request(List.of(result.getParent()), out, "Storm", null, null));

    assertThat(Files.readString(out.resolve("report.md"))).contains("| memory | 100,000 (OK 1,000) |");
    List<String> csv = Files.readAllLines(out.resolve("report.csv"));
    int column = List.of(csv.get(0).split(",")).indexOf("throughput_ok_ops_per_sec");
    assertThat(csv.get(1).split(",")[column]).isEqualTo("1000.0");
    JsonNode cell = JSON.readTree(out.resolve("report.json").toFile()).get("cells").get(0);
    assertThat(cell.at("/throughputOkOpsPerSec/median").asDouble()).isEqualTo(1000.0);
  }

  @Test
  void anOlderResultWithoutOkThroughputGetsItFromItsStatusCounts() throws Exception {
    RunResult r = ResultReader.readOne(stormResult(false));

    assertThat(r.throughputOpsPerSec()).isEqualTo(100_000.0);
    assertThat(r.throughputOkOpsPerSec()).isEqualTo(1_000.0);
  }
}
