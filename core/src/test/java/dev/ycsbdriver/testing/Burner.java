package dev.ycsbdriver.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;

/**
 * Child processes that keep one core busy, under a process name no other process has, so that CPU
 * sampling by name finds exactly them: copies of {@code /usr/bin/yes} with their output discarded.
 *
 * <p>Not thread-safe; one per test class. {@link #close()} kills every process it started.
 */
public final class Burner implements AutoCloseable {
  private final Path executable;
  private final List<Process> started = new ArrayList<>();

  /**
   * @param name the process name, at most 15 characters (Linux keeps 15 in {@code comm})
   * @throws IOException if the copy under {@code target/} cannot be made
   */
  public Burner(String name) throws IOException {
    executable = Paths.get("target", name).toAbsolutePath();
    if (!Files.isExecutable(executable)) {
      // copied once: a copy over a file that a process just killed still runs can fail (text file busy)
      Files.createDirectories(executable.getParent());
      Files.copy(Paths.get("/usr/bin/yes"), executable, StandardCopyOption.REPLACE_EXISTING);
      executable.toFile().setExecutable(true);
    }
  }

  /** @return a new busy process */
  public Process start() throws IOException {
    Process p = new ProcessBuilder(executable.toString()).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
    started.add(p);
    return p;
  }

  /** Kills every process started so far. */
  @Override
  public void close() {
    started.forEach(Process::destroyForcibly);
    started.clear();
  }
}
