package dev.ycsbdriver.cli;

import dev.ycsbdriver.agent.AgentServer;
import dev.ycsbdriver.config.ConfigException;
import dev.ycsbdriver.config.Settings;
import dev.ycsbdriver.cpu.CpuConfig;
import dev.ycsbdriver.http.HttpEndpoint;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code ycsb agent}: serves this host's CPU counters over HTTP for a driver on another machine
 * ({@code -p cpu.server.agent=host:port}); see {@link AgentServer}.
 *
 * <p>Prints one line when it listens (and a warning when it listens beyond loopback without a token) and runs
 * until SIGTERM or Ctrl-C, then exits 0, also during or after a flood of connections. A bad flag, an unreadable
 * token file or an address that cannot be bound (port in use) exits 2 with one line on stderr.
 */
@Command(name = "agent", mixinStandardHelpOptions = true,
    description = "Serve this host's CPU counters (GET /cpu?process=<name>) for a driver elsewhere (-p cpu.server.agent=host:port).")
final class AgentCommand implements Callable<Integer> {
  /** Environment variable holding the token when no --token-file is given. */
  static final String TOKEN_ENV = "YCSB_AGENT_TOKEN";

  private final Cli cli;

  @Option(names = "--bind", paramLabel = "<address>", defaultValue = AgentServer.DEFAULT_BIND,
      description = "address to listen on (default: ${DEFAULT-VALUE}, this host only; 0.0.0.0 for every interface)")
  String bind;

  @Option(names = "--port", paramLabel = "<port>", defaultValue = "" + AgentServer.DEFAULT_PORT,
      description = "TCP port, 1 to 65535, or 0 for any free port (default: ${DEFAULT-VALUE})")
  int port;

  @Option(names = "--token-file", paramLabel = "<path>",
      description = "file holding the bearer token every request must carry (default: $" + TOKEN_ENV + ", else none)")
  Path tokenFile;

  @Option(names = "--idle-timeout", paramLabel = "<duration>", defaultValue = "30s",
      description = "close a connection that sends nothing for this long, 1s to 1h, e.g. 30s or 2m "
          + "(default: ${DEFAULT-VALUE})")
  String idleTimeout;

  @Option(names = "--max-connections", paramLabel = "<n>", defaultValue = "" + AgentServer.DEFAULT_MAX_CONNECTIONS,
      description = "connections open at once, 1 to half of the open-file limit (ulimit -n); a connection beyond "
          + "them is reset at once (default: ${DEFAULT-VALUE})")
  int maxConnections;

  AgentCommand(Cli cli) {
    this.cli = cli;
  }

  @Override
  public Integer call() throws ConfigException, InterruptedException {
    if (port < 0 || port > 65535) {
      throw new ConfigException("--port: must be 1 to 65535 (or 0 for any free port), got " + port);
    }
    InetSocketAddress requested = new InetSocketAddress(bind, port);
    if (requested.isUnresolved()) {
      throw new ConfigException("--bind: must be an address of this host, got '" + bind + "' (unknown host)");
    }
    HttpEndpoint.Limits limits = limits();
    String token = token();
    PrintStream err = cli.err();
    AgentServer server;
    try {
      server = AgentServer.start(requested, token, limits, line -> err.println("ycsb agent: Warning: " + line
          + "; --max-connections=" + limits.maxConnections()));
    } catch (IOException | IllegalStateException e) {
      throw new ConfigException("agent: " + e.getMessage());
    }
    InetSocketAddress address = server.address();
    String host = address.getHostString();
    String hostPort = (host.contains(":") ? "[" + host + "]" : host) + ":" + address.getPort();
    err.println("ycsb agent: listening on " + hostPort + (token == null ? "" : " (bearer token required)"));
    if (token == null && !address.getAddress().isLoopbackAddress()) {
      err.println("ycsb agent: Warning: listening on " + hostPort + " without a token: anyone who reaches this "
          + "port reads this host's process names and CPU; give --token-file or $" + TOKEN_ENV
          + ", or --bind 127.0.0.1");
    }
    // the signal handler only counts down: it must not depend on the event loop, nor load classes or open
    // files, which a flood of connections may have made impossible
    CountDownLatch stopRequested = new CountDownLatch(1);
    try (SignalStop signals = SignalStop.install(cli.handleSignals(), sig -> stopRequested.countDown())) {
      stopRequested.await();
    } finally {
      server.close();
    }
    err.println("ycsb agent: stopped");
    return Main.EXIT_OK;
  }

  private HttpEndpoint.Limits limits() throws ConfigException {
    Duration idle = Settings.parseDuration(idleTimeout, null);
    if (idle == null || idle.compareTo(Duration.ofSeconds(1)) < 0 || idle.compareTo(Duration.ofHours(1)) > 0) {
      throw new ConfigException("--idle-timeout: must be a duration of 1s to 1h, e.g. 30s, got '" + idleTimeout + "'");
    }
    try {
      return AgentServer.limits(idle, maxConnections);
    } catch (IllegalArgumentException e) {
      throw new ConfigException("--max-connections: " + e.getMessage());
    }
  }

  private String token() throws ConfigException {
    String token;
    String source;
    if (tokenFile != null) {
      source = "--token-file";
      try {
        token = Files.readString(tokenFile, StandardCharsets.UTF_8).strip();
      } catch (IOException e) {
        throw new ConfigException("--token-file: cannot read " + tokenFile + " (" + e.getClass().getSimpleName() + ")");
      }
    } else {
      source = TOKEN_ENV;
      token = System.getenv(TOKEN_ENV);
      if (token == null) {
        return null;
      }
      token = token.strip();
    }
    if (!CpuConfig.isValidAgentToken(token)) {
      throw new ConfigException(source + ": the token must be one line of printable characters without spaces");
    }
    return token;
  }
}
