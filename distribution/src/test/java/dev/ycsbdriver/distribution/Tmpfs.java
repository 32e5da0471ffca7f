package dev.ycsbdriver.distribution;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A small tmpfs the test mounts itself, to fill a file system without touching the machine's: a test of a full
 * disk needs root (CI runs as root), and fails, saying why, when it is not root or the mount is refused.
 *
 * <p>Lifecycle: {@link #mount} → use {@link #dir()} → {@link #close()} unmounts. Not thread-safe.
 */
final class Tmpfs implements AutoCloseable {
  private final Path dir;

  private Tmpfs(Path dir) {
    this.dir = dir;
  }

  /**
   * @param dir an empty directory to mount on, created when missing
   * @param size the file system's size in mount's terms, e.g. {@code 4m}
   * @param options more mount options, e.g. {@code ro}, or empty
   * @return the mounted file system
   * @throws AssertionError when this process is not root or mount fails
   */
  static Tmpfs mount(Path dir, String size, String options) throws IOException, InterruptedException {
    String uid = exec(List.of("id", "-u")).strip();
    if (!uid.equals("0")) {
      throw new AssertionError("this test mounts a tmpfs of its own (a full disk that harms nothing else) and must "
          + "run as root, as CI does; id -u says " + uid);
    }
    Files.createDirectories(dir);
    String all = "size=" + size + (options.isEmpty() ? "" : "," + options);
    exec(List.of("mount", "-t", "tmpfs", "-o", all, "tmpfs", dir.toString()));
    return new Tmpfs(dir);
  }

  /** @return the mount point */
  Path dir() {
    return dir;
  }

  @Override
  public void close() throws IOException, InterruptedException {
    exec(List.of("umount", dir.toString()));
  }

  private static String exec(List<String> command) throws IOException, InterruptedException {
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!p.waitFor(30, TimeUnit.SECONDS) || p.exitValue() != 0) {
      p.destroyForcibly();
      throw new AssertionError(String.join(" ", command) + " failed (mounting needs root and a kernel that allows "
          + "tmpfs mounts here): " + output.strip());
    }
    return output;
  }
}
