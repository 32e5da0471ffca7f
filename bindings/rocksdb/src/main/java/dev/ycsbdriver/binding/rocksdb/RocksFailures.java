package dev.ycsbdriver.binding.rocksdb;

import dev.ycsbdriver.spi.BindingException;
import java.nio.file.Path;
import java.util.Locale;
import org.rocksdb.RocksDBException;
import org.rocksdb.Status;

/** Turns RocksDB failures into one line: for exit code 3 at start-up, or an error kind during a run. Stateless. */
final class RocksFailures {
  private RocksFailures() {
  }

  /**
   * @param dir the database directory
   * @param e RocksDB's failure to open it
   * @return the exception for exit code 3, with a hint for the usual causes
   */
  static BindingException openFailure(Path dir, RocksDBException e) {
    String text = describe(e);
    String lower = text.toLowerCase(Locale.ROOT);
    String message;
    if (lower.contains("lock")) {
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
