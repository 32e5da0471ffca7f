package dev.ycsbdriver.binding.rocksdb;

import dev.ycsbdriver.spi.BindingException;
import dev.ycsbdriver.spi.StoreFullException;
import java.nio.file.Path;
import java.util.Locale;
import org.rocksdb.RocksDBException;
import org.rocksdb.Status;

/**
 * Turns RocksDB failures into one line: at start-up for exit code 3, or 1 for a full disk (the store was there, the
 * run failed); during a run an error kind. Stateless.
 */
final class RocksFailures {
  private RocksFailures() {
  }

  /**
   * @param dir the database directory
   * @param e RocksDB's failure to open it
   * @return the exception for exit code 3, with a hint for the usual causes, or for a full disk a
   *     {@link StoreFullException} (exit code 1)
   */
  static BindingException openFailure(Path dir, RocksDBException e) {
    String text = describe(e);
    String lower = text.toLowerCase(Locale.ROOT);
    String message;
    if (isFullDisk(e)) {
      return fullDisk(dir, e);
    } else if (lower.contains("lock")) {
      message = "cannot open " + dir + ": it is in use (" + text + "); is another driver or program running on it?";
    } else if (code(e) == Status.Code.Corruption) {
      message = "cannot open " + dir + ": the database is corrupt (" + text + ")";
    } else if (lower.contains("permission denied") || lower.contains("read-only")) {
      message = "cannot open " + dir + ": not writable (" + text + ")";
    } else {
      message = "cannot open " + dir + " (" + text + ")";
    }
    return new BindingException("rocksdb: " + message, e);
  }

  /**
   * @return whether RocksDB failed for want of space: its {@code NoSpace} status, or the system's {@code ENOSPC}
   *     text where RocksDB reports a plain {@code IOError}
   */
  static boolean isFullDisk(RocksDBException e) {
    return e.getStatus() != null && e.getStatus().getSubCode() == Status.SubCode.NoSpace
        || describe(e).toLowerCase(Locale.ROOT).contains("no space left on device");
  }

  /**
   * @param dir the database directory
   * @param e RocksDB's failure, {@link #isFullDisk}
   * @return the exception for exit code 1, naming the directory and the full disk
   */
  static StoreFullException fullDisk(Path dir, RocksDBException e) {
    return new StoreFullException("rocksdb: the file system of " + dir + " is full (" + describe(e)
        + "); free space there or set rocksdb.dir to a directory on another disk");
  }

  /** @return the failure's status code name for an error kind, e.g. {@code IOError}, {@code Busy} */
  static String kind(RocksDBException e) {
    Status.Code code = code(e);
    return code == null ? "RocksDBException" : code.name();
  }

  /** @return RocksDB's one-line text of the failure */
  static String describe(RocksDBException e) {
    return firstLine(e.getMessage());
  }

  private static Status.Code code(RocksDBException e) {
    return e.getStatus() == null ? null : e.getStatus().getCode();
  }

  /** @return the first line of {@code text}, stripped; {@code no message} for null */
  static String firstLine(String text) {
    if (text == null) {
      return "no message";
    }
    int nl = text.indexOf('\n');
    return (nl < 0 ? text : text.substring(0, nl)).strip();
  }
}
