package dev.ycsbdriver.testing;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A PostgreSQL 15 cluster of the test's own, for fault tests: created with {@code initdb} in a directory
 * under {@code target/}, on a spare loopback port, trust authentication, database {@code ycsb}, superuser
 * {@code postgres} without password, {@code fsync = off} in {@code postgresql.conf} (so {@code ALTER SYSTEM}
 * can override it). It can be crashed ({@link #kill9()}), restarted, paused
 * ({@link #pause()}, SIGSTOP to the postmaster and every child) and resumed. The shared server on port 5432
 * is never touched.
 *
 * <p>The binaries run as the {@code postgres} OS user through {@code runuser} (PostgreSQL refuses to run as
 * root), so the test must run as root. Always closed with try-with-resources: {@link #close()} resumes a
 * paused cluster, stops it immediately and deletes its files.
 *
 * <pre>{@code
 * try (PrivatePostgres pg = PrivatePostgres.start()) {
 *   String url = pg.url();   // jdbc:postgresql://127.0.0.1:<port>/ycsb
 *   pg.kill9();
 *   pg.restart();
 * }
 * }</pre>
 *
 * <p>Not thread-safe: one test thread drives it.
 */
public final class PrivatePostgres implements AutoCloseable {
  /**
   * The server binaries of the newest PostgreSQL that Debian's packages installed
   * ({@code /usr/lib/postgresql/<major>/bin}): 15 on Debian 12, 17 on Debian 13.
   */
  public static final Path BIN = newestBin(Path.of("/usr/lib/postgresql"));
  private static final long COMMAND_TIMEOUT_SECONDS = 60;

  private final Path base;
  private final Path data;
  private final int port;
  private final List<Long> paused = new ArrayList<>();

  private PrivatePostgres(Path base, int port) {
    this.base = base;
    this.data = base.resolve("data");
    this.port = port;
  }

  /**
   * Creates and starts a cluster with a database {@code ycsb}, in a new directory under the system's
   * temporary directory: the {@code postgres} OS user must reach it, and a clone under a home directory
   * of mode 0700 (or {@code mktemp -d}) is out of its reach; the short path also keeps the Unix socket's
   * path under its 107-byte limit.
   *
   * @return the running cluster; close it
   * @throws IOException when a command fails (the message carries its output), e.g. not running as root
   */
  public static PrivatePostgres start() throws IOException {
    if (!Files.isExecutable(BIN.resolve("initdb"))) {
      throw new IOException(BIN + "/initdb not found: fault tests need PostgreSQL's server binaries; "
          + "scripts/services/postgres.sh installs them");
    }
    int port = sparePort();
    Path base = Files.createTempDirectory("ycsb-pg" + port);
    PrivatePostgres pg = new PrivatePostgres(base, port);
    try {
      run("chown", "-R", "postgres:postgres", base.toString());
      asPostgres(BIN.resolve("initdb").toString(), "-D", pg.data.toString(), "-A", "trust", "-U", "postgres",
          "--no-sync", "-E", "UTF8");
      // in postgresql.conf, not on the command line: ALTER SYSTEM (postgresql.auto.conf) must be able to
      // override it, as on an ordinary server
      Files.writeString(pg.data.resolve("postgresql.conf"), "\n# fault tests need no durability of their own\n"
          + "fsync = off\n", StandardCharsets.UTF_8, java.nio.file.StandardOpenOption.APPEND);
      pg.startServer();
      asPostgres(BIN.resolve("createdb").toString(), "-h", "127.0.0.1", "-p", Integer.toString(port), "-U",
          "postgres", "ycsb");
      return pg;
    } catch (IOException | RuntimeException e) {
      pg.close();
      throw e;
    }
  }

  private static Path newestBin(Path root) {
    try (var versions = Files.list(root)) {
      return versions.filter(d -> d.getFileName().toString().matches("\\d+"))
          .max(java.util.Comparator.comparingInt(d -> Integer.parseInt(d.getFileName().toString())))
          .map(d -> d.resolve("bin")).orElse(root.resolve("15/bin"));
    } catch (IOException e) {
      return root.resolve("15/bin");
    }
  }

  /** @return the pgjdbc URL of database {@code ycsb} */
  public String url() {
    return "jdbc:postgresql://127.0.0.1:" + port + "/ycsb";
  }

  /** @return the user to connect as ({@code postgres}, trust authentication, no password) */
  public String user() {
    return "postgres";
  }

  /** @return the TCP port on 127.0.0.1 */
  public int port() {
    return port;
  }

  /**
   * Crashes the cluster: SIGKILL to the postmaster and every child, as a crash would, then waits until they
   * are gone.
   *
   * @throws IOException when the cluster is not running
   */
  public void kill9() throws IOException {
    List<ProcessHandle> all = processes();
    all.forEach(ProcessHandle::destroyForcibly);
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(COMMAND_TIMEOUT_SECONDS);
    while (all.stream().anyMatch(ProcessHandle::isAlive)) {
      if (System.nanoTime() - deadline > 0) {
        throw new IOException("postgres on port " + port + ": still alive after SIGKILL");
      }
      sleep(20);
    }
  }

  /**
   * Starts the cluster again after {@link #kill9()} (crash recovery runs first) and waits until it accepts
   * connections.
   *
   * @throws IOException when it does not start
   */
  public void restart() throws IOException {
    startServer();
  }

  /**
   * SIGSTOP to the postmaster and every child: the server keeps its sockets but answers nothing, as a hung
   * host would. {@link #resume()} or {@link #close()} undoes it.
   *
   * @throws IOException when the cluster is not running or a signal fails
   */
  public void pause() throws IOException {
    List<Long> pids = processes().stream().map(ProcessHandle::pid).toList();
    paused.addAll(pids);
    signal("STOP", pids);
  }

  /**
   * SIGCONT to the processes {@link #pause()} stopped.
   *
   * @throws IOException when a signal fails
   */
  public void resume() throws IOException {
    List<Long> pids = List.copyOf(paused);
    paused.clear();
    signal("CONT", pids);
  }

  /** Resumes, stops immediately, and deletes the cluster's files; never throws. */
  @Override
  public void close() {
    try {
      resume();
    } catch (IOException | RuntimeException ignored) {
      // processes already gone
    }
    try {
      if (Files.exists(data.resolve("postmaster.pid"))) {
        asPostgres(BIN.resolve("pg_ctl").toString(), "-D", data.toString(), "-m", "immediate", "-w", "stop");
      }
    } catch (IOException | RuntimeException e) {
      try {
        processes().forEach(ProcessHandle::destroyForcibly);
      } catch (IOException | RuntimeException ignored) {
        // nothing running
      }
    }
    try {
      deleteTree(base);
    } catch (IOException ignored) {
      // left in the temporary directory
    }
  }

  private void startServer() throws IOException {
    asPostgres(BIN.resolve("pg_ctl").toString(), "-D", data.toString(), "-l", base.resolve("server.log").toString(),
        "-w", "-t", "60", "-o", "-p " + port + " -k " + base + " -c listen_addresses=127.0.0.1",
        "start");
  }

  /** @return the postmaster (first line of {@code postmaster.pid}) and its children */
  private List<ProcessHandle> processes() throws IOException {
    Path pidFile = data.resolve("postmaster.pid");
    if (!Files.exists(pidFile)) {
      throw new IOException("postgres on port " + port + ": not running (no postmaster.pid)");
    }
    long pid = Long.parseLong(Files.readAllLines(pidFile).get(0).trim());
    ProcessHandle postmaster = ProcessHandle.of(pid)
        .orElseThrow(() -> new IOException("postgres on port " + port + ": postmaster " + pid + " is not running"));
    List<ProcessHandle> all = new ArrayList<>();
    all.add(postmaster);
    postmaster.descendants().forEach(all::add);
    return all;
  }

  /**
   * Sends a signal with {@code kill}. A backend that exits between listing and signalling (a connection that
   * just closed) makes {@code kill} fail for its pid only: then the survivors get the signal once more, which
   * changes nothing for those that had it.
   */
  private static void signal(String name, List<Long> pids) throws IOException {
    List<Long> alive = alive(pids);
    if (alive.isEmpty()) {
      return;
    }
    try {
      kill(name, alive);
    } catch (IOException e) {
      List<Long> survivors = alive(alive);
      if (survivors.size() == alive.size()) {
        throw e;
      }
      kill(name, survivors);
    }
  }

  private static List<Long> alive(List<Long> pids) {
    return pids.stream().filter(p -> ProcessHandle.of(p).map(ProcessHandle::isAlive).orElse(false)).toList();
  }

  private static void kill(String name, List<Long> pids) throws IOException {
    List<String> command = new ArrayList<>(List.of("kill", "-" + name));
    pids.forEach(p -> command.add(Long.toString(p)));
    run(command.toArray(String[]::new));
  }

  private static void asPostgres(String... command) throws IOException {
    List<String> all = new ArrayList<>(List.of("runuser", "-u", "postgres", "--"));
    all.addAll(List.of(command));
    run(all.toArray(String[]::new));
  }

  private static void run(String... command) throws IOException {
    // to a file, not a pipe: the server pg_ctl starts must not hold a pipe the test waits on
    Path log = Files.createTempFile("pg-command", ".log");
    // from a directory the postgres user can enter: initdb and pg_ctl fail in one it cannot
    Process p = new ProcessBuilder(command).directory(new java.io.File(System.getProperty("java.io.tmpdir")))
        .redirectErrorStream(true).redirectOutput(log.toFile()).start();
    try {
      if (!p.waitFor(COMMAND_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        throw new IOException(String.join(" ", command) + ": no exit within " + COMMAND_TIMEOUT_SECONDS + " s");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      p.destroyForcibly();
      throw new IOException(String.join(" ", command) + ": interrupted", e);
    }
    String output = Files.readString(log, StandardCharsets.UTF_8);
    Files.deleteIfExists(log);
    if (p.exitValue() != 0) {
      throw new IOException(String.join(" ", command) + ": exit " + p.exitValue() + ": " + output.strip()
          + " (fault tests run PostgreSQL as the postgres OS user and need root)");
    }
  }

  private static int sparePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    }
  }

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static void deleteTree(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> walk = Files.walk(dir)) {
      for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }
}
