package dev.ycsbdriver.cli;

import dev.ycsbdriver.agent.AgentServer;
import dev.ycsbdriver.config.ConfigException;
import dev.ycsbdriver.cpu.CpuConfig;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code ycsb agent}: serves this host's CPU counters over HTTP for a driver on another machine
 * ({@code -p cpu.server.agent=host:port}); see {@link AgentServer}.
 *
 * <p>Prints one line when it listens and runs until SIGTERM or Ctrl-C, then exits 0. A bad flag, an
 * unreadable token file or an address that cannot be bound (port in use) exits 2 with one line on stderr.
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
    String token = token();
    AgentServer server;
    try {
      server = AgentServer.start(requested, token);
    } catch (IOException | IllegalStateException e) {
      throw new ConfigException("agent: " + e.getMessage());
    }
    InetSocketAddress address = server.address();
    String host = address.getHostString();
    cli.err().println("ycsb agent: listening on " + (host.contains(":") ? "[" + host + "]" : host) + ":" + address.getPort()
        + (token == null ? "" : " (bearer token required)"));
    try (SignalStop signals = SignalStop.install(cli.handleSignals(), sig -> server.close())) {
      server.awaitClose();
    } finally {
      server.close();
    }
    cli.err().println("ycsb agent: stopped");
    return Main.EXIT_OK;
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
