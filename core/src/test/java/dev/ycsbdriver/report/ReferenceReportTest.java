package dev.ycsbdriver.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ycsbdriver.testing.CliRun;
import dev.ycsbdriver.testing.Resources;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Another party's published figures stand in a table of their own, marked theirs and not comparable, and the
 * stores a matrix left out are named: from the writer's request, and from a matrix output directory's
 * {@code matrix.yaml} and {@code left-out.json} when {@code bin/ycsb report} is given that directory.
 */
class ReferenceReportTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir
  Path dir;

  @Test
  void publishedFiguresGetTheirOwnTableWithTheRatioMarkedNotComparable() throws Exception {
    ReferenceFigures ref = new ReferenceFigures("Seed 004 (published benchmark)", "Apple M1 Max, 10 cores",
        "their hardware and client", List.of(new ReferenceFigures.Figure("h2", "durable", "workloada", null, 5_000),
        new ReferenceFigures.Figure("h2", "fast", "workloadc", null, 1_000)));
    Path out = dir.resolve("out");
    ReportWriter.write(new ReportWriter.Request(List.of(Resources.path("/report/results")), out, "t", null, null,
        List.of("mongodb (environment variable YCSB_MONGODB_URI is not set)"), ref));
    String md = Files.readString(out.resolve("report.md"));
    assertThat(md).contains("### Reference: figures published by Seed 004 (published benchmark) (theirs, not ours)",
        "| store | profile | workload | theirs (ops/s) | ours (ops/s) | " + ReferenceTable.RATIO + " |",
        // ours: the durable median of 10,181 ops/s over their 5,000
        "| H2 | durable | workloada | 5,000 | 10,181 (4 threads) | 2.04x |",
        "| H2 | fast | workloadc | 1,000 | n/a | n/a |",
        "- Theirs: Seed 004 (published benchmark); machine: Apple M1 Max, 10 cores.",
        "- Left out: mongodb (environment variable YCSB_MONGODB_URI is not set).");
    assertThat(md.indexOf("## Reference figures")).isGreaterThan(md.indexOf("## Configurations"));
    assertThat(Files.readString(out.resolve("report.html"))).contains("Reference: figures published by Seed 004");
    JsonNode json = JSON.readTree(out.resolve("report.json").toFile());
    assertThat(json.get("reference").get("comparable").asBoolean()).isFalse();
    assertThat(json.get("reference").get("figures").get(1).get("throughputOpsPerSec").asDouble()).isEqualTo(1_000);
    assertThat(json.get("leftOut").get(0).asText()).startsWith("mongodb");
  }

  @Test
  void reportOfAMatrixDirectoryFindsItsReferenceAndLeftOutStores() throws Exception {
    Path matrix = dir.resolve("matrix");
    try (Stream<Path> files = Files.walk(Resources.path("/report/results"))) {
      for (Path f : files.filter(p -> p.getFileName().toString().equals("result.json")).toList()) {
        Path to = matrix.resolve("cells").resolve(f.getParent().getFileName()).resolve("result.json");
        Files.createDirectories(to.getParent());
        Files.copy(f, to);
      }
    }
    Files.writeString(matrix.resolve("matrix.yaml"), """
        recordcount: 10
        operationcount: 10
        threads: [4]
        workloads: [workloada]
        stores: [{binding: h2, profiles: [durable, fast]}]
        reference:
          source: "Their page"
          figures: [{store: h2, profile: fast, workload: workloada, throughput: 34378.45}]
        """);
    Files.writeString(matrix.resolve("left-out.json"), "[\"mongodb (environment variable X is not set)\"]");
    CliRun run = CliRun.of("report", matrix.toString());
    assertThat(run.exitCode()).as(run.toString()).isZero();
    assertThat(matrix.resolve("report.md")).content()
        .contains("| H2 | fast | workloada | 34,378 | 68,757 (4 threads) | 2.00x |",
            "- Left out: mongodb (environment variable X is not set).");

    Path bad = dir.resolve("bad.yaml");
    Files.writeString(bad, "reference:\n  source: x\n  figures: [{store: h2, workload: workloada, througput: 1}]\n");
    CliRun refused = CliRun.of("report", matrix.toString(), "-o", dir.resolve("other").toString(), "--reference",
        bad.toString());
    assertThat(refused.exitCode()).isEqualTo(2);
    assertThat(refused.err().strip()).isEqualTo("ycsb: " + bad + ":3: reference.figures[0].througput: unknown key; "
        + "did you mean 'throughput'?");
  }
}
