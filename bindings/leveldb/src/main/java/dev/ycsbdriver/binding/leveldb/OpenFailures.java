package dev.ycsbdriver.binding.leveldb;

import dev.ycsbdriver.spi.BindingException;
import java.nio.file.Path;
import java.util.Locale;
import org.fusesource.leveldbjni.JniDBFactory;

/**
 * Turns a failure to open a LevelDB database into one line for exit code 3. LevelDB reports failures as a
 * status text ({@code IO error: lock /d/LOCK: Resource temporarily unavailable}, {@code Corruption: ...}),
 * which leveldbjni passes on as the exception's message; hawtjni reports a native library it cannot load as
 * a {@link LinkageError}. Stateless.
 */
final class OpenFailures {
  private OpenFailures() {
  }

  /**
   * @param dir the database directory
   * @param e what {@code JniDBFactory.open} threw
   * @return the exception, its message {@code leveldb: <what failed>; <hint>}
   */
  static BindingException of(Path dir, Throwable e) {
    String text = firstLine(e.getMessage());
    String lower = text.toLowerCase(Locale.ROOT);
    String message;
    if (e instanceof LinkageError) {
      message = "cannot load the native library of leveldbjni " + JniDBFactory.VERSION + " for "
          + System.getProperty("os.name") + "/" + System.getProperty("os.arch") + " (" + text + "); hawtjni "
          + "extracts it to java.io.tmpdir (or -Dlibrary.leveldbjni.path): check that directory is writable and "
          + "not mounted noexec";
    } else if (lower.contains("permission denied") || lower.contains("read-only")) {
      // before the lock: LevelDB's first write is its LOCK file, so a read-only directory fails there
      message = "cannot open database " + dir + " (" + text + "); the directory must be writable";
    } else if (lower.contains("lock")) {
      message = "database " + dir + " is in use: another process holds its LOCK file (" + text
          + "); stop that process or choose another leveldb.dir";
    } else if (lower.startsWith("corruption")) {
      message = "database " + dir + " is damaged (" + text + "); restore it or choose another leveldb.dir";
    } else {
      message = "cannot open database " + dir + " (" + text + ")";
    }
    return new BindingException("leveldb: " + message, e);
  }

  static String firstLine(String text) {
    if (text == null) {
      return "no message";
    }
    int nl = text.indexOf('\n');
    return (nl < 0 ? text : text.substring(0, nl)).strip();
  }
}
