package dev.ycsbdriver.result;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ycsbdriver.config.ConfigException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;

/**
 * Checks the figures of a result JSON before a report or a merge reads them: every throughput, count, latency,
 * duration and CPU figure must be a JSON number of at least 0, or null where the figure is unknown. Jackson's
 * tree would read {@code "throughputOpsPerSec": "fast"} as 0 and pass a negative figure on, and a report would
 * then show a number nobody measured.
 *
 * <p>A figure is known by its field's name: the suffixes {@code Micros}, {@code Millis}, {@code Seconds},
 * {@code Percent}, {@code OpsPerSec} and {@code Bytes}, the counts in {@link #COUNTS}, and every value of
 * {@code statusCounts} and {@code warmupOperations}. The server's settings and the driver's configuration (text
 * by nature), the machine's description and the crash test's section are not checked here.
 *
 * <p>Stateless and thread-safe.
 */
public final class ResultFigures {
  /** Fields that count something: operations, threads, histogram entries, cores. */
  static final Set<String> COUNTS = Set.of("count", "operations", "operationsTotal", "operationsOk", "threads",
      "threadsRequested", "targetOpsPerSec", "operationCountTarget", "logicalCores");
  private static final Set<String> UNITS = Set.of("Micros", "Millis", "Seconds", "Percent", "OpsPerSec", "Bytes");
  private static final Set<String> COUNT_MAPS = Set.of("statusCounts", "warmupOperations");
  private static final Set<String> NOT_CHECKED = Set.of("server", "config", "machine", "crash");

  private ResultFigures() {
  }

  /**
   * @param file the result file, named in the error
   * @param root the result document
   * @throws ConfigException naming the file and the first figure that is not a number of at least 0, e.g.
   *     {@code r/result.json: throughputOpsPerSec: must be a number >= 0, got "fast"}
   */
  public static void check(Path file, JsonNode root) throws ConfigException {
    walk(file, root, "", false);
  }

  private static void walk(Path file, JsonNode node, String path, boolean counts) throws ConfigException {
    if (node.isArray()) {
      for (int i = 0; i < node.size(); i++) {
        walk(file, node.get(i), path + "[" + i + "]", false);
      }
      return;
    }
    for (Map.Entry<String, JsonNode> e : node.properties()) {
      String name = e.getKey();
      JsonNode v = e.getValue();
      String where = path.isEmpty() ? name : path + "." + name;
      if (path.isEmpty() && NOT_CHECKED.contains(name)) {
        continue;
      }
      if (v.isContainerNode()) {
        walk(file, v, where, COUNT_MAPS.contains(name));
      } else if ((counts || isFigure(name)) && !v.isNull() && !(v.isNumber() && v.asDouble() >= 0
          && Double.isFinite(v.asDouble()))) {
        throw new ConfigException(file + ": " + where + ": must be a number >= 0 (or null when unknown), got "
            + v + "; the file was changed or not written by ycsb-driver");
      }
    }
  }

  private static boolean isFigure(String name) {
    return COUNTS.contains(name) || UNITS.stream().anyMatch(name::endsWith);
  }
}
