package dev.ycsbdriver.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ycsbdriver.config.ConfigException;
import dev.ycsbdriver.measure.StatusCounts;
import dev.ycsbdriver.result.ResultFiles;
import dev.ycsbdriver.result.ResultJson;
import dev.ycsbdriver.result.RunChecks;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * Reads result JSON files, never console text: each argument is a {@code result.json} or a directory
 * searched for them at any depth. Load phases are skipped; reports compare runs. Crash test results
 * ({@code phase: crashtest}) are read apart, as entries per store and profile, never as workload cells. A result
 * written without {@code checks} gets the warnings of the checks its figures allow ({@link RunChecks#ofJson}).
 *
 * <p>Stateless and thread-safe.
 */
public final class ResultReader {
  private static final ObjectMapper JSON = new ObjectMapper();

  private ResultReader() {
  }

  /**
   * What the inputs held.
   *
   * @param runs the run results, in path order; never empty
   * @param crashes the crash test results, in path order; may be empty
   */
  public record Results(List<RunResult> runs, List<CrashResult> crashes) {
    /** Copies the lists. */
    public Results {
      runs = List.copyOf(runs);
      crashes = List.copyOf(crashes);
    }
  }

  /**
   * @param inputs result files and directories
   * @return the run and crash test results
   * @throws ConfigException for a missing input, a file that is not a result JSON, an unknown schema
   *     version, or when no run result is found
   */
  public static Results read(List<Path> inputs) throws ConfigException {
    return read(inputs, warning -> { });
  }

  /**
   * Like {@link #read(List)}; a file given twice (by two paths, or in a directory and by itself) and a copy of a run
   * already read ({@link ResultJson#runIdentity}: same phase, binding, store, start and end time and host) are
   * read once, each with a warning.
   *
   * @param inputs result files and directories
   * @param warnings receives one line per result left out
   * @return the run and crash test results, each run once
   * @throws ConfigException as {@link #read(List)} does
   */
  public static Results read(List<Path> inputs, Consumer<String> warnings) throws ConfigException {
    List<Path> files = new ArrayList<>();
    for (Path input : inputs) {
      if (Files.isDirectory(input)) {
        try (Stream<Path> walk = Files.walk(input)) {
          walk.filter(p -> p.getFileName().toString().equals(ResultFiles.RESULT_FILE)).sorted().forEach(files::add);
        } catch (IOException e) {
          throw new ConfigException(input + ": cannot read: " + e.getMessage(), e);
        }
      } else if (Files.isRegularFile(input)) {
        files.add(input);
      } else {
        throw new ConfigException(input + ": no such file or directory");
      }
    }
    List<RunResult> out = new ArrayList<>();
    List<CrashResult> crashes = new ArrayList<>();
    Map<Path, Path> seenFiles = new HashMap<>();
    Map<String, Path> seenRuns = new HashMap<>();
    Map<Path, JsonNode> documents = new LinkedHashMap<>();
    List<Path> crashDirectories = new ArrayList<>();
    for (Path f : files) {
      Path first = seenFiles.putIfAbsent(ResultFiles.realPath(f), f);
      if (first != null) {
        warnings.accept(f + ": the same file as " + first + "; read once");
        continue;
      }
      JsonNode n = ResultJson.read(f);
      String identity = ResultJson.runIdentity(n);
      Path copyOf = identity == null ? null : seenRuns.putIfAbsent(identity, f);
      if (copyOf != null) {
        warnings.accept(f + ": a copy of the run of " + copyOf + " (" + ResultJson.runLabel(n) + "); counted once");
        continue;
      }
      documents.put(f, n);
      if (CrashResults.PHASE.equals(n.path("phase").asText())) {
        crashes.add(CrashResults.read(f, n));
        crashDirectories.add(f.toAbsolutePath().normalize().getParent());
      }
    }
    for (Map.Entry<Path, JsonNode> d : documents.entrySet()) {
      Path f = d.getKey();
      Path dir = f.toAbsolutePath().normalize().getParent();
      // a crash test's writers (round-<n>/.../result.json) ran into a crash: their figures are not a benchmark's
      if (crashDirectories.stream().anyMatch(c -> dir.startsWith(c) && !dir.equals(c))) {
        continue;
      }
      RunResult r = run(f, d.getValue());
      if (r != null) {
        out.add(r);
      }
    }
    if (out.isEmpty()) {
      throw new ConfigException("report: no run results in " + inputs + " (" + files.size()
          + " result files, all of load phases, crash tests or none); give result.json files or directories "
          + "holding them");
    }
    return new Results(out, crashes);
  }

  /** @return the run, or null for a load phase or a crash test */
  static RunResult readOne(Path file) throws ConfigException {
    return run(file, ResultJson.read(file));
  }

  private static RunResult run(Path file, JsonNode n) {
    if (!"run".equals(n.path("phase").asText())) {
      return null;
    }
    List<RunResult.OperationFigures> ops = new ArrayList<>();
    for (JsonNode op : n.path("operations")) {
      String name = op.path("name").asText();
      if (name.equals("CLEANUP") || op.path("operations").asLong() == 0) {
        continue;
      }
      long failures = 0;
      for (Iterator<Map.Entry<String, JsonNode>> it = op.path("statusCounts").fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> e = it.next();
        if (!StatusCounts.isOk(e.getKey())) {
          failures += e.getValue().asLong();
        }
      }
      JsonNode st = op.path("serviceTime");
      Map<Double, Double> points = new TreeMap<>();
      for (Map.Entry<Double, String> p : ResultJson.PERCENTILE_FIELDS.entrySet()) {
        Double v = number(st, p.getValue());
        if (v != null) {
          points.put(p.getKey(), v);
        }
      }
      Double max = number(st, "maxMicros");
      if (max != null) {
        points.put(100.0, max);
      }
      ops.add(new RunResult.OperationFigures(name, op.path("operations").asLong(), failures, number(st, "meanMicros"),
          number(st, "p95Micros"), number(st, "p99Micros"), number(st, "p999Micros"), points));
    }
    JsonNode cpu = n.path("cpu");
    Map<String, String> settings = settings(n);
    Map<String, Path> logs = new LinkedHashMap<>();
    n.path("histogramLogs").fields().forEachRemaining(e -> logs.put(e.getKey(),
        file.toAbsolutePath().getParent().resolve(e.getValue().asText())));
    List<String> warnings = new ArrayList<>();
    n.path("warnings").forEach(w -> warnings.add(w.asText()));
    if (!n.has("checks")) {
      // written before runs checked themselves: the checks its figures allow, once (a result with checks has
      // the failed ones among its warnings already)
      warnings.addAll(RunChecks.warnings(RunChecks.ofJson(n)));
    }
    String product = product(n);
    JsonNode m = n.path("machine");
    String machine = m.path("cpuModel").asText("?") + ", " + m.path("physicalCores").asText("?") + " cores / "
        + m.path("logicalCores").asText("?") + " threads, " + Math.round(m.path("memoryBytes").asDouble() / (1L << 30))
        + " GiB, " + m.path("os").asText("?") + ", Java " + m.path("javaVersion").asText("?");
    String store = storeName(n);
    String workload = n.hasNonNull("workloadName") ? n.get("workloadName").asText()
        : n.path("workload").asText().replaceFirst(".*\\.", "");
    return new RunResult(file, store, n.path("binding").asText(), text(n, "profile"), workload,
        n.path("threads").asInt(), n.path("outcome").path("status").asText("ok"),
        n.path("throughputOpsPerSec").asDouble(), okThroughput(n), ops, number(cpu.path("server"), "averagePercent"),
        number(cpu.path("server"), "peakPercent"), number(cpu.path("driver"), "averagePercent"),
        number(cpu.path("machine"), "averagePercent"), number(cpu, "opsPerServerCpuPercent"),
        text(cpu, "serverSource"), product, settings, machine, logs, warnings,
        text(n.path("config"), "durability.claim"), timeSeries(n));
  }

  /** @return the run's {@code timeSeries}, empty when the result has none */
  private static List<RunResult.TimePoint> timeSeries(JsonNode n) {
    List<RunResult.TimePoint> points = new ArrayList<>();
    for (JsonNode p : n.path("timeSeries")) {
      points.add(new RunResult.TimePoint(p.path("elapsedMillis").asLong(), p.path("intervalMillis").asLong(),
          p.path("opsPerSec").asDouble(), number(p, "serverCpuPercent"), number(p, "driverCpuPercent")));
    }
    return points;
  }

  /** @return {@code storeName}, else the binding */
  static String storeName(JsonNode n) {
    return n.hasNonNull("storeName") ? n.get("storeName").asText() : n.path("binding").asText();
  }

  /** @return the server's product and version, or null */
  static String product(JsonNode n) {
    JsonNode server = n.path("server");
    String product = (server.path("product").asText("") + " " + server.path("version").asText("")).trim();
    return product.isEmpty() ? null : product;
  }

  /** @return the server's effective settings, in the result's order */
  static Map<String, String> settings(JsonNode n) {
    Map<String, String> settings = new LinkedHashMap<>();
    n.path("server").path("settings").fields().forEachRemaining(e -> settings.put(e.getKey(), e.getValue().asText()));
    return settings;
  }

  /**
   * The result's {@code throughputOkOpsPerSec}; in results written before it existed, throughput times
   * the share of OK calls in the status counts, as {@code RunReport.okOperations} defines it.
   */
  private static double okThroughput(JsonNode n) {
    if (n.hasNonNull("throughputOkOpsPerSec")) {
      return n.get("throughputOkOpsPerSec").asDouble();
    }
    long calls = 0;
    long ok = 0;
    for (JsonNode op : n.path("operations")) {
      if (op.path("name").asText().equals("CLEANUP")) {
        continue;
      }
      for (Iterator<Map.Entry<String, JsonNode>> it = op.path("statusCounts").fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> e = it.next();
        calls += e.getValue().asLong();
        ok += StatusCounts.isOk(e.getKey()) ? e.getValue().asLong() : 0;
      }
    }
    double throughput = n.path("throughputOpsPerSec").asDouble();
    return calls == 0 ? throughput : throughput * ok / calls;
  }

  static Double number(JsonNode n, String field) {
    JsonNode v = n.get(field);
    return v == null || !v.isNumber() ? null : v.asDouble();
  }

  static String text(JsonNode n, String field) {
    JsonNode v = n.get(field);
    return v == null || v.isNull() || v.asText().isEmpty() ? null : v.asText();
  }
}
