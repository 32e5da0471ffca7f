package dev.ycsbdriver.crash;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ycsbdriver.config.PropertySpec;
import dev.ycsbdriver.config.Settings;
import dev.ycsbdriver.runner.StopSignal;
import dev.ycsbdriver.spi.Binding;
import dev.ycsbdriver.spi.BindingContext;
import dev.ycsbdriver.spi.BindingProvider;
import dev.ycsbdriver.spi.ServerLocation;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a failed round says of the server it crashed: a server that listens on its port but did not answer before
 * the wait ended (stop.timeout, or cut short by a second signal) is named with the command that starts it and the
 * journal the next command restores from, as docs/crash-test.md promises; one that listens after a round that did
 * not wait for it is not mentioned.
 */
class ServerLeftDownTest {
  private static final String RESTART = "pg_ctl -D /srv/pg start";

  @TempDir
  Path tmp;

  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  private static final class NamedProvider implements BindingProvider {
    @Override
    public String name() {
      return "postgres";
    }

    @Override
    public String description() {
      return "a name only";
    }

    @Override
    public List<PropertySpec> properties() {
      return List.of();
    }

    @Override
    public Binding open(BindingContext context) {
      throw new UnsupportedOperationException("never opened here");
    }
  }

  private RoundContext context(int port) throws Exception {
    Settings settings = Settings.of(Map.of("restart.command", RESTART,
        "restore.journal.dir", tmp.resolve("journal").toString()));
    CrashRequest request = new CrashRequest(new NamedProvider(), settings, CrashConfig.from(settings), "seed004-fast",
        1, Duration.ofSeconds(5), tmp, List.of(), Map.of(), List.of(),
        new PrintStream(OutputStream.nullOutputStream()), new PrintStream(err, true, StandardCharsets.UTF_8),
        new StopSignal());
    return new RoundContext(request, null, "crashtable", "field0", "run1", null,
        new ServerLocation.LocalProcesses(List.of("postgres"), "127.0.0.1", port), "command");
  }

  @Test
  void aServerThatListensButDidNotAnswerIsNamedWithItsStartCommandAndTheJournal() throws Exception {
    // a socket that accepts connections (the kernel's backlog) but never answers: a server still recovering
    try (ServerSocket listening = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
      int port = listening.getLocalPort();

      String line = ServerLeftDown.line(context(port), 1, tmp.resolve("round-1"), null, null, true);

      assertThat(line).isEqualTo("postgres at 127.0.0.1:" + port + " listens but does not answer yet; if it does "
          + "not come up, start it again with: " + RESTART + " (restart.command); the next bin/ycsb command against "
          + "it puts back any server-wide setting the profile changed (journal in " + tmp.resolve("journal") + ")");
      assertThat(err.toString(StandardCharsets.UTF_8)).isEqualTo("[crashtest] round 1: " + line
          + System.lineSeparator());
    }
  }

  @Test
  void aServerThatListensAfterARoundThatDidNotWaitForItIsNotMentioned() throws Exception {
    try (ServerSocket listening = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
      assertThat(ServerLeftDown.line(context(listening.getLocalPort()), 1, tmp.resolve("round-1"), null, null, false))
          .isNull();
      assertThat(err.toString(StandardCharsets.UTF_8)).isEmpty();
    }
  }

  @Test
  void aServerThatDoesNotListenIsLeftDownWithItsStartCommandAndTheJournal() throws Exception {
    int port;
    try (ServerSocket closed = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
      port = closed.getLocalPort();
    }

    String line = ServerLeftDown.line(context(port), 2, tmp.resolve("round-2"), null, null, true);

    assertThat(line).startsWith("postgres at 127.0.0.1:" + port + " is left down; start it again with: " + RESTART)
        .endsWith("(journal in " + tmp.resolve("journal") + ")");
  }
}
