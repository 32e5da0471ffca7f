package dev.ycsbdriver.spi;

import dev.ycsbdriver.spi.support.RestoreJournal;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * A server-wide setting that an earlier driver process changed and could not put back (it was
 * killed), and that this command restored from the {@link RestoreJournal} before it did anything else.
 * It goes into the result JSON as {@code server.restoredSettings}.
 *
 * <p>Immutable and thread-safe.
 *
 * @param scope how the store calls the setting's reach, e.g. {@code GLOBAL} (MySQL), {@code ALTER SYSTEM}
 * @param setting the setting's name, e.g. {@code innodb_flush_log_at_trx_commit}
 * @param value the value set back, the one the server had before the earlier run changed it
 * @param pid the process id of the earlier driver that changed it
 * @param changedAt when the earlier driver journaled the change, just before it made it
 * @param journal the journal file it was read from (now removed)
 */
public record RestoredSetting(String scope, String setting, String value, long pid, Instant changedAt, Path journal) {

  /** @throws NullPointerException for a null component */
  public RestoredSetting {
    Objects.requireNonNull(scope, "scope");
    Objects.requireNonNull(setting, "setting");
    Objects.requireNonNull(value, "value");
    Objects.requireNonNull(changedAt, "changedAt");
    Objects.requireNonNull(journal, "journal");
  }

  /**
   * The one stderr line that reports a restore, e.g. {@code mysql: restored GLOBAL
   * innodb_flush_log_at_trx_commit=1, sync_binlog=1 left changed by an earlier run (pid 1234) that did
   * not finish; journal /root/.local/state/ycsb-driver/journal/mysql-127.0.0.1-3306.json}.
   *
   * @param binding the binding's name
   * @param restored the settings restored from one journal; not empty
   * @return the line, without a line break
   * @throws IllegalArgumentException if {@code restored} is empty
   */
  public static String line(String binding, List<RestoredSetting> restored) {
    if (restored.isEmpty()) {
      throw new IllegalArgumentException("restored: at least one setting is required");
    }
    RestoredSetting first = restored.get(0);
    StringBuilder b = new StringBuilder(binding).append(": restored ").append(first.scope()).append(' ');
    for (int i = 0; i < restored.size(); i++) {
      b.append(i == 0 ? "" : ", ").append(restored.get(i).setting()).append('=').append(restored.get(i).value());
    }
    return b.append(" left changed by an earlier run (pid ").append(first.pid())
        .append(") that did not finish; journal ").append(first.journal()).toString();
  }
}
