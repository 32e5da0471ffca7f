package dev.ycsbdriver.testing;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;

/**
 * A MariaDB server of the test's own: a fresh data directory under a temporary directory, {@code mariadbd}
 * on a spare loopback port, user {@code root} without a password (it is this test's instance, so
 * {@code SET GLOBAL} is allowed) and a database {@code ycsb}. For fault tests that must not disturb the
 * shared server on 3306. {@link #close()} stops the server (SIGTERM, then SIGKILL) and deletes the directory;
 * a shutdown hook kills it if the test JVM ends first. Both also stop a server that something else started
 * again on this data directory after the first one was killed (e.g. the built-in restart of
 * {@code bin/ycsb crashtest}): the process named by the pid file whose command line names this data directory.
 *
 * <p>Needs {@code mariadb-install-db}, {@code mariadbd} ({@code /usr/sbin}), {@code mariadb} and
 * {@code mariadb-admin} ({@code scripts/services/mariadb.sh} installs them). Not thread-safe: one owner.
 *
 * <pre>{@code
 * try (PrivateMariadb db = PrivateMariadb.start(Path.of("target"))) {
 *   String url = db.url();                       // jdbc:mysql://127.0.0.1:<port>/ycsb, user root
 *   db.sql("SET GLOBAL sync_binlog = 1");
 *   String v = db.sql("SELECT @@GLOBAL.sync_binlog");   // "1"
 * }
 * }</pre>
 */
public final class PrivateMariadb implements AutoCloseable {
  /** How long the server may take to install its system tables and to answer, each. */
  private static final Duration START_TIMEOUT = Duration.ofSeconds(90);
  private static final Duration STOP_TIMEOUT = Duration.ofSeconds(30);
  private static final Duration CLIENT_TIMEOUT = Duration.ofSeconds(30);

  private final Path directory;
  private final int port;
  private final Process server;
  private final Thread killer;

  private PrivateMariadb(Path directory, int port, Process server) {
    this.directory = directory;
    this.port = port;
    this.server = server;
    this.killer = new Thread(() -> {
      server.destroyForcibly();
      running().ifPresent(ProcessHandle::destroyForcibly);
    }, "private-mariadb-kill-" + port);
  }

  /**
   * Installs a data directory and starts the server; returns when it answers and has database {@code ycsb}.
   *
   * @param parent where the temporary directory goes, e.g. the module's {@code target/}
   * @param serverOptions more {@code mariadbd} options, appended to its command line, e.g.
   *     {@code --sync-binlog=0}
   * @return the running server
   * @throws IOException when a MariaDB program is missing, fails, or the server does not answer within 90 s;
   *     the directory is removed
   */
  public static PrivateMariadb start(Path parent, String... serverOptions) throws IOException, InterruptedException {
    Files.createDirectories(parent);
    Path dir = Files.createTempDirectory(parent.toAbsolutePath(), "private-mariadb-");
    boolean root = "root".equals(System.getProperty("user.name"));
    List<String> common = new ArrayList<>(List.of("--no-defaults", "--datadir=" + dir.resolve("data"),
        "--innodb-log-file-size=8M"));
    if (root) {
      common.add("--user=root");
    }
    try {
      List<String> install = new ArrayList<>(List.of("mariadb-install-db"));
      install.addAll(common);
      install.addAll(List.of("--auth-root-authentication-method=normal", "--skip-test-db"));
      run(install, dir.resolve("install.log"), START_TIMEOUT);
      int port = sparePort();
      List<String> serve = new ArrayList<>(List.of("/usr/sbin/mariadbd"));
      serve.addAll(common);
      serve.addAll(List.of("--port=" + port, "--bind-address=127.0.0.1", "--socket=" + dir.resolve("mysqld.sock"),
          "--pid-file=" + dir.resolve("mysqld.pid"), "--innodb-buffer-pool-size=32M", "--skip-name-resolve"));
      serve.addAll(List.of(serverOptions));
      Process p = new ProcessBuilder(serve).redirectErrorStream(true)
          .redirectOutput(dir.resolve("server.log").toFile()).start();
      PrivateMariadb db = new PrivateMariadb(dir, port, p);
      Runtime.getRuntime().addShutdownHook(db.killer);
      try {
        db.awaitAnswer();
        db.sql("CREATE DATABASE ycsb");
      } catch (IOException | InterruptedException | RuntimeException e) {
        db.close();
        throw e;
      }
      return db;
    } catch (IOException | InterruptedException | RuntimeException e) {
      deleteTree(dir);
      throw e;
    }
  }

  /** @return the server's port on 127.0.0.1 */
  public int port() {
    return port;
  }

