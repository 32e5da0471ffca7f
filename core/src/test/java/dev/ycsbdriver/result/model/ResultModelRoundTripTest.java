package dev.ycsbdriver.result.model;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ycsbdriver.report.ResultReader;
import dev.ycsbdriver.report.RunResult;
import dev.ycsbdriver.result.ResultJson;
import dev.ycsbdriver.result.RunChecks;
import dev.ycsbdriver.result.merge.ResultMerger;
import dev.ycsbdriver.testing.CliRun;
import dev.ycsbdriver.testing.Resources;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Warnings, checks, errors, outages and the time series travel from a run through write, read, merge and report. */
class ResultModelRoundTripTest {
  private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  @TempDir
  Path results;

  private Path run(int index) throws Exception {
    CliRun run = CliRun.of("run", "-db", "dev.ycsbdriver.testing.FlakyDb", "-P",
        Resources.path("/golden/workloads/workloada").toString(), "-threads", "2", "-target", "2000",
        "-p", "operationcount=1500", "-p", "client.index=" + index, "-p", "client.count=2",
        "-p", "result.dir=" + results.resolve("c" + index));
    assertThat(run.resultFile()).as(run.toString()).isRegularFile();
    return run.resultFile();
  }

  /** Adds an error kind, an outage and a warning to a client's result, as a binding and the runner would. */
  private static void addErrors(Path file, int index) throws Exception {
    ObjectNode n = (ObjectNode) JSON.readTree(file.toFile());
    n.withArray("/errors").addObject().put("binding", "flaky").put("operation", "UPDATE").put("cause", "timeout")
        .put("firstMessage", "timed out " + index).put("firstTime", n.get("startTime").asText()).put("count", 3);
    n.withArray("/connectionOutages").addObject().put("lostTime", n.get("startTime").asText())
        .putNull("restoredTime").putNull("durationMillis").put("threads", 1).put("cause", "reset " + index);
    n.withArray("/warnings").addObject().put("code", "saturated").put("text", "client warning " + index);
    JSON.writeValue(file.toFile(), n);
  }

  @Test
  void aResultReadAndWrittenAgainIsTheSameFile() throws Exception {
    Path file = run(0);
    String written = Files.readString(file);
    ResultDocument read = ResultJson.readDocument(file);
    Path again = results.resolve("again.json");
    ResultJson.write(read, again);
    assertThat(Files.readString(again)).isEqualTo(written);
    assertThat(read.sections().checks()).isNotEmpty();
    assertThat(read.sections().timeSeries()).isNotEmpty();
    assertThat(read.sections().operations()).extracting(OperationFigures::name).contains("READ", "UPDATE");
  }

  @Test
  void warningsChecksErrorsAndTimeSeriesArriveThroughWriteReadMergeAndReport() throws Exception {
    Path a = run(0);
    Path b = run(1);
    addErrors(a, 0);
    addErrors(b, 1);
    RunResult single = ResultReader.read(List.of(a)).runs().get(0);
    assertThat(single.warnings()).contains(new Warning(Warning.Code.SATURATED, "client warning 0"));
    assertThat(single.timeSeries()).isNotEmpty();

    Path mergedDir = results.resolve("merged");
    ResultMerger.merge(List.of(a.getParent(), b.getParent()), mergedDir);
    ResultDocument merged = ResultJson.readDocument(mergedDir.resolve("result.json"));
    // a client's warning keeps its code in the merged result
    assertThat(merged.sections().warnings()).filteredOn(w -> w.code() == Warning.Code.SATURATED)
        .extracting(Warning::text).anySatisfy(w -> assertThat(w).endsWith(": client warning 0"))
        .anySatisfy(w -> assertThat(w).endsWith(": client warning 1"));
    assertThat(merged.sections().checks()).isNotEmpty();
    assertThat(merged.figures().errors()).singleElement().satisfies(k -> {
      assertThat(k.count()).isEqualTo(6);
      assertThat(k.firstMessage()).isEqualTo("timed out 0");
    });
    assertThat(merged.figures().connectionOutages()).extracting(RunFigures.Outage::cause)
        .containsExactlyInAnyOrder("reset 0", "reset 1");
    assertThat(merged.merged().clients()).isEqualTo(2);

    RunResult reported = ResultReader.read(List.of(mergedDir)).runs().get(0);
    assertThat(reported.warnings()).anySatisfy(w -> assertThat(w.text()).endsWith(": client warning 1"));
  }

  @Test
  void everySchemaVersionOfTheFixturesReads() throws Exception {
    for (String dir : new String[] {"20261123-074326-run-h2-workloada-t4-durable", "20261123-081000-crashtest-h2-durable"}) {
      Path file = Resources.path("/report/results/" + dir + "/result.json");
      JsonNode tree = JSON.readTree(file.toFile());
      ResultDocument doc = ResultJson.readDocument(file);
      assertThat(doc.identity().schemaVersion()).isEqualTo(tree.get("schemaVersion").asInt());
      assertThat(doc.identity().binding()).isEqualTo("h2");
      assertThat(doc.figures().startTime()).isEqualTo(tree.get("startTime").asText());
    }
  }

