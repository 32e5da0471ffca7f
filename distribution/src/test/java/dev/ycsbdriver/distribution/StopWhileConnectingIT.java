package dev.ycsbdriver.distribution;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ycsbdriver.testing.SilentServer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code bin/ycsb run postgres} as a real process against a server that accepts connections and never
 * answers, with the binding's default timeouts (10 s to log in): SIGTERM, SIGINT and
 * {@code connecting.timeout} each end it while it is still connecting, within {@code stop.timeout}, with
 * exit code 1 and a result that says it was interrupted. Before, only SIGKILL ended it.
 */
@Timeout(120)
class StopWhileConnectingIT {
  private static final Path TREE = Path.of(System.getProperty("distribution.dir")).toAbsolutePath();
  private static final Path WORK = TREE.getParent().resolve("stop-while-connecting-it");
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Pattern RESULT = Pattern.compile("^Result: (.+)$", Pattern.MULTILINE);
  /** JVM start (up to 4 s cold on a busy 2-core machine) and exit, and writing the result. */
  private static final long SLACK_MILLIS = 5_000;
  private static final AtomicInteger RUNS = new AtomicInteger();

  @Test
  void sigtermWhileConnectingEndsTheProcessWithinStopTimeout() throws Exception {
    stoppedBySignal("TERM");
  }

  @Test
  void sigintWhileConnectingEndsTheProcessWithinStopTimeout() throws Exception {
    stoppedBySignal("INT");
  }

  @Test
  void connectTimeoutAloneEndsTheProcessWhileConnecting() throws Exception {
    try (SilentServer server = SilentServer.start()) {
      long start = System.nanoTime();
      Run run = start(server.port(), "-p", "connecting.timeout=3s");
      run.awaitExit(60);
      long elapsedMillis = (System.nanoTime() - start) / 1_000_000;

      // 3 s, then the default stop.timeout of 5 s for the open that never returns: before the 10 s login timeout
      assertThat(run.exitCode()).as(run.toString()).isEqualTo(1);
      assertThat(elapsedMillis).as(run.toString()).isBetween(3_000L, 3_000 + 5_000 + SLACK_MILLIS);
      assertThat(run.stderr()).contains("No progress while connecting to the store for connecting.timeout=3s; stopping.",
          "Error: connecting.timeout=3s passed without progress while connecting to the store (the binding was still opening)");
      assertInterruptedResult(run);
    }
  }

  private void stoppedBySignal(String signal) throws Exception {
    try (SilentServer server = SilentServer.start()) {
      Run run = start(server.port(), "-p", "stop.timeout=2s");
      long giveUp = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
      while (server.connections() == 0 && run.process.isAlive() && System.nanoTime() - giveUp < 0) {
        Thread.sleep(20);
      }
      assertThat(server.connections()).as("the driver connected to the silent server; %s", run).isPositive();
      Thread.sleep(2_000);
      long signalled = System.nanoTime();
      Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(run.process.pid())).inheritIO().start();
      assertThat(kill.waitFor(10, TimeUnit.SECONDS) && kill.exitValue() == 0).as("kill -" + signal).isTrue();
      run.awaitExit(60);
      long afterSignalMillis = (System.nanoTime() - signalled) / 1_000_000;

      assertThat(run.exitCode()).as(run.toString()).isEqualTo(1);
      assertThat(afterSignalMillis).as(run.toString()).isLessThan(2_000 + SLACK_MILLIS);
      assertThat(run.stderr()).contains("Interrupted (SIG" + signal + ")",
          "Error: interrupted while connecting to the store (the binding was still opening)");
      assertInterruptedResult(run);
    }
  }

  private static void assertInterruptedResult(Run run) throws Exception {
    Matcher m = RESULT.matcher(run.stderr());
    assertThat(m.find()).as("a Result: line; %s", run).isTrue();
    JsonNode result = JSON.readTree(Path.of(m.group(1).trim()).toFile());
    assertThat(result.at("/outcome/status").asText()).isEqualTo("interrupted");
    assertThat(result.at("/outcome/exitCode").asInt()).isEqualTo(1);
    assertThat(result.at("/operationsTotal").asLong()).isZero();
    assertThat(run.stderr()).doesNotContain("\tat ");
  }

  private static Run start(int port, String... more) throws Exception {
    Files.createDirectories(WORK);
    int n = RUNS.incrementAndGet();
    // A job started in the background by a non-interactive shell (nohup ... &) ignores SIGINT, and every process
    // below inherits that, so the JVM could not see the Ctrl-C this test sends: perl (Essential in Debian) sets
    // it back to the default before it execs the driver, in the same process.
    List<String> command = new ArrayList<>(List.of("perl", "-e",
        "$SIG{INT} = 'DEFAULT'; exec @ARGV or die \"exec: $!\\n\"", TREE.resolve("bin/ycsb").toString(), "run", "postgres",
        "-P", "workloads/workloada", "-p", "postgres.url=jdbc:postgresql://127.0.0.1:" + port + "/ycsb",
        "-p", "result.dir=" + WORK.resolve("results-" + n)));
    command.addAll(List.of(more));
    Path out = WORK.resolve("run-" + n + ".out");
    Path err = WORK.resolve("run-" + n + ".err");
    ProcessBuilder pb = new ProcessBuilder(command).directory(TREE.getParent().toFile())
        .redirectOutput(out.toFile()).redirectError(err.toFile());
    pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
    return new Run(pb.start(), out, err);
  }

  /** One bin/ycsb process and the files its output goes to. */
  private static final class Run {
    private final Process process;
    private final Path out;
    private final Path err;

    Run(Process process, Path out, Path err) {
      this.process = process;
      this.out = out;
      this.err = err;
    }

    void awaitExit(long seconds) throws Exception {
      if (!process.waitFor(seconds, TimeUnit.SECONDS)) {
        process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        throw new AssertionError("bin/ycsb did not end within " + seconds + " s; " + this);
      }
    }

    int exitCode() {
      return process.exitValue();
    }

    String stderr() {
      try {
        return Files.readString(err, StandardCharsets.UTF_8);
      } catch (java.io.IOException e) {
        return "(stderr unreadable: " + e + ")";
      }
    }

    @Override
    public String toString() {
      String stdout;
      try {
        stdout = Files.readString(out, StandardCharsets.UTF_8);
      } catch (java.io.IOException e) {
        stdout = "(unreadable)";
      }
      return "exit " + (process.isAlive() ? "(running)" : process.exitValue()) + "\n--- stdout\n" + stdout
          + "--- stderr\n" + stderr();
    }
  }
}
