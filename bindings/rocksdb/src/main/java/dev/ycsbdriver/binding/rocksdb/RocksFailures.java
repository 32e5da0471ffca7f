package dev.ycsbdriver.binding.rocksdb;

import dev.ycsbdriver.spi.BindingException;
import java.nio.file.Path;
import java.util.Locale;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.Status;

/** Turns RocksDB failures into one line: for exit code 3 at start-up, or an error kind during a run. Stateless. */
final class RocksFailures {
  private RocksFailures() {
  }

  /**
   * Loads RocksDB's native library from the rocksdbjni jar (extracted to the temporary directory once per process).
   *
   * @throws BindingException when it cannot be loaded: an unsupported platform, a temporary directory that
   *     cannot hold executables, or a JVM that refuses native access
   */
  static void loadLibrary() throws BindingException {
    try {
      RocksDB.loadLibrary();
    } catch (UnsatisfiedLinkError | RuntimeException e) {
      throw new BindingException("rocksdb: cannot load RocksDB's native library for " + System.getProperty("os.name")
          + "/" + System.getProperty("os.arch") + " (" + firstLine(e.getMessage()) + "); it is extracted to "
          + System.getProperty("java.io.tmpdir") + ", which must allow executables (on Java 24+ also pass "
          + "--enable-native-access=ALL-UNNAMED)", e);
    }
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

  private static String firstLine(String text) {
    if (text == null) {
      return "no message";
    }
    int nl = text.indexOf('\n');
    return (nl < 0 ? text : text.substring(0, nl)).strip();
  }
}
