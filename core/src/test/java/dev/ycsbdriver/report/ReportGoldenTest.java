package dev.ycsbdriver.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ycsbdriver.config.ConfigException;
import dev.ycsbdriver.testing.Resources;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Seals the layouts people and scripts read: the Markdown tables and the CSV columns, from fixed result
 * files (h2 durable and fast, memory without a profile, workloads A and D, two repeats of one cell).
 * When a layout changes on purpose, the actual files are left in {@code target/report-golden/} to copy over.
 */
class ReportGoldenTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir
  Path out;

  private Path write() throws Exception {
    Path results = Resources.path("/report/results");
    return ReportWriter.write(new ReportWriter.Request(List.of(results), out, "Golden report", "h2", "workloada"));
  }

  private static void assertGolden(Path actual, String golden) throws Exception {
    String expected = Files.readString(Resources.path("/report/" + golden));
    String got = Files.readString(actual);
    if (!got.equals(expected)) {
      Path keep = Path.of("target/report-golden");
      Files.createDirectories(keep);
      Files.writeString(keep.resolve(golden), got);
    }
    assertThat(got).as("layout of " + golden + "; actual in target/report-golden/").isEqualTo(expected);
  }

  @Test
  void markdownLayoutIsSealed() throws Exception {
    write();
    assertGolden(out.resolve("report.md"), "golden-report.md");
  }

  @Test
  void csvLayoutIsSealed() throws Exception {
    write();
    assertGolden(out.resolve("report.csv"), "golden-report.csv");
    assertThat(Files.readAllLines(out.resolve("report.csv")).get(0)).isEqualTo(String.join(",", CsvReport.COLUMNS));
  }

  @Test
  void durableVersusFastCsvLayoutIsSealed() throws Exception {
    write();
    assertGolden(out.resolve("report-durable-vs-fast.csv"), "golden-report-durable-vs-fast.csv");
    assertThat(Files.readAllLines(out.resolve("report-durable-vs-fast.csv")).get(0))
        .isEqualTo(String.join(",", CsvReport.DURABLE_VS_FAST_COLUMNS));
  }

  @Test
  void findingsCsvLayoutIsSealed() throws Exception {
    write();
    assertGolden(out.resolve("report-findings.csv"), "golden-report-findings.csv");
    assertThat(Files.readAllLines(out.resolve("report-findings.csv")).get(0))
        .isEqualTo(String.join(",", CsvReport.FINDINGS_COLUMNS));
  }

  @Test
  void rankingByBestOfRepeatsIsSealedAndComesFirst() throws Exception {
    ReportWriter.write(new ReportWriter.Request(List.of(Resources.path("/report/results")), out, "Golden report", "h2",
        "workloada", List.of(), null, RepeatAggregate.BEST, RankFigure.find("read-latency-mean")));
    assertGolden(out.resolve("report-ranking.csv"), "golden-report-ranking.csv");
    assertThat(Files.readAllLines(out.resolve("report-ranking.csv")).get(0))
        .isEqualTo(String.join(",", CsvReport.RANKING_COLUMNS));
    String md = Files.readString(out.resolve("report.md"));
    assertThat(md.indexOf("## Ranking")).isPositive().isLessThan(md.indexOf("## Durable vs fast"));
    assertThat(md).contains("""
        ### Ranking by mean READ latency (lower is better), workloada, 4 threads

        | rank | store | profile | mean READ latency, best run (µs) | median (µs) | runs | longest operation (µs) | ops per server CPU% (ops/CPU%) |
        |---|---|---|---:|---:|---:|---:|---:|
        | 1 | memory | default | 1.1 | 1.1 | 1 | 20,047 | 8,052.5 |
        """, "Repeats: best of repeats.", "- First by mean READ latency (lower is better, best run of 1 to 2 runs per "
        + "store), workloada at 4 threads: memory, 1.1 µs; next H2 durable,");
    JsonNode report = JSON.readTree(out.resolve("report.json").toFile());
    assertThat(report.get("aggregate").asText()).isEqualTo("best");
    assertThat(report.get("rank").asText()).isEqualTo("read-latency-mean");
    JsonNode first = report.at("/ranking/0/entries/0");
    assertThat(first.get("store").asText()).isEqualTo("memory");
    assertThat(first.get("rank").asInt()).isEqualTo(1);
    for (JsonNode c : report.get("cells")) {
      assertThat(c.get("aggregate").asText()).isEqualTo("best");
      assertThat(c.get("bestRun").asText()).as("the best run of each cell").contains(c.get("store").asText());
      assertThat(c.at("/throughputOpsPerSec/value").isNumber()).isTrue();
    }
  }

  @Test
  void theJsonCarriesEachRatioWithTheBoundsOfItsInterval() throws Exception {
    write();
    JsonNode report = JSON.readTree(out.resolve("report.json").toFile());
    JsonNode fastA = java.util.stream.StreamSupport.stream(report.get("throughputRatios").spliterator(), false)
        .filter(r -> r.get("over").asText().equals("durable") && r.get("workload").asText().equals("workloada"))
        .findFirst().orElseThrow();
    assertThat(fastA.get("profile").asText()).isEqualTo("fast");
    assertThat(fastA.get("otherProfile").asText()).isEqualTo("durable");
    assertThat(fastA.get("ratio").asDouble()).isBetween(fastA.get("low").asDouble(), fastA.get("high").asDouble());
    assertThat(fastA.get("low").asDouble()).isGreaterThan(1);
    assertThat(fastA.get("outsideNoise").asBoolean()).isTrue();
    assertThat(fastA.get("confidence").asDouble()).isEqualTo(0.95);
    assertThat(fastA.get("basis").asText()).isEqualTo("repeats");
  }

  @Test
  void withoutARankingThereIsNoRankingFileAndTheMedianIsNamed() throws Exception {
    Files.writeString(out.resolve("report-ranking.csv"), "left by an earlier report");
    write();
    assertThat(out.resolve("report-ranking.csv")).doesNotExist();
    JsonNode report = JSON.readTree(out.resolve("report.json").toFile());
    assertThat(report.get("aggregate").asText()).isEqualTo("median");
    assertThat(report.get("rank").isNull()).isTrue();
    assertThat(report.get("ranking")).isEmpty();
  }

  @Test
  void crashTestsAreEntriesPerStoreAndProfileNeverWorkloadCells() throws Exception {
    write();
    JsonNode report = JSON.readTree(out.resolve("report.json").toFile());
    assertThat(report.get("workloads").toString()).doesNotContain("crashtest");
    for (JsonNode c : report.get("cells")) {
      assertThat(c.get("workload").asText()).isNotEqualTo("crashtest");
    }
    assertThat(Files.readString(out.resolve("report.md"))).doesNotContain("crashtest");
    assertThat(Files.readString(out.resolve("report.csv"))).doesNotContain("crashtest");
    JsonNode fast = report.get("crashTests").get(1);
    assertThat(fast.get("store").asText()).isEqualTo("h2");
    assertThat(fast.get("profile").asText()).isEqualTo("fast");
    assertThat(fast.get("claim").asText()).isEqualTo("recent-loss");
    assertThat(fast.get("crashes").asInt()).isEqualTo(3);
    assertThat(fast.get("lostWrites").asLong()).isEqualTo(14);
    assertThat(fast.get("acknowledgedWrites").asLong()).isEqualTo(98_000);
    assertThat(fast.get("results").get(0).asText()).endsWith("crashtest-h2-fast/result.json");
  }

  @Test
  void serverSettingsAppearOncePerStoreAndProfile() throws Exception {
    write();
    String all = Files.readString(out.resolve("report.md"));
    // the caveats quote h2's warning about WRITE_DELAY=0; the settings themselves appear once
    String md = all.substring(all.indexOf("## Summary"));
    assertThat(md.split("WRITE_DELAY=0", -1)).hasSize(2);
    assertThat(md.split("WRITE_DELAY=500", -1)).hasSize(2);
    assertThat(md).contains("## Configurations");
  }

  @Test
  void repeatsGiveTheMedianAndTheSpread() throws Exception {
    write();
    JsonNode report = JSON.readTree(out.resolve("report.json").toFile());
    JsonNode cell = null;
    for (JsonNode c : report.get("cells")) {
      if (c.get("store").asText().equals("h2") && c.get("profile").asText().equals("durable")
          && c.get("workload").asText().equals("workloada")) {
        cell = c;
      }
    }
    assertThat(cell).isNotNull();
    JsonNode t = cell.get("throughputOpsPerSec");
    assertThat(cell.get("repeats").asInt()).isEqualTo(2);
    assertThat(t.get("max").asDouble()).isEqualTo(t.get("min").asDouble() * 1.10, org.assertj.core.data.Offset.offset(1e-6));
    assertThat(t.get("median").asDouble()).isEqualTo((t.get("min").asDouble() + t.get("max").asDouble()) / 2);
  }

  @Test
  void htmlIsSelfContainedWithEmbeddedCharts() throws Exception {
    write();
    String html = Files.readString(out.resolve("report.html"));
    assertThat(html).contains("<img alt=\"Throughput per workload, profile durable, 4 threads\" src=\"data:image/png;base64,")
        .doesNotContain("<script", "http://", "https://", "src=\"charts/");
    try (var charts = Files.list(out.resolve("charts"))) {
      assertThat(charts.map(p -> p.getFileName().toString()).toList())
          .contains("throughput-durable-t4.png", "latency-durable-workloada-t4.png");
    }
  }

  @Test
  void severalThreadCountsGiveATableEachAndThroughputAgainstThreadsCharts() throws Exception {
    Path in = out.resolve("in");
    try (var files = Files.walk(Resources.path("/report/results"))) {
      for (Path f : files.filter(p -> p.getFileName().toString().equals("result.json")).toList()) {
        String name = f.getParent().getFileName().toString();
        String text = Files.readString(f);
        Files.createDirectories(in.resolve(name));
        Files.writeString(in.resolve(name).resolve("result.json"), text);
        Files.createDirectories(in.resolve(name + "-t16"));
        Files.writeString(in.resolve(name + "-t16").resolve("result.json"),
            text.replace("\"threads\": 4,", "\"threads\": 16,"));
      }
    }
    ReportWriter.write(new ReportWriter.Request(List.of(in), out.resolve("report"), "t", null, null));
    assertThat(out.resolve("report/report.md")).content()
        .contains("### Throughput (ops/s), 4 threads", "### Throughput (ops/s), 16 threads");
    assertThat(out.resolve("report/charts/scaling-durable-workloada.png")).isNotEmptyFile();
    assertThat(out.resolve("report/charts/scaling-fast-workloadd.png")).isNotEmptyFile();
  }

  @Test
  void unknownBaselineIsAConfigurationError() {
    assertThatThrownBy(() -> ReportWriter.write(new ReportWriter.Request(List.of(Resources.path("/report/results")), out,
        "x", "postgres", null))).isInstanceOf(ConfigException.class)
        .hasMessage("--baseline: must name a store in the results (h2, memory), got postgres");
  }

  @Test
  void aFileThatIsNotAResultIsNamed() throws Exception {
    Path bad = out.resolve("result.json");
    Files.writeString(bad, "{\"hello\": 1}");
    assertThatThrownBy(() -> ResultReader.read(List.of(bad)))
        .hasMessage(bad + ": not a result JSON of ycsb-driver (no schemaVersion)");
  }

  @Test
  void resultsOfTheOlderLayoutAreStillReadAndAFutureOneIsRefused() throws Exception {
    // the fixtures were written with schemaVersion 1, before crash test results existed
    assertThat(ResultReader.read(List.of(Resources.path("/report/results"))).runs()).isNotEmpty();
    Path future = out.resolve("future.json");
    Files.writeString(future, "{\"schemaVersion\": 4}");
    assertThatThrownBy(() -> ResultReader.read(List.of(future)))
        .hasMessage(future + ": schemaVersion must be 1 to 3, got 4; use the ycsb-driver version that wrote it");
  }
}
