package dev.ycsbdriver.binding.memory;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ycsbdriver.cli.Main;
import dev.ycsbdriver.testing.CliRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Runs that cannot fit the JVM or the machine are refused before anything runs: one line, exit 2, at once. */
class MemoryLimitsIT {
  private static final String RESULTS = "result.dir=" + Path.of("target", "limits-results").toAbsolutePath();

  @Test
  void aBillionFieldsAreRefusedAtOnceNamingTheHeap() {
    long start = System.nanoTime();
    CliRun run = CliRun.of(CliRun.args("load", "memory", "workloada", "fieldcount=1000000000", RESULTS));
    assertThat(run.exitCode()).as(run.toString()).isEqualTo(2);
    assertThat(run.errLines()).as(run.toString()).hasSize(1);
    assertThat(run.errLines().get(0)).as(run.toString())
        .startsWith("ycsb: fieldcount: 1 client thread with records of 1000000000 fields of at least 100 bytes need at "
            + "least 167,847 MiB of heap")
        .contains("and this JVM may use ").doesNotContain("\tat ");
    assertThat(System.nanoTime() - start).as("refused before anything runs").isLessThan(10_000_000_000L);
  }

  /**
   * A store that outgrows the heap during the run: the run stops while there is room to write what it measured,
   * with one line and exit 1, instead of errors from every thread or a hang.
   */
  @Test
  void aRunThatOutgrowsTheHeapStopsWithOneLineAndWritesItsResult() throws Exception {
    Path dir = Files.createDirectories(Path.of("target", "limits-oom").toAbsolutePath());
    String err = runChild(dir, "", List.of("-Xmx64m"), CliRun.args("load", "memory", "workloada",
        "recordcount=3000000", "fieldlength=200", "threadcount=4", "result.dir=" + dir), 1);
    assertThat(errorLines(err)).as(err).singleElement().asString().startsWith("Error: out of memory: ")
        .contains("-jvm-args=-Xmx<size>");
    assertThat(err).doesNotContain("\tat ").doesNotContain("OutOfMemoryError").contains("Result: ");
  }

  /**
   * A client thread the kernel will not create (here: each thread's 64 MiB stack against an address space
   * limit, which binds root too): one line naming the thread and the limits, exit 1, the result written.
   */
  @Test
  void aClientThreadThatCannotBeCreatedIsOneLineAndWritesTheResult() throws Exception {
    Path dir = Files.createDirectories(Path.of("target", "limits-threads").toAbsolutePath());
    String err = runChild(dir, "ulimit -v 3500000; MALLOC_ARENA_MAX=2 ", List.of("-Xmx128m", "-Xss64m",
        "-XX:CompressedClassSpaceSize=64m", "-XX:ReservedCodeCacheSize=32m", "-XX:MaxMetaspaceSize=128m"),
        CliRun.args("run", "memory", "workloada", "operationcount=100000", "threadcount=40", "result.dir=" + dir), 1);
    assertThat(errorLines(err)).as(err).singleElement().asString().startsWith("Error: could not start client thread ")
        .contains("lower threadcount");
    assertThat(err).doesNotContain("\tat ").doesNotContain("Exception").contains("Result: ");
  }

  /**
   * Runs the driver in a child JVM through {@code sh}, so that {@code shellPrefix} can set limits first.
   *
   * @return what it printed on stderr
   */
  private static String runChild(Path dir, String shellPrefix, List<String> jvmArgs, List<String> args,
                                 int expectedExit) throws Exception {
    List<String> java = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
    java.addAll(jvmArgs);
    java.addAll(List.of("-cp", System.getProperty("java.class.path"), "-Dycsb.home=" + System.getProperty("ycsb.home"),
        Main.class.getName()));
    java.addAll(args);
    StringBuilder command = new StringBuilder(shellPrefix).append("exec");
    java.forEach(a -> command.append(" '").append(a.replace("'", "'\\''")).append('\''));
    Process p = new ProcessBuilder("sh", "-c", command.toString()).redirectOutput(dir.resolve("out.txt").toFile())
        .redirectError(dir.resolve("err.txt").toFile()).start();
    if (!p.waitFor(120, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new AssertionError("the driver did not end within 120 s: " + Files.readString(dir.resolve("err.txt")));
    }
    String err = Files.readString(dir.resolve("err.txt"));
    assertThat(p.exitValue()).as(err).isEqualTo(expectedExit);
    return err;
  }

  private static List<String> errorLines(String err) {
    return err.lines().filter(l -> l.startsWith("Error: ") || l.startsWith("ycsb: ")).toList();
  }

  @Test
  void theDocumentedMaximumOfThreadsIsRefusedAtOnceNamingTheLimit() {
    long start = System.nanoTime();
    CliRun run = CliRun.of(CliRun.args("run", "memory", "workloada", "threadcount=100000", "operationcount=1000000",
        RESULTS));
    assertThat(run.exitCode()).as(run.toString()).isEqualTo(2);
    assertThat(run.errLines()).as(run.toString()).hasSize(1);
    // which limit comes first depends on the machine: pid_max (32768 by default), max_map_count (65530), ...
    assertThat(run.errLines().get(0)).as(run.toString()).startsWith("ycsb: threadcount: 100000 client threads need ")
        .contains("lower threadcount");
    assertThat(System.nanoTime() - start).as("refused before anything runs").isLessThan(10_000_000_000L);
  }
}
