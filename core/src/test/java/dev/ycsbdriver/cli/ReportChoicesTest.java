package dev.ycsbdriver.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ycsbdriver.testing.CliRun;
import dev.ycsbdriver.testing.Resources;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bin/ycsb report} on a matrix's output directory takes the matrix's {@code aggregate} and {@code rank}
 * from its {@code matrix.yaml}; {@code --aggregate} (alias {@code --repeats}) and {@code --rank} override them.
 */
class ReportChoicesTest {
  @TempDir
  Path dir;

  private Path matrixOutput(String matrixYaml) throws Exception {
    Path out = dir.resolve("matrix-out");
    Path from = Resources.path("/report/results");
    try (Stream<Path> files = Files.walk(from)) {
      for (Path f : files.filter(Files::isRegularFile).toList()) {
        Path to = out.resolve("cells").resolve(from.relativize(f).toString());
        Files.createDirectories(to.getParent());
        Files.copy(f, to);
      }
    }
    Files.writeString(out.resolve("matrix.yaml"), matrixYaml);
    return out;
  }

  @Test
  void aMatrixOutputIsReportedWithItsAggregateAndRankUnlessTheOptionsSayOtherwise() throws Exception {
    Path out = matrixOutput("aggregate: best\nrank: read-latency-mean\n");
    CliRun run = CliRun.of("report", out.toString());
    assertThat(run.exitCode()).as(run.toString()).isZero();
    assertThat(out.resolve("report.md")).content().contains("## Ranking",
        "### Ranking by mean READ latency (lower is better), workloada, 4 threads", "Repeats: best of repeats.");
    assertThat(out.resolve("report-ranking.csv")).isRegularFile();

    CliRun median = CliRun.of("report", out.toString(), "--repeats", "median", "--rank", "throughput");
    assertThat(median.exitCode()).as(median.toString()).isZero();
    assertThat(out.resolve("report.md")).content().contains("Repeats: median.",
        "### Ranking by throughput (higher is better), workloada, 4 threads").doesNotContain("mean READ latency, ");
  }

  @Test
  void aMatrixOutputIsReportedUnderItsNameAndBaselineAndLinkedChartsKeepThePageSmall() throws Exception {
    Path out = matrixOutput("name: nightly\nbaseline: h2\n");
    CliRun embedded = CliRun.of("report", out.toString());
    assertThat(embedded.exitCode()).as(embedded.toString()).isZero();
    assertThat(out.resolve("report.md")).content().startsWith("# ycsb-driver matrix: nightly").contains("x H2");
    long embeddedSize = Files.size(out.resolve("report.html"));
    assertThat(out.resolve("report.html")).content().contains("src=\"data:image/png;base64,");

    CliRun linked = CliRun.of("report", out.toString(), "--html-charts", "linked");
    assertThat(linked.exitCode()).as(linked.toString()).isZero();
    String html = Files.readString(out.resolve("report.html"));
    assertThat(html).doesNotContain("data:image/png").contains("src=\"charts/headline-t4.png\"");
    try (Stream<Path> charts = Files.list(out.resolve("charts"))) {
      for (Path chart : charts.toList()) {
        assertThat(html).contains("src=\"charts/" + chart.getFileName() + "\"");
      }
    }
    assertThat(Files.size(out.resolve("report.html"))).isLessThan(embeddedSize / 4);

    CliRun bad = CliRun.of("report", out.toString(), "--html-charts", "inline");
    assertThat(bad.exitCode()).isEqualTo(2);
    assertThat(bad.err().lines().toList()).containsExactly("ycsb: --html-charts: must be embedded or linked, got 'inline'");
  }

  @Test
  void aMatrixBaselineWithoutResultsIsDroppedWithANote() throws Exception {
    Path out = matrixOutput("baseline: nosuchstore\n");
    CliRun run = CliRun.of("report", out.toString());
    assertThat(run.exitCode()).as(run.toString()).isZero();
    assertThat(run.err()).contains("the matrix's baseline store nosuchstore has no result");
  }

  @Test
  void aBadValueInTheMatrixFileIsOneLineWithItsLineAndExitCode2() throws Exception {
    Path out = matrixOutput("repeats: 3\naggregate: top\n");
    CliRun run = CliRun.of("report", out.toString());
    assertThat(run.exitCode()).as(run.toString()).isEqualTo(2);
    assertThat(run.err().lines().toList()).containsExactly("ycsb: " + out.resolve("matrix.yaml") + ":2: aggregate: "
        + "must be median or best (how a cell's repeats are combined), got 'top'");
  }
}
