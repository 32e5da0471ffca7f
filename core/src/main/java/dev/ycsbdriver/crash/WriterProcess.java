package dev.ycsbdriver.crash;

import dev.ycsbdriver.runner.DriverProcess;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The writer of one round: {@code bin/ycsb run} with {@link CrashWorkload} as a child process
 * ({@link DriverProcess}), its stdout (the YCSB summary) in {@code writer-summary.txt} and its stderr in
 * {@code writer-log.txt} in the round's directory, both readable by their owner only. The writer's JVM has its own
 * {@code java.io.tmpdir}, {@code writer-tmp} in the round's directory, deleted once the writer has ended: a writer
 * killed by SIGKILL (the crash of an embedded store) runs no shutdown hook, and what it extracted there (leveldbjni
 * unpacks a 750 KB native library into the temporary directory on every start) would otherwise stay in
 * {@code /tmp}.
 *
 * <p>One instance per round; used by one thread.
 */
final class WriterProcess {
  static final String SUMMARY_FILE = "writer-summary.txt";
  static final String LOG_FILE = "writer-log.txt";
  static final String TMP_DIR = "writer-tmp";
  private final Process process;
  private final Path directory;

  private WriterProcess(Process process, Path directory) {
    this.process = process;
    this.directory = directory;
  }

  /**
   * @param args the driver's arguments, without secrets
   * @param secrets properties for the child's environment
   * @param directory the round's directory; created
   * @return the started writer
   * @throws IOException when it cannot be started
   */
  static WriterProcess start(List<String> args, Map<String, String> secrets, Path directory) throws IOException {
    Files.createDirectories(directory);
    Path log = directory.resolve(LOG_FILE);
    CrashSecrets.createPrivate(log);
    CrashSecrets.createPrivate(directory.resolve(SUMMARY_FILE));
    Files.writeString(log, DriverProcess.logHeader(args, secrets) + System.lineSeparator(), StandardCharsets.UTF_8);
    Path tmp = Files.createDirectories(directory.resolve(TMP_DIR));
    Process p = DriverProcess.builder(args, secrets, List.of("-Djava.io.tmpdir=" + tmp.toAbsolutePath(),
            DriverProcess.crashFileOption(directory)))
        .redirectOutput(directory.resolve(SUMMARY_FILE).toFile())
        .redirectError(ProcessBuilder.Redirect.appendTo(log.toFile()))
        .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
    return new WriterProcess(p, directory);
  }

  boolean alive() {
    return process.isAlive();
  }

  /** SIGKILL: the crash of an embedded store. Waits until it is gone, then deletes its temporary directory. */
  void kill() {
    process.destroyForcibly();
    try {
      process.waitFor();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    deleteTemporaryFiles();
  }

  /** Deletes the writer's {@code java.io.tmpdir} once it has ended; a no-op while it runs. */
  void deleteTemporaryFiles() {
    if (process.isAlive()) {
      return;
    }
    Path tmp = directory.resolve(TMP_DIR);
    try (Stream<Path> walk = Files.walk(tmp)) {
      for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    } catch (IOException e) {
      // gone already, or left in the round's directory, not in /tmp
    }
  }

  /** SIGTERM: the writer stops after the operations in flight and writes its summary and result. */
  void terminate() {
    process.destroy();
  }

  /**
   * Waits for the writer's end after {@link #terminate()}; SIGKILL after {@code bound}.
   *
   * @return its exit code
   */
  int await(Duration bound) {
    try {
      if (!process.waitFor(bound.toMillis(), TimeUnit.MILLISECONDS)) {
        kill();
      }
      int exit = process.waitFor();
      deleteTemporaryFiles();
      return exit;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      kill();
      return -1;
    }
  }

  /** @return the summary the writer printed (empty when it was killed) */
  String summary() {
    try {
      return Files.readString(directory.resolve(SUMMARY_FILE), StandardCharsets.UTF_8);
    } catch (IOException e) {
      return "";
    }
  }

  /**
   * @return the first failed operation its log names ({@code <binding>: <operation> failed (<cause>): ...}, as
   *     {@link dev.ycsbdriver.spi.ErrorLog} prints it), else {@link #lastError()}
   */
  String firstError() {
    try {
      for (String line : Files.readAllLines(directory.resolve(LOG_FILE), StandardCharsets.UTF_8)) {
        int end = line.indexOf("; further errors of this kind are counted");
        if (line.contains(" failed (") && !line.startsWith("#")) {
          return end < 0 ? line : line.substring(0, end);
        }
      }
    } catch (IOException e) {
      // the last error below
    }
    return lastError();
  }

  /** @return the last {@code ycsb:} or {@code Error:} line of its log, or a pointer to the log */
  String lastError() {
    try {
      List<String> lines = Files.readAllLines(directory.resolve(LOG_FILE), StandardCharsets.UTF_8);
      for (int i = lines.size() - 1; i >= 0; i--) {
        if (lines.get(i).startsWith("ycsb:") || lines.get(i).startsWith("Error:")) {
          return lines.get(i);
        }
      }
    } catch (IOException e) {
      // the pointer below
    }
    return "see " + directory.resolve(LOG_FILE);
  }

  /**
   * @param base the crash test's run directory
   * @return the writer's result.json relative to {@code base}, or null when it wrote none (it was killed)
   */
  String resultFile(Path base) {
    try (Stream<Path> s = Files.find(directory, 2, (p, a) -> p.getFileName().toString().equals("result.json"))) {
      return s.findFirst().map(p -> base.relativize(p).toString()).orElse(null);
    } catch (IOException e) {
      return null;
    }
  }
}
