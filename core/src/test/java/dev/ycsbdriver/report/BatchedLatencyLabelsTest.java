package dev.ycsbdriver.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Records sent in batches and records sent one at a time never share a latency label: the tables give each its own
 * column and the percentile chart its own legend entry, with the batch size read from the run's configuration.
 */
class BatchedLatencyLabelsTest {
  private static final Path MEMORY_D = Path.of("src/test/resources/report/results/"
      + "20261123-074349-run-memory-workloadd-t4-default/result.json");

  private static RunResult run(String store, double insertMicros, boolean batched) {
    List<RunResult.OperationFigures> ops = List.of(new RunResult.OperationFigures("INSERT", 10_000, 0, insertMicros,
        insertMicros * 2, insertMicros * 4, insertMicros * 8, Map.of(50.0, insertMicros, 99.0, insertMicros * 4), null,
        batched, batched ? 1000 : null));
    return new RunResult(Path.of(store, "result.json"), store, store, null, "bulk", 1, "ok", 10_000, 10_000, ops, null,
        null, null, null, null, null, null, Map.of(), "m", Map.of(), List.of(), null);
  }

  @Test
  void batchedAndSingleInsertsGetColumnsAndLegendEntriesOfTheirOwn() throws Exception {
    ReportModel model = ReportModel.build(List.of(run("postgres", 67_000, true), run("memory", 2, false)), "bulk",
        null);

    Table mean = ReportTables.build(model).stream().flatMap(s -> s.tables().stream())
        .filter(t -> t.title().startsWith("Mean latency")).findFirst().orElseThrow();
    assertThat(mean.header()).containsExactly("store", "bulk INSERT in batches of 1,000 (µs)",
        "bulk INSERT one at a time (µs)");
    assertThat(mean.rows().get(0)).containsExactly("postgres", "67,000", "n/a");
    assertThat(mean.rows().get(1)).containsExactly("memory", "n/a", "2.0");
    assertThat(mean.notes()).containsExactly(OperationNames.BATCH_NOTE);

    assertThat(LatencyCharts.percentiles(model, null, 1, "bulk").getSeriesMap())
        .containsOnlyKeys("postgres INSERT in batches of 1,000", "memory INSERT one at a time");
    assertThat(LatencyCharts.percentiles(model, null, 1, "bulk").getYAxisTitle()).contains("per record");
  }

  @Test
  void aReportWithoutBatchesKeepsTheOperationsName() {
    ReportModel model = ReportModel.build(List.of(run("memory", 2, false)), "single", null);
    assertThat(OperationNames.of(model, model.cells().get(0), "INSERT")).isEqualTo("INSERT");
  }

  @Test
  void theReaderTakesBatchingFromTheStatusCountsAndTheSizeFromTheBindingsKey(@TempDir Path dir) throws Exception {
    ObjectMapper json = new ObjectMapper();
    ObjectNode result = (ObjectNode) json.readTree(Files.readString(MEMORY_D));
    for (var op : result.withArray("operations")) {
      if (op.path("name").asText().equals("INSERT")) {
        ((ObjectNode) op.path("statusCounts")).put("OK", 51).put("BATCHED_OK", 51_268);
      }
    }
    ((ObjectNode) result.path("config")).put("memory.batchsize", "1000");
    Path file = Files.createDirectories(dir.resolve("run")).resolve("result.json");
    json.writeValue(file.toFile(), result);

    RunResult.OperationFigures insert = ResultReader.readOne(file).operations().stream()
        .filter(o -> o.name().equals("INSERT")).findFirst().orElseThrow();
    RunResult.OperationFigures read = ResultReader.readOne(MEMORY_D).operations().get(0);
    assertThat(insert.batched()).isTrue();
    assertThat(insert.batchSize()).isEqualTo(1000);
    assertThat(read.batched()).isFalse();
    assertThat(read.batchSize()).isNull();
  }
}
