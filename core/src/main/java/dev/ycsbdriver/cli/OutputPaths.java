package dev.ycsbdriver.cli;

import dev.ycsbdriver.config.ConfigException;
import dev.ycsbdriver.config.RunConfig;
import dev.ycsbdriver.result.ResultFiles;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where a command writes, checked before anything runs: a directory or file that cannot be written is a
 * usage error (exit code 2) with one line, not an I/O failure after the run.
 *
 * <p>Stateless and thread-safe.
 */
final class OutputPaths {
  private OutputPaths() {
  }

  /**
   * Creates the run's directory under {@code result.dir}.
   *
   * @param config the validated configuration
   * @param binding the binding's name
   * @param workload the workload's name
   * @return the new, empty run directory
   * @throws ConfigException naming {@code result.dir} when it cannot be created or written
   */
  static Path createRunDirectory(RunConfig config, String binding, String workload) throws ConfigException {
    return createRunDirectory(config, config.phase().label(), binding, workload);
  }

  /**
   * Like {@link #createRunDirectory(RunConfig, String, String)}, for a command named otherwise than its phase.
   *
   * @param phase the name in the directory, e.g. {@code crashtest}
   * @throws ConfigException naming {@code result.dir} when it cannot be created or written
   */
  static Path createRunDirectory(RunConfig config, String phase, String binding, String workload)
      throws ConfigException {
    try {
      return ResultFiles.createRunDirectory(config.resultDirectory(), phase, binding, workload,
          config.effectiveThreadCount(), config.label(), config.client().suffix());
    } catch (IOException e) {
      throw unwritable(RunConfig.RESULT_DIR.key(), config.resultDirectory(), e);
    }
  }

  /**
   * @param dir a directory to write into; created with its parents
   * @param subject what names it in the message, e.g. {@code report -o}
   * @throws ConfigException when it cannot be created or written
   */
  static void createDirectory(Path dir, String subject) throws ConfigException {
    try {
      Files.createDirectories(dir);
    } catch (IOException e) {
      throw unwritable(subject, dir, e);
    }
    if (!Files.isWritable(dir)) {
      throw new ConfigException(subject + ": must be a writable directory, got " + dir + " (permission denied)");
    }
  }

  /**
   * Tidies up after a command that failed before writing into {@code dir}: removes it if this command
   * created it and it is still empty, so that bad input leaves nothing behind.
   *
   * @param dir the output directory
   * @param existed whether it existed before {@link #createDirectory} made it
   */
  static void removeIfCreatedEmpty(Path dir, boolean existed) {
    if (existed) {
      return;
    }
    try (var entries = Files.list(dir)) {
      if (entries.findAny().isEmpty()) {
        Files.delete(dir);
      }
    } catch (IOException ignored) {
      // the directory stays; the command's own error is the one to report
    }
  }

  /**
   * Checks {@code exportfile} before the run: its directory is created, and it must not be a directory or
   * read-only. The file itself is written after the run.
   *
   * @param file the export file, or null for stdout
   * @throws ConfigException naming {@code exportfile} when the summary could not be written there
   */
  static void checkExportFile(Path file) throws ConfigException {
    if (file == null) {
      return;
    }
    String key = RunConfig.EXPORT_FILE.key();
    Path parent = file.toAbsolutePath().getParent();
    if (parent != null) {
      try {
        Files.createDirectories(parent);
      } catch (IOException e) {
        throw new ConfigException(key + ": must be a file in a writable directory, got " + file + " ("
            + reason(e) + ")");
      }
    }
    if (Files.isDirectory(file)) {
      throw new ConfigException(key + ": must be a file, got " + file + " (a directory)");
    }
    if (Files.exists(file) ? !Files.isWritable(file) : parent != null && !Files.isWritable(parent)) {
      throw new ConfigException(key + ": must be a writable file, got " + file + " (permission denied)");
    }
  }

  private static ConfigException unwritable(String subject, Path dir, IOException e) {
    return new ConfigException(subject + ": must be a writable directory, got " + dir + " (" + reason(e) + ")");
  }

  /** @return why a path could not be created, in words, e.g. {@code /tmp/a is a file} */
  private static String reason(IOException e) {
    if (e instanceof FileAlreadyExistsException) {
      return e.getMessage() + " is a file";
    }
    if (e instanceof AccessDeniedException) {
      return "permission denied: " + e.getMessage();
    }
    if (e instanceof FileSystemException f && f.getReason() != null) {
      return f.getReason().toLowerCase(java.util.Locale.ROOT) + ": " + f.getFile();
    }
    return e.toString();
  }
}
