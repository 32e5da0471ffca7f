package dev.ycsbdriver.result;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Locale;
import java.util.concurrent.ThreadLocalRandom;

/**
 * A file the driver writes (result, histogram log, report, chart, matrix file) that readers see either whole or
 * not at all: the bytes go to a temporary file beside it ({@code .<name>.<random>.tmp}, same directory, so the same
 * file system), which is flushed to disk and then renamed over the file ({@code ATOMIC_MOVE}). A failed write, a
 * full disk included, leaves the file as it was and removes the temporary one; it fails with an
 * {@link OutputFileException} that names the file.
 *
 * <p>Usage: {@code AtomicFile.writeString(dir.resolve("report.md"), text)}, or for a stream written over time
 * <pre>{@code
 * try (AtomicFile f = AtomicFile.create(file)) {
 *   f.stream().write(bytes);
 *   f.commit();
 * }
 * }</pre>
 *
 * <p>Not thread-safe: one thread writes, then commits or closes. Lifecycle: {@link #create} opens the temporary
 * file, {@link #commit} renames it over the file, {@link #close} removes it when it was not committed.
 */
public final class AtomicFile implements AutoCloseable {
  private final Path file;
  private final Path temporary;
  private final FileChannel channel;
  private final Guarded stream;
  private boolean committed;

  /** Writes content to a stream; the stream is closed by the caller. */
  @FunctionalInterface
  public interface Content {
    /**
     * @param out where the content goes
     * @throws IOException when it cannot be written
     */
    void writeTo(OutputStream out) throws IOException;
  }

  private AtomicFile(Path file, Path temporary, FileChannel channel) {
    this.file = file;
    this.temporary = temporary;
    this.channel = channel;
    this.stream = new Guarded(Channels.newOutputStream(channel));
  }

  /**
   * Opens a temporary file beside {@code file}, creating the directory if missing.
   *
   * @param file the file to write in the end
   * @return the open file; commit or close it
   * @throws OutputFileException when {@code file} is a directory (a rename would replace an empty one), or the
   *     directory or the temporary file cannot be created
   */
  public static AtomicFile create(Path file) throws OutputFileException {
    Path target = file.toAbsolutePath();
    Path dir = target.getParent();
    if (Files.isDirectory(target)) {
      throw new OutputFileException(file + ": cannot write, it is a directory; give a file's path", null);
    }
    try {
      Files.createDirectories(dir);
      Path temporary = dir.resolve("." + target.getFileName() + "." + Long.toUnsignedString(
          ThreadLocalRandom.current().nextLong(), 36) + ".tmp");
      FileChannel channel = FileChannel.open(temporary, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
      return new AtomicFile(file, temporary, channel);
    } catch (IOException e) {
      throw OutputFileException.of(file, e);
    }
  }

  /**
   * Writes {@code content} to {@code file} whole, or leaves the file as it was.
   *
   * @param file the file to write; its directory is created
   * @param content what to write
   * @throws OutputFileException when it cannot be written, a full disk included
   */
  public static void write(Path file, Content content) throws OutputFileException {
    try (AtomicFile f = create(file)) {
      try {
        content.writeTo(f.stream());
      } catch (IOException e) {
        throw OutputFileException.of(file, e);
      } catch (UncheckedIOException e) {
        throw OutputFileException.of(file, e.getCause());
      }
      f.commit();
    }
  }

  /**
   * @param file the file to write; its directory is created
   * @param bytes its content
   * @throws OutputFileException when it cannot be written, a full disk included
   */
  public static void write(Path file, byte[] bytes) throws OutputFileException {
    write(file, out -> out.write(bytes));
  }

  /**
   * @param file the file to write; its directory is created
   * @param text its content, written as UTF-8
   * @throws OutputFileException when it cannot be written, a full disk included
   */
  public static void writeString(Path file, String text) throws OutputFileException {
    write(file, text.getBytes(StandardCharsets.UTF_8));
  }

  /**
   * @return the stream to the temporary file; closing it does not commit. It remembers the first error it threw, so
   *     that {@link #commit} fails even when a wrapper (a {@link java.io.PrintStream}) swallowed it
   */
  public OutputStream stream() {
    return stream;
  }

  /** @return the file this writes in the end */
  public Path file() {
    return file;
  }

  /**
   * Flushes the temporary file to disk and renames it over the file.
   *
   * @throws OutputFileException when a write failed before, or the flush or the rename fails; the file is then as
   *     it was
   */
  public void commit() throws OutputFileException {
    if (committed) {
      return;
    }
    try {
      if (stream.failure != null) {
        throw stream.failure;
      }
      stream.flush();
      channel.force(true);
      channel.close();
      try {
        Files.move(temporary, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING);
      }
      committed = true;
    } catch (IOException e) {
      throw OutputFileException.of(file, e);
    }
  }

  /** Removes the temporary file unless {@link #commit} renamed it; the file stays as it was. */
  @Override
  public void close() {
    if (committed) {
      return;
    }
    try {
      channel.close();
    } catch (IOException ignored) {
      // the temporary file is removed below either way
    }
    try {
      Files.deleteIfExists(temporary);
    } catch (IOException ignored) {
      // a leftover .tmp file beside the output is harmless: readers look for the file's own name
    }
  }

  /** A stream that keeps the first error it threw and ignores {@code close}, which belongs to the owner. */
  private static final class Guarded extends FilterOutputStream {
    private IOException failure;

    Guarded(OutputStream out) {
      super(out);
    }

    @Override
    public void write(int b) throws IOException {
      try {
        out.write(b);
      } catch (IOException e) {
        throw remember(e);
      }
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
      try {
        out.write(b, off, len);
      } catch (IOException e) {
        throw remember(e);
      }
    }

    @Override
    public void flush() throws IOException {
      try {
        out.flush();
      } catch (IOException e) {
        throw remember(e);
      }
    }

    @Override
    public void close() {
      // the AtomicFile commits or discards
    }

    private IOException remember(IOException e) {
      if (failure == null) {
        failure = e;
      }
      return e;
    }
  }

  /**
   * A file the driver writes could not be written. The message is one line naming the file and the cause, for a
   * full disk {@code <file>: cannot write, no space left on device; free space there or write elsewhere}; the
   * command ends with exit code 1 (the run or report failed).
   */
  public static final class OutputFileException extends IOException {
    private static final long serialVersionUID = 1L;

    private OutputFileException(String message, Throwable cause) {
      super(message, cause);
    }

    /**
     * @param file the file that could not be written
     * @param cause why
     * @return the exception to throw; {@code cause} itself when it already is one
     */
    static OutputFileException of(Path file, IOException cause) {
      if (cause instanceof OutputFileException e) {
        return e;
      }
      if (full(cause)) {
        return new OutputFileException(file + ": cannot write, no space left on device; free space there or write "
            + "elsewhere", cause);
      }
      String why = cause.getMessage() == null ? cause.getClass().getSimpleName() : cause.getMessage();
      return new OutputFileException(file + ": cannot write (" + why.replaceAll("\\R", " ") + ")", cause);
    }

    /** @return whether the cause is {@code ENOSPC} or {@code EDQUOT}, as the JDK words them (strerror) */
    static boolean full(Throwable cause) {
      for (Throwable t = cause; t != null; t = t.getCause() == t ? null : t.getCause()) {
        String m = t.getMessage() == null ? "" : t.getMessage().toLowerCase(Locale.ROOT);
        if (m.contains("no space left on device") || m.contains("disk quota exceeded")) {
          return true;
        }
      }
      return false;
    }
  }
}
