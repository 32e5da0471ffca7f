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

/**
 * Starts the store again after a crash: a user's {@code restart.command}, or the built-in restart of a killed
 * local server, which re-runs its captured command line as its user and group ({@code setpriv}), in its working
 * directory with its environment, detached ({@code setsid}), its output appended to a log. Also runs
 * {@code crash.command}: both commands go through {@code sh -c}, bounded by {@code crash.command.timeout}.
 *
 * <p>Stateless and thread-safe.
 */
final class ServerRestart {
  private ServerRestart() {
  }

  /**
   * Runs a shell command and waits for it.
   *
   * @param key the key that gave it, for the message, e.g. {@code crash.command}
   * @param command the command, run with {@code sh -c}
   * @param log receives its output (appended)
   * @param timeout longest wait; then it is killed
   * @throws CrashException (exit 1) when it cannot start, exits non-zero or runs too long
   */
  static void shell(String key, String command, Path log, Duration timeout) throws CrashException {
    try {
      Files.createDirectories(log.toAbsolutePath().getParent());
      Process p = new ProcessBuilder("sh", "-c", command).redirectErrorStream(true)
          .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
          .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
      if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
        p.destroyForcibly();
        throw new CrashException(1, key + ": still running after " + timeout.toSeconds()
            + " s (crash.command.timeout); its output is in " + log);
      }
      if (p.exitValue() != 0) {
        throw new CrashException(1, key + ": exit " + p.exitValue() + "; its output is in " + log);
      }
    } catch (IOException e) {
      throw new CrashException(1, key + ": cannot run sh -c (" + e.getMessage() + ")");
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new CrashException(1, key + ": interrupted");
    }
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
   * @param log gets the restart's command line, and the server's output when the killed server's standard error
   *     was not a file it can reopen
   * @return the started server process, or null when a supervisor restarted it
   * @throws CrashException (exit 1) when the command cannot be started
   */
  static Process builtIn(ServerCrash.Captured server, String host, int port, Duration grace,
                         java.util.function.BooleanSupplier stopped, Path log) throws CrashException {
    long deadline = System.nanoTime() + grace.toNanos();
    do {
      if (listening(host, port)) {
        return null;
      }
      ServerCrash.sleep(100);
    } while (System.nanoTime() - deadline < 0 && !stopped.getAsBoolean());
    List<String> command = command(server);
    try {
      Files.createDirectories(log.toAbsolutePath().getParent());
      // the server outlives the crash test: its output goes where the killed server's went (its own log file),
      // and only when that cannot be reopened (a pipe, a terminal) to the round's log
      Path output = server.output() != null ? server.output() : log;
      Files.writeString(log, "# restart: " + String.join(" ", command) + System.lineSeparator() + "# output: "
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
