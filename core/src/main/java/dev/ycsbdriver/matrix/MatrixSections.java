package dev.ycsbdriver.matrix;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ycsbdriver.config.ConfigException;
import dev.ycsbdriver.config.RunConfig;
import dev.ycsbdriver.report.RankFigure;
import dev.ycsbdriver.report.ReferenceFigures;
import dev.ycsbdriver.report.RepeatAggregate;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * Reads a matrix file's optional sections: {@code crashtest} (the crash test cell of each store and profile),
 * {@code reference} (another party's published figures), and the report's {@code aggregate} and {@code rank}. Errors name the file, line and key, as
 * {@link MatrixFile}'s do. Stateless and thread-safe.
 */
public final class MatrixSections {
  private static final Set<String> CRASHTEST_KEYS = Set.of("rounds", "after", "threads", "properties", "timeout");
  private static final Set<String> REFERENCE_KEYS = Set.of("source", "machine", "note", "figures", "statements",
      "outOfProcessOverInProcess", "inProcess", "outOfProcess");
  private static final Set<String> FIGURE_KEYS = Set.of("store", "profile", "workload", "threads", "throughput",
      "meanLatencyMillis", "meanLatencyMicros", "operation", "operations");

  private MatrixSections() {
  }

  static MatrixSpec.Crashtest crashtest(LocatedYaml yaml, String pointer, UnaryOperator<String> env)
      throws ConfigException {
    JsonNode n = yaml.root().at(pointer);
    if (!n.isObject()) {
      throw yaml.error(pointer, "must be a mapping with rounds, after, threads, properties or timeout");
    }
    yaml.checkKeys(pointer, CRASHTEST_KEYS);
    Integer rounds = n.has("rounds") ? (int) MatrixValues.integer(yaml, pointer + "/rounds", null, 1, 1000) : null;
    Duration afterMin = null;
    Duration afterMax = null;
    if (n.has("after")) {
      List<String> after = MatrixValues.list(yaml, pointer + "/after", true);
      if (after.size() > 2) {
        throw yaml.error(pointer + "/after", "must be [min, max] or one duration, got " + after.size() + " values");
      }
      afterMin = MatrixValues.duration(yaml, after.get(0), null, Duration.ZERO);
      afterMax = MatrixValues.duration(yaml, after.get(after.size() - 1), null, Duration.ZERO);
      if (afterMax.compareTo(afterMin) < 0) {
        throw yaml.error(pointer + "/after", "max must be at least min, got [" + n.get("after").get(0).asText()
            + ", " + n.get("after").get(1).asText() + "]");
      }
    }
    Integer threads = n.has("threads") ? (int) MatrixValues.integer(yaml, pointer + "/threads", null,
        RunConfig.THREADS.minLong(), RunConfig.THREADS.maxLong()) : null;
    Map<String, String> properties = MatrixValues.properties(yaml, pointer + "/properties", env);
    Duration longest = afterMax == null ? Duration.ofMinutes(1) : afterMax;
    Duration fallback = longest.plusMinutes(5).multipliedBy(rounds == null ? 3 : rounds).plusMinutes(5);
    Duration timeout = MatrixValues.duration(yaml, pointer + "/timeout", fallback, Duration.ofSeconds(1));
    return new MatrixSpec.Crashtest(rounds, afterMin, afterMax, threads, properties, timeout);
  }

  static ReferenceFigures reference(LocatedYaml yaml, String pointer, Collection<String> stores) throws ConfigException {
    JsonNode n = yaml.root().at(pointer);
    if (!n.isObject()) {
      throw yaml.error(pointer, "must be a mapping with source, and optionally machine, note and figures");
    }
    yaml.checkKeys(pointer, REFERENCE_KEYS);
    String source = MatrixValues.text(yaml, pointer + "/source", null);
    String machine = n.hasNonNull("machine") ? MatrixValues.text(yaml, pointer + "/machine", null) : null;
    String note = n.hasNonNull("note") ? MatrixValues.text(yaml, pointer + "/note", null) : null;
    List<ReferenceFigures.Figure> figures = new ArrayList<>();
    JsonNode given = n.get("figures");
    if (given != null && !given.isNull() && !(given.isArray() && given.isEmpty())) {
      for (String p : MatrixValues.list(yaml, pointer + "/figures", false)) {
        figures.add(figure(yaml, p, stores));
      }
    }
    List<String> statements = new ArrayList<>();
    if (n.hasNonNull("statements") && !(n.get("statements").isArray() && n.get("statements").isEmpty())) {
      for (String p : MatrixValues.list(yaml, pointer + "/statements", false)) {
        statements.add(MatrixValues.text(yaml, p, null));
      }
    }
    Double ratio = n.has("outOfProcessOverInProcess") ? positive(yaml, pointer + "/outOfProcessOverInProcess",
        "their out-of-process mean latency over their in-process one (x)") : null;
    List<String> inProcess = storeList(yaml, pointer + "/inProcess", stores);
    List<String> outOfProcess = storeList(yaml, pointer + "/outOfProcess", stores);
    return new ReferenceFigures(source, machine, note, figures, statements, ratio, inProcess, outOfProcess);
  }

  /** @return the stores listed at the pointer, each one of {@code stores} (when known); empty when absent */
  private static List<String> storeList(LocatedYaml yaml, String pointer, Collection<String> stores)
      throws ConfigException {
    List<String> out = new ArrayList<>();
    JsonNode n = yaml.root().at(pointer);
    if (n.isMissingNode() || n.isNull()) {
      return out;
    }
    for (String p : MatrixValues.list(yaml, pointer, false)) {
      String store = MatrixValues.name(yaml, p, null);
      if (!stores.isEmpty() && !stores.contains(store)) {
        throw yaml.error(p, "must name one of the stores (" + String.join(", ", stores) + "), got " + store);
      }
      out.add(store);
    }
    return out;
  }

  /** @return the number at the pointer, which must be above 0 */
  private static double positive(LocatedYaml yaml, String pointer, String what) throws ConfigException {
    JsonNode v = yaml.root().at(pointer);
    if (!v.isNumber() || v.asDouble() <= 0) {
      throw yaml.error(pointer, "must be " + what + ", a number above 0, got "
          + (v.isMissingNode() ? "none" : "'" + v.asText() + "'"));
    }
    return v.asDouble();
  }

  private static ReferenceFigures.Figure figure(LocatedYaml yaml, String p, Collection<String> stores)
      throws ConfigException {
    JsonNode f = yaml.root().at(p);
    if (!f.isObject()) {
      throw yaml.error(p, "must be a mapping such as {store: postgres, profile: durable, workload: workloada, "
          + "throughput: 1234}");
    }
    yaml.checkKeys(p, FIGURE_KEYS);
    String store = MatrixValues.name(yaml, p + "/store", null);
    if (!stores.isEmpty() && !stores.contains(store)) {
      throw yaml.error(p + "/store", "must name one of the stores (" + String.join(", ", stores) + "), got " + store);
    }
    String profile = f.hasNonNull("profile") ? MatrixValues.name(yaml, p + "/profile", null) : null;
    String workload = MatrixValues.name(yaml, p + "/workload", null);
    Integer threads = f.has("threads") ? (int) MatrixValues.integer(yaml, p + "/threads", null,
        RunConfig.THREADS.minLong(), RunConfig.THREADS.maxLong()) : null;
    if (f.has("meanLatencyMillis") && f.has("meanLatencyMicros")) {
      throw yaml.error(p + "/meanLatencyMicros", "must be left out when meanLatencyMillis is given, got both");
    }
    Double latency = null;
    if (f.has("meanLatencyMillis")) {
      latency = positive(yaml, p + "/meanLatencyMillis", "their mean latency in ms");
    } else if (f.has("meanLatencyMicros")) {
      latency = positive(yaml, p + "/meanLatencyMicros", "their mean latency in µs") / 1000;
    }
    String operation = f.hasNonNull("operation") ? MatrixValues.text(yaml, p + "/operation", null)
        .toUpperCase(java.util.Locale.ROOT) : null;
    if (!f.has("throughput") && (latency == null || operation == null)) {
      throw yaml.error(p + "/throughput", "must be their throughput in ops/s, a number above 0, unless the figure is "
          + "one operation's mean latency (operation and meanLatencyMicros), got none");
    }
    Double throughput = f.has("throughput") ? Double.valueOf(positive(yaml, p + "/throughput",
        "their throughput in ops/s")) : null;
    Long operations = f.has("operations") ? Long.valueOf(MatrixValues.integer(yaml, p + "/operations", null, 1,
        Long.MAX_VALUE)) : null;
    return new ReferenceFigures.Figure(store, profile, workload, threads, throughput, latency, operation, operations);
  }

  /**
   * Reads the {@code reference} section of a YAML file: a matrix file (or its copy in a matrix's output), or a
   * file that holds only that section. Other top-level keys must be a matrix file's.
   *
   * @param file the YAML file
   * @param required whether the file must hold the section
   * @return the figures, or null when the file has none and they are not required
   * @throws ConfigException naming the file, line and key of the first problem
   */
  public static ReferenceFigures reference(Path file, boolean required) throws ConfigException {
    LocatedYaml yaml = LocatedYaml.read(file);
    JsonNode root = yaml.root();
    if (!root.isObject()) {
      throw yaml.error("", "must be a mapping with a reference section");
    }
    yaml.checkKeys("", MatrixKey.names());
    if (!root.hasNonNull("reference")) {
      if (required) {
        throw yaml.error("", "reference: a value is required (source, machine, note, figures, statements)");
      }
      return null;
    }
    List<String> stores = new ArrayList<>();
    for (JsonNode s : root.path("stores")) {
      String name = s.path("name").asText(s.path("binding").asText(""));
      if (!name.isEmpty()) {
        stores.add(name);
      }
    }
    return reference(yaml, "/reference", stores);
  }

  /**
   * How a matrix's report combines repeats and what it ranks by.
   *
   * @param aggregate {@code aggregate}, default median
   * @param rank {@code rank}, or null for no ranking
   */
  public record ReportChoice(RepeatAggregate aggregate, RankFigure rank, String name, String baseline,
                             String latencyWorkload) {
    /** A choice with the report command's defaults: medians, no ranking, no name, baseline or latency workload. */
    public static final ReportChoice DEFAULT = new ReportChoice(RepeatAggregate.MEDIAN, null, null, null, null);
  }

  static ReportChoice reportChoice(LocatedYaml yaml) throws ConfigException {
    JsonNode root = yaml.root();
    RepeatAggregate aggregate = RepeatAggregate.find(MatrixKey.AGGREGATE.defaultValue());
    if (root.has(MatrixKey.AGGREGATE.key())) {
      String given = MatrixValues.text(yaml, MatrixKey.AGGREGATE.pointer(), null);
      aggregate = RepeatAggregate.find(given);
      if (aggregate == null) {
        throw yaml.error("/aggregate", RepeatAggregate.EXPECTED + ", got '" + given + "'");
      }
    }
    RankFigure rank = null;
    if (root.has(MatrixKey.RANK.key())) {
      String given = MatrixValues.text(yaml, MatrixKey.RANK.pointer(), null);
      rank = RankFigure.find(given);
      if (rank == null) {
        throw yaml.error("/rank", RankFigure.EXPECTED + ", got '" + given + "'");
      }
    }
    return new ReportChoice(aggregate, rank, optionalText(yaml, "name"), optionalText(yaml, "baseline"),
        optionalText(yaml, "latencyWorkload"));
  }

  private static String optionalText(LocatedYaml yaml, String key) throws ConfigException {
    return yaml.root().hasNonNull(key) ? MatrixValues.text(yaml, "/" + key, null) : null;
  }

  /**
   * Reads what a matrix's own report was made with ({@code aggregate}, {@code rank}, {@code name},
   * {@code baseline}, {@code latencyWorkload}) from a matrix file or its copy in a matrix's output, so a report made
   * later from that output is the matrix's report.
   *
   * @param file the matrix file
   * @return its choices; the defaults (median, no ranking, null) for keys it does not give
   * @throws ConfigException naming the file, line and key of an invalid value
   */
  public static ReportChoice reportChoice(Path file) throws ConfigException {
    LocatedYaml yaml = LocatedYaml.read(file);
    if (!yaml.root().isObject()) {
      throw yaml.error("", "must be a mapping of keys such as stores, workloads and threads");
    }
    return reportChoice(yaml);
  }
}
