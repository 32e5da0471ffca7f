package dev.ycsbdriver.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ycsbdriver.agent.AgentServer;
import dev.ycsbdriver.testing.CliRun;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code ycsb agent}: bad flags and unusable addresses exit 2 with one line; defaults are safe. */
class AgentCommandTest {
  @TempDir
  Path dir;

  private static void assertOneLineUsageError(CliRun run, String expectedStart) {
    assertThat(run.exitCode()).as(run.toString()).isEqualTo(Main.EXIT_USAGE);
    assertThat(run.err().lines().toList()).as(run.toString()).hasSize(1);
    assertThat(run.err()).startsWith(expectedStart);
    assertThat(run.out()).isEmpty();
  }

  @Test
  void portOutOfRangeExits2WithOneLine() {
    assertOneLineUsageError(CliRun.of("agent", "--port", "70000"),
        "ycsb: --port: must be 1 to 65535 (or 0 for any free port), got 70000");
    assertOneLineUsageError(CliRun.of("agent", "--port", "-1"), "ycsb: --port: must be 1 to 65535");
  }

  @Test
  void portThatIsNotANumberExits2WithOneLine() {
    assertOneLineUsageError(CliRun.of("agent", "--port", "94x"), "ycsb: Invalid value for option '--port'");
  }

  @Test
  void unknownFlagExits2WithOneLine() {
    assertOneLineUsageError(CliRun.of("agent", "--bnd", "0.0.0.0"), "ycsb: Unknown options: '--bnd'");
  }

  @Test
  void bindAddressThatIsNoHostExits2WithOneLine() {
    assertOneLineUsageError(CliRun.of("agent", "--bind", "no-such-host.invalid"),
        "ycsb: --bind: must be an address of this host, got 'no-such-host.invalid' (unknown host)");
  }

  @Test
  void portInUseExits2WithOneLine() throws Exception {
    try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
      int port = taken.getLocalPort();
      assertOneLineUsageError(CliRun.of("agent", "--port", Integer.toString(port)),
          "ycsb: agent: cannot listen on 127.0.0.1:" + port + " (address already in use)");
    }
  }

  @Test
  void unreadableOrEmptyTokenFileExits2WithoutShowingIt() throws Exception {
    assertOneLineUsageError(CliRun.of("agent", "--token-file", dir.resolve("missing").toString()),
        "ycsb: --token-file: cannot read " + dir.resolve("missing") + " (NoSuchFileException)");
    Path twoWords = Files.writeString(dir.resolve("token"), "two words-secretish\n");
    CliRun bad = CliRun.of("agent", "--token-file", twoWords.toString());
    assertOneLineUsageError(bad, "ycsb: --token-file: the token must be one line of printable characters");
    assertThat(bad.err()).doesNotContain("secretish");
  }

  @Test
  void listensOnLoopbackPort9464ByDefault() {
    AgentCommand command = new AgentCommand(null);
    new CommandLine(command).parseArgs();
    assertThat(command.bind).isEqualTo("127.0.0.1").isEqualTo(AgentServer.DEFAULT_BIND);
    assertThat(command.port).isEqualTo(9464);
    assertThat(command.tokenFile).isNull();
  }
}
