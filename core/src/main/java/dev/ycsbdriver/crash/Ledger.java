package dev.ycsbdriver.crash;

import java.io.FileOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The writer's ledger: one file per client thread, {@code thread-<n>.ledger}, one line per event:
 * <pre>
 * A &lt;key&gt; &lt;version&gt; &lt;epochMillis&gt;   before the write is sent
 * K &lt;key&gt; &lt;version&gt; &lt;epochMillis&gt;   after the store acknowledged it (Status OK)
 * F &lt;key&gt; &lt;version&gt; &lt;epochMillis&gt;   after the store answered anything else
 * </pre>
 * Each line is one unbuffered {@code write(2)}: once the call returns the line is in the OS page cache and
 * survives a SIGKILL of the writer (not a crash of the machine running the writer, which the test never causes).
 *
 * <p>A {@link Writer} is used by one thread; {@link #read} is stateless.
 */
public final class Ledger {
  /** The file name of a thread's ledger ends with this. */
  public static final String SUFFIX = ".ledger";

  private Ledger() {
  }

  /** One line of a ledger. */
  public enum Event {
    /** Attempted: the write is about to be sent. */
    A,
    /** Acknowledged: the store returned OK. */
    K,
    /** Failed: the store returned another status. */
    F
  }

  /**
   * One parsed line.
   *
   * @param event what happened
   * @param key the record's key
   * @param version the write's version, at least 1 (1 is the insert)
   * @param epochMillis when the line was written, milliseconds since the epoch
   */
  public record Line(Event event, String key, long version, long epochMillis) {
  }

  /** Appends the lines of one client thread. Not thread-safe. */
  public static final class Writer implements AutoCloseable {
    private final FileOutputStream out;
    private final StringBuilder line = new StringBuilder(96);

    /**
     * @param dir the ledger directory; created
     * @param thread the client thread's number, from 0
     * @throws IOException if the file cannot be created
     */
    public Writer(Path dir, int thread) throws IOException {
      Files.createDirectories(dir);
      out = new FileOutputStream(dir.resolve("thread-" + thread + SUFFIX).toFile(), true);
    }

    /**
     * Writes one line with one system call.
     *
     * @throws IOException if the write fails
     */
    public void write(Event event, String key, long version) throws IOException {
      line.setLength(0);
      line.append(event.name()).append(' ').append(key).append(' ').append(version).append(' ')
          .append(System.currentTimeMillis()).append('\n');
      out.write(line.toString().getBytes(StandardCharsets.US_ASCII));
    }

    @Override
    public void close() throws IOException {
      out.close();
    }
  }

  /**
   * Reads every ledger file of a directory. A malformed line (the last one of a file cut short) is skipped.
   *
   * @param dir the ledger directory
   * @return the lines, file by file in name order, each file in write order; empty when there is no file
   * @throws IOException if a file cannot be read
   */
  public static List<Line> read(Path dir) throws IOException {
    List<Line> lines = new ArrayList<>();
    if (!Files.isDirectory(dir)) {
      return lines;
    }
    List<Path> files;
    try (Stream<Path> s = Files.list(dir)) {
      files = s.filter(f -> f.getFileName().toString().endsWith(SUFFIX)).sorted().toList();
    }
    for (Path f : files) {
      for (String text : Files.readAllLines(f, StandardCharsets.US_ASCII)) {
        Line l = parse(text);
        if (l != null) {
          lines.add(l);
        }
      }
    }
    return lines;
  }

  /**
   * @param text one line without its line break
   * @return the line, or null when it is malformed
   */
  public static Line parse(String text) {
    String[] p = text.split(" ");
    if (p.length != 4 || p[0].length() != 1 || "AKF".indexOf(p[0].charAt(0)) < 0) {
      return null;
    }
    try {
      return new Line(Event.valueOf(p[0]), p[1], Long.parseLong(p[2]), Long.parseLong(p[3]));
    } catch (NumberFormatException e) {
      return null;
    }
  }

  /**
   * @param dir the ledger directory
   * @return the failed writes ({@link Event#F}) of every thread so far; 0 when nothing can be read
   */
  public static long failures(Path dir) {
    if (!Files.isDirectory(dir)) {
      return 0;
    }
    long failed = 0;
    try (Stream<Path> s = Files.list(dir)) {
      for (Path f : s.filter(x -> x.getFileName().toString().endsWith(SUFFIX)).toList()) {
        String text = Files.readString(f, StandardCharsets.US_ASCII);
        failed += (text.startsWith("F ") ? 1 : 0) + text.split("\nF ", -1).length - 1;
      }
    } catch (IOException e) {
      return 0;
    }
    return failed;
  }

  /**
   * @param dir the ledger directory
   * @return whether any thread has an acknowledged write yet; false when nothing can be read
   */
  public static boolean hasAck(Path dir) {
    if (!Files.isDirectory(dir)) {
      return false;
    }
    try (Stream<Path> s = Files.list(dir)) {
      for (Path f : s.filter(x -> x.getFileName().toString().endsWith(SUFFIX)).toList()) {
        String text = Files.readString(f, StandardCharsets.US_ASCII);
        if (text.startsWith("K ") || text.contains("\nK ")) {
          return true;
        }
      }
    } catch (IOException e) {
      return false;
    }
    return false;
  }
}
