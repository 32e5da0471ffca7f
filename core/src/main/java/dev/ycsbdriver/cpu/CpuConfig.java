package dev.ycsbdriver.cpu;

import dev.ycsbdriver.config.PropertySpec;
import java.time.Duration;
import java.util.List;

/** The CPU sampler's configuration keys, under {@code cpu.}. */
public final class CpuConfig {
  /** Time between two samples; the first sample is taken when the clock starts, the last when it stops. */
  public static final PropertySpec INTERVAL = PropertySpec.of("cpu.interval", "1s", "s",
      "time between two CPU samples, 100ms to 1h").duration(Duration.ofMillis(100), Duration.ofHours(1));
  /** Server process names, comma-separated; overrides the binding's own names. */
  public static final PropertySpec SERVER_PROCESS = PropertySpec.optional("cpu.server.process", "",
      "server process names as the OS shows them, comma-separated (e.g. postgres); overrides the binding's names");
  /** Server process ids, comma-separated; overrides names. */
  public static final PropertySpec SERVER_PID = PropertySpec.optional("cpu.server.pid", "",
      "server process ids, comma-separated; overrides cpu.server.process and the binding's names");
  /**
   * Address of a {@code bin/ycsb agent} on the database host; when set, the server's CPU is read from it
   * every interval instead of from local processes.
   */
  public static final PropertySpec SERVER_AGENT = PropertySpec.optional("cpu.server.agent", "host:port",
      "host:port of a bin/ycsb agent on the database host (e.g. 10.0.0.5:9464); server CPU is then read from it "
          + "every cpu.interval, for the binding's process names or cpu.server.process, instead of from this machine");
  /** The agent's bearer token; a secret, masked wherever it is printed or saved. */
  public static final PropertySpec SERVER_AGENT_TOKEN = PropertySpec.optional("cpu.server.agent.token", "",
      "bearer token the agent was started with (its --token-file or YCSB_AGENT_TOKEN); a secret, masked in every output");
  /**
   * Longest wait for the agent's connection and again for its answer, per reading; a reading that takes
   * longer is counted as failed (the result says how many) and delays that sample by at most this.
   */
  public static final PropertySpec SERVER_AGENT_TIMEOUT = PropertySpec.of("cpu.server.agent.timeout", "1s", "s",
      "longest wait for the agent's connection and again for its answer, per reading; a slower reading is "
          + "counted as failed; 10ms to 1m").duration(Duration.ofMillis(10), Duration.ofMinutes(1));
  /** Every key, in the order {@code bin/ycsb bindings} shows them. */
  public static final List<PropertySpec> SPECS = List.of(INTERVAL, SERVER_PROCESS, SERVER_PID, SERVER_AGENT,
      SERVER_AGENT_TOKEN, SERVER_AGENT_TIMEOUT);

  private CpuConfig() {
  }

  /**
   * @param token a bearer token for {@code bin/ycsb agent} ({@code cpu.server.agent.token}, the agent's
   *     {@code --token-file} or {@code YCSB_AGENT_TOKEN})
   * @return whether it can be sent in an {@code Authorization} header as it is: one or more printable
   *     ASCII characters, no spaces
   */
  public static boolean isValidAgentToken(String token) {
    return !token.isEmpty() && token.chars().allMatch(c -> c >= 0x21 && c <= 0x7e);
  }
}
