package dev.ycsbdriver.matrix;

import dev.ycsbdriver.config.SecretProperties;
import dev.ycsbdriver.runner.DriverProcess;
import dev.ycsbdriver.runner.StopSignal;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Runs one {@code load} or {@code run} of the driver as a child process: the same Java, the same class
 * path, a fresh JVM per cell so that no state, static or native, leaks from one cell into the next
 * and a crash ends only its cell. The child's stdout (the YCSB summary) goes to {@code summary.txt}
 * and its stderr to {@code log.txt} in the cell's directory.
 *
 * <p>A stop request, or the cell timeout, sends the child SIGTERM, which the driver treats like Ctrl-C:
 * it stops after the operations in flight and still writes its result. One instance per child.
 */
final class CellProcess {
  static final String SUMMARY_FILE = "summary.txt";
  static final String LOG_FILE = "log.txt";
  /** Holds the running child's pid, so that a later matrix can wait for a child its killed parent left. */
  static final String PID_FILE = "child.pid";
  /** Names the matrix in the child's command line, before the long class path. */
  static final String PARENT_PID_MARKER = DriverProcess.PARENT_PID_MARKER;
  private static final long GRACE_MILLIS = 60_000;

  /**
   * How the child ended.
   *
   * @param exitCode the child's exit code
   * @param timedOut whether the cell timeout stopped it
   * @param interrupted whether a stop request stopped it
   * @param lastError the last line of its stderr starting with {@code ycsb:} or {@code Error:}, or null
   * @param elapsedMillis wall time of the child in milliseconds
   */
  record Ending(int exitCode, boolean timedOut, boolean interrupted, String lastError, long elapsedMillis) {
  }

  private CellProcess() {
  }

  /**
   * @param args the driver's arguments, e.g. {@code run h2 -P workloads/workloada ...}; no secrets: every user
   *     can read a command line
   * @param secrets properties the child receives through its environment ({@link SecretProperties}), which
   *     only the same user can read; may be empty
   * @param jvmArgs extra JVM options
   * @param directory receives summary.txt and log.txt; created
   * @param timeout the longest the child may run, or {@link Duration#ZERO} for no limit
   * @param stop a stop request ends the child gracefully
   * @return how it ended
   * @throws IOException if the child cannot be started or its files cannot be written
   */
  static Ending run(List<String> args, Map<String, String> secrets, List<String> jvmArgs, Path directory, Duration timeout, StopSignal stop)
      throws IOException {
    Files.createDirectories(directory);
    Path log = directory.resolve(LOG_FILE);
    Files.writeString(log, DriverProcess.logHeader(args, secrets) + System.lineSeparator(), StandardCharsets.UTF_8);
    long start = System.nanoTime();
    List<String> options = new ArrayList<>(List.of(DriverProcess.crashFileOption(directory)));
    options.addAll(jvmArgs);
    ProcessBuilder builder = DriverProcess.builder(args, secrets, options);
    Process child = builder
        .redirectOutput(directory.resolve(SUMMARY_FILE).toFile())
        .redirectError(ProcessBuilder.Redirect.appendTo(log.toFile()))
        .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
        .start();
    Path pidFile = directory.resolve(PID_FILE);
    Files.writeString(pidFile, Long.toString(child.pid()), StandardCharsets.UTF_8);
    long deadline = timeout.isZero() ? Long.MAX_VALUE : start + timeout.toNanos();
    boolean timedOut = false;
    boolean interrupted = false;
    long termSentAt = 0;
    try {
      while (!child.waitFor(100, TimeUnit.MILLISECONDS)) {
        long now = System.nanoTime();
        if (termSentAt == 0 && (stop.requested() || now - deadline >= 0)) {
          timedOut = !stop.requested();
          interrupted = stop.requested();
          child.destroy();
          termSentAt = now;
        } else if (termSentAt != 0 && (now - termSentAt > TimeUnit.MILLISECONDS.toNanos(GRACE_MILLIS)
            || stop.hurried())) {
          child.destroyForcibly();
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      child.destroyForcibly();
      interrupted = true;
    }
    int exit = child.isAlive() ? -1 : child.exitValue();
    if (!child.isAlive()) {
      Files.deleteIfExists(pidFile);
    }
    long elapsed = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
    return new Ending(exit, timedOut, interrupted, lastError(log), elapsed);
  }

  /**
   * Waits for the children that an earlier matrix left running when it was killed without a chance to stop
   * them ({@code kill -9}). Such a child stops by itself once it sees its parent gone, but until it has
   * written its result it still holds the store (an embedded database's file lock, connections): a cell
   * started next to it would fail or measure both. A child still running after the grace period is killed.
   *
   * @param cells the matrix's {@code cells} directory; nothing happens when it does not exist
   * @param err receives one line per child waited for
   * @throws IOException if the directory cannot be read
   */
  static void awaitLeftChildren(Path cells, PrintStream err) throws IOException {
    if (!Files.isDirectory(cells)) {
      return;
    }
    List<Path> pidFiles;
    try (var files = Files.walk(cells)) {
      pidFiles = files.filter(f -> f.getFileName().toString().equals(PID_FILE)).toList();
    }
    for (Path pidFile : pidFiles) {
      String text = Files.readString(pidFile, StandardCharsets.UTF_8).trim();
      Optional<ProcessHandle> child = text.matches("\\d+") ? ProcessHandle.of(Long.parseLong(text)) : Optional.empty();
      if (child.isPresent() && child.get().isAlive() && isCell(child.get())) {
        err.println("[matrix] waiting for pid " + text + ", a cell an earlier matrix left running in "
            + cells.relativize(pidFile.getParent()) + ", to stop");
        try {
          child.get().onExit().get(GRACE_MILLIS, TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
          child.get().destroyForcibly();
        } catch (ExecutionException e) {
          throw new IOException(e);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return;
        }
      }
      Files.deleteIfExists(pidFile);
    }
  }

  /**
   * @return whether the process is a driver started by a matrix, not an unrelated process that got the pid;
   *     true when its command line cannot be read
   */
  static boolean isCell(ProcessHandle p) {
    // the JDK reads only the first 4096 bytes of /proc/<pid>/cmdline and gives no arguments at all when the
    // class path makes it longer; the command line, cut there, still holds the marker placed before -cp
    return p.info().commandLine().map(c -> c.contains(PARENT_PID_MARKER)).orElse(true);
  }

  private static String lastError(Path log) {
    try {
      List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
      for (int i = lines.size() - 1; i >= 0; i--) {
        String l = lines.get(i);
        if (l.startsWith("ycsb:") || l.startsWith("Error:")) {
          return l;
        }
      }
    } catch (IOException e) {
      return null;
    }
    return null;
  }
}