  @Test
  void everyPublishedResultKeepsEveryFieldThroughTheModel() throws Exception {
    List<Path> files = publishedResults(results.resolve("published"));
    assertThat(files).as("result.json files under reports/ and in its cells.tar.xz archives").hasSizeGreaterThan(100);
    List<String> changed = new java.util.ArrayList<>();
    for (Path f : files) {
      JsonNode before = withoutNulls(codedWarnings(JSON.readTree(f.toFile())));
      JsonNode after = withoutNulls(ResultJson.tree(ResultJson.readDocument(f)));
      // older writers put fields in another order and whole microseconds as integers: the values must agree
      if (!before.equals(ResultModelRoundTripTest::sameValue, after)) {
        changed.add(f.toString());
      }
    }
    assertThat(changed).isEmpty();
  }

  @Test
  void everyPublishedCrashResultKeepsEveryFieldThroughTheCrashModel() throws Exception {
    List<String> changed = new java.util.ArrayList<>();
    int crashResults = 0;
    for (Path f : publishedResults(results.resolve("published-crash"))) {
      JsonNode before = codedWarnings(JSON.readTree(f.toFile()));
      if (!"crashtest".equals(before.path("phase").asText())) {
        continue;
      }
      crashResults++;
      JsonNode document = withoutNulls(JSON.valueToTree(JSON.treeToValue(before, CrashResultDocument.class)));
      JsonNode crash = withoutNulls(JSON.valueToTree(ResultJson.readDocument(f).crash()));
      // the crash test's writer and the report's reader keep every value of the file
      if (!withoutNulls(before).equals(ResultModelRoundTripTest::sameValue, document)) {
        changed.add(f + " (crash result document)");
      }
      if (!withoutNulls(before.get("crash")).equals(ResultModelRoundTripTest::sameValue, crash)) {
        changed.add(f + " (crash section of the result document)");
      }
    }
    assertThat(crashResults).as("crash results under reports/ and in its cells.tar.xz archives")
        .isGreaterThanOrEqualTo(4);
    assertThat(changed).isEmpty();
  }

  @Test
  void everyPublishedRunObeysLittlesLaw() throws Exception {
    List<Path> files = publishedResults(results.resolve("published-little"));
    assertThat(files).hasSizeGreaterThan(100);
    List<String> broken = new java.util.ArrayList<>();
    int checked = 0;
    for (Path f : files) {
      for (RunChecks.Check c : RunChecks.ofDocument(ResultJson.readDocument(f))) {
        if (c.name().equals(RunChecks.LITTLE)) {
          checked += c.verdict() == RunChecks.Verdict.NOT_APPLICABLE ? 0 : 1;
          if (c.verdict() == RunChecks.Verdict.FAILED) {
            broken.add(f + ": " + c.detail());
          }
        }
      }
    }
    assertThat(checked).as("closed-loop runs checked").isGreaterThan(100);
    assertThat(broken).as("published runs that break Little's law").isEmpty();
  }

  /**
   * @return every result.json under reports/, loose or in a report's {@code cells.tar.xz} (unpacked with the
   *     system's tar into {@code into})
   */
  static List<Path> publishedResults(Path into) throws Exception {
    List<Path> roots = new java.util.ArrayList<>(List.of(Path.of("..", "reports")));
    try (var reports = Files.list(Path.of("..", "reports"))) {
      for (Path archive : reports.map(r -> r.resolve("cells.tar.xz")).filter(Files::isRegularFile).sorted().toList()) {
        Path to = Files.createDirectories(into.resolve(archive.getParent().getFileName().toString()));
        Process tar = new ProcessBuilder("tar", "-xJf", archive.toAbsolutePath().toString(), "-C", to.toString())
            .redirectErrorStream(true).start();
        String out = new String(tar.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertThat(tar.waitFor()).as("tar -xJf %s: %s", archive, out).isZero();
        roots.add(to);
      }
    }
    List<Path> files = new java.util.ArrayList<>();
    for (Path root : roots) {
      try (var walk = Files.walk(root)) {
        walk.filter(p -> p.getFileName().toString().equals("result.json")).sorted().forEach(files::add);
      }
    }
    return files;
  }

  private static int sameValue(JsonNode a, JsonNode b) {
    if (a.isNumber() && b.isNumber()) {
      return Double.compare(a.doubleValue(), b.doubleValue());
    }
    return a.equals(b) ? 0 : 1;
  }

  /** @return a copy of {@code node} without the fields whose value is null: absent and null read alike */
  private static JsonNode withoutNulls(JsonNode node) {
    JsonNode copy = node.deepCopy();
    strip(copy);
    return copy;
  }

  /**
   * @return the result with each bare-line warning (schema versions 1 and 2) as the model writes it: an object with
   *     the code its phrases give ({@link Warning#ofLine}) and the line as its text
   */
  private static JsonNode codedWarnings(JsonNode result) {
    ObjectNode copy = result.deepCopy();
    com.fasterxml.jackson.databind.node.ArrayNode coded = copy.putArray("warnings");
    for (JsonNode w : result.path("warnings")) {
      coded.add(w.isTextual() ? JSON.valueToTree(Warning.ofLine(w.asText())) : w);
    }
    return copy;
  }

  private static void strip(JsonNode node) {
    if (node.isObject()) {
      ((ObjectNode) node).properties().removeIf(e -> e.getValue().isNull());
    }
    node.forEach(ResultModelRoundTripTest::strip);
  }
}
