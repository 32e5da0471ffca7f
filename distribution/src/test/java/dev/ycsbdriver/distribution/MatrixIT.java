package dev.ycsbdriver.distribution;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.ycsbdriver.testing.BrowserCheck;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * {@code bin/ycsb matrix} from the assembled distribution: killed midway (SIGKILL, no chance to clean
 * up) and run again, it completes only the missing cells; its HTML report renders in headless Chromium
 * without console errors or broken images; the shipped PostgreSQL/MySQL matrix, shortened, runs
 * against the local servers and its report has every figure per workload, profile and store; the shipped
 * one-in-a-million matrix, scaled down to the embedded stores, ranks them by their best runs' mean READ latency.
 */
class MatrixIT {
  private static final Path TREE = Path.of(System.getProperty("distribution.dir")).toAbsolutePath();
  private static final Path WORK = TREE.getParent().resolve("matrix-it");
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Set<String> EMBEDDED = Set.of("memory", "h2", "sqlite");

  @Test
  void killedMidwayAndRunAgainCompletesOnlyTheMissingCellsAndTheReportRendersInABrowser() throws Exception {
    Path out = WORK.resolve("embedded-kill");
    deleteTree(out);
    Path file = write("kill.yaml", """
        name: kill
        output: %s
        recordcount: 2000
        duration: 2s
        warmup: 1s
        threads: [4]
        workloads: [workloada, workloadd]
        loadThreads: 4
        baseline: h2
        stores:
          - binding: h2
            profiles: [durable, fast]
            properties: {h2.dir: "${output}/data/h2"}
          - binding: memory
            profiles: []
        """.formatted(out));
    // its stderr beside the output, not in it: the matrix refuses an output directory holding files of others
    Path firstErr = WORK.resolve("embedded-kill-first.err");
    Process matrix = start(Map.of(), firstErr, "matrix", file.toString());
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(180);
    while (okCells(out).size() < 2) {
      if (!matrix.isAlive()) {
        assertThat(matrix.isAlive()).as("the matrix ended before 2 cells were done: " + Files.readString(firstErr))
            .isTrue();
      }
      assertThat(System.nanoTime() - deadline).as("2 cells within 180 s").isNegative();
      Thread.sleep(200);
    }
    long pid = matrix.pid();
    matrix.destroyForcibly();
    assertThat(matrix.waitFor(30, TimeUnit.SECONDS)).isTrue();
    List<Path> doneBefore = okCells(out);
    assertThat(doneBefore).hasSizeBetween(2, 5);
    Map<Path, FileTime> times = new HashMap<>();
    for (Path p : doneBefore) {
      times.put(p, Files.getLastModifiedTime(p));
    }
    // run again at once, as a user would: the cell that was running notices that its matrix is gone and
    // stops by itself, and the new matrix waits for it before it touches the store
    Outcome second = run(Map.of(), "matrix", file.toString());
    assertThat(second.exitCode()).as(second.stderr()).isZero();
    assertThat(children(pid)).as("cells left by the killed matrix").isZero();
    assertThat(second.stderr()).contains("6 of 6 cells done (" + doneBefore.size() + " from an earlier run), 0 failed");
    for (int i = 1; i <= doneBefore.size(); i++) {
      assertThat(second.stderr()).doesNotContain("[matrix] cell " + i + "/6 ");
    }
    for (Map.Entry<Path, FileTime> e : times.entrySet()) {
      assertThat(Files.getLastModifiedTime(e.getKey())).as(e.getKey().toString()).isEqualTo(e.getValue());
    }
    assertThat(okCells(out)).hasSize(6);
    // h2's store is named by its product; memory's product (ycsb-driver memory store) is not one word
    assertThat(out.resolve("report.md")).content().contains("| H2 |", "| memory |", "WRITE_DELAY=0", "WRITE_DELAY=500");

    BrowserCheck.Result page = BrowserCheck.check(out.resolve("report.html"), Duration.ofSeconds(90));
    assertThat(page.consoleErrors()).isEmpty();
    assertThat(page.brokenImages()).isEmpty();
    assertThat(page.images()).isGreaterThanOrEqualTo(4);
    assertThat(page.title()).isEqualTo("ycsb-driver matrix: kill");
  }

