package dev.ycsbdriver.testing;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.InterruptedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;

/**
 * One headless Chromium with a throw-away profile directory and a DevTools endpoint on a free
 * loopback port. {@link #close()} kills the browser and every process it started, waits for them,
 * and deletes the profile directory.
 *
 * <p>Not thread-safe: one owner starts, uses and closes it.
 */
final class ChromiumProcess implements AutoCloseable {
  private static final String LISTENING = "DevTools listening on ";
  /** Lines of stderr kept for the message when Chromium dies before it listens. */
  private static final int STDERR_TAIL_LINES = 20;
  private static final Duration EXIT_WAIT = Duration.ofSeconds(10);

  private final Process process;
  private final Path profileDir;
  private final CompletableFuture<URI> devTools = new CompletableFuture<>();
  private final Deque<String> stderrTail = new ArrayDeque<>();

  private ChromiumProcess(Process process, Path profileDir) {
    this.process = process;
    this.profileDir = profileDir;
  }

  /**
   * Starts Chromium on {@code about:blank}.
   *
   * @param command the Chromium executable, e.g. {@code /usr/bin/chromium}
   * @throws IOException when the profile directory cannot be made or the process cannot start
   */
  static ChromiumProcess start(String command) throws IOException {
    Path profileDir = Files.createTempDirectory("browser-check-");
    ProcessBuilder builder = new ProcessBuilder(command,
        "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
        "--disable-background-networking", "--no-first-run", "--no-default-browser-check",
        "--user-data-dir=" + profileDir, "--remote-debugging-port=0", "about:blank")
        .redirectOutput(ProcessBuilder.Redirect.DISCARD)
        .redirectInput(ProcessBuilder.Redirect.PIPE);
    Process process;
    try {
      process = builder.start();
    } catch (IOException e) {
      deleteTree(profileDir);
      throw e;
    }
    process.getOutputStream().close();
    ChromiumProcess chromium = new ChromiumProcess(process, profileDir);
    Thread reader = new Thread(chromium::readStderr, "chromium-stderr-" + process.pid());
    reader.setDaemon(true);
    reader.start();
    return chromium;
  }

  /**
   * @param timeout how long to wait for Chromium to print its DevTools address
   * @return the browser's DevTools WebSocket address, {@code ws://127.0.0.1:<port>/devtools/browser/<id>}
   * @throws IOException when Chromium exits first or does not listen within {@code timeout}
   */
  URI devToolsUri(Duration timeout) throws IOException {
    try {
      return devTools.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
    } catch (TimeoutException e) {
      throw new IOException("chromium: expected \"" + LISTENING + "ws://...\" on stderr within "
          + timeout.toMillis() + " ms, got none; last stderr lines:\n" + stderrTail());
    } catch (ExecutionException e) {
      throw new IOException(e.getCause().getMessage(), e.getCause());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("chromium: interrupted while waiting for DevTools");
    }
  }

  /**
   * Drains stderr until Chromium exits (a full pipe would stall it), picks out the DevTools line and
   * keeps the last lines for error messages.
   */
  private void readStderr() {
    try (BufferedReader in = new BufferedReader(
        new InputStreamReader(process.getErrorStream(), StandardCharsets.UTF_8))) {
      String line;
      while ((line = in.readLine()) != null) {
        synchronized (stderrTail) {
          stderrTail.addLast(line);
          if (stderrTail.size() > STDERR_TAIL_LINES) {
            stderrTail.removeFirst();
          }
        }
        if (line.startsWith(LISTENING) && !devTools.isDone()) {
          devTools.complete(URI.create(line.substring(LISTENING.length()).trim()));
        }
      }
    } catch (IOException | IllegalArgumentException e) {
      devTools.completeExceptionally(new IOException("chromium: cannot read its stderr: " + e, e));
    }
    devTools.completeExceptionally(new IOException("chromium: exited before DevTools listened;"
        + " last stderr lines:\n" + stderrTail()));
  }

  private String stderrTail() {
    synchronized (stderrTail) {
      return String.join("\n", stderrTail);
    }
  }

  /**
   * Kills Chromium and its child processes (renderers, zygotes, GPU process), waits for them to
   * exit, and deletes the profile directory.
   *
   * @throws IOException when a process outlives SIGKILL by 10 s or the profile directory cannot be
   *     deleted
   */
  @Override
  public void close() throws IOException {
    // collected before the kill: once the browser is gone its children belong to init
    List<ProcessHandle> processes = new ArrayList<>(process.descendants().toList());
    processes.add(process.toHandle());
    processes.forEach(ProcessHandle::destroyForcibly);
    List<Long> survivors = new ArrayList<>();
    long deadlineNanos = System.nanoTime() + EXIT_WAIT.toNanos();
    try {
      for (ProcessHandle handle : processes) {
        long leftNanos = Math.max(0, deadlineNanos - System.nanoTime());
        try {
          handle.onExit().get(leftNanos, TimeUnit.NANOSECONDS);
        } catch (TimeoutException | ExecutionException e) {
          survivors.add(handle.pid());
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    deleteTree(profileDir);
    if (!survivors.isEmpty()) {
      throw new IOException("chromium: processes " + survivors + " still run "
          + EXIT_WAIT.toSeconds() + " s after SIGKILL");
    }
  }

  private static void deleteTree(Path dir) throws IOException {
    IOException last = null;
    // a dying renderer may still write into the profile: try again briefly
    for (int attempt = 0; attempt < 3; attempt++) {
      try (Stream<Path> paths = Files.walk(dir)) {
        for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
          Files.deleteIfExists(path);
        }
        return;
      } catch (NoSuchFileException e) {
        if (!Files.exists(dir)) {
          return;
        }
        last = e;
      } catch (IOException e) {
        last = e;
      }
      try {
        Thread.sleep(200);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        break;
      }
    }
    throw new IOException("chromium: cannot delete profile directory " + dir + ": " + last, last);
  }
}
