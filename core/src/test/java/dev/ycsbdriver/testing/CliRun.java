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

  /** @return the result file named on stderr */
  public Path resultFile() {
    Matcher m = RESULT.matcher(err);
    if (!m.find()) {
      throw new AssertionError("no 'Result:' line on stderr:\n" + err);
    }
    return Path.of(m.group(1).trim());
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
