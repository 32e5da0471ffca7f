package dev.ycsbdriver.binding.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ycsbdriver.agent.AgentServer;
import dev.ycsbdriver.testing.CliRun;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Server CPU read from {@code bin/ycsb agent} ({@code cpu.server.agent}) during a real run against the
 * PostgreSQL of {@code scripts/services/postgres.sh} on 127.0.0.1:5432: the agent runs in this JVM on an
 * ephemeral port, as it would on the database host, and serves the CPU of the processes named postgres.
 */
class PostgresAgentIT {
  private static final String TABLE = "agent_it_usertable";
  private static final String TOKEN = "agent-it-7d2e91";
  private static final ObjectMapper JSON = new ObjectMapper();

  @BeforeAll
  static void loadTable() {
    PostgresIT.serverAnswers();
    CliRun load = CliRun.of(args("load", "-p", "recordcount=2000", "-p", "droptable=true", "-p", "createtable=true",
        "-threads", "4"));
    assertThat(load.exitCode()).as(load.toString()).isZero();
  }

  private static String[] args(String phase, String... more) {
    List<String> all = new ArrayList<>(List.of(phase, "postgres", "-P", workload().toString(),
        "-p", "postgres.url=" + PostgresIT.URL, "-p", "postgres.user=" + PostgresIT.USER,
        "-p", "postgres.password=" + PostgresIT.PASSWORD, "-p", "table=" + TABLE,
        "-p", "result.dir=" + Path.of("target", "it-results")));
    all.addAll(List.of(more));
    return all.toArray(String[]::new);
  }

  private static Path workload() {
    return Path.of(System.getProperty("ycsb.home"), "workloads", "workloada");
  }

  private static String[] run(String... more) {
    List<String> all = new ArrayList<>(List.of("-p", "recordcount=2000", "-p", "operationcount=100000000",
        "-p", "maxexecutiontime=3", "-p", "cpu.interval=250ms", "-threads", "8"));
    all.addAll(List.of(more));
    return args("run", all.toArray(String[]::new));
  }

  @Test
  void runReportsPostgresCpuServedByTheAgent() throws Exception {
    try (AgentServer agent = AgentServer.start(new InetSocketAddress("127.0.0.1", 0), TOKEN)) {
      String address = "127.0.0.1:" + agent.address().getPort();
      // a generous timeout: the agent's first answer looks up every process (OSHI), which takes over the default
      // 1 s on a busy 2-core machine; this test is about what the agent serves, not how fast
      CliRun run = CliRun.of(run("-p", "cpu.server.agent=" + address, "-p", "cpu.server.agent.token=" + TOKEN,
          "-p", "cpu.server.agent.timeout=10s"));

      assertThat(run.exitCode()).as(run.toString()).isZero();
      String resultText = Files.readString(run.resultFile());
      JsonNode cpu = JSON.readTree(resultText).path("cpu");
      assertThat(cpu.path("serverSource").asText()).startsWith("agent " + address + ": processes named postgres (");
      assertThat(cpu.path("server").path("averagePercent").asDouble()).isGreaterThan(0.0);
      assertThat(cpu.path("server").path("peakPercent").asDouble())
          .isGreaterThanOrEqualTo(cpu.path("server").path("averagePercent").asDouble());
      assertThat(cpu.path("server").path("unavailableReason").isNull()).isTrue();
      assertThat(cpu.path("opsPerServerCpuPercent").asDouble()).isPositive();
      assertThat(run.out()).contains("[CPU], ServerSource, agent " + address + ": processes named postgres");
      // the token is a secret: masked in the result's configuration, printed nowhere
      assertThat(JSON.readTree(resultText).path("config").path("cpu.server.agent.token").asText()).isEqualTo("****");
      assertThat(resultText).doesNotContain(TOKEN);
      assertThat(run.out() + run.err()).doesNotContain(TOKEN);
      assertThat(run.err()).doesNotContain("cpu.server.agent:");
    }
  }

  @Test
  void unreachableAgentStillRunsWithServerCpuNotAvailableAndOneWarning() throws Exception {
    int port;
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
      port = s.getLocalPort();
    }
    String address = "127.0.0.1:" + port;
    CliRun run = CliRun.of(run("-p", "cpu.server.agent=" + address));

    assertThat(run.exitCode()).as(run.toString()).isZero();
    String warning = "cpu.server.agent: cannot reach " + address + " (connection refused)";
    assertThat(run.errLines()).filteredOn(l -> l.contains("cpu.server.agent")).containsExactly(
        "Warning: " + warning + "; server CPU is n/a");
    JsonNode cpu = JSON.readTree(run.resultFile().toFile()).path("cpu");
    assertThat(cpu.path("server").path("averagePercent").isNull()).isTrue();
    assertThat(cpu.path("server").path("unavailableReason").asText()).isEqualTo(warning);
    assertThat(cpu.path("opsPerServerCpuPercent").isNull()).isTrue();
    assertThat(run.out()).contains("[CPU], ServerAverage(%), n/a (" + warning + ")");
  }
}
