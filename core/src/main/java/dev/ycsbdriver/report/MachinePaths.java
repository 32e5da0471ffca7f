package dev.ycsbdriver.report;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Keeps the paths of the machine a run ran on out of the reports: a setting read back from a store often names its
 * data directory (e.g. {@code database=/tmp/x/results/matrix-embedded/data/h2/ycsb.mv.db}), which says nothing about
 * the store and names the machine's directories. The result JSON keeps the path; reports show it relative to the
 * matrix output the run belongs to ({@code data/h2/ycsb.mv.db}) when it lies inside it, else as
 * {@link #DATA_DIR}; so do a crash test's failures, with {@link #PATH}.
 *
 * <p>A run's matrix output is the parent of the nearest {@code cells} directory above its result file (the matrix
 * layout {@code <output>/cells/<store>/...}); a run outside a matrix has its result file's directory instead. An
 * absolute path is one that starts with {@code /} (not {@code //}, as in a URL) after the start of the value, a
 * space, {@code =}, {@code :}, {@code ,} or {@code ;}, or a Windows drive ({@code C:\}); it ends before a space,
 * {@code ,}, {@code ;}, {@code :}, a quote or {@code )}.
 *
 * <p>A matrix output that was moved or unpacked elsewhere ({@code tar -xJf cells.tar.xz} in another checkout) keeps
 * its relative paths: {@link #relocate} first rewrites the paths under the output the run recorded (its
 * {@code result.dir}, {@code <output>/cells/...}) to the output the result file is in now. Stateless and
 * thread-safe.
 */
final class MachinePaths {
  /** What an absolute path in a setting, outside the run's matrix output, is shown as. */
  static final String DATA_DIR = "<data dir>";
  /** What an absolute path in other text (e.g. a crash test's failure), outside the matrix output, is shown as. */
  static final String PATH = "<path>";

  private static final Pattern ABSOLUTE = Pattern.compile(
      "(?<=^|[\\s=:,;(\"'])(/(?!/)[^\\s,;:\"')]*|[A-Za-z]:\\\\[^\\s,;:\"')]*)");

  private MachinePaths() {
  }

  /**
   * @param settings setting name to value, as read back from the store
   * @param resultFile the result file the settings come from
   * @return the settings in their order, every absolute path in a value masked
   */
  static Map<String, String> settings(Map<String, String> settings, Path resultFile) {
    Map<String, String> out = new LinkedHashMap<>();
    settings.forEach((k, v) -> out.put(k, v == null ? null : mask(v, resultFile, DATA_DIR)));
    return Collections.unmodifiableMap(out);
  }

  /**
   * @param text any text of a result, e.g. a setting's value; null stays null
   * @param resultFile the result file it comes from, or null when unknown (every path is then {@code outside})
   * @param outside what a path outside the run's matrix output is shown as: {@link #DATA_DIR} or {@link #PATH}
   * @return the text with each absolute path relative to the run's matrix output, or {@code outside}
   */
  static String mask(String text, Path resultFile, String outside) {
    if (text == null) {
      return null;
    }
    Matcher m = ABSOLUTE.matcher(text);
    if (!m.find()) {
      return text;
    }
    Path root = resultFile == null ? null : outputOf(resultFile);
    StringBuilder out = new StringBuilder();
    do {
      m.appendReplacement(out, Matcher.quoteReplacement(relative(m.group(1), root, outside)));
    } while (m.find());
    return m.appendTail(out).toString();
  }

  private static String relative(String path, Path root, String outside) {
    try {
      Path p = Path.of(path).normalize();
      if (root != null && p.isAbsolute() && p.startsWith(root) && !p.equals(root)) {
        return root.relativize(p).toString().replace('\\', '/');
      }
    } catch (InvalidPathException e) {
      // not a path of this platform (e.g. a Windows path read on Linux): masked like any other
    }
    return outside;
  }

  /**
   * Moves the paths of a run's settings from the matrix output it ran in to the one its result file is in now.
   *
   * @param settings setting name to value, as the result recorded them
   * @param recordedResultDir the run's {@code result.dir} as recorded, or null; only one with a {@code cells}
   *     directory in it names a matrix output
   * @param resultFile where the result file is now; only one in a {@code cells} directory is in a matrix output
   * @return the settings in their order, each path under the recorded output rewritten under the current one; the
   *     same map when there is nothing to move
   */
  static Map<String, String> relocate(Map<String, String> settings, String recordedResultDir, Path resultFile) {
    Path recorded = matrixOutput(recordedResultDir);
    if (recorded == null || settings.isEmpty()) {
      return settings;
    }
    Path current = matrixOutput(resultFile.toAbsolutePath().normalize().toString());
    if (current == null || current.equals(recorded)) {
      return settings; // the file is not in a matrix output now, or has not moved
    }
    Map<String, String> out = new LinkedHashMap<>();
    settings.forEach((k, v) -> out.put(k, v == null ? null : ABSOLUTE.matcher(v).replaceAll(m -> {
      String moved = m.group(1);
      try {
        Path p = Path.of(moved).normalize();
        if (p.startsWith(recorded) && !p.equals(recorded)) {
          moved = current.resolve(recorded.relativize(p)).toString();
        }
      } catch (InvalidPathException e) {
        // not a path of this platform: left as it is, and masked later
      }
      return Matcher.quoteReplacement(moved);
    })));
    return Collections.unmodifiableMap(out);
  }

  /** @return the matrix output above the nearest {@code cells} directory of an absolute path, or null */
  private static Path matrixOutput(String path) {
    if (path == null || !path.startsWith("/")) {
      return null;
    }
    try {
      for (Path p = Path.of(path).normalize(); p != null && p.getParent() != null; p = p.getParent()) {
        if (p.getFileName().toString().equals("cells")) {
          return p.getParent();
        }
      }
    } catch (InvalidPathException e) {
      return null;
    }
    return null;
  }

  /** @return the matrix output holding the result file, else the file's directory */
  static Path outputOf(Path resultFile) {
    Path dir = resultFile.toAbsolutePath().normalize().getParent();
    for (Path p = dir; p != null && p.getParent() != null; p = p.getParent()) {
      if (p.getFileName().toString().equals("cells")) {
        return p.getParent();
      }
    }
    return dir;
  }
}
