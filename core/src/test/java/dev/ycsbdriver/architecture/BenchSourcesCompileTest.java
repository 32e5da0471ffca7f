package dev.ycsbdriver.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.spi.ToolProvider;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The benchmark programs under {@code bench/} are single Java files that {@code java File.java} compiles when a
 * script runs them, so no build compiles them: this test does, against the driver's classes and libraries, with
 * the build's lint, so that a change in the driver's API breaks the build rather than a benchmark a month later.
 */
class BenchSourcesCompileTest {
  @TempDir
  Path classes;

  @Test
  void everyBenchmarkProgramCompilesAgainstTheDriver() throws IOException {
    List<String> sources;
    try (Stream<Path> files = Files.list(Path.of("..", "bench"))) {
      sources = files.filter(f -> f.toString().endsWith(".java")).map(Path::toString).sorted().toList();
    }
    assertThat(sources).as("bench/*.java").isNotEmpty();
    List<String> args = new ArrayList<>(List.of("--release", "17", "-Xlint:all,-processing,-serial,-try", "-Werror",
        "-d", classes.toString(), "-cp", System.getProperty("java.class.path")));
    ToolProvider javac = ToolProvider.findFirst("javac").orElseThrow(() -> new AssertionError("no javac in this JDK"));
    for (String source : sources) {
      // each is a program of its own (java File.java), so each compiles alone, as it runs
      List<String> one = new ArrayList<>(args);
      one.add(source);
      StringWriter out = new StringWriter();
      int status = javac.run(new PrintWriter(out), new PrintWriter(out), one.toArray(String[]::new));
      assertThat(status).as(source + ":\n" + out).isZero();
    }
  }
}
