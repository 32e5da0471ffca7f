package dev.ycsbdriver.crash;

import dev.ycsbdriver.config.ConfigException;
import dev.ycsbdriver.spi.Binding;
import dev.ycsbdriver.spi.ErrorLog;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;

/**
 * Before the first round, one write of the writer's shape on the crash table: an insert of a probe record with
 * every field ({@code fieldcount} fields named {@code fieldnameprefix0 ..}), a read of {@code field0} back, and a
 * delete. A table of another shape (PostgreSQL's SQLState 42703, "column field0 does not exist"), a missing
 * permission or a read-only store would otherwise fail every write of the writer until
 * {@code crash.writer.timeout}, with the cause only in the writer's log.
 *
 * <p>Stateless and thread-safe.
 */
final class WriteProbe {
  private WriteProbe() {
  }

  /**
   * @param binding the store, opened to prepare the test
   * @param errors the log the binding's {@code DB}s report to; its first error is the cause shown
   * @param properties the DB's properties
   * @param table the crash table
   * @param fieldPrefix {@code fieldnameprefix}
   * @param fieldCount {@code fieldcount}, at least 1
   * @param key the probe record's key, one no writer uses
   * @throws ConfigException (exit 2) naming the store's first error when the write or the read back fails
   */
  static void check(Binding binding, ErrorLog errors, Properties properties, String table, String fieldPrefix,
                    int fieldCount, String key) throws ConfigException {
    DB db = binding.newDb();
    db.setProperties(properties);
    try {
      db.init();
    } catch (DBException | RuntimeException e) {
      throw refused(table, "its DB cannot start (" + e.getMessage() + ")", errors);
    }
    try {
      Map<String, String> values = new HashMap<>();
      for (int i = 0; i < fieldCount; i++) {
        values.put(fieldPrefix + i, CrashWorkload.versionText(1));
      }
      Status inserted = db.insert(table, key, StringByteIterator.getByteIteratorMap(values));
      if (!inserted.isOk()) {
        throw refused(table, "a write of the writer's shape (" + fieldCount + " fields " + fieldPrefix + "0.."
            + fieldPrefix + (fieldCount - 1) + ") failed: " + inserted.getName(), errors);
      }
      Map<String, ByteIterator> read = new HashMap<>();
      Status status = db.read(table, key, Set.of(fieldPrefix + 0), read);
      ByteIterator field0 = read.get(fieldPrefix + 0);
      String got = field0 == null ? null : field0.toString();
      db.delete(table, key);
      if (!status.isOk() || !CrashWorkload.versionText(1).equals(got)) {
        throw refused(table, "the record written was not read back (" + status.getName() + (got == null ? ""
            : ", " + fieldPrefix + "0 '" + got + "'") + ")", errors);
      }
    } finally {
      try {
        db.cleanup();
      } catch (DBException | RuntimeException ignored) {
        // the probe's answer is in; a failing cleanup changes none
      }
    }
  }

  private static ConfigException refused(String table, String what, ErrorLog errors) {
    List<ErrorLog.Kind> kinds = errors.kinds();
    String cause = kinds.isEmpty() ? "" : "; " + kinds.get(0).binding() + ": " + kinds.get(0).operation()
        + " failed (" + kinds.get(0).cause() + "): " + kinds.get(0).firstMessage();
    return new ConfigException("table: the crash test needs a table its writer can write, got " + table + ": "
        + what + cause);
  }
}
