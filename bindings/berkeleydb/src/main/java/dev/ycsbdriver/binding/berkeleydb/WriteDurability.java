package dev.ycsbdriver.binding.berkeleydb;

import com.sleepycat.je.Durability;
import com.sleepycat.je.Environment;
import java.util.Locale;

/**
 * The values of {@code berkeleydb.durability}: JE's three local sync policies, and how each is applied in both
 * modes of the binding.
 *
 * <p>Transactional: the policy is the environment's default {@link Durability}, so every commit (each write
 * operation is one transaction) follows it. Non-transactional: JE has no commit, and a write stays in JE's log
 * buffer in the JVM until the buffer fills or the background flush runs ({@code je.log.flushNoSyncInterval},
 * 5 s); the binding then calls {@link Environment#flushLog(boolean)} after each write to give it the same
 * guarantee a commit with that policy has.
 *
 * <p>What survives a crash once the operation has returned:
 * <table>
 *   <caption>loss on crash</caption>
 *   <tr><th>value</th><th>process crash (SIGKILL)</th><th>machine crash, power loss</th></tr>
 *   <tr><td>commit_sync</td><td>nothing lost</td><td>nothing lost (fsync before return)</td></tr>
 *   <tr><td>commit_write_no_sync</td><td>nothing lost (written to the OS before return)</td>
 *       <td>what the OS had not written back; JE fsyncs at least every {@code je.log.flushSyncInterval}, 20 s</td></tr>
 *   <tr><td>commit_no_sync</td><td>the JVM's log buffer: up to {@code je.log.flushNoSyncInterval} (5 s) of writes,
 *       or less when the buffer fills</td><td>the same and more</td></tr>
 * </table>
 *
 * <p>Immutable and thread-safe.
 */
enum WriteDurability {
  /** {@link Durability#COMMIT_SYNC}: write and fsync the log before the operation returns. */
  COMMIT_SYNC(Durability.COMMIT_SYNC),
  /** {@link Durability#COMMIT_WRITE_NO_SYNC}: write the log to the OS before the operation returns, no fsync. */
  COMMIT_WRITE_NO_SYNC(Durability.COMMIT_WRITE_NO_SYNC),
  /** {@link Durability#COMMIT_NO_SYNC}: leave the log in JE's buffer; JE writes it later. */
  COMMIT_NO_SYNC(Durability.COMMIT_NO_SYNC);

  private final Durability je;

  WriteDurability(Durability je) {
    this.je = je;
  }

  /** @return JE's durability for commits */
  Durability je() {
    return je;
  }

  /**
   * @param value a value of {@code berkeleydb.durability}, any case
   * @return the constant
   * @throws IllegalArgumentException for another value (the key's spec has refused it before)
   */
  static WriteDurability of(String value) {
    return valueOf(value.toUpperCase(Locale.ROOT));
  }

  /**
   * @param d a durability read back from the environment, or null
   * @return the name of its local sync policy as a durability constant, e.g. {@code COMMIT_SYNC}; JE's own text
   *     when it is not one of the three
   */
  static String name(Durability d) {
    if (d == null) {
      return "COMMIT_SYNC (JE's default)";
    }
    for (WriteDurability w : values()) {
      if (w.je.getLocalSync() == d.getLocalSync()) {
        return w.name();
      }
    }
    return d.toString();
  }

  /**
   * What a non-transactional write does after it returned from JE.
   *
   * @return the flush to run after each write
   */
  LogFlush afterNonTransactionalWrite() {
    return switch (this) {
      case COMMIT_SYNC -> LogFlush.FSYNC;
      case COMMIT_WRITE_NO_SYNC -> LogFlush.WRITE;
      case COMMIT_NO_SYNC -> LogFlush.NONE;
    };
  }

  /** The flush after a non-transactional write. Immutable and thread-safe. */
  enum LogFlush {
    /** Nothing: the write stays in JE's log buffer. */
    NONE("none: the write stays in JE's log buffer until it fills or the background flush runs"),
    /** {@code flushLog(false)}: write JE's log buffer to the OS. */
    WRITE("Environment.flushLog(false) after each write: the log reaches the OS before the operation returns"),
    /** {@code flushLog(true)}: write and fsync. */
    FSYNC("Environment.flushLog(true) after each write: the log is written and fsynced before the operation returns");

    private final String description;

    LogFlush(String description) {
      this.description = description;
    }

    /** @return one line for the server facts */
    String description() {
      return description;
    }

    /**
     * Runs the flush.
     *
     * @param env the open environment
     * @throws com.sleepycat.je.DatabaseException when the log cannot be written
     */
    void after(Environment env) {
      switch (this) {
        case NONE -> {
        }
        case WRITE -> env.flushLog(false);
        case FSYNC -> env.flushLog(true);
      }
    }
  }
}
