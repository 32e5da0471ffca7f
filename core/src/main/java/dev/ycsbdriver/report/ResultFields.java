package dev.ycsbdriver.report;

import dev.ycsbdriver.config.RunConfig;
import dev.ycsbdriver.result.model.ResultDocument;
import dev.ycsbdriver.result.model.ServerSection;
import java.nio.file.Path;
import java.util.Map;

/** Fields a report reads alike from a run's result and a crash test's. Stateless and thread-safe. */
final class ResultFields {
  private ResultFields() {
  }

  /** @return {@code storeName}, else the binding */
  static String storeName(ResultDocument n) {
    return n.identity().storeName() != null ? n.identity().storeName() : n.identity().binding();
  }

  /** @return the server's product and version, or null */
  static String product(ResultDocument n) {
    return n.sections().server() == null ? null : n.sections().server().productVersion();
  }

  /**
   * @param n the result
   * @param file where the result file is now
   * @return the server's settings as read back, paths under the matrix output the run recorded moved to the one the
   *     file is in now ({@link MachinePaths#relocate})
   */
  static Map<String, String> settings(ResultDocument n, Path file) {
    ServerSection server = n.sections().server();
    Map<String, String> settings = server == null || server.settings() == null ? Map.of() : server.settings();
    Map<String, String> config = n.sections().config();
    return MachinePaths.relocate(settings, config == null ? null : config.get(RunConfig.RESULT_DIR.key()), file);
  }

  /** @return {@code value}, or null for null or empty */
  static String blankToNull(String value) {
    return value == null || value.isEmpty() ? null : value;
  }
}
