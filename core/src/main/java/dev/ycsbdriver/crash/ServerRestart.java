package dev.ycsbdriver.crash;

import java.io.File;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * Starts the store again after a crash: a user's {@code restart.command}, or the built-in restart of a killed
 * local server, which re-runs its captured command line as its user and group ({@code setpriv}), in its working
 * directory with its environment, detached ({@code setsid}), its output appended to a log. Also runs
 * {@code crash.command}: both commands go through {@code sh -c} in a process group of their own, bounded by
 * {@code crash.command.timeout} (a restart also by {@code restart.timeout}) and killed with the group when they
 * run longer. The restart's log never holds a secret of the test's configuration ({@link CrashSecrets}).
 *
 * <p>Stateless and thread-safe.
 */
final class ServerRestart {
  private ServerRestart() {
  }

  /**
   * Runs a shell command in a process group of its own ({@code setsid}) and waits for it. When it runs past
   * {@code bound} or {@code stop} answers true, the whole group and every descendant of the command are killed
   * (SIGKILL): nothing it started outlives the test unless it left the group itself (a daemon that forked into a
   * session of its own is what a restart command is for).
   *
   * @param key the key that gave it, for the message, e.g. {@code crash.command}
   * @param command the command, run with {@code sh -c}
   * @param log receives its output (appended); created readable by its owner only
   * @param bound longest wait; then it is killed
   * @param boundKey the key that set the bound, for the message, e.g. {@code crash.command.timeout}
   * @param stop polled while it runs: true (Ctrl-C) kills it
   * @throws CrashException (exit 1) when it cannot start, exits non-zero, runs too long or is stopped
   */
  static void shell(String key, String command, Path log, Duration bound, String boundKey, BooleanSupplier stop)
      throws CrashException {
    Process p;
    try {
      CrashSecrets.createPrivate(log);
      p = new ProcessBuilder("setsid", "--wait", "sh", "-c", command).redirectErrorStream(true)
          .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
          .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
    } catch (IOException e) {
      throw new CrashException(1, key + ": cannot run sh -c (" + e.getMessage() + ")");
    }
    long deadline = System.nanoTime() + bound.toNanos();
    try {
      while (!p.waitFor(Math.max(0, Math.min(100, (deadline - System.nanoTime()) / 1_000_000)),
          TimeUnit.MILLISECONDS)) {
        boolean stopped = stop.getAsBoolean();
        if (stopped || System.nanoTime() - deadline >= 0) {
          int killed = killGroup(p);
          throw new CrashException(1, key + ": " + (stopped ? "interrupted" : "still running after "
              + bound.toSeconds() + " s (" + boundKey + ")") + "; killed it and " + killed + " process"
              + (killed == 1 ? "" : "es") + " it started (process group " + p.pid() + "); its output is in " + log);
        }
      }
    } catch (InterruptedException e) {
      killGroup(p);
      Thread.currentThread().interrupt();
      throw new CrashException(1, key + ": interrupted; killed it and its process group " + p.pid());
    }
    if (p.exitValue() != 0) {
      throw new CrashException(1, key + ": exit " + p.exitValue() + "; its output is in " + log);
    }
  }

  /**
   * SIGKILL to a command's process group and to each of its descendants, then waits (up to 5 s) until they are
   * gone.
   *
   * @param p a process started by {@link #shell}, the leader of its own process group
   * @return how many processes besides {@code p} were killed
   */
  static int killGroup(Process p) {
    List<ProcessHandle> tree = new ArrayList<>(p.descendants().toList());
    try {
      Process kill = new ProcessBuilder("kill", "-KILL", "--", "-" + p.pid()).redirectErrorStream(true)
          .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
      kill.waitFor(5, TimeUnit.SECONDS);
    } catch (IOException e) {
      // the descendants below are killed one by one
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    tree.forEach(ProcessHandle::destroyForcibly);
    p.destroyForcibly();
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
    while ((p.isAlive() || tree.stream().anyMatch(ProcessHandle::isAlive)) && System.nanoTime() - deadline < 0) {
      ServerCrash.sleep(10);
    }
    return tree.size();
  }

  /**
   * The built-in restart: unless something listens on the port again within {@code grace} (a supervisor
   * restarted the server), re-runs the killed listener's command line.
   *
   * @param server what {@link ServerCrash#kill} captured
   * @param host the host the binding connects to
   * @param port the port
   * @param grace how long to wait for a supervisor ({@code restart.grace})
   * @param stopped whether a signal asked the test to end: then the wait for a supervisor ends at once, so that the
   *     server is not left down
   * @param log gets the restart's command line, secrets masked, and the server's output when the killed server's
   *     standard error was not a file it can reopen; created readable by its owner only
   * @param secrets what to mask in the logged command line
   * @return the started server process, or null when a supervisor restarted it
   * @throws CrashException (exit 1) when the command cannot be started
   */
  static Process builtIn(ServerCrash.Captured server, String host, int port, Duration grace,
                         BooleanSupplier stopped, Path log, CrashSecrets secrets)
      throws CrashException {
    long deadline = System.nanoTime() + grace.toNanos();
    do {
      if (listening(host, port)) {
        return null;
      }
      ServerCrash.sleep(100);
    } while (System.nanoTime() - deadline < 0 && !stopped.getAsBoolean());
    List<String> command = command(server);
    try {
      CrashSecrets.createPrivate(log);
      // the server outlives the crash test: its output goes where the killed server's went (its own log file),
      // and only when that cannot be reopened (a pipe, a terminal) to the round's log
      Path output = server.output() != null ? server.output() : log;
      Files.writeString(log, "# restart: " + secrets.maskCommand(command) + System.lineSeparator() + "# output: "
          + output + System.lineSeparator(), StandardCharsets.UTF_8);
      ProcessBuilder b = new ProcessBuilder(command).directory(server.directory().toFile())
          .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.appendTo(output.toFile()))
          .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
      b.environment().clear();
      b.environment().putAll(server.environment());
      return b.start();
    } catch (IOException e) {
      throw new CrashException(1, "restart: cannot re-run " + server.command().get(0) + " (" + e.getMessage()
          + "); give restart.command");
    }
  }

  /**
   * @param server what {@link ServerCrash#kill} captured
   * @return the built-in restart's command line: the killed listener's, detached, as its user and group
   */
  static List<String> command(ServerCrash.Captured server) {
    List<String> command = new ArrayList<>(List.of("setsid"));
    if (server.uid() != currentUid()) {
      command.addAll(List.of("setpriv", "--reuid=" + server.uid(), "--regid=" + server.gid(), "--init-groups", "--"));
    }
    command.addAll(server.command());
    return command;
  }

  /** @return whether a TCP connection to host:port is accepted now */
  static boolean listening(String host, int port) {
    try (Socket s = new Socket()) {
      s.connect(new InetSocketAddress(host, port), 200);
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  private static int currentUid() {
    try {
      return ServerCrash.ids(Files.readAllLines(Path.of("/proc/self/status"), StandardCharsets.UTF_8))[0];
    } catch (IOException | RuntimeException e) {
      return -1;
    }
  }
}
