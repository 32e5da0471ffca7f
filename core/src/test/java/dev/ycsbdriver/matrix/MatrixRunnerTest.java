package dev.ycsbdriver.matrix;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ycsbdriver.testing.CliRun;
import dev.ycsbdriver.testing.Resources;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A matrix end to end with YCSB's BasicDB, each cell a child JVM: results, a failing store that does not
 * stop the others, resume that runs only the missing cells, and the report.
 */
class MatrixRunnerTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir
  Path dir;

  @Test
  void runsEveryCellRecordsFailuresAndAResumeRunsOnlyTheMissingCells() throws Exception {
    Path out = dir.resolve("out");
    Path file = dir.resolve("m.yaml");
    Files.writeString(file, """
        name: m
        output: %s
        recordcount: 200
        operationcount: 2000
        warmup: 200ms
        threads: [2]
        repeats: 2
        workloads: [%s, %s]
        properties: {basicdb.verbose: "false"}
        stores:
          - binding: basic
          - name: broken
            binding: basic
            properties: {exportfile: "%s"}
        """.formatted(out, Resources.path("/golden/workloads/workloada"), Resources.path("/golden/workloads/workloadd"),
        dir));

    CliRun first = CliRun.of("matrix", file.toString());
    assertThat(first.exitCode()).as(first.toString()).isEqualTo(1);
    assertThat(first.err()).contains("[matrix] m: 8 cells", "cell 1/8 basic workloada 2 threads r1: ",
        "cell 2/8 basic workloadd 2 threads r1: ", "cell 4/8 basic workloadd 2 threads r2: ",
        "cell 5/8 broken workloada 2 threads r1: FAILED: the load failed",
        "4 of 8 cells done (0 from an earlier run), 4 failed", "4 of 8 cells failed");
    Path cellA = out.resolve("cells/basic/default/t2/workloada/r1/cell.json");
    Path cellD = out.resolve("cells/basic/default/t2/workloadd/r1/cell.json");
    JsonNode a = JSON.readTree(cellA.toFile());
    assertThat(a.get("status").asText()).isEqualTo("ok");
    JsonNode result = JSON.readTree(out.resolve(a.get("result").asText()).toFile());
    assertThat(result.get("storeName").asText()).isEqualTo("basic");
    assertThat(result.get("operationsTotal").asLong()).isEqualTo(2000);
    JsonNode broken = JSON.readTree(out.resolve("cells/broken/default/t2/workloada/r1/cell.json").toFile());
    assertThat(broken.get("status").asText()).isEqualTo("failed");
    assertThat(Files.readString(out.resolve("cells/broken/default/load/log.txt"))).contains("exportfile");
    // workload D inserts from recordcount on: the next cell's table size counts those records, so the
    // second repeat's inserts take new keys instead of colliding with the first's
    assertThat(JSON.readTree(cellD.toFile()).get("tableRecordsAtStart").asLong()).isEqualTo(200);
    JsonNode d1 = JSON.readTree(out.resolve(JSON.readTree(cellD.toFile()).get("result").asText()).toFile());
    long inserts = 0;
    for (JsonNode op : d1.get("operations")) {
      inserts += op.get("name").asText().equals("INSERT") ? op.get("operations").asLong() : 0;
    }
    assertThat(inserts).isPositive();
    // the warm-up's inserts are in the table too
    long warmupInserts = d1.at("/warmupOperations/INSERT").asLong(0);
    assertThat(JSON.readTree(out.resolve("cells/basic/default/t2/workloada/r2/cell.json").toFile())
        .get("tableRecordsAtStart").asLong()).isEqualTo(200 + inserts + warmupInserts);
    assertThat(out.resolve("report.md")).content().contains("| basic |", "workloadd");
    assertThat(out.resolve("report.html")).exists();
    assertThat(out.resolve("report.csv")).exists();
    assertThat(out.resolve("matrix.yaml")).hasSameTextualContentAs(file);

    // as if the matrix had been killed before its second cell ended
    FileTime before = Files.getLastModifiedTime(cellA);
    Files.delete(cellD);
    CliRun second = CliRun.of("matrix", file.toString());
    assertThat(second.err()).contains("(3 from an earlier run)", "cell 2/8 basic workloadd 2 threads r1: ")
        .doesNotContain("cell 1/8", "cell 3/8", "cell 4/8");
    assertThat(Files.getLastModifiedTime(cellA)).isEqualTo(before);
    assertThat(JSON.readTree(cellD.toFile()).get("status").asText()).isEqualTo("ok");
  }
}
