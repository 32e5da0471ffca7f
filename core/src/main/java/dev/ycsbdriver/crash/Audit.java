package dev.ycsbdriver.crash;

import dev.ycsbdriver.spi.Binding;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;

/**
 * Reads the version of every ledger key from a freshly opened binding, a few threads with one {@code DB} each.
 * A read that fails is retried; a key that still cannot be read fails the audit (a key not found is a fact,
 * {@link AuditCount#MISSING}).
 *
 * <p>One call per audit; the threads are its own.
 */
final class Audit {
  private static final int ATTEMPTS = 5;
  private static final long RETRY_PAUSE_MILLIS = 200;

  private Audit() {
  }

  /**
   * @param binding the opened binding
   * @param properties the DB's properties (the run's settings)
   * @param table the crash table
   * @param field0 the name of the field carrying the version, e.g. {@code field0}
   * @param keys the keys to read
   * @param threads reading threads, at least 1
   * @return the stored version per key
   * @throws CrashException (exit 1) when a DB cannot start or a key cannot be read, naming the first failure
   */
  static Map<String, Long> versions(Binding binding, Properties properties, String table, String field0,
                                    List<String> keys, int threads) throws CrashException {
    Map<String, Long> out = new ConcurrentHashMap<>();
    AtomicReference<String> failure = new AtomicReference<>();
    List<Thread> workers = new ArrayList<>();
    int n = Math.max(1, Math.min(threads, keys.size()));
    for (int t = 0; t < n; t++) {
      List<String> share = new ArrayList<>();
      for (int i = t; i < keys.size(); i += n) {
        share.add(keys.get(i));
      }
      Thread w = new Thread(() -> read(binding, properties, table, field0, share, out, failure), "crashtest-audit-" + t);
      workers.add(w);
      w.start();
    }
    for (Thread w : workers) {
      try {
        w.join();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new CrashException(1, "audit: interrupted");
      }
    }
    if (failure.get() != null) {
      throw new CrashException(1, "audit: " + failure.get());
    }
    return out;
  }

  private static void read(Binding binding, Properties properties, String table, String field0, List<String> keys,
                           Map<String, Long> out, AtomicReference<String> failure) {
    DB db = binding.newDb();
    db.setProperties(properties);
    try {
      db.init();
    } catch (DBException | RuntimeException e) {
      failure.compareAndSet(null, "a reading DB could not start: " + e.getMessage());
      return;
    }
    try {
      Set<String> fields = Set.of(field0);
      Map<String, ByteIterator> result = new HashMap<>();
      for (String key : keys) {
        if (failure.get() != null) {
          return;
        }
        Status status = null;
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
          result.clear();
          status = db.read(table, key, fields, result);
          if (status.isOk() || status == Status.NOT_FOUND) {
            break;
          }
          ServerCrash.sleep(RETRY_PAUSE_MILLIS);
        }
        if (status == Status.NOT_FOUND) {
          out.put(key, AuditCount.MISSING);
        } else if (status.isOk()) {
          ByteIterator v = result.get(field0);
          try {
            out.put(key, v == null ? AuditCount.MISSING : CrashWorkload.parseVersion(v.toString()));
          } catch (IllegalArgumentException e) {
            failure.compareAndSet(null, "key " + key + ": " + e.getMessage());
          }
        } else {
          failure.compareAndSet(null, "key " + key + " could not be read after " + ATTEMPTS + " attempts: "
              + status.getName() + " " + status.getDescription());
        }
      }
    } finally {
      try {
        db.cleanup();
      } catch (DBException | RuntimeException ignored) {
        // the figures are read; a failing cleanup changes none
      }
    }
  }
}
