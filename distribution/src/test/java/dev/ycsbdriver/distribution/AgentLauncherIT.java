package dev.ycsbdriver.distribution;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * {@code bin/ycsb agent} of the assembled tree as a real process, the way it runs on a database host: it
 * says where it listens, serves the CPU of the local PostgreSQL ({@code scripts/services/postgres.sh}) to
 * a {@code bin/ycsb run} in another process, and ends with exit 0 on SIGTERM.
 */
class AgentLauncherIT {
  private static final Path TREE = Path.of(System.getProperty("distribution.dir")).toAbsolutePath();
  private static final Path WORK = TREE.getParent().resolve("agent-launcher-it");
  private static final Pattern LISTENING = Pattern.compile("^ycsb agent: listening on 127\\.0\\.0\\.1:(\\d+)",
      Pattern.MULTILINE);
  private static final String TOKEN = "launcher-it-5c0ffee";
  private static final AtomicInteger RUNS = new AtomicInteger();
  private static final ObjectMapper JSON = new ObjectMapper();

  private static Process start(Map<String, String> environment, String... args) throws IOException {
    Files.createDirectories(WORK);
    int n = RUNS.incrementAndGet();
    List<String> command = new ArrayList<>(List.of(TREE.resolve("bin/ycsb").toString()));
    command.addAll(List.of(args));
    ProcessBuilder pb = new ProcessBuilder(command).directory(TREE.toFile())
        .redirectOutput(WORK.resolve(n + ".out").toFile()).redirectError(WORK.resolve(n + ".err").toFile());
    pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
    pb.environment().putAll(environment);
    return pb.start();
  }

  private static String stderrOf(int run) throws IOException {
    return Files.readString(WORK.resolve(run + ".err"), StandardCharsets.UTF_8);
  }

  private static String stdoutOf(int run) throws IOException {
    return Files.readString(WORK.resolve(run + ".out"), StandardCharsets.UTF_8);
  }

  private static int awaitExit(Process p, String what) throws InterruptedException {
    if (!p.waitFor(120, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new AssertionError(what + " did not end within 120 s");
    }
    return p.exitValue();
  }

  /** @return the port the agent of run {@code run} listens on, once it says so */
  private static int awaitListening(Process agent, int run) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (System.nanoTime() < deadline) {
      Matcher m = LISTENING.matcher(stderrOf(run));
      if (m.find()) {
        return Integer.parseInt(m.group(1));
      }
      assertThat(agent.isAlive()).as("the agent ended early: " + stderrOf(run)).isTrue();
      Thread.sleep(100);
    }
    throw new AssertionError("the agent did not say where it listens within 60 s: " + stderrOf(run));
  }

  @Test
  void agentServesPostgresCpuToARunInAnotherProcessAndStopsOnSigterm() throws Exception {
    Process agent = start(Map.of("YCSB_AGENT_TOKEN", TOKEN), "agent", "--port", "0");
    int agentRun = RUNS.get();
    try {
      int port = awaitListening(agent, agentRun);
      HttpClient http = HttpClient.newHttpClient();
      HttpRequest.Builder cpu = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/cpu?process=postgres"))
          .timeout(Duration.ofSeconds(10));
      assertThat(http.send(cpu.build(), HttpResponse.BodyHandlers.ofString()).statusCode()).isEqualTo(401);
      HttpResponse<String> served = http.send(cpu.header("Authorization", "Bearer " + TOKEN).build(),
          HttpResponse.BodyHandlers.ofString());
      assertThat(served.statusCode()).isEqualTo(200);
      assertThat(JSON.readTree(served.body()).path("pids").asInt())
          .as("processes named postgres; run scripts/services/postgres.sh").isPositive();

      List<String> common = List.of("postgres", "-P", "workloads/workloadc", "-p", "table=agent_launcher_it",
          "-p", "recordcount=1000", "-p", "postgres.user=ycsb_pw", "-p", "result.dir=" + WORK.resolve("results"));
      List<String> load = new ArrayList<>(List.of("load"));
      load.addAll(common);
      load.addAll(List.of("-p", "droptable=true", "-p", "createtable=true", "-p", "postgres.password=ycsb_pw_secret"));
      Process loader = start(Map.of(), load.toArray(String[]::new));
      assertThat(awaitExit(loader, "load")).as(stderrOf(RUNS.get())).isZero();

      List<String> run = new ArrayList<>(List.of("run"));
      run.addAll(common);
      run.addAll(List.of("-p", "postgres.password=ycsb_pw_secret", "-p", "operationcount=1000000000",
          "-p", "maxexecutiontime=3", "-threads", "4", "-p", "cpu.server.agent=127.0.0.1:" + port,
          "-p", "cpu.server.agent.token=" + TOKEN));
      Process runner = start(Map.of(), run.toArray(String[]::new));
      int runRun = RUNS.get();
      assertThat(awaitExit(runner, "run")).as(stderrOf(runRun)).isZero();
      Matcher result = Pattern.compile("(?m)^Result: (.+)$").matcher(stderrOf(runRun));
      assertThat(result.find()).as(stderrOf(runRun)).isTrue();
      String resultText = Files.readString(TREE.resolve(result.group(1).trim()));
      JsonNode cpuFigures = JSON.readTree(resultText).path("cpu");
      assertThat(cpuFigures.path("serverSource").asText()).startsWith("agent 127.0.0.1:" + port + ": processes named postgres");
      assertThat(cpuFigures.path("server").path("averagePercent").asDouble()).isGreaterThan(0.0);
      assertThat(stdoutOf(runRun)).contains("[CPU], ServerSource, agent 127.0.0.1:" + port);
      assertThat(resultText + stdoutOf(runRun) + stderrOf(runRun)).doesNotContain(TOKEN);
      // every reading arrived, the last one too (stopping the sampler must not cut a reading short)
      assertThat(stderrOf(runRun)).doesNotContain("cpu.server.agent");
    } finally {
      agent.destroy();
    }
    assertThat(awaitExit(agent, "the agent after SIGTERM")).isZero();
    assertThat(stderrOf(agentRun)).endsWith("ycsb agent: stopped\n").doesNotContain(TOKEN);
    assertThat(stdoutOf(agentRun)).isEmpty();
  }

  @Test
  void badPortExits2WithOneLine() throws Exception {
    Process agent = start(Map.of(), "agent", "--port", "99999");
    int run = RUNS.get();
    assertThat(awaitExit(agent, "agent --port 99999")).isEqualTo(2);
    assertThat(stderrOf(run)).isEqualTo("ycsb: --port: must be 1 to 65535 (or 0 for any free port), got 99999\n");
  }
}
