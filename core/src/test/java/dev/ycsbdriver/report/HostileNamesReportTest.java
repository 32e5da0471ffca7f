package dev.ycsbdriver.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvParser;
import dev.ycsbdriver.config.ConfigException;
import dev.ycsbdriver.testing.Resources;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Names read from result files are data, never paths nor markup: a workload named {@code ../../../../x} names a chart
 * inside {@code charts/}, a store named {@code a<img src=x onerror=alert(2)>} is text in {@code report.md}, and a
 * name a spreadsheet would run as a formula is text in {@code report.csv}.
 */
class HostileNamesReportTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String IMG = "a<img src=x onerror=alert(2)>";

  @TempDir
  Path dir;

  private Path result(String name, String store, String workload) throws Exception {
    Path source = Resources.path("/report/results/20261123-074345-run-memory-workloada-t4-default/result.json");
    ObjectNode tree = (ObjectNode) JSON.readTree(source.toFile());
    tree.put("storeName", store);
    tree.put("workloadName", workload);
    Path file = dir.resolve("in").resolve(name).resolve("result.json");
    Files.createDirectories(file.getParent());
    JSON.writeValue(file.toFile(), tree);
    return file;
  }

  @Test
  void namesFromResultsStayInsideTheReportAndAreEscaped() throws Exception {
    result("one", IMG, "../../../../x");
    result("two", "=HYPERLINK(\"http://x\")", "@SUM(1+1)*cmd|' /C calc'!A0");
    Path out = dir.resolve("a").resolve("b").resolve("c").resolve("report");

    ReportWriter.write(new ReportWriter.Request(List.of(dir.resolve("in")), out, "t", null, null));

    try (Stream<Path> all = Files.walk(dir)) {
      assertThat(all.filter(Files::isRegularFile).filter(p -> !p.startsWith(out) && !p.startsWith(dir.resolve("in"))))
          .as("files written outside the report").isEmpty();
    }
    try (Stream<Path> charts = Files.list(out.resolve("charts"))) {
      assertThat(charts.map(p -> p.getFileName().toString())).isNotEmpty()
          .allMatch(n -> n.matches("[A-Za-z0-9_][A-Za-z0-9_.-]*\\.png"));
    }
    String md = Files.readString(out.resolve("report.md"));
    assertThat(md).doesNotContain("<img").contains("a&lt;img src=x onerror=alert(2)>")
        .doesNotContain("(charts/../");
    assertThat(Files.readString(out.resolve("report.html"))).doesNotContain("<img src=x");

    CsvMapper csv = new CsvMapper().enable(CsvParser.Feature.WRAP_AS_ARRAY);
    List<List<String>> rows;
    try (var it = csv.readerFor(List.class).<List<String>>readValues(out.resolve("report.csv").toFile())) {
      rows = it.readAll();
    }
    int store = rows.get(0).indexOf("store");
    int workload = rows.get(0).indexOf("workload");
    assertThat(rows.subList(1, rows.size())).extracting(r -> r.get(store))
        .contains(IMG, "'=HYPERLINK(\"http://x\")");
    assertThat(rows.subList(1, rows.size())).extracting(r -> r.get(workload))
        .contains("'@SUM(1+1)*cmd|' /C calc'!A0", "../../../../x");
  }

  @Test
  void aHistogramLogNamedOutsideItsResultIsRefused() throws Exception {
    Path file = result("one", "memory", "workloada");
    ObjectNode tree = (ObjectNode) JSON.readTree(file.toFile());
    tree.withObject("/histogramLogs").put("READ", "../../../../etc/passwd");
    JSON.writeValue(file.toFile(), tree);

    assertThatThrownBy(() -> ReportWriter.write(new ReportWriter.Request(List.of(file), dir.resolve("out"), "t", null,
        null))).isInstanceOf(ConfigException.class)
        .hasMessage(file + ": histogramLogs.READ: must be a file name in the result's directory, got "
            + "'../../../../etc/passwd'");
  }

  @Test
  void markdownEscapingKeepsTextLiteral() {
    assertThat(MarkdownReport.escape("[x](javascript:alert(1)) `c` *e* a|b & <b>"))
        .isEqualTo("[x]\\(javascript:alert(1)) \\`c\\` \\*e\\* a\\|b &amp; &lt;b>");
    assertThat(CsvReport.neutralised("-1+2")).isEqualTo("'-1+2");
    assertThat(CsvReport.neutralised("\tx")).isEqualTo("'\tx");
    assertThat(CsvReport.neutralised("workloada")).isEqualTo("workloada");
  }
}
