package dev.ycsbdriver.cpu;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ycsbdriver.config.Settings;
import dev.ycsbdriver.spi.ServerLocation;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Server CPU is that of the process listening on the binding's port and its children, not of every
 * process with the server's name: two real "servers" of the same name run here, each listening on its own
 * loopback port with a child process, and only the one on the binding's port is attributed.
 */
class ServerListenerTargetTest {
  /** The name both servers give themselves (written to /proc/self/comm, which OSHI reads). */
  private static final String NAME = "ycsbsrvtest";
  /**
   * A listener on an ephemeral loopback port with one idle child (forked: it shares the listening socket, as
   * a server's worker may). It prints its port and the child's pid; each line on stdin forks a busy child,
   * whose pid it prints. Every child ends after 60 s or when its parent is gone.
   */
  private static final String SERVER = """
      import os, socket, sys, time
      open('/proc/self/comm', 'w').write(sys.argv[1])
      s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
      s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
      s.bind(('127.0.0.1', int(sys.argv[2]) if len(sys.argv) > 2 else 0))
      s.listen(8)
      parent = os.getpid()
      def spawn(busy):
          pid = os.fork()
          if pid == 0:
              end = time.time() + 60
              while time.time() < end and os.getppid() == parent:
                  if not busy:
                      time.sleep(0.1)
              os._exit(0)
          return pid
      print(s.getsockname()[1], spawn(False), flush=True)
      for line in sys.stdin:
          print(spawn(True), flush=True)
      """;

  private final List<Server> servers = new ArrayList<>();

  /** A started server: its process, port and first child. */
  private record Server(Process process, int port, long child, BufferedReader out, Writer in) {
    long spawnBusyChild() throws IOException {
      in.write("busy\n");
      in.flush();
      return Long.parseLong(out.readLine().trim());
    }
  }

  private Server start() throws IOException {
    return start(0);
  }

  /** @param port the port to listen on, 0 for an ephemeral one */
  private Server start(int port) throws IOException {
    Process p = new ProcessBuilder("python3", "-c", SERVER, NAME, Integer.toString(port))
        .redirectError(ProcessBuilder.Redirect.INHERIT).start();
    BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
    String[] first = out.readLine().trim().split(" ");
    Server s = new Server(p, Integer.parseInt(first[0]), Long.parseLong(first[1]), out,
        new OutputStreamWriter(p.getOutputStream(), StandardCharsets.UTF_8));
    servers.add(s);
    return s;
  }

  @AfterEach
  void stopServers() {
    for (Server s : servers) {
      s.process().descendants().forEach(ProcessHandle::destroyForcibly);
      s.process().destroyForcibly();
    }
  }

  private static ServerTarget target(int port) throws Exception {
    return ServerTarget.resolve(ServerLocation.ofHost("127.0.0.1", port, NAME), Settings.of(Map.of()));
  }

  private static double cpuMillis(long pid) {
    return ProcessHandle.of(pid).orElseThrow().info().totalCpuDuration().orElseThrow().toNanos() / 1e6;
  }

  @Test
  void theProcessListeningOnThePortAndItsChildrenAreTheServerNotAnotherInstanceOfTheSameName() throws Exception {
    Server server = start();
    Server decoy = start();

    ServerTarget target = target(server.port());

    assertThat(target.pids()).containsExactlyInAnyOrder((int) server.process().pid(), (int) server.child());
    assertThat(target.description()).isEqualTo(NAME + " pid " + server.process().pid() + " listening on 127.0.0.1:"
        + server.port() + " and its children (2 pids)");
    assertThat(target.fallbackWarning()).isNull();
    assertThat(target(decoy.port()).pids()).containsExactlyInAnyOrder((int) decoy.process().pid(), (int) decoy.child());
  }

  @Test
  void childrenStartedDuringTheRunAreCountedAndTheDecoysAreNot() throws Exception {
    Server server = start();
    Server decoy = start();
    ServerTarget target = target(server.port());
    CpuSampler sampler = CpuSampler.start(target, java.time.Duration.ofMillis(200));
    long started = System.nanoTime();

    long busy = server.spawnBusyChild();
    long decoyBusy = decoy.spawnBusyChild();
    assertThat(target.pids()).as("re-read at each sample").contains((int) busy).doesNotContain((int) decoyBusy);
    Thread.sleep(1500);
    double busyMillis = cpuMillis(busy);
    CpuSummary cpu = sampler.stop();
    double wallMillis = (System.nanoTime() - started) / 1e6;

    double expected = 100.0 * busyMillis / wallMillis;
    assertThat(expected).as("the busy child got some CPU at all").isGreaterThan(3.0);
    assertThat(cpu.server().averagePercent()).as("counts the new child, whose twin in the decoy does not count")
        .isBetween(0.6 * expected, 1.4 * expected + 5);
  }

  @Test
  void aServerRestartedOnThePortIsFollowedAndItsPredecessorIsNoLongerCounted() throws Exception {
    Server first = start();
    ServerTarget target = target(first.port());
    first.process().descendants().forEach(ProcessHandle::destroyForcibly);
    first.process().destroyForcibly().waitFor();

    Server second = start(first.port());

    assertThat(target.pids()).as("the instance now listening on the port, as after a crash and restart mid-run")
        .containsExactlyInAnyOrder((int) second.process().pid(), (int) second.child());
  }

  @Test
  void withoutAListenerOnThePortEveryProcessOfTheNameIsSummedAndTheResultSaysSo() throws Exception {
    Server server = start();
    Server decoy = start();
    int free;
    try (ServerSocket s = new ServerSocket(0)) {
      free = s.getLocalPort();
    }

    ServerTarget target = target(free);

    assertThat(target.pids()).contains((int) server.process().pid(), (int) server.child(), (int) decoy.process().pid(),
        (int) decoy.child());
    assertThat(target.description()).startsWith("processes named " + NAME);
    assertThat(target.fallbackWarning()).contains("no process listens on 127.0.0.1:" + free,
        "the sum of every process named " + NAME + " instead", "cpu.server.pid");
  }
}
