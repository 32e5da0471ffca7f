package dev.ycsbdriver.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ycsbdriver.result.RunChecks;
import dev.ycsbdriver.result.model.Warning;
import dev.ycsbdriver.testing.Resources;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A result written before runs checked themselves is checked when read; one that has its checks is trusted. */
class SelfCheckReportTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir
  Path dir;

  private Path copy(String name, Consumer<ObjectNode> edit) throws Exception {
    return ResultInputTest.copy(dir, name, edit);
  }

  private static List<String> checkWarnings(Path file) throws Exception {
    return ResultReader.read(List.of(file)).runs().get(0).warnings().stream()
        .filter(w -> w.code() == Warning.Code.SELF_CHECK_FAILED).map(Warning::text).toList();
  }

  @Test
  void anOldResultThatBreaksLittlesLawGetsTheWarningWhenRead() throws Exception {
    assertThat(copy("fixture", n -> { })).satisfies(f -> assertThat(checkWarnings(f)).isEmpty());
    // ten times the throughput with the same latencies: 40.1 operations in flight for 4 threads
    Path broken = copy("broken", n -> n.put("throughputOpsPerSec", 96_959.29));
    List<String> warnings = checkWarnings(broken);
    assertThat(warnings).hasSize(2);
    assertThat(warnings.get(0)).startsWith("self-check failed: Little's law: 4 threads, but 96,959 ops/s x 413.1 µs = "
        + "40.1 in flight; more than the threads allow");
    assertThat(warnings.get(1)).startsWith("self-check failed: ops per server CPU%: 50.0 reported, but 96,959 ops/s");
    assertThat(ResultReader.read(List.of(broken)).runs().get(0).warnings().get(0).text())
        .as("the result's own warnings come first").startsWith("h2: H2 does not fsync");
  }

  @Test
  void aResultWithChecksIsCheckedOnlyOnce() throws Exception {
    Path checked = copy("checked", n -> {
      n.put("throughputOpsPerSec", 96_959.29);
      n.putArray("checks");
      n.withArray("warnings").add("self-check failed: Little's law: as the runner found it");
    });
    assertThat(checkWarnings(checked)).containsExactly("self-check failed: Little's law: as the runner found it");
  }

  @Test
  void aMergedResultIsNotCheckedForLittlesLaw() throws Exception {
    Path merged = copy("merged", n -> {
      n.put("throughputOpsPerSec", 96_959.29);
      n.putObject("merged").put("clients", 2);
      ((ObjectNode) n.path("cpu")).putNull("opsPerServerCpuPercent");
    });
    assertThat(checkWarnings(merged)).isEmpty();
  }

  @Test
  void aReferenceFigureThatBreaksLittlesLawIsNotedUnderTheReferenceTable() throws Exception {
    ReferenceFigures ref = new ReferenceFigures("Seed 004 (published benchmark)", null, null,
        List.of(new ReferenceFigures.Figure("h2", "durable", "workloada", 64, 5_207, 1.07)));
    Path out = dir.resolve("out");
    ReportWriter.write(new ReportWriter.Request(List.of(Resources.path("/report/results")), out, "t", null, null,
        List.of(), ref));
    assertThat(Files.readString(out.resolve("report.md"))).contains("- Little's law does not hold for their h2 "
        + "durable workloada: 5,207 ops/s x 1.07 ms = 5.6 in flight, not 64 threads (fewer than 50% of the threads "
        + "in operations that take 1.07 ms each).");
    assertThat(JSON.readTree(out.resolve("report.json").toFile()).at("/reference/figures/0/littlesLaw").asText())
        .startsWith("Little's law does not hold");
  }
}
