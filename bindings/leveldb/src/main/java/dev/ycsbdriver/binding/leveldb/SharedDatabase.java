package dev.ycsbdriver.binding.leveldb;

import dev.ycsbdriver.spi.BindingException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import org.fusesource.leveldbjni.JniDBFactory;
import org.iq80.leveldb.DB;

/**
 * One LevelDB database opened once per process and directory, shared by every binding and client thread of
 * the process that uses that directory. LevelDB allows one open per directory (its {@code LOCK} file, held
 * with {@code fcntl}, refuses a second, even from the same process), and its {@code DB} is safe for
 * concurrent use, so the client threads share the one handle.
 *
 * <p>Holders: each {@link LevelDbBindingProvider#open} and each initialised {@link LevelDbDb} holds the
 * database; the last {@link #release} closes it. A client thread still inside an operation has not released
 * it, so the database is never closed under a native call (which would crash the JVM): a thread stuck past
 * {@code stop.timeout} leaves it open until the process exits, which LevelDB recovers from as from a crash.
 *
 * <p>Thread-safe: opening, holding and releasing synchronise on the class.
 */
final class SharedDatabase {
  private static final Map<Path, SharedDatabase> OPEN = new HashMap<>();
  /** Lock stripes for read-modify-write of one key; a power of two. */
  private static final int STRIPES = 1024;

  private final Object[] stripes = new Object[STRIPES];

  private final Path dir;
  private final DB db;
  private final StoreOptions options;
  private int holders;

  private SharedDatabase(Path dir, DB db, StoreOptions options) {
    this.dir = dir;
    this.db = db;
    this.options = options;
    for (int i = 0; i < STRIPES; i++) {
      stripes[i] = new Object();
    }
  }

  /**
   * Holds the database in {@code dir}, opening it with {@code options} when this process does not have it
   * open yet.
   *
   * @param dir the database directory, absolute and normalised
   * @param options the options to open with; ignored when the database is open already (see {@link #options()})
   * @return the shared database, held once more
   * @throws BindingException when the native library does not load or LevelDB cannot open the directory
   */
  static SharedDatabase hold(Path dir, StoreOptions options) throws BindingException {
    synchronized (SharedDatabase.class) {
      SharedDatabase open = OPEN.get(dir);
      if (open == null) {
        DB db;
        try {
          db = JniDBFactory.factory.open(dir.toFile(), options.toOptions());
        } catch (IOException | RuntimeException | LinkageError e) {
          throw OpenFailures.of(dir, e);
        }
        open = new SharedDatabase(dir, db, options);
        OPEN.put(dir, open);
      }
      open.holders++;
      return open;
    }
  }

  /** Holds the database once more (a client thread's {@code DB.init()}). */
  void hold() {
    synchronized (SharedDatabase.class) {
      holders++;
    }
  }

  /**
   * Releases one hold; the last closes the database.
   *
   * @throws IOException when LevelDB fails to close it (the hold is released all the same)
   */
  void release() throws IOException {
    synchronized (SharedDatabase.class) {
      if (--holders > 0) {
        return;
      }
      OPEN.remove(dir);
      db.close();
    }
  }

  /**
   * The lock that every write of {@code key} holds in this process, so that an update's read, merge and put
   * is not interleaved with another write of the same key (which would lose that write's fields). Keys share
   * one of 1,024 stripes by hash; reads take no lock.
   *
   * @param key the record's LevelDB key
   * @return the monitor to synchronise on
   */
  Object lockFor(byte[] key) {
    int h = Arrays.hashCode(key);
    return stripes[(h ^ (h >>> 16)) & (STRIPES - 1)];
  }

  /** @return the LevelDB handle; valid while held */
  DB db() {
    return db;
  }

  /** @return the database directory */
  Path dir() {
    return dir;
  }

  /** @return the options the database was opened with, which may be another holder's */
  StoreOptions options() {
    return options;
  }
}
