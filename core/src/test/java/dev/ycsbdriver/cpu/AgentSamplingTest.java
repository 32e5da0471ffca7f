package dev.ycsbdriver.cpu;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ycsbdriver.agent.AgentServer;
import dev.ycsbdriver.config.ConfigException;
import dev.ycsbdriver.config.Settings;
import dev.ycsbdriver.spi.ServerLocation;
import dev.ycsbdriver.testing.Burner;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The sampler reading a server's CPU from an in-process {@code bin/ycsb agent} ({@code cpu.server.agent}). */
class AgentSamplingTest {
  private static final String BURNER = "ycsbremoteburn";
  private static final String TOKEN = "tok-3f9a1c";
  private Burner burner;
  private AgentServer agent;

  @BeforeEach
  void startBurner() throws Exception {
    burner = new Burner(BURNER);
  }

  @AfterEach
  void stop() {
    burner.close();
    if (agent != null) {
      agent.close();
    }
  }

  private String startAgent(String token) throws Exception {
    agent = AgentServer.start(new InetSocketAddress("127.0.0.1", 0), token);
    return "127.0.0.1:" + agent.address().getPort();
  }

  private static Settings settings(String... keyValues) {
    Map<String, String> map = new LinkedHashMap<>();
    for (int i = 0; i < keyValues.length; i += 2) {
      map.put(keyValues[i], keyValues[i + 1]);
    }
    return Settings.of(map);
  }

