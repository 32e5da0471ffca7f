package dev.ycsbdriver.distribution;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Runs the assembled tree's {@code bin/ycsb} as a real process, with this JVM's Java, in a working directory of
 * the caller's choosing; stdout and stderr are kept in files beside it.
 *
 * <p>Thread-safe.
 */
final class TreeCommand {
  static final Path TREE = Path.of(System.getProperty("distribution.dir")).toAbsolutePath();
  private static final AtomicInteger RUNS = new AtomicInteger();

  private TreeCommand() {
  }

  /**
   * Runs {@code bin/ycsb} with this JVM's Java, its output kept in {@code workingDirectory}.
   *
   * @param workingDirectory the process's working directory, created when missing
   * @param args the arguments after {@code bin/ycsb}
   * @return how it ended
   * @throws AssertionError when it does not end within 120 s (it is killed)
   */
  static Outcome run(Path workingDirectory, List<String> args) throws IOException, InterruptedException {
    return run(workingDirectory, workingDirectory, Map.of("JAVA_HOME", System.getProperty("java.home")), args);
  }

  /**
   * @param workingDirectory the process's working directory
   * @param logDirectory where its stdout and stderr are kept, created when missing
   * @param environment variables set for it on top of this process's
   * @param args the arguments after {@code bin/ycsb}
   * @return how it ended
   * @throws AssertionError when it does not end within 120 s (it is killed)
   */
  static Outcome run(Path workingDirectory, Path logDirectory, Map<String, String> environment, List<String> args)
      throws IOException, InterruptedException {
    Files.createDirectories(workingDirectory);
    Files.createDirectories(logDirectory);
    int n = RUNS.incrementAndGet();
    Path out = logDirectory.resolve("run-" + n + ".out");
    Path err = logDirectory.resolve("run-" + n + ".err");
    List<String> command = new ArrayList<>();
    command.add(TREE.resolve("bin/ycsb").toString());
    command.addAll(args);
    ProcessBuilder pb = new ProcessBuilder(command).directory(workingDirectory.toFile())
        .redirectOutput(out.toFile()).redirectError(err.toFile());
    pb.environment().putAll(environment);
    Process p = pb.start();
    if (!p.waitFor(120, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new AssertionError("bin/ycsb " + String.join(" ", args) + " did not end within 120 s");
    }
    return new Outcome(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
        Files.readString(err, StandardCharsets.UTF_8));
  }

  /**
   * @param exitCode the process's exit code
   * @param stdout all it printed on stdout
   * @param stderr all it printed on stderr
   */
  record Outcome(int exitCode, String stdout, String stderr) {
    /** @return the lines of stderr that start with {@code ycsb: }: the driver's error lines */
    List<String> errorLines() {
      return stderr.lines().filter(l -> l.startsWith("ycsb: ")).toList();
    }

    @Override
    public String toString() {
      return "exit " + exitCode + "; stderr:\n" + stderr;
    }
  }
}
