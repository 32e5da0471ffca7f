package dev.ycsbdriver.result;

import dev.ycsbdriver.config.ConfigException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/**
 * Names the directory of one run under the result directory:
 * {@code <yyyyMMdd-HHmmss>-<phase>-<binding>-<workload>-t<threads>[-<label>][-c<i>of<n>]}, with a counter appended
 * when it already exists. Stateless and thread-safe.
 */
public final class ResultFiles {
  /** Name of the result document inside a run directory. */
  public static final String RESULT_FILE = "result.json";

  private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss", Locale.ROOT);

  private ResultFiles() {
  }

  /**
   * Creates a fresh run directory.
   *
   * @param base the result directory ({@code result.dir})
   * @param phase {@code load} or {@code run}
   * @param binding binding name
   * @param workload workload name, e.g. {@code workloada}
   * @param threads client threads
   * @param label the run's label, may be empty
   * @return the created directory
   * @throws IOException if it cannot be created
   */
  public static Path createRunDirectory(Path base, String phase, String binding, String workload, int threads,
                                        String label) throws IOException {
    return createRunDirectory(base, phase, binding, workload, threads, label, "");
  }

  /**
   * Creates a fresh run directory whose name ends with {@code suffix}.
   *
   * @param base the result directory ({@code result.dir})
   * @param phase {@code load} or {@code run}
   * @param binding binding name
   * @param workload workload name, e.g. {@code workloada}
   * @param threads client threads
   * @param label the run's label, may be empty
   * @param suffix appended as is, e.g. {@code -c0of3} (see {@link dev.ycsbdriver.config.ClientPartition#suffix});
   *     may be empty
   * @return the created directory
   * @throws IOException if it cannot be created
   */
  public static Path createRunDirectory(Path base, String phase, String binding, String workload, int threads,
                                        String label, String suffix) throws IOException {
    StringBuilder name = new StringBuilder(STAMP.format(LocalDateTime.now())).append('-').append(phase).append('-')
        .append(safe(binding)).append('-').append(safe(workload)).append("-t").append(threads);
    if (label != null && !label.isBlank()) {
      name.append('-').append(safe(label));
    }
    name.append(suffix);
    Files.createDirectories(base);
    Path dir = base.resolve(name.toString());
    for (int i = 2; Files.exists(dir); i++) {
      dir = base.resolve(name + "-" + i);
    }
    return Files.createDirectories(dir);
  }

  /**
   * Makes a name read from data (a workload, store, profile or operation name in a result file) safe as one file
   * name component: every character but ASCII letters, digits, {@code _}, {@code -} and {@code .} becomes
   * {@code _}, a leading {@code .} too (so never {@code ..} nor a hidden file), and a name longer than 100
   * characters keeps its first 91 and a hash of the whole. Names made of those characters stay as they are.
   *
   * @param name any text; null or empty gives {@code _}
   * @return a file name component without a separator, at most 100 characters
   */
  public static String fileName(String name) {
    if (name == null || name.isEmpty()) {
      return "_";
    }
    String cleaned = name.replaceAll("[^A-Za-z0-9_.-]", "_");
    if (cleaned.startsWith(".")) {
      cleaned = "_" + cleaned.substring(1);
    }
    if (cleaned.length() > 100) {
      cleaned = cleaned.substring(0, 91) + "-" + String.format(Locale.ROOT, "%08x", name.hashCode());
    }
    return cleaned;
  }

  /**
   * Resolves a histogram log a result file names ({@code histogramLogs}), which must lie beside it: a name read from
   * a result never leads to a file elsewhere.
   *
   * @param resultFile the result file
   * @param measurement the log's measurement name, for the message
   * @param log the log's file name as the result gives it
   * @return the log's path in the result's directory
   * @throws ConfigException when {@code log} is not a plain file name ({@code ../x}, {@code /x}, {@code a/b})
   */
  public static Path histogramLog(Path resultFile, String measurement, String log) throws ConfigException {
    Path dir = resultFile.toAbsolutePath().getParent();
    Path resolved = null;
    try {
      resolved = log == null || log.isEmpty() ? null : dir.resolve(log).normalize();
    } catch (java.nio.file.InvalidPathException e) {
      resolved = null;
    }
    if (resolved == null || !dir.equals(resolved.getParent()) || !resolved.getFileName().toString().equals(log)) {
      throw new ConfigException(resultFile + ": histogramLogs." + measurement + ": must be a file name in the "
          + "result's directory, got '" + log + "'");
    }
    return resolved;
  }

  private static String safe(String s) {
    String cleaned = s.replaceAll("[^A-Za-z0-9_.]+", "_");
    return cleaned.length() > 40 ? cleaned.substring(cleaned.length() - 40) : cleaned;
  }

  /**
   * @param file a result file
   * @return its real path (links resolved), so that one file given by two paths is known as one; the absolute,
   *     normalized path when it cannot be resolved
   */
  public static Path realPath(Path file) {
    try {
      return file.toRealPath();
    } catch (IOException e) {
      return file.toAbsolutePath().normalize();
    }
  }
}
