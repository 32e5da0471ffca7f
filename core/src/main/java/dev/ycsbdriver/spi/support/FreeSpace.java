package dev.ycsbdriver.spi.support;

import dev.ycsbdriver.spi.StoreFullException;
import java.io.IOException;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.Objects;

/**
 * The free space of the file system an embedded store writes to, kept above a floor. A store that maps its
 * files into memory (LevelDB) cannot report a full disk: the page fault on a mapped page with no space behind it
 * is a {@code SIGBUS} that ends the JVM, with nothing measured written. So such a store checks the free space
 * before it opens ({@link #require}), and while it runs a watcher ({@link #watch}) polls it, every
 * {@code interval}, and the store fails its writes once it is under the floor, as it would on a disk that
 * reports {@code ENOSPC}. The floor must exceed what the store can write between two polls.
 *
 * <p>Thread-safe: one daemon thread polls, {@link #low()} is a volatile read, meant for every write.
 *
 * <p>Lifecycle: {@link #watch} starts the thread, {@link #close()} ends it.
 */
public final class FreeSpace implements AutoCloseable {
  private final Path dir;
  private final FileStore fileStore;
  private final long floorBytes;
  private final String key;
  private final Thread poller;
  private volatile boolean low;
  private volatile long lastFreeBytes;
  private volatile boolean closed;

  private FreeSpace(Path dir, FileStore fileStore, String key, long floorBytes, Duration interval) {
    this.dir = dir;
    this.fileStore = fileStore;
    this.key = key;
    this.floorBytes = floorBytes;
    this.lastFreeBytes = usable(fileStore);
    this.low = lastFreeBytes < floorBytes;
    long intervalMillis = Math.max(1, interval.toMillis());
    this.poller = new Thread(() -> {
      while (!closed) {
        long free = usable(fileStore);
        lastFreeBytes = free;
        low = free < floorBytes;
        try {
          Thread.sleep(intervalMillis);
        } catch (InterruptedException e) {
          return;
        }
      }
    }, "free-space " + dir);
    poller.setDaemon(true);
  }

  /**
   * Refuses to start on a file system with less than {@code floorBytes} free.
   *
   * @param binding the binding's name, for the message
   * @param key the property that sets the floor, for the hint
   * @param dir the store's directory, existing
   * @param floorBytes the least free space to start with, in bytes; 0 checks nothing
   * @param resultDirectory the run's result directory, named when it is on the same file system
   * @throws StoreFullException when less is free: {@code <binding>: the file system of <dir> has 3.0 MiB free,
   *     under <key>=64.0 MiB; ...}
   */
  public static void require(String binding, String key, Path dir, long floorBytes, Path resultDirectory)
      throws StoreFullException {
    if (floorBytes <= 0) {
      return;
    }
    FileStore store;
    try {
      store = Files.getFileStore(dir);
    } catch (IOException e) {
      return; // the store's own open reports an unusable directory
    }
    long free = usable(store);
    if (free < floorBytes) {
      throw new StoreFullException(binding + ": the file system of " + dir + " has " + mebibytes(free) + " free, under "
          + key + "=" + mebibytes(floorBytes) + sameDisk(store, resultDirectory) + "; free space or choose another "
          + "directory");
    }
  }

  /**
   * Starts watching the file system of {@code dir}.
   *
   * @param key the property that sets the floor, for {@link #describe()}
   * @param dir the store's directory, existing
   * @param floorBytes the floor, in bytes; 0 never reports low
   * @param interval how often to poll, at least 1 ms
   * @return the running watcher; {@link #close()} it with the store
   * @throws IOException when the directory's file system cannot be found
   */
  public static FreeSpace watch(String key, Path dir, long floorBytes, Duration interval) throws IOException {
    FreeSpace watcher = new FreeSpace(Objects.requireNonNull(dir, "dir"), Files.getFileStore(dir), key, floorBytes,
        interval);
    if (floorBytes > 0) {
      watcher.poller.start();
    }
    return watcher;
  }

  /** @return whether the free space was under the floor at the last poll */
  public boolean low() {
    return low;
  }

  /**
   * @return one line for a write refused while {@link #low()}: {@code the file system of <dir> has 3.0 MiB free,
   *     under leveldb.min_free_space=64.0 MiB; writes stop before the disk is full}
   */
  public String describe() {
    return "the file system of " + dir + " has " + mebibytes(lastFreeBytes) + " free, under " + key + "="
        + mebibytes(floorBytes) + "; writes stop before the disk is full";
  }

  @Override
  public void close() {
    closed = true;
    poller.interrupt();
  }

  private static String sameDisk(FileStore store, Path resultDirectory) {
    try {
      Path existing = resultDirectory.toAbsolutePath();
      while (existing != null && !Files.exists(existing)) {
        existing = existing.getParent();
      }
      return existing != null && Files.getFileStore(existing).equals(store)
          ? " (the result directory " + resultDirectory + " is on it too)" : "";
    } catch (IOException e) {
      return "";
    }
  }

  private static long usable(FileStore store) {
    try {
      return store.getUsableSpace();
    } catch (IOException e) {
      return Long.MAX_VALUE; // unknown: never stop a run on a failed poll
    }
  }

  static String mebibytes(long bytes) {
    return String.format(Locale.ROOT, "%.1f MiB", bytes / (1024.0 * 1024.0));
  }
}
