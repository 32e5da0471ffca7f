package dev.ycsbdriver.spi.support;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * How {@link RestoreJournal} serialises the readers and writers of one journal: threads of this process on
 * {@link #IN_PROCESS}, processes on an exclusive lock of the file {@code <journal>.lock} beside it (mode 0600, in a
 * directory of mode 0700 created on first use). The lock file stays; only the lock on it ends.
 *
 * <p>Stateless and thread-safe.
 */
final class JournalLock {
  /** The monitor every journal operation of this process holds, as file locks exclude processes, not threads. */
  static final Object IN_PROCESS = new Object();

  private JournalLock() {
  }

  /**
   * Waits for the lock of journal {@code f}.
   *
   * @return the channel that holds it; closing it releases the lock
   * @throws IOException when the directory or the lock file cannot be created or locked
   */
  static FileChannel lock(Path f) throws IOException {
    Path dir = f.getParent();
    Files.createDirectories(dir, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
    Path lockFile = dir.resolve(f.getFileName() + ".lock");
    FileChannel channel = FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
    try {
      Files.setPosixFilePermissions(lockFile, PosixFilePermissions.fromString("rw-------"));
      channel.lock();
      return channel;
    } catch (IOException | RuntimeException e) {
      channel.close();
      throw e;
    }
  }
}