  /** @return {@code jdbc:mysql://127.0.0.1:<port>/ycsb}; user {@code root}, no password */
  public String url() {
    return "jdbc:mysql://127.0.0.1:" + port + "/ycsb";
  }

  /** @return the process id of the server {@link #start} started */
  public long pid() {
    return server.pid();
  }

  /**
   * The server running on this data directory now: the one {@link #start} started, or one started again on
   * the same data directory after it was killed.
   *
   * @return its process id from the pid file, or empty when no live process with that id runs on this data
   *     directory (never another server's pid: its command line must name this data directory)
   */
  public OptionalLong runningPid() {
    return running().map(h -> OptionalLong.of(h.pid())).orElse(OptionalLong.empty());
  }

  private Optional<ProcessHandle> running() {
    Path pidFile = directory.resolve("mysqld.pid");
    try {
      long pid = Long.parseLong(Files.readString(pidFile, StandardCharsets.UTF_8).trim());
      String cmdline = Files.readString(Path.of("/proc", Long.toString(pid), "cmdline"), StandardCharsets.UTF_8);
      if (!Arrays.asList(cmdline.split("\0")).contains("--datadir=" + directory.resolve("data"))) {
        return Optional.empty();
      }
      return ProcessHandle.of(pid).filter(ProcessHandle::isAlive);
    } catch (IOException | RuntimeException e) {
      return Optional.empty();
    }
  }

  /**
   * Runs SQL through the {@code mariadb} client as root.
   *
   * @param statements one or more statements
   * @return what it printed, tab-separated without column names, trimmed
   * @throws IOException when the client fails or takes over 30 s
   */
  public String sql(String statements) throws IOException, InterruptedException {
    Path out = Files.createTempFile(directory, "sql-", ".out");
    try {
      run(List.of("mariadb", "--no-defaults", "-uroot", "-h127.0.0.1", "-P" + port, "-N", "-B", "-e", statements),
          out, CLIENT_TIMEOUT);
      return Files.readString(out, StandardCharsets.UTF_8).trim();
    } finally {
      Files.deleteIfExists(out);
    }
  }

  private void awaitAnswer() throws IOException, InterruptedException {
    long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
    while (System.nanoTime() < deadline) {
      if (!server.isAlive()) {
        throw new IOException("mariadbd exited with " + server.exitValue() + " before it answered; see "
            + directory.resolve("server.log") + ":\n" + tail(directory.resolve("server.log")));
      }
      Process ping = new ProcessBuilder("mariadb-admin", "--no-defaults", "-uroot", "-h127.0.0.1", "-P" + port,
          "--connect-timeout=2", "ping").redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
      if (ping.waitFor(10, TimeUnit.SECONDS) && ping.exitValue() == 0) {
        return;
      }
      ping.destroyForcibly();
      Thread.sleep(300);
    }
    throw new IOException("mariadbd on port " + port + " did not answer within " + START_TIMEOUT.toSeconds() + " s");
  }

  /**
   * Stops the server (SIGTERM, SIGKILL after 30 s), also one started again on its data directory
   * ({@link #runningPid()}), and deletes its directory.
   */
  @Override
  public void close() throws IOException {
    stop(server.toHandle());
    running().ifPresent(PrivateMariadb::stop);
    try {
      Runtime.getRuntime().removeShutdownHook(killer);
    } catch (IllegalStateException ignored) {
      // the JVM is shutting down and runs the hook anyway
    }
    deleteTree(directory);
  }

  private static void stop(ProcessHandle process) {
    process.destroy();
    try {
      process.onExit().get(STOP_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
    } catch (ExecutionException | TimeoutException e) {
      process.destroyForcibly();
      process.onExit().completeOnTimeout(process, STOP_TIMEOUT.toSeconds(), TimeUnit.SECONDS).join();
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
    }
  }

  private static void run(List<String> command, Path output, Duration timeout) throws IOException, InterruptedException {
    Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(output.toFile()).start();
    if (!p.waitFor(timeout.toSeconds(), TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new IOException(command.get(0) + ": did not end within " + timeout.toSeconds() + " s");
    }
    if (p.exitValue() != 0) {
      throw new IOException(command.get(0) + ": exit code " + p.exitValue() + ":\n" + tail(output));
    }
  }

  private static String tail(Path log) throws IOException {
    List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
    return String.join("\n", lines.subList(Math.max(0, lines.size() - 15), lines.size()));
  }

  private static int sparePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    }
  }

  private static void deleteTree(Path dir) throws IOException {
    try (Stream<Path> paths = Files.walk(dir)) {
      for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(path);
      }
    }
  }
}