  @Test
  void postgresAndMysqlMatrixReportsEveryFigurePerWorkloadProfileAndStore() throws Exception {
    Path out = WORK.resolve("postgres-mysql");
    deleteTree(out);
    String shipped = Files.readString(TREE.resolve("conf/matrices/postgres-mysql-durable-vs-fast.yaml"));
    // the shipped matrix, shortened so that CI stays short: same stores, profiles and workloads, one repeat, and 8
    // threads instead of 64 (on a 2-core machine the CPU sampler takes up to half a minute to read 64 server
    // backends when it starts, in every cell)
    assertThat(shipped).containsPattern("(?m)^repeats: 3\\b");
    assertThat(shipped).contains("threads: [64]");
    String shortened = shipped.replaceFirst("(?m)^output: .*$", "output: " + out)
        .replaceFirst("(?m)^repeats: .*$", "repeats: 1")
        .replaceFirst("(?m)^recordcount: .*$", "recordcount: 5000")
        .replaceFirst("(?m)^duration: .*$", "duration: 2s")
        .replaceFirst("(?m)^warmup: .*$", "warmup: 1s")
        .replaceFirst("(?m)^threads: \\[64]", "threads: [8]");
    assertThat(shortened).contains("threads: [8]", "profiles: [durable, fast]");
    Path file = write("postgres-mysql.yaml", shortened);
    Outcome outcome = run(Map.of("YCSB_POSTGRES_PASSWORD", "ycsb_pw_secret", "YCSB_MYSQL_PASSWORD", "ycsb_pw_secret"),
        "matrix", file.toString());
    assertThat(outcome.exitCode()).as(outcome.stderr()).isZero();
    assertThat(outcome.stderr()).contains("24 of 24 cells done").doesNotContain("ycsb_pw_secret");
    try (Stream<Path> files = Files.walk(out)) {
      for (Path f : files.filter(Files::isRegularFile).toList()) {
        assertThat(Files.readString(f, StandardCharsets.ISO_8859_1)).as(f.toString()).doesNotContain("ycsb_pw_secret");
      }
    }
    JsonNode report = JSON.readTree(out.resolve("report.json").toFile());
    int cells = 0;
    for (JsonNode c : report.get("cells")) {
      cells++;
      String what = c.get("store").asText() + " " + c.get("profile").asText() + " " + c.get("workload").asText();
      assertThat(c.get("repeats").asInt()).as(what).isEqualTo(1);
      assertThat(c.at("/throughputOpsPerSec/median").asDouble()).as(what).isPositive();
      assertThat(c.get("meanLatencyMicros").size()).as(what).isPositive();
      assertThat(c.get("p99LatencyMicros").size()).as(what).isPositive();
      assertThat(c.at("/serverCpuAvgPercent/median").asDouble()).as(what + " server CPU").isPositive();
      assertThat(c.at("/opsPerServerCpuPercent/median").asDouble()).as(what).isPositive();
      assertThat(c.at("/driverCpuAvgPercent/median").asDouble()).as(what).isPositive();
      String expected = c.get("store").asText().equals("postgres")
          ? (c.get("profile").asText().equals("durable") ? "on" : "off")
          : (c.get("profile").asText().equals("durable") ? "1" : "0");
      String key = c.get("store").asText().equals("postgres") ? "synchronous_commit" : "innodb_flush_log_at_trx_commit";
      assertThat(c.at("/serverSettings/" + key).asText()).as(what).isEqualTo(expected);
    }
    assertThat(cells).isEqualTo(24);
    String md = Files.readString(out.resolve("report.md"));
    assertThat(md).contains("## Profile: durable", "## Profile: fast",
        "### Throughput relative to PostgreSQL (x), 8 threads", "| PostgreSQL |", "synchronous_commit=on",
        "synchronous_commit=off").containsPattern("\\| (MariaDB|MySQL) \\|").doesNotContain("| mysql |");
    for (String w : List.of("workloada", "workloadb", "workloadc", "workloadd", "workloade", "workloadf")) {
      assertThat(md).contains(w + " (ops/s)", w + " (ops/CPU%)");
    }
  }