  private static int freePort() throws Exception {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
      return s.getLocalPort();
    }
  }

  @Test
  void serverCpuComesFromTheAgentForTheBindingsProcessNames() throws Exception {
    Process p = burner.start();
    String address = startAgent(TOKEN);
    ServerTarget target = ServerTarget.resolve(ServerLocation.localProcesses(BURNER),
        settings("cpu.server.agent", address, "cpu.server.agent.token", TOKEN));
    assertThat(target.isRemote()).isTrue();
    assertThat(target.description()).isEqualTo("agent " + address + ": processes named " + BURNER + " (1 pid)");
    assertThat(target.startWarning()).isNull();

    long before = p.toHandle().info().totalCpuDuration().orElseThrow().toMillis();
    long start = System.nanoTime();
    CpuSampler sampler = CpuSampler.start(target, Duration.ofMillis(200));
    Thread.sleep(1_500);
    CpuSummary cpu = sampler.stop();
    double wall = (System.nanoTime() - start) / 1e6;
    double expected = 100.0 * (p.toHandle().info().totalCpuDuration().orElseThrow().toMillis() - before) / wall;

    assertThat(cpu.serverSource()).isEqualTo(target.description());
    assertThat(expected).as("the burner got CPU at all").isGreaterThan(5.0);
    assertThat(cpu.server().averagePercent()).isCloseTo(expected, Offset.offset(8.0 + 0.2 * expected));
    assertThat(cpu.server().peakPercent()).isGreaterThanOrEqualTo(cpu.server().averagePercent());
    assertThat(cpu.samples()).filteredOn(s -> !Double.isNaN(s.serverPercent())).hasSizeGreaterThanOrEqualTo(4);
    assertThat(cpu.warnings()).noneMatch(w -> w.text().contains("cpu.server.agent"));
  }

  @Test
  void unreachableAgentMakesServerCpuNotAvailableWithTheReason() throws Exception {
    int port = freePort();
    ServerTarget target = ServerTarget.resolve(ServerLocation.localProcesses("postgres"),
        settings("cpu.server.agent", "127.0.0.1:" + port));

    assertThat(target.startWarning())
        .isEqualTo("cpu.server.agent: cannot reach 127.0.0.1:" + port + " (connection refused); server CPU is n/a");
    CpuSampler sampler = CpuSampler.start(target, Duration.ofMillis(100));
    Thread.sleep(250);
    CpuSummary cpu = sampler.stop();
    assertThat(cpu.server().available()).isFalse();
    assertThat(cpu.server().unavailableReason())
        .isEqualTo("cpu.server.agent: cannot reach 127.0.0.1:" + port + " (connection refused)");
    assertThat(cpu.opsPerServerCpuPercent(1_000.0)).isNull();
    assertThat(cpu.driver().available()).isTrue();
  }

  @Test
  void agentThatStopsMidRunKeepsWhatWasMeasuredAndSaysWhy() throws Exception {
    burner.start();
    String address = startAgent(null);
    ServerTarget target = ServerTarget.resolve(ServerLocation.unknown("not here"),
        settings("cpu.server.agent", address, "cpu.server.process", BURNER));
    CpuSampler sampler = CpuSampler.start(target, Duration.ofMillis(200));
    Thread.sleep(1_000);
    agent.close();
    Thread.sleep(600);
    CpuSummary cpu = sampler.stop();

    assertThat(cpu.server().available()).isTrue();
    assertThat(cpu.server().averagePercent()).isGreaterThan(5.0);
    assertThat(cpu.warnings()).anySatisfy(w -> assertThat(w.text())
        .startsWith("cpu.server.agent: " + address + ": ")
        .contains("readings failed (last: connection refused)"));
    assertThat(cpu.samples().get(cpu.samples().size() - 1).serverPercent()).isNaN();
  }

  @Test
  void wrongTokenIsNamedButNeverShown() throws Exception {
    String address = startAgent(TOKEN);
    ServerTarget target = ServerTarget.resolve(ServerLocation.localProcesses("postgres"),
        settings("cpu.server.agent", address, "cpu.server.agent.token", "not-the-tok"));
    ServerTarget none = ServerTarget.resolve(ServerLocation.localProcesses("postgres"),
        settings("cpu.server.agent", address));

    assertThat(target.unavailableReason()).isEqualTo("cpu.server.agent: cannot reach " + address
        + " (the agent refused the token in cpu.server.agent.token)");
    assertThat(none.unavailableReason()).contains("the agent requires a token; set cpu.server.agent.token");
  }

  @Test
  void processesAbsentOnTheAgentHostAreNotAvailable() throws Exception {
    String address = startAgent(null);
    ServerTarget target = ServerTarget.resolve(ServerLocation.localProcesses("nosuchserverproc"),
        settings("cpu.server.agent", address));
    assertThat(target.unavailableReason()).startsWith("no process named nosuchserverproc on the host of agent " + address);
    assertThat(target.startWarning()).isNull();
  }

  @Test
  void badAgentSettingsAreConfigurationErrors() {
    assertThatThrownBy(() -> ServerTarget.resolve(ServerLocation.localProcesses("postgres"),
        settings("cpu.server.agent", "db1")))
        .isInstanceOf(ConfigException.class)
        .hasMessage("cpu.server.agent: must be host:port with a port from 1 to 65535 (an IPv6 address in brackets), got 'db1'");
    assertThatThrownBy(() -> ServerTarget.resolve(ServerLocation.localProcesses("postgres"),
        settings("cpu.server.agent", "db1:0")))
        .isInstanceOf(ConfigException.class);
    assertThatThrownBy(() -> ServerTarget.resolve(ServerLocation.localProcesses("postgres"),
        settings("cpu.server.agent", "db1:9464", "cpu.server.pid", "12")))
        .isInstanceOf(ConfigException.class)
        .hasMessageStartingWith("cpu.server.pid: cannot be used with cpu.server.agent");
    assertThatThrownBy(() -> ServerTarget.resolve(ServerLocation.localProcesses("postgres"),
        settings("cpu.server.agent", "db 1:9464")))
        .isInstanceOf(ConfigException.class)
        .hasMessageStartingWith("cpu.server.agent: must be host:port, got 'db 1:9464'");
    assertThatThrownBy(() -> ServerTarget.resolve(ServerLocation.localProcesses("postgres"),
        settings("cpu.server.agent", "db1:9464", "cpu.server.agent.token", "two words")))
        .isInstanceOf(ConfigException.class)
        .hasMessage("cpu.server.agent.token: must be printable characters without spaces, as the agent's token is");
    assertThatThrownBy(() -> ServerTarget.resolve(ServerLocation.embedded(), settings("cpu.server.agent", "db1:9464")))
        .isInstanceOf(ConfigException.class)
        .hasMessage("cpu.server.agent: needs the server's process names and the binding names none; set cpu.server.process");
  }
}
