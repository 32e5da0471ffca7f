package dev.ycsbdriver.matrix;

import dev.ycsbdriver.config.ConfigException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

/**
 * One matrix at a time on an output directory: an exclusive lock ({@link FileChannel#tryLock()}) on
 * {@value #LOCK_FILE} in it, held from before the first cell until the report is written. A second matrix on
 * the same directory would take the first's running cell as one left over, load its table again under it and
 * overwrite its files; it is refused instead, naming the holder. The operating system drops the lock when the
 * holder ends in any way, {@code kill -9} included, so no stale lock is ever left to remove by hand.
 *
 * <p>The file holds the holder's pid and start time, for the refusal message; it stays after the lock is
 * released. One instance per matrix invocation; not thread-safe.
 */
public final class MatrixLock implements AutoCloseable {
  /** The lock file's name in the output directory. */
  public static final String LOCK_FILE = ".matrix.lock";

  private final FileChannel channel;
  private final FileLock lock;

  private MatrixLock(FileChannel channel, FileLock lock) {
    this.channel = channel;
    this.lock = lock;
  }

  /**
   * @param output the matrix's output directory; created when missing
   * @return the held lock; close it when the matrix has ended
   * @throws ConfigException when another matrix holds the directory, naming its pid and start time
   * @throws IOException when the directory or the lock file cannot be created or written
   */
  public static MatrixLock acquire(Path output) throws ConfigException, IOException {
    Files.createDirectories(output);
    Path file = output.resolve(LOCK_FILE);
    // never truncated before the lock is ours: the holder's line is what the refusal shows
    FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ,
        StandardOpenOption.WRITE);
    FileLock lock;
    try {
      lock = channel.tryLock();
    } catch (OverlappingFileLockException e) {
      lock = null; // held by this JVM
    } catch (IOException e) {
      channel.close();
      throw e;
    }
    if (lock == null) {
      String holder = holder(channel);
      channel.close();
      throw new ConfigException("matrix: output directory " + output + " is in use by another matrix ("
          + (holder.isEmpty() ? "just starting" : holder) + "); wait for it to end, or give this one another "
          + "output with -o");
    }
    byte[] line = ("pid " + ProcessHandle.current().pid() + ", started "
        + Instant.now().truncatedTo(ChronoUnit.SECONDS) + "\n").getBytes(StandardCharsets.UTF_8);
    channel.truncate(0);
    channel.write(ByteBuffer.wrap(line), 0);
    channel.force(false);
    return new MatrixLock(channel, lock);
  }

  private static String holder(FileChannel channel) throws IOException {
    ByteBuffer buffer = ByteBuffer.allocate(200);
    channel.read(buffer, 0);
    return new String(buffer.array(), 0, buffer.position(), StandardCharsets.UTF_8).trim();
  }

  /** Releases the lock; the file stays. */
  @Override
  public void close() throws IOException {
    try {
      lock.release();
    } finally {
      channel.close();
    }
  }
}
