package dev.ycsbdriver.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ycsbdriver.testing.HalfOpenFlood;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ycsb agent} as a real child process under a low open-file limit: a flood of half-open connections larger
 * than that limit neither kills it nor keeps it from answering afterwards, and SIGTERM still ends it with exit 0.
 */
class AgentProcessTest {
  /** Low enough that the flood below would exhaust it, high enough for the JVM and its class path. */
  private static final int OPEN_FILE_LIMIT = 1024;
  private static final int FLOOD_CONNECTIONS = 2_000;
  private static final Pattern LISTENING = Pattern.compile("ycsb agent: listening on (\\S+):(\\d+)");

  @TempDir
  Path dir;

  @Test
  void floodBeyondTheOpenFileLimitThenSigtermEndsTheAgentWithExit0() throws Exception {
    Path out = dir.resolve("out");
    Path err = dir.resolve("err");
    // --bind 0.0.0.0 without a token: the agent warns; the flood comes through loopback
    List<String> command = List.of("sh", "-c", "ulimit -n " + OPEN_FILE_LIMIT + " && exec \"$@\"", "sh",
        Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp", System.getProperty("java.class.path"),
        Main.class.getName(), "agent", "--bind", "0.0.0.0", "--port", "0");
    Process agent = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
    try {
      Matcher listening = awaitListening(err, agent);
      // the JDK may bind 0.0.0.0 as the dual-stack [0:0:0:0:0:0:0:0]
      String hostPort = listening.group(1) + ":" + listening.group(2);
      int port = Integer.parseInt(listening.group(2));

      HttpClient http = HttpClient.newHttpClient();
      URI cpuUri = URI.create("http://127.0.0.1:" + port + "/cpu");
      HttpRequest cpu = HttpRequest.newBuilder(cpuUri).timeout(Duration.ofSeconds(1)).build();
      // the first reading starts OSHI and the JIT compiler; the flood's effect is measured against a warm agent
      HttpRequest warmUp = HttpRequest.newBuilder(cpuUri).timeout(Duration.ofSeconds(20)).build();
      assertThat(http.send(warmUp, HttpResponse.BodyHandlers.ofString()).statusCode()).isEqualTo(200);
      assertThat(http.send(warmUp, HttpResponse.BodyHandlers.ofString()).statusCode()).isEqualTo(200);

      try (HalfOpenFlood flood = HalfOpenFlood.open(port, FLOOD_CONNECTIONS, "GET /cpu HTTP/1.1")) {
        // a connection still in the accept queue looks open until the agent takes it and resets it
        // 128 with the warm-up's kept-alive connection
        assertThat(flood.stillOpenOnceAtMost(127, Duration.ofSeconds(10))).isBetween(1, 127);
      }
      long startNanos = System.nanoTime();
      HttpResponse<String> after = http.send(cpu, HttpResponse.BodyHandlers.ofString());
      long tookMillis = (System.nanoTime() - startNanos) / 1_000_000;
      assertThat(after.statusCode()).isEqualTo(200);
      assertThat(tookMillis).isLessThan(1_000);

      agent.destroy(); // SIGTERM
      assertThat(agent.waitFor(10, TimeUnit.SECONDS)).as("ended within 10 s of SIGTERM").isTrue();
      String stderr = Files.readString(err, StandardCharsets.UTF_8);
      assertThat(agent.exitValue()).as(stderr).isZero();
      assertThat(stderr.lines().toList()).as(stderr).containsExactly(
          "ycsb agent: listening on " + hostPort,
          "ycsb agent: Warning: listening on " + hostPort + " without a token: anyone who reaches this port "
              + "reads this host's process names and CPU; give --token-file or $YCSB_AGENT_TOKEN, or --bind 127.0.0.1",
          "ycsb agent: Warning: 128 connections open at once; further ones are reset until some close (idle ones "
              + "close after 30000 ms); --max-connections=128",
          "ycsb agent: stopped");
    } finally {
      agent.destroyForcibly();
    }
  }

  private static Matcher awaitListening(Path err, Process agent) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (System.nanoTime() < deadline) {
      Matcher m = LISTENING.matcher(Files.readString(err, StandardCharsets.UTF_8));
      if (m.find()) {
        return m;
      }
      assertThat(agent.isAlive()).as(Files.readString(err, StandardCharsets.UTF_8)).isTrue();
      Thread.sleep(50);
    }
    throw new AssertionError("the agent did not start within 60 s: " + Files.readString(err, StandardCharsets.UTF_8));
  }
}
