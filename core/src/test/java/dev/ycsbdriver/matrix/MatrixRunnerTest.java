package dev.ycsbdriver.matrix;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ycsbdriver.testing.CliRun;
import dev.ycsbdriver.testing.Resources;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
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

    // the seed an earlier run of this output recorded: the matrix file gives none, so the run takes it; with it,
    // repeat 1 runs basic (D, then A), then broken; repeat 2 broken, then basic (A, then D)
    Files.createDirectories(out);
    Files.writeString(out.resolve(MatrixRunner.ORDER_FILE), "{\"seed\": 6}");
    CliRun first = CliRun.of("matrix", file.toString());
    assertThat(first.exitCode()).as(first.toString()).isEqualTo(1);
    assertThat(first.err()).contains("[matrix] m: 8 cells", "[matrix] order: seed 6 (recorded in ", "put seed: 6",
        "4 of 8 cells done (0 from an earlier run), 4 failed", "4 of 8 cells failed");
    List<String> labels = List.of("basic workloadd 2 threads r1", "basic workloada 2 threads r1",
        "broken workloadd 2 threads r1", "broken workloada 2 threads r1", "broken workloadd 2 threads r2",
        "broken workloada 2 threads r2", "basic workloada 2 threads r2", "basic workloadd 2 threads r2");
    for (int i = 0; i < labels.size(); i++) {
      String cell = labels.get(i);
      assertThat(first.err()).contains("[matrix] cell " + (i + 1) + "/8 " + cell + ": "
          + (cell.startsWith("broken") ? "FAILED: the load failed" : ""));
    }
    // the order recorded, as run: repeat-major
    JsonNode order = JSON.readTree(out.resolve(MatrixRunner.ORDER_FILE).toFile());
    assertThat(order.get("seed").asLong()).isEqualTo(6);
    List<String> recorded = new ArrayList<>();
    List<String> visits = new ArrayList<>();
    for (JsonNode visit : order.get("visits")) {
      visits.add(visit.get("store").asText() + " r" + visit.get("repeat").asInt());
      visit.get("cells").forEach(c -> recorded.add(c.asText()));
    }
    assertThat(visits).containsExactly("basic r1", "broken r1", "broken r2", "basic r2");
    assertThat(recorded).isEqualTo(labels);
    Path cellA = cellFile(out, labels.get(1));
    JsonNode a = JSON.readTree(cellA.toFile());
    assertThat(a.get("status").asText()).isEqualTo("ok");
    JsonNode result = JSON.readTree(out.resolve(a.get("result").asText()).toFile());
    assertThat(result.get("storeName").asText()).isEqualTo("basic");
    assertThat(result.get("operationsTotal").asLong()).isEqualTo(2000);
    JsonNode broken = JSON.readTree(out.resolve("cells/broken/default/t2/workloada/r1/cell.json").toFile());
    assertThat(broken.get("status").asText()).isEqualTo("failed");
    assertThat(Files.readString(out.resolve("cells/broken/default/load/log.txt"))).contains("exportfile");
    assertThat(Files.readString(out.resolve("cells/broken/default/load-r2/log.txt"))).contains("exportfile");
    // workload D inserts from recordcount on: the next cell of the visit gets the table's size with those
    // records (warm-up included), so that its inserts take new keys instead of colliding with D's
    JsonNode d1 = JSON.readTree(cellFile(out, labels.get(0)).toFile());
    assertThat(d1.get("tableRecordsAtStart").asLong()).isEqualTo(200);
    JsonNode d1Result = JSON.readTree(out.resolve(d1.get("result").asText()).toFile());
    long inserts = 0;
    for (JsonNode op : d1Result.get("operations")) {
      inserts += op.get("name").asText().equals("INSERT") ? op.get("operations").asLong() : 0;
    }
    assertThat(inserts).isPositive();
    long warmupInserts = d1Result.at("/warmupOperations/INSERT").asLong(0);
    assertThat(a.get("tableRecordsAtStart").asLong()).isEqualTo(200 + inserts + warmupInserts);
    // repeat 2 visits basic after broken: loaded again, its first cell starts on 200 records
    assertThat(out.resolve("cells/basic/default/load-r2/log.txt")).exists();
    assertThat(JSON.readTree(cellFile(out, labels.get(6)).toFile()).get("tableRecordsAtStart").asLong()).isEqualTo(200);
    assertThat(JSON.readTree(cellFile(out, labels.get(7)).toFile()).get("tableRecordsAtStart").asLong()).isEqualTo(200);
    assertThat(out.resolve("report.md")).content().contains("| basic |", "workloadd");
    assertThat(out.resolve("report.html")).exists();
    assertThat(out.resolve("report.csv")).exists();
    assertThat(out.resolve("matrix.yaml")).hasSameTextualContentAs(file);

    // as if the matrix had been killed before its seventh cell ended: run again, the same order, only that
    // cell (on a table loaded again) and the failed ones run
    Path missing = cellFile(out, labels.get(6));
    FileTime before = Files.getLastModifiedTime(cellA);
    Files.delete(missing);
    CliRun second = CliRun.of("matrix", file.toString());
    assertThat(second.err()).contains("(3 from an earlier run)", "[matrix] order: seed 6 (recorded in ",
        "[matrix] cell 7/8 basic workloada 2 threads r2: ")
        .doesNotContain("cell 1/8", "cell 2/8", "cell 8/8");
    assertThat(JSON.readTree(out.resolve(MatrixRunner.ORDER_FILE).toFile())).isEqualTo(order);
    assertThat(Files.getLastModifiedTime(cellA)).isEqualTo(before);
    JsonNode again = JSON.readTree(missing.toFile());
    assertThat(again.get("status").asText()).isEqualTo("ok");
    assertThat(again.get("tableRecordsAtStart").asLong()).isEqualTo(200);
  }

  @Test
  void aStoreIsLoadedAgainAfterAnotherRanAndNotWhenItsTwoVisitsFollowEachOther() throws Exception {
    Path out = dir.resolve("two");
    Path file = dir.resolve("two.yaml");
    // seed 6: repeat 1 runs basic, then other; repeat 2 other, then basic
    Files.writeString(file, """
        name: two
        output: %s
        recordcount: 100
        operationcount: 500
        warmup: 0
        threads: [1]
        repeats: 2
        seed: 6
        workloads: [%s]
        properties: {basicdb.verbose: "false"}
        stores:
          - binding: basic
          - name: other
            binding: basic
        """.formatted(out, Resources.path("/golden/workloads/workloadd")));
    CliRun run = CliRun.of("matrix", file.toString());
    assertThat(run.exitCode()).as(run.toString()).isZero();
    assertThat(run.err()).contains("[matrix] order: seed 6 (from the matrix file)", "4 of 4 cells done",
        "cell 1/4 basic workloadd 1 thread r1", "cell 2/4 other workloadd 1 thread r1",
        "cell 3/4 other workloadd 1 thread r2", "cell 4/4 basic workloadd 1 thread r2");
    // basic: another store ran in between, so its table is loaded again and starts at recordcount
    assertThat(out.resolve("cells/basic/default/load-r2/log.txt")).exists();
    assertThat(tableAtStart(out, "basic", 1)).isEqualTo(100);
    assertThat(tableAtStart(out, "basic", 2)).isEqualTo(100);
    // other: its two visits follow each other, so the table is the one its first visit left, D's inserts and all
    assertThat(out.resolve("cells/other/default/load-r2")).doesNotExist();
    assertThat(tableAtStart(out, "other", 1)).isEqualTo(100);
    JsonNode other1 = JSON.readTree(out.resolve("cells/other/default/t1/workloadd/r1/cell.json").toFile());
    long inserted = MatrixRunner.inserted(
        dev.ycsbdriver.result.ResultJson.readDocument(out.resolve(other1.get("result").asText())));
    assertThat(inserted).isPositive();
    assertThat(tableAtStart(out, "other", 2)).isEqualTo(100 + inserted);
  }

  private static long tableAtStart(Path out, String store, int repeat) throws Exception {
    return JSON.readTree(out.resolve("cells/" + store + "/default/t1/workloadd/r" + repeat + "/cell.json").toFile())
        .get("tableRecordsAtStart").asLong();
  }

  /** @return the cell.json of a cell label such as {@code basic workloadd 2 threads r1} */
  private static Path cellFile(Path out, String label) {
    String[] p = label.split(" ");
    return out.resolve("cells").resolve(p[0]).resolve("default").resolve("t" + p[2]).resolve(p[1])
        .resolve(p[4]).resolve("cell.json");
  }
}
