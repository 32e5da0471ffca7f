package dev.ycsbdriver.testing;

import dev.ycsbdriver.cli.Main;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One in-process invocation of the command line, with what it printed.
 *
 * @param exitCode the exit code
 * @param out standard output (the YCSB summary)
 * @param err standard error
 */
public record CliRun(int exitCode, String out, String err) {
  private static final Pattern RESULT = Pattern.compile("^Result: (.+)$", Pattern.MULTILINE);

  /** Runs {@code bin/ycsb <args>} in this JVM. */
  public static CliRun of(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code;
    try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
         PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
      code = Main.execute(args, o, e);
    }
    return new CliRun(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  /** Runs with {@code args} followed by {@code more}. */
  public static CliRun of(List<String> args, String... more) {
    List<String> all = new ArrayList<>(args);
    all.addAll(Arrays.asList(more));
    return of(all.toArray(String[]::new));
  }

  /**
   * @param phase {@code load} or {@code run}
   * @param binding the binding's name
   * @param workload a workload file shipped in {@code <ycsb.home>/workloads}, e.g. {@code workloada}
   * @param properties {@code key=value} each, passed with {@code -p}
   * @return the command line's arguments
   */
  public static List<String> args(String phase, String binding, String workload, String... properties) {
    List<String> args = new ArrayList<>(List.of(phase, binding, "-P",
        Path.of(System.getProperty("ycsb.home"), "workloads", workload).toString()));
    for (String p : properties) {
      args.add("-p");
      args.add(p);
    }
    return args;
  }

  /**
   * Starts the real command line in a child JVM with this JVM's class path, so that a test can kill it
   * ({@code destroyForcibly()} is SIGKILL: no shutdown hook runs).
   *
   * @param args the command line's arguments
   * @param out where its standard output goes
   * @param err where its standard error goes
   * @return the running driver
   * @throws java.io.IOException when it cannot be started
   */
  public static Process child(List<String> args, Path out, Path err) throws java.io.IOException {
    return child(Path.of(System.getProperty("java.home")), args, out, err);
  }

  /**
   * As {@link #child(List, Path, Path)}, on the JDK at {@code javaHome}.
   *
   * @param javaHome a JDK or JRE directory, with {@code bin/java}
   */
  public static Process child(Path javaHome, List<String> args, Path out, Path err) throws java.io.IOException {
    List<String> java = new ArrayList<>(List.of(javaHome.resolve("bin").resolve("java").toString(),
        "-cp", System.getProperty("java.class.path"), "-Dycsb.home=" + System.getProperty("ycsb.home"),
        Main.class.getName()));
    java.addAll(args);
    return new ProcessBuilder(java).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
  }

  /**
   * Runs the real command line in a child JVM, as {@link #child} starts it, and waits for it. For what depends on
   * the JVM itself, such as the JIT compiler's activity that {@code warmup=auto} watches: in this JVM that would
   * include whatever the tests before left compiling.
   *
   * @param args the command line's arguments
   * @param dir where its standard output and error are kept
   * @param timeoutSeconds how long it may run before it is killed and the test fails
   * @return its exit code and what it printed
   * @throws java.io.IOException when it cannot be started or its output read
   * @throws InterruptedException when the test is interrupted while waiting
   * @throws AssertionError when it runs past {@code timeoutSeconds}
   */
  public static CliRun inChild(List<String> args, Path dir, long timeoutSeconds)
      throws java.io.IOException, InterruptedException {
    return inChild(Path.of(System.getProperty("java.home")), args, dir, timeoutSeconds);
  }

  /**
   * As {@link #inChild(List, Path, long)}, on the JDK at {@code javaHome}.
   *
   * @param javaHome a JDK or JRE directory, with {@code bin/java}
   */
  public static CliRun inChild(Path javaHome, List<String> args, Path dir, long timeoutSeconds)
      throws java.io.IOException, InterruptedException {
    Path out = dir.resolve("child.out");
    Path err = dir.resolve("child.err");
    Process p = child(javaHome, args, out, err);
    if (!p.waitFor(timeoutSeconds, java.util.concurrent.TimeUnit.SECONDS)) {
      p.destroyForcibly().waitFor();
      throw new AssertionError("the child driver ran past " + timeoutSeconds + " s:\n"
          + java.nio.file.Files.readString(err));
    }
    return new CliRun(p.exitValue(), java.nio.file.Files.readString(out), java.nio.file.Files.readString(err));
  }

  /**
   * @param err what a command printed on standard error
   * @return the result file named in its {@code Result:} line
   * @throws AssertionError when there is none
   */
  public static Path resultFile(String err) {
    Matcher m = RESULT.matcher(err);
    if (!m.find()) {
      throw new AssertionError("no 'Result:' line on stderr:\n" + err);
    }
    return Path.of(m.group(1).trim());
  }

  /** @return the result file named on stderr */
  public Path resultFile() {
    return resultFile(err);
  }

  /** @return the stderr lines that are not status lines */
  public List<String> errLines() {
    return err.lines().toList();
  }

  @Override
  public String toString() {
    return "exit " + exitCode + "\n--- stdout\n" + out + "--- stderr\n" + err;
  }
}
