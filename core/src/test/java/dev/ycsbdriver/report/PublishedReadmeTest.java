package dev.ycsbdriver.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every published {@code reports/<name>/README.md} carries its conclusions as a block generated from its
 * {@code report.json} ({@link ReadmeBlock}); the test fails when a block is stale, when one of report.md's caveats is
 * missing from it, or when the hand-written part outside it states a ratio.
 */
class PublishedReadmeTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Path REPORTS = Path.of("..", "reports");
  /** A ratio such as {@code 1.05x} or a percentage figure such as {@code 0.21x}; hand-written text states none. */
  private static final Pattern RATIO = Pattern.compile("\\d\\.\\d+x");

  private static List<Path> published() throws Exception {
    try (Stream<Path> dirs = Files.list(REPORTS)) {
      return dirs.filter(d -> Files.isRegularFile(d.resolve("report.json"))).sorted().toList();
    }
  }

  @Test
  void everyPublishedReadmeHoldsTheBlockItsReportJsonRendersToday() throws Exception {
    List<Path> dirs = published();
    assertThat(dirs).hasSize(7);
    for (Path dir : dirs) {
      String readme = Files.readString(dir.resolve("README.md"), StandardCharsets.UTF_8);
      String expected = ReadmeBlock.render(JSON.readTree(dir.resolve("report.json").toFile()));
      assertThat(ReadmeBlock.block(readme))
          .as("%s/README.md: the block between the markers is stale; run bin/ycsb report for it "
              + "(scripts/regenerate-reports %s) or ReadmeBlock.update", dir, dir.getFileName())
          .isEqualTo(expected);
    }
  }

  @Test
  void everyCaveatOfReportMdAppearsInTheReadme() throws Exception {
    for (Path dir : published()) {
      String block = ReadmeBlock.block(Files.readString(dir.resolve("README.md"), StandardCharsets.UTF_8));
      List<String> caveats = Files.readAllLines(dir.resolve("report.md"), StandardCharsets.UTF_8).stream()
          .map(l -> l.startsWith("- Caveat:") ? l.substring(2) : l).filter(l -> l.startsWith("Caveat:")).toList();
      assertThat(caveats).as(dir.toString()).isNotEmpty()
          .allSatisfy(c -> assertThat(block).contains("\n- " + c + "\n"));
    }
  }

  @Test
  void handWrittenPartOfEveryReadmeStatesNoRatio() throws Exception {
    for (Path dir : published()) {
      String readme = Files.readString(dir.resolve("README.md"), StandardCharsets.UTF_8);
      String outside = readme.replace(ReadmeBlock.block(readme).stripTrailing(), "");
      assertThat(RATIO.matcher(outside).results().map(m -> m.group()).toList())
          .as("%s/README.md outside the generated block", dir).isEmpty();
    }
  }

  @Test
  void aChangedFindingMakesTheBlockStaleAndUpdateRewritesOnlyTheBlock(@TempDir Path dir) throws Exception {
    ObjectNode report = (ObjectNode) JSON.readTree(REPORTS.resolve("embedded").resolve("report.json").toFile());
    Path readme = dir.resolve("README.md");
    Files.writeString(readme, "# Context\n\n" + ReadmeBlock.BEGIN + "\nold\n" + ReadmeBlock.END + "\n\nAfter.\n");

    assertThat(ReadmeBlock.update(readme, report)).isTrue();
    String first = Files.readString(readme);
    ((ObjectNode) report.withArray("findings").get(1)).put("ratio", 9.99);
    String rendered = ReadmeBlock.render(report);

    assertThat(ReadmeBlock.block(first)).isNotEqualTo(rendered);
    assertThat(first).startsWith("# Context\n\n" + ReadmeBlock.BEGIN).endsWith(ReadmeBlock.END + "\n\nAfter.\n");
    assertThat(rendered).contains("9.99x");
  }

  @Test
  void aLeadInsideTheNoiseFloorIsNamedAsATieNotAWinner() throws Exception {
    JsonNode report = JSON.readTree(REPORTS.resolve("embedded").resolve("report.json").toFile());
    // the published embedded report's first row that names a winner, turned into one inside the noise floor
    ObjectNode lead = null;
    for (JsonNode f : report.withArray("findings")) {
      if (f.path("verdict").asText().equals("ahead")) {
        lead = (ObjectNode) f;
        break;
      }
    }
    assertThat(lead).as("the embedded report names a winner somewhere").isNotNull();
    StoreNames names = StoreNames.read(report);
    String subject = names.name(lead.path("store").asText()) + " " + lead.path("profile").asText();
    String other = names.name(lead.path("otherStore").asText()) + " " + lead.path("otherProfile").asText();
    String on = ", throughput on " + lead.path("workload").asText();
    String before = ReadmeBlock.render(report);
    assertThat(before.substring(0, before.indexOf("Ties ("))).contains(subject + " ahead of " + other + on);
    lead.put("verdict", "inside-noise-floor");

    String block = ReadmeBlock.render(report);
    assertThat(block.substring(0, block.indexOf("Ties ("))).doesNotContain(subject + " ahead of " + other + on);
    assertThat(block.substring(block.indexOf("Ties ("))).contains(subject + " over " + other + on)
        .contains("(inside the noise floor)");
  }

  @Test
  void writingAReportRewritesTheBlockOfItsReadmeAndKeepsTheRest(@TempDir Path out) throws Exception {
    Files.createDirectories(out);
    Path readme = out.resolve("README.md");
    Files.writeString(readme, "# Asked\n\n" + ReadmeBlock.BEGIN + "\nH2 is 9.99x faster.\n" + ReadmeBlock.END
        + "\n\nContext.\n");

    ReportWriter.write(new ReportWriter.Request(List.of(dev.ycsbdriver.testing.Resources.path("/report/results")),
        out, "Golden report", "h2", "workloada"));

    String text = Files.readString(readme);
    assertThat(text).doesNotContain("9.99x").startsWith("# Asked\n\n").endsWith("\n\nContext.\n");
    assertThat(ReadmeBlock.block(text)).isEqualTo(ReadmeBlock.render(JSON.readTree(out.resolve("report.json")
        .toFile())));
  }
}
