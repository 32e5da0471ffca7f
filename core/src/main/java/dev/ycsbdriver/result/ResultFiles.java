package dev.ycsbdriver.result;

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
