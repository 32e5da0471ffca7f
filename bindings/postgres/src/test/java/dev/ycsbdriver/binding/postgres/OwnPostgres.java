package dev.ycsbdriver.binding.postgres;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A PostgreSQL 15 instance of the test's own, in a temporary directory on a spare loopback port, so a
 * fault test can pause or stop it without touching the server other tests share. Started as the
 * {@code postgres} OS user (the tests run as root); trust authentication; database {@code ycsb}.
 * {@link #close()} resumes it if paused, stops it and deletes its directory.
 */
final class OwnPostgres implements AutoCloseable {
  private static final Path BIN = Path.of("/usr/lib/postgresql/15/bin");
  private final Path dir;
  private final int port;

  private OwnPostgres(Path dir, int port) {
    this.dir = dir;
    this.port = port;
  }

  /** @return a running instance; fails with how to get the binaries when they are missing */
  static OwnPostgres start() throws Exception {
    if (!Files.isExecutable(BIN.resolve("initdb"))) {
      throw new AssertionError("PostgreSQL 15 binaries not found in " + BIN + "; install postgresql-15");
    }
    Path dir = Files.createTempDirectory("ycsb-own-pg-");
    run(List.of("chown", "postgres", dir.toString()), 10);
    int port;
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = s.getLocalPort();
    }
    OwnPostgres pg = new OwnPostgres(dir, port);
    Path data = dir.resolve("data");
    asPostgres(List.of(BIN.resolve("initdb").toString(), "-D", data.toString(), "-A", "trust", "-U", "postgres",
        "--no-sync"), 60);
    asPostgres(List.of(BIN.resolve("pg_ctl").toString(), "-D", data.toString(), "-l", dir.resolve("log").toString(),
        "-w", "-t", "60", "-o", "-p " + port + " -k " + dir + " -c listen_addresses=127.0.0.1 -c fsync=off", "start"), 90);
    asPostgres(List.of(BIN.resolve("createdb").toString(), "-h", "127.0.0.1", "-p", Integer.toString(port), "-U",
        "postgres", "ycsb"), 30);
    return pg;
  }

  /** @return e.g. {@code jdbc:postgresql://127.0.0.1:54321/ycsb} */
  String url() {
    return "jdbc:postgresql://127.0.0.1:" + port + "/ycsb";
  }

  int port() {
    return port;
  }

  /**
   * Sends SIGSTOP (pause) or SIGCONT (resume) to the postmaster and every process it started; a child
   * that ended between listing and signalling is no failure.
   */
  void signal(String signal) throws Exception {
    List<String> command = new ArrayList<>(List.of("kill", "-" + signal));
    long postmaster = Long.parseLong(Files.readAllLines(dir.resolve("data/postmaster.pid"), StandardCharsets.UTF_8)
        .get(0).trim());
    command.add(Long.toString(postmaster));
    ProcessHandle.of(postmaster).ifPresent(p -> p.children().forEach(c -> command.add(Long.toString(c.pid()))));
    String output = run(command, 10, true);
    if (output.contains("(" + postmaster + ")")) {
      throw new AssertionError("kill -" + signal + " of the postmaster " + postmaster + " failed: " + output);
    }
  }

  @Override
  public void close() throws Exception {
    try {
      signal("CONT");
      asPostgres(List.of(BIN.resolve("pg_ctl").toString(), "-D", dir.resolve("data").toString(), "-m", "immediate",
          "-w", "-t", "30", "stop"), 60);
    } finally {
      run(List.of("rm", "-rf", dir.toString()), 30);
    }
  }

  private static void asPostgres(List<String> command, int timeoutSeconds) throws Exception {
    List<String> all = new ArrayList<>(List.of("runuser", "-u", "postgres", "--"));
    all.addAll(command);
    run(all, timeoutSeconds);
  }

  private static void run(List<String> command, int timeoutSeconds) throws IOException, InterruptedException {
    run(command, timeoutSeconds, false);
  }

  /**
   * @param vanishedOk whether a failure that only says some processes no longer exist is accepted
   * @return what the command printed
   */
  private static String run(List<String> command, int timeoutSeconds, boolean vanishedOk)
      throws IOException, InterruptedException {
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new AssertionError(String.join(" ", command) + " did not end within " + timeoutSeconds + " s");
    }
    String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    boolean onlyVanished = vanishedOk && output.lines().allMatch(l -> l.contains("No such process"));
    if (p.exitValue() != 0 && !onlyVanished) {
      throw new AssertionError(String.join(" ", command) + " exited " + p.exitValue() + ": " + output);
    }
    return output;
  }
}
