package dev.ycsbdriver.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ycsbdriver.result.ResultJson;
import dev.ycsbdriver.result.model.Warning;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.function.BiFunction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A report classifies warnings by their code, never by their wording: the published reports' runs, their warnings
 * given codes, keep every caveat and mark when every warning's text is rewritten.
 */
class WarningCodesTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Path REPORTS = Path.of("..", "reports");

  @TempDir
  Path dir;

  @Test
  void rewordingEveryWarningOfThePublishedRunsChangesNoCaveatAndNoMark() throws Exception {
    Set<ReportCaveats.Group> seen = EnumSet.noneOf(ReportCaveats.Group.class);
    int reports = 0;
    try (var list = Files.list(REPORTS)) {
      for (Path report : list.filter(r -> Files.isRegularFile(r.resolve("cells.tar.xz"))).sorted().toList()) {
        Path legacy = unpack(report, dir.resolve(report.getFileName() + "-legacy"));
        Path coded = copyWith(legacy, dir.resolve(report.getFileName() + "-coded"), (text, i) -> text);
        Path reworded = copyWith(legacy, dir.resolve(report.getFileName() + "-reworded"),
            (text, i) -> "warning " + i + ", reworded");
        ReportModel before = model(legacy);
        ReportModel withCodes = model(coded);
        ReportModel after = model(reworded);

        assertThat(ReportCaveats.caveats(withCodes)).as("%s: the codes the lines are given", report)
            .isEqualTo(ReportCaveats.caveats(before));
        assertThat(shape(after)).as("%s: every text reworded", report).isEqualTo(shape(withCodes));
        assertThat(marks(after)).as("%s: the marks of every cell", report).isEqualTo(marks(withCodes));
        ReportCaveats.caveats(after).forEach(c -> seen.add(c.group()));
        reports++;
      }
    }
    assertThat(reports).isGreaterThanOrEqualTo(5);
    // the published runs are no empty fixture: they carry warnings of most groups
    assertThat(seen).contains(ReportCaveats.Group.SATURATED, ReportCaveats.Group.CLIENT_BOUND,
        ReportCaveats.Group.SETTINGS, ReportCaveats.Group.EQUIVALENT, ReportCaveats.Group.NOT_DURABLE,
        ReportCaveats.Group.SHORT_RUN);
  }

  @Test
  void aCodeTheReaderDoesNotKnowIsAnOtherWarningAndALineOfAnOlderResultIsReadByItsPhrases() throws Exception {
    Warning unknown = JSON.readValue("{\"code\":\"from-a-newer-version\",\"text\":\"x\"}", Warning.class);
    assertThat(unknown).isEqualTo(Warning.other("x"));
    assertThat(JSON.readValue("\"self-check failed: Little's law: ...\"", Warning.class).code())
        .isEqualTo(Warning.Code.SELF_CHECK_FAILED);
    assertThat(JSON.readValue("\"postgres: fsync is off on the server: no commit survives a power loss\"",
        Warning.class).code()).isEqualTo(Warning.Code.NOT_DURABLE);
    assertThat(JSON.writeValueAsString(new Warning(Warning.Code.SETTING_NOT_APPLIED, "t")))
        .isEqualTo("{\"code\":\"setting-not-applied\",\"text\":\"t\"}");
  }

  private static Path unpack(Path report, Path to) throws Exception {
    Files.createDirectories(to);
    Process tar = new ProcessBuilder("tar", "-xJf", report.resolve("cells.tar.xz").toAbsolutePath().toString(), "-C",
        to.toString()).redirectErrorStream(true).start();
    String out = new String(tar.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(tar.waitFor()).as("tar: %s", out).isZero();
    return to;
  }

  /**
   * Copies every result under {@code from}, its bare-line warnings turned into coded ones (the code the line's
   * phrases give), each text replaced by {@code text.apply(line, index)}, as schema version 3.
   */
  private static Path copyWith(Path from, Path to, BiFunction<String, Integer, String> text) throws Exception {
    List<Path> files;
    try (var walk = Files.walk(from)) {
      files = walk.filter(p -> p.getFileName().toString().equals("result.json")).sorted().toList();
    }
    int index = 0;
    for (Path f : files) {
      ObjectNode n = (ObjectNode) JSON.readTree(f.toFile());
      ArrayNode coded = JSON.createArrayNode();
      for (JsonNode w : n.path("warnings")) {
        assertThat(w.isTextual()).as("%s: a published result's warnings are bare lines", f).isTrue();
        coded.addObject().put("code", Warning.ofLine(w.asText()).code().id())
            .put("text", text.apply(w.asText(), index++));
      }
      n.set("warnings", coded);
      n.put("schemaVersion", ResultJson.SCHEMA_VERSION);
      Path copy = to.resolve(from.relativize(f));
      Files.createDirectories(copy.getParent());
      JSON.writeValue(copy.toFile(), n);
    }
    return to;
  }

  private static ReportModel model(Path cells) throws Exception {
    return ReportModel.build(ResultReader.read(List.of(cells)), "warnings", null, List.of(), null);
  }

  /** @return each caveat's group, run counts and cells: all but the quoted examples of its sentence */
  private static List<String> shape(ReportModel model) {
    return ReportCaveats.caveats(model).stream().map(c -> c.group() + " " + c.runs() + "/" + c.totalRuns() + " "
        + c.cells()).toList();
  }

  private static List<String> marks(ReportModel model) {
    List<String> out = new ArrayList<>();
    model.cells().forEach(c -> out.add(ReportCaveats.label(c) + " " + ReportCaveats.marks(c)));
    return out;
  }
}
