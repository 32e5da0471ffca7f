package dev.ycsbdriver.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ycsbdriver.config.ConfigException;
import dev.ycsbdriver.testing.CliRun;
import dev.ycsbdriver.testing.Resources;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What {@code report} takes as input: figures that are numbers of at least 0, and each run once however often it
 * is given.
 */
class ResultInputTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Path RUN =
      Resources.path("/report/results/20261123-074326-run-h2-workloada-t4-durable/result.json");

  @TempDir
  Path dir;

  /** @return a copy of a run's result in its own directory, changed by {@code edit} */
  private Path copy(String name, Consumer<ObjectNode> edit) throws Exception {
    return copy(dir, name, edit);
  }

  /** @return a copy of a run's result (h2 durable A, 4 threads) in {@code dir/name}, changed by {@code edit} */
  static Path copy(Path dir, String name, Consumer<ObjectNode> edit) throws Exception {
    ObjectNode n = (ObjectNode) JSON.readTree(RUN.toFile());
    edit.accept(n);
    Path file = Files.createDirectories(dir.resolve(name)).resolve("result.json");
    JSON.writeValue(file.toFile(), n);
    return file;
  }

  @Test
  void aThroughputGivenAsTextIsRefusedInsteadOfReadAsZero() throws Exception {
    Path file = copy("fast", n -> n.put("throughputOpsPerSec", "fast"));

    assertThatThrownBy(() -> ResultReader.read(List.of(file))).isInstanceOf(ConfigException.class)
        .hasMessage(file + ": throughputOpsPerSec: must be a number >= 0 (or null when unknown), got \"fast\"; "
            + "the file was changed or not written by ycsb-driver");
    CliRun run = CliRun.of("report", file.toString(), "-o", dir.resolve("report").toString());
    assertThat(run.exitCode()).as(run.toString()).isEqualTo(2);
    assertThat(run.err().lines()).singleElement().asString()
        .startsWith("ycsb: " + file + ": throughputOpsPerSec: must be a number >= 0");
  }

  @Test
  void negativeLatencyCountAndCpuFiguresAreRefused() throws Exception {
    Path latency = copy("latency", n -> ((ObjectNode) n.path("operations").get(0).path("serviceTime"))
        .put("p99Micros", -5));
    Path count = copy("count", n -> ((ObjectNode) n.path("operations").get(0)).put("operations", -9821));
    Path status = copy("status", n -> ((ObjectNode) n.path("operations").get(0).path("statusCounts")).put("OK", -1));
    Path cpu = copy("cpu", n -> ((ObjectNode) n.path("cpu").path("server")).put("averagePercent", -193.7));
    Path throughput = copy("throughput", n -> n.put("throughputOpsPerSec", -1.0));

    assertThatThrownBy(() -> ResultReader.read(List.of(latency)))
        .hasMessageStartingWith(latency + ": operations[0].serviceTime.p99Micros: must be a number >= 0")
        .hasMessageContaining("got -5");
    assertThatThrownBy(() -> ResultReader.read(List.of(count)))
        .hasMessageStartingWith(count + ": operations[0].operations: must be a number >= 0");
    assertThatThrownBy(() -> ResultReader.read(List.of(status)))
        .hasMessageStartingWith(status + ": operations[0].statusCounts.OK: must be a number >= 0");
    assertThatThrownBy(() -> ResultReader.read(List.of(cpu)))
        .hasMessageStartingWith(cpu + ": cpu.server.averagePercent: must be a number >= 0");
    assertThatThrownBy(() -> ResultReader.read(List.of(throughput)))
        .hasMessageStartingWith(throughput + ": throughputOpsPerSec: must be a number >= 0");
  }

  @Test
  void everyShippedResultPassesTheCheck() throws Exception {
    assertThat(ResultReader.read(List.of(Resources.path("/report/results"))).runs()).hasSize(7);
  }

  @Test
  void theSameFileTwiceIsReadOnceWithAWarning() throws Exception {
    List<String> warnings = new ArrayList<>();
    Path dirOfRun = RUN.getParent();

    ResultReader.Results results = ResultReader.read(List.of(RUN, dirOfRun), warnings::add);

    assertThat(results.runs()).hasSize(1);
    assertThat(warnings).containsExactly(dirOfRun.resolve("result.json") + ": the same file as " + RUN
        + "; read once");
  }

  @Test
  void aCopyOfARunIsCountedOnceWithAWarning() throws Exception {
    Path copy = copy("copy", n -> { });
    List<String> warnings = new ArrayList<>();

    ResultReader.Results results = ResultReader.read(List.of(RUN, copy), warnings::add);

    assertThat(results.runs()).hasSize(1);
    assertThat(warnings).singleElement().asString().startsWith(copy + ": a copy of the run of " + RUN
        + " (started 2026-11-23T07:43:27.495688962Z on ");
  }

  @Test
  void reportOfTheSameRunTwiceCountsOneRunAndSaysSo() throws Exception {
    Path copy = copy("copy", n -> { });
    Path out = dir.resolve("report");

    CliRun run = CliRun.of("report", RUN.toString(), RUN.toString(), copy.toString(), "-o", out.toString());

    assertThat(run.exitCode()).as(run.toString()).isZero();
    assertThat(run.err()).contains("Warning: " + RUN + ": the same file as " + RUN + "; read once")
        .contains("Warning: " + copy + ": a copy of the run of " + RUN);
    assertThat(JSON.readTree(out.resolve("report.json").toFile()).path("cells")).singleElement()
        .satisfies(c -> assertThat(c.path("repeats").asInt()).isEqualTo(1));
  }
}