  /**
   * The shipped one-in-a-million matrix (seed 001's GET latency test), scaled down to 2,000 records and 2,000 reads
   * a run and to the embedded stores: each store is loaded once for its three runs, and the report ranks the stores
   * by the mean READ latency of each one's best run, lowest first, the best run being the one with the lowest mean
   * READ latency of the three result files.
   */
  @Test
  void oneInAMillionScaledDownRanksTheEmbeddedStoresByTheirBestRunsMeanReadLatency() throws Exception {
    Path out = WORK.resolve("one-in-a-million");
    deleteTree(out);
    YAMLMapper yaml = new YAMLMapper();
    ObjectNode matrix = (ObjectNode) yaml.readTree(TREE.resolve("conf/matrices/one-in-a-million.yaml").toFile());
    // the shipped settings this test relies on: the test changes only the scale, the output and the stores
    assertThat(matrix.get("repeats").asInt()).isEqualTo(3);
    assertThat(matrix.get("aggregate").asText()).isEqualTo("best");
    assertThat(matrix.get("rank").asText()).isEqualTo("read-latency-mean");
    assertThat(matrix.get("threads").toString()).isEqualTo("[1]");
    matrix.put("output", out.toString());
    matrix.put("recordcount", 2000);
    matrix.put("operationcount", 2000);
    matrix.put("warmup", "1s");
    ArrayNode stores = matrix.putArray("stores");
    for (JsonNode s : yaml.readTree(TREE.resolve("conf/matrices/one-in-a-million.yaml").toFile()).get("stores")) {
      if (EMBEDDED.contains(s.get("binding").asText())) {
        stores.add(s);
      }
    }
    assertThat(stores).hasSize(3);
    // the seed's reference names its sets of stores (inProcess, outOfProcess), which include stores left out here
    matrix.remove("reference");
    Path file = write("one-in-a-million-small.yaml", yaml.writeValueAsString(matrix));

    long started = System.nanoTime();
    Outcome outcome = run(Map.of(), "matrix", file.toString());
    long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - started);
    assertThat(outcome.exitCode()).as(outcome.stderr()).isZero();
    assertThat(outcome.stderr()).contains("9 of 9 cells done (0 from an earlier run), 0 failed");
    // loaded once per store, not once per repeat
    assertThat(outcome.stderr().lines().filter(l -> l.startsWith("[matrix] loading "))).hasSize(3);
    System.out.println("one-in-a-million, scaled down: 9 cells in " + seconds + " s");

    JsonNode report = JSON.readTree(out.resolve("report.json").toFile());
    assertThat(report.get("aggregate").asText()).isEqualTo("best");
    assertThat(report.get("ranking")).hasSize(1);
    JsonNode ranking = report.at("/ranking/0");
    assertThat(ranking.get("figure").asText()).isEqualTo("read-latency-mean");
    assertThat(ranking.get("workload").asText()).isEqualTo("one-in-a-million");
    assertThat(ranking.get("threads").asInt()).isEqualTo(1);
    List<String> order = new ArrayList<>();
    double previous = 0;
    int place = 0;
    for (JsonNode e : ranking.get("entries")) {
      place++;
      String store = e.get("store").asText();
      order.add(store);
      double best = e.at("/figure/value").asDouble();
      // latencies are whole microseconds, as YCSB's: the memory store's reads, once compiled, take under one, so
      // its mean can be 0
      assertThat(best).as(store + " ranked in order").isGreaterThanOrEqualTo(previous).isNotNegative();
      assertThat(e.get("rank").asInt()).as(store).isLessThanOrEqualTo(place);
      assertThat(e.get("runs").asInt()).as(store).isEqualTo(3);
      // the best run is the lowest mean READ latency of the store's three result files
      List<Double> means = readMeans(out.resolve("cells").resolve(store));
      assertThat(means).as(store).hasSize(3);
      assertThat(best).as(store + " best of " + means).isEqualTo(means.stream().min(Double::compare).get());
      assertThat(e.at("/figure/median").asDouble()).as(store).isEqualTo(means.stream().sorted().toList().get(1));
      previous = best;
    }
    assertThat(order).containsExactlyInAnyOrder("memory", "h2", "sqlite");

