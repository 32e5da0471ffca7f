package dev.ycsbdriver.binding.redis;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import redis.clients.jedis.Jedis;

/**
 * A redis-server of the test's own, never the shared one on 6379: a temporary directory with a config file
 * ({@code port}, {@code dir}, {@code pidfile}, {@code appendonly no}, {@code set-proc-title no} so that its command
 * line stays the one that started it, the default user without password and the ACL
 * user {@code ycsb} with {@link #PASSWORD}), started from {@code redis-server <file>} on a spare loopback port, so
 * that a restart from its command line (bin/ycsb crashtest's) reads the same file. {@link #close()} stops the
 * server that serves its directory now (the first one, or one started again by a crash test): {@code SHUTDOWN
 * NOSAVE}, then SIGKILL of the pid in its pid file; then deletes the directory. Not thread-safe: one owner.
 */
final class PrivateRedis implements AutoCloseable {
  static final String USER = "ycsb";
  static final String PASSWORD = "ycsb_redis_secret";

  private final Path directory;
  private final int port;
  private final Process first;

  private PrivateRedis(Path directory, int port, Process first) {
    this.directory = directory;
    this.port = port;
    this.first = first;
  }

  /**
   * @param parent where the temporary directory goes, e.g. {@code target/}
   * @return the running server; close it
   * @throws IOException when redis-server is missing or does not answer within 30 s
   */
  static PrivateRedis start(Path parent) throws IOException, InterruptedException {
    return start(parent, new String[0]);
  }

  /**
   * @param parent where the temporary directory goes, e.g. {@code target/}
   * @param options more command-line options after the config file, e.g. {@code --user ycsb on >secret}
   * @return the running server; close it
   * @throws IOException when redis-server is missing or does not answer within 30 s
   */
  static PrivateRedis start(Path parent, String... options) throws IOException, InterruptedException {
    Files.createDirectories(parent);
    Path dir = Files.createTempDirectory(parent.toAbsolutePath(), "private-redis-");
    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort();
    }
    Path conf = dir.resolve("redis.conf");
    Files.writeString(conf, String.join("\n",
        "bind 127.0.0.1", "port " + port, "dir " + dir, "pidfile " + dir.resolve("redis.pid"), "daemonize no",
        "appendonly no", "save \"\"", "set-proc-title no", "logfile " + dir.resolve("redis.log"),
        "user default on nopass ~* &* +@all",
        "user " + USER + " on >" + PASSWORD + " ~* &* +@read +@write +@transaction +@scripting +@connection +select "
            + "+info +config|get +config|set +config|rewrite", ""), StandardCharsets.UTF_8);
    List<String> command = new ArrayList<>(List.of("redis-server", conf.toString()));
    command.addAll(List.of(options));
    Process p = new ProcessBuilder(command).directory(dir.toFile())
        .redirectErrorStream(true).redirectOutput(dir.resolve("stdout.log").toFile()).start();
    PrivateRedis server = new PrivateRedis(dir, port, p);
    Runtime.getRuntime().addShutdownHook(new Thread(server::kill));
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (!server.answers()) {
      if (!p.isAlive() || System.nanoTime() > deadline) {
        server.close();
        throw new IOException("redis-server on port " + port + " did not start; see " + dir.resolve("redis.log"));
      }
      Thread.sleep(50);
    }
    return server;
  }

  int port() {
    return port;
  }

  Path directory() {
    return directory;
  }

  Path configFile() {
    return directory.resolve("redis.conf");
  }

  /** @return a connection as the default user (no password); close it */
  Jedis admin() {
    return new Jedis("127.0.0.1", port, 5000);
  }

  boolean answers() {
    try (Jedis j = admin()) {
      return "PONG".equals(j.ping());
    } catch (RuntimeException e) {
      return false;
    }
  }

  /** @return the pid of the server serving this directory now, from its pid file, if it runs */
  Optional<ProcessHandle> running() {
    try {
      long pid = Long.parseLong(Files.readString(directory.resolve("redis.pid")).strip());
      return ProcessHandle.of(pid).filter(h -> h.info().commandLine().map(c -> c.contains(configFile().toString()))
          .orElse(false));
    } catch (IOException | NumberFormatException e) {
      return Optional.empty();
    }
  }

  /** SIGKILL of the server serving this directory now. */
  void kill() {
    running().ifPresent(ProcessHandle::destroyForcibly);
    first.destroyForcibly();
  }

  @Override
  public void close() throws IOException {
    try (Jedis j = admin()) {
      j.shutdown(); // SHUTDOWN without an RDB save: save "" is configured
    } catch (RuntimeException ignored) {
      // not running, or it closed the connection as it went down
    }
    kill();
    try (Stream<Path> all = Files.walk(directory)) {
      all.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
    }
  }
}
