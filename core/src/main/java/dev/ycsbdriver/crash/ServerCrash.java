package dev.ycsbdriver.crash;

import dev.ycsbdriver.cpu.ServerTarget;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Crashes a local server instance: SIGKILL to the process listening on the binding's port and to its
 * descendants, the same processes the CPU figure attributes to the server ({@link ServerTarget#listener}).
 * Before the kill it captures what the built-in restart needs: the listener's command line, working
 * directory, user and group, and environment, from {@code /proc/<pid>}.
 *
 * <p>Stateless and thread-safe.
 */
final class ServerCrash {
  private ServerCrash() {
  }

  /**
   * What was killed and how to start it again.
   *
   * @param pid the listener's pid
   * @param command its command line, never empty
   * @param directory its working directory
   * @param uid its real user id
   * @param gid its real group id
   * @param environment its environment
   * @param killed every pid that received SIGKILL, the listener first
   */
  record Captured(long pid, List<String> command, Path directory, int uid, int gid, Map<String, String> environment,
                  List<Long> killed, Path output, long killedAtNanos, long killedAtEpochMillis) {
  }

  /**
   * @param host the host the binding connects to
   * @param port its port
   * @return the listener's processes, the listener first
   * @throws CrashException exit 3 when nothing listens on the port, 1 when the listener cannot be read
   */
  static List<Long> find(String host, int port) throws CrashException {
    ServerTarget target = ServerTarget.listener(host, port);
    if (target.unavailableReason() != null) {
      boolean nothing = target.unavailableReason().startsWith("no process listens");
      throw new CrashException(nothing ? 3 : 1, "crash: " + target.unavailableReason() + "; run as root or as the "
          + "server's user, or give crash.command (and restart.command)");
    }
    return target.pids().stream().map(Integer::longValue).toList();
  }

  /**
   * Captures the listener, then sends SIGKILL to it and its descendants and waits until they are gone.
   *
   * @param host the host the binding connects to
   * @param port its port
   * @param bound how long the processes may take to disappear
   * @return what was killed
   * @throws CrashException when no process can be found (3 when nothing listens), read, or killed
   */
  static Captured kill(String host, int port, Duration bound) throws CrashException {
    List<Long> pids = find(host, port);
    long root = pids.get(0);
    Captured captured;
    try {
      Path proc = Path.of("/proc", Long.toString(root));
      List<String> command = nulSeparated(Files.readAllBytes(proc.resolve("cmdline")));
      Map<String, String> env = new LinkedHashMap<>();
      for (String e : nulSeparated(Files.readAllBytes(proc.resolve("environ")))) {
        int eq = e.indexOf('=');
        if (eq > 0) {
          env.put(e.substring(0, eq), e.substring(eq + 1));
        }
      }
      int[] ids = ids(Files.readAllLines(proc.resolve("status"), StandardCharsets.UTF_8));
      captured = new Captured(root, command, Files.readSymbolicLink(proc.resolve("cwd")), ids[0], ids[1], env, pids,
          output(proc), 0, 0);
      if (command.isEmpty()) {
        throw new IOException("empty command line");
      }
    } catch (IOException | RuntimeException e) {
      throw new CrashException(1, "crash: cannot read /proc/" + root + " of the server listening on " + host + ":"
          + port + " (" + e.getMessage() + "); run as root or as the server's user, or give crash.command");
    }
    List<ProcessHandle> handles = new ArrayList<>();
    // the crash moment is the first SIGKILL, not the start of the capture before it (reading /proc takes time)
    long killedAtNanos = System.nanoTime();
    long killedAtEpochMillis = System.currentTimeMillis();
    for (long pid : pids) {
      Optional<ProcessHandle> h = ProcessHandle.of(pid);
      if (h.isPresent()) {
        if (!h.get().destroyForcibly() && pid == root) {
          throw new CrashException(1, "crash: SIGKILL to pid " + pid + " (listening on " + host + ":" + port
              + ") was not permitted; run as root or as the server's user, or give crash.command");
        }
        handles.add(h.get());
      }
    }
    long deadline = System.nanoTime() + bound.toNanos();
    while (handles.stream().anyMatch(ProcessHandle::isAlive)) {
      if (System.nanoTime() - deadline > 0) {
        throw new CrashException(1, "crash: server processes " + pids + " still alive " + bound.toSeconds()
            + " s after SIGKILL (crash.command.timeout)");
      }
      sleep(10);
    }
    return new Captured(captured.pid(), captured.command(), captured.directory(), captured.uid(), captured.gid(),
        captured.environment(), captured.killed(), captured.output(), killedAtNanos, killedAtEpochMillis);
  }

  /**
   * @param proc the listener's {@code /proc/<pid>} directory
   * @return where the listener's standard error went, when the restarted server can write there too (a regular
   *     file such as Debian's {@code /var/log/postgresql/postgresql-15-main.log}, or {@code /dev/null}); null for
   *     a pipe, socket or terminal, whose reader is gone
   */
  private static Path output(Path proc) {
    try {
      Path target = Files.readSymbolicLink(proc.resolve("fd").resolve("2"));
      return target.isAbsolute() && (Files.isRegularFile(target) || target.equals(Path.of("/dev/null"))) ? target : null;
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  private static List<String> nulSeparated(byte[] bytes) {
    List<String> out = new ArrayList<>(Arrays.asList(new String(bytes, StandardCharsets.UTF_8).split("\0")));
    out.removeIf(String::isEmpty);
    return out;
  }

  /** @return the real uid and gid from the {@code Uid:} and {@code Gid:} lines of {@code /proc/<pid>/status} */
  static int[] ids(List<String> status) throws IOException {
    int[] ids = {-1, -1};
    for (String l : status) {
      if (l.startsWith("Uid:")) {
        ids[0] = Integer.parseInt(l.substring(4).trim().split("\\s+")[0]);
      } else if (l.startsWith("Gid:")) {
        ids[1] = Integer.parseInt(l.substring(4).trim().split("\\s+")[0]);
      }
    }
    if (ids[0] < 0 || ids[1] < 0) {
      throw new IOException("no Uid or Gid line in its status");
    }
    return ids;
  }

  static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