    String md = Files.readString(out.resolve("report.md"), StandardCharsets.UTF_8);
    assertThat(md).contains("## Ranking", "### Ranking by mean READ latency (lower is better), one-in-a-million, 1 thread",
        "| rank | store | profile | mean READ latency, best run (µs) | median (µs) | runs |",
        "Repeats: best of repeats.", "Every cell had 3 runs");
    // three runs of a few seconds each: the lead may or may not be outside their noise, and the sentence says which
    String ranked = "by mean READ latency (lower is better, best run of 3 runs each), one-in-a-million at 1 thread: "
        + report.path("storeNames").path(order.get(0)).asText() + ", "; // the page names stores as storeNames does
    assertThat(md).containsAnyOf("- First " + ranked, "- No store is first outside the noise " + ranked);
    int at = -1;
    for (String store : order) {
      int row = md.indexOf("| " + report.path("storeNames").path(store).asText() + " | default |",
          md.indexOf("## Ranking"));
      assertThat(row).as(store + " after the one ranked above it").isGreaterThan(at);
      at = row;
    }
    assertThat(out.resolve("report-ranking.csv")).content().startsWith("figure,unit,higher_is_better,");
  }

  /** @return the mean READ latency of each run result under the store's cells, in microseconds */
  private static List<Double> readMeans(Path storeCells) throws IOException {
    List<Double> out = new ArrayList<>();
    try (Stream<Path> files = Files.walk(storeCells)) {
      for (Path f : files.filter(p -> p.getFileName().toString().equals("result.json")).sorted().toList()) {
        JsonNode n = JSON.readTree(f.toFile());
        if (!"run".equals(n.path("phase").asText())) {
          continue;
        }
        for (JsonNode op : n.path("operations")) {
          if (op.path("name").asText().equals("READ")) {
            out.add(op.path("serviceTime").path("meanMicros").asDouble());
          }
        }
      }
    }
    return out;
  }

  private static List<Path> okCells(Path out) throws IOException {
    List<Path> ok = new ArrayList<>();
    if (!Files.isDirectory(out.resolve("cells"))) {
      return ok;
    }
    try (Stream<Path> files = Files.walk(out.resolve("cells"))) {
      for (Path f : files.filter(p -> p.getFileName().toString().equals("cell.json")).toList()) {
        try {
          if (JSON.readTree(f.toFile()).path("status").asText().equals("ok")) {
            ok.add(f);
          }
        } catch (IOException e) {
          // being written
        }
      }
    }
    return ok;
  }

  private static long children(long parentPid) {
    String mark = "-Dycsb.parent.pid=" + parentPid;
    // arguments() is empty when the command line passes 4096 bytes (the class path); commandLine() is cut
    // there but starts with the marker
    return ProcessHandle.allProcesses().filter(p -> p.info().commandLine().map(c -> c.contains(mark + " "))
        .orElse(false)).count();
  }

  private static Path write(String name, String text) throws IOException {
    Files.createDirectories(WORK);
    Path f = WORK.resolve(name);
    Files.writeString(f, text);
    return f;
  }

  private static Process start(Map<String, String> env, Path err, String... args) throws IOException {
    Files.createDirectories(err.getParent());
    List<String> command = new ArrayList<>();
    command.add(TREE.resolve("bin/ycsb").toString());
    command.addAll(List.of(args));
    ProcessBuilder pb = new ProcessBuilder(command).directory(TREE.getParent().toFile())
        .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(err.toFile());
    pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
    pb.environment().putAll(env);
    return pb.start();
  }

  private static Outcome run(Map<String, String> env, String... args) throws Exception {
    Path err = WORK.resolve("run-" + System.nanoTime() + ".err");
    Process p = start(env, err, args);
    if (!p.waitFor(600, TimeUnit.SECONDS)) {
      p.destroy();
      p.waitFor(60, TimeUnit.SECONDS);
      throw new AssertionError("bin/ycsb " + String.join(" ", args) + " did not end within 600 s: "
          + Files.readString(err));
    }
    return new Outcome(p.exitValue(), Files.readString(err, StandardCharsets.UTF_8));
  }

  private static void deleteTree(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> walk = Files.walk(dir)) {
      for (Path p : walk.sorted(java.util.Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    }
  }

  private record Outcome(int exitCode, String stderr) {
  }
}
