package dev.ycsbdriver.crash;

import dev.ycsbdriver.config.ConfigException;
import dev.ycsbdriver.config.CoreWorkloadKeys;
import dev.ycsbdriver.config.PropertyOwner;
import dev.ycsbdriver.config.PropertySpec;
import dev.ycsbdriver.config.Settings;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ThreadLocalRandom;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;
import site.ycsb.Workload;
import site.ycsb.WorkloadException;

/**
 * The crash test's writer: each client thread inserts new records and updates records it inserted earlier, each
 * write with the key's next version, and keeps a {@link Ledger} of every write before and after the call.
 *
 * <p>Keys are {@code crash-<runid>-r<round>-t<thread>-<n>}, unique across rounds and runs. A record has
 * {@code fieldcount} fields of {@code fieldlength} characters (CoreWorkload's keys); {@code field0} starts with
 * the version, {@code v000000017:}, then filler; the other fields are filler derived from the key. An insert
 * writes every field (version 1), an update only {@code field0} (version 2 and up). Inserts are
 * {@code crash.insertproportion} of the operations (default 0.5); a thread's first operation is an insert.
 *
 * <p>The runner measures the calls as INSERT and UPDATE as for any workload. One instance per run; the state
 * of each thread is its own ({@link #initThread}).
 */
public final class CrashWorkload extends Workload implements PropertyOwner {
  private static final int VERSION_DIGITS = 9;
  private final List<Ledger.Writer> writers = new CopyOnWriteArrayList<>();
  private Path ledgerDir;
  private String keyPrefix;
  private String table;
  private String fieldPrefix;
  private int fieldCount;
  private int fieldLength;
  private double insertProportion;

  /** Creates the workload; {@link #init} configures it. */
  public CrashWorkload() {
  }

  @Override
  public List<PropertySpec> properties() {
    return CrashKeys.ALL;
  }

  @Override
  public List<String> strictNamespaces() {
    return CrashKeys.NAMESPACES;
  }

  @Override
  public void init(Properties p) throws WorkloadException {
    Settings s = Settings.of(p);
    try {
      String dir = s.getTrimmed(CrashKeys.LEDGER_DIR);
      if (dir == null || dir.isEmpty()) {
        throw new WorkloadException(CrashKeys.LEDGER_DIR.key() + ": missing; this workload is the writer of "
            + "bin/ycsb crashtest, which sets it");
      }
      String runId = s.getTrimmed(CrashKeys.RUN_ID);
      if (!runId.matches("[A-Za-z0-9]+")) {
        throw new WorkloadException(CrashKeys.RUN_ID.key() + ": must be letters and digits, got '" + runId + "'");
      }
      ledgerDir = Path.of(dir);
      keyPrefix = "crash-" + runId + "-r" + s.getInt(CrashKeys.ROUND) + "-t";
      table = s.getTrimmed(CoreWorkloadKeys.TABLE);
      fieldPrefix = s.getTrimmed(CoreWorkloadKeys.FIELD_NAME_PREFIX);
      fieldCount = s.getInt(CoreWorkloadKeys.FIELD_COUNT);
      fieldLength = Math.max(VERSION_DIGITS + 2, s.getInt(CoreWorkloadKeys.FIELD_LENGTH));
      insertProportion = s.getDouble(CrashKeys.INSERT_PROPORTION);
      if (fieldCount < 1) {
        throw new WorkloadException(CoreWorkloadKeys.FIELD_COUNT.key() + ": the crash test needs at least 1, got "
            + fieldCount);
      }
    } catch (ConfigException e) {
      throw new WorkloadException(e.getMessage(), e);
    }
  }

  @Override
  public Object initThread(Properties p, int threadId, int threadCount) throws WorkloadException {
    try {
      Ledger.Writer w = new Ledger.Writer(ledgerDir, threadId);
      writers.add(w);
      return new ThreadState(w, keyPrefix + threadId + "-");
    } catch (IOException e) {
      throw new WorkloadException("crash.ledger.dir: cannot write the ledger in " + ledgerDir + " (" + e + ")", e);
    }
  }

  @Override
  public boolean doInsert(DB db, Object threadState) {
    return doTransaction(db, threadState);
  }

  @Override
  public boolean doTransaction(DB db, Object threadState) {
    ThreadState t = (ThreadState) threadState;
    ThreadLocalRandom random = ThreadLocalRandom.current();
    boolean insert = t.inserted == 0 || random.nextDouble() < insertProportion;
    int n = insert ? t.inserted : random.nextInt(t.inserted);
    long version = insert ? 1 : t.versions[n] + 1;
    String key = t.prefix + n;
    try {
      t.ledger.write(Ledger.Event.A, key, version);
      Status status = insert ? db.insert(table, key, values(key, version, fieldCount))
          : db.update(table, key, values(key, version, 1));
      t.ledger.write(status.isOk() ? Ledger.Event.K : Ledger.Event.F, key, version);
    } catch (IOException e) {
      throw new UncheckedIOException("crash ledger: cannot write to " + ledgerDir + " (" + e.getMessage() + ")", e);
    }
    if (insert) {
      if (t.inserted == t.versions.length) {
        t.versions = Arrays.copyOf(t.versions, t.versions.length * 2);
      }
      t.inserted++;
    }
    t.versions[n] = version;
    return true;
  }

  /**
   * @param key the record's key
   * @param version the write's version
   * @param fields how many fields, from {@code field0}
   * @return the values: {@code field0} carries the version
   */
  Map<String, ByteIterator> values(String key, long version, int fields) {
    Map<String, String> values = new HashMap<>();
    values.put(fieldPrefix + 0, versionText(version) + filler(key, 0, fieldLength - VERSION_DIGITS - 2));
    for (int i = 1; i < fields; i++) {
      values.put(fieldPrefix + i, filler(key, i, fieldLength));
    }
    return StringByteIterator.getByteIteratorMap(values);
  }

  /**
   * @param version a write's version, 1 to 999,999,999
   * @return how {@code field0} starts for it, e.g. {@code v000000017:}
   */
  public static String versionText(long version) {
    return String.format(Locale.ROOT, "v%0" + VERSION_DIGITS + "d:", version);
  }

  /**
   * @param field0 the stored value of {@code field0}, or null when the record is missing
   * @return the version it carries, or {@link AuditCount#MISSING} when the record is missing
   * @throws IllegalArgumentException if the value does not start with a version (not written by this workload)
   */
  public static long parseVersion(String field0) {
    if (field0 == null) {
      return AuditCount.MISSING;
    }
    if (field0.length() < VERSION_DIGITS + 2 || field0.charAt(0) != 'v' || field0.charAt(VERSION_DIGITS + 1) != ':') {
      throw new IllegalArgumentException("field0 does not start with a version: '"
          + field0.substring(0, Math.min(20, field0.length())) + "'");
    }
    return Long.parseLong(field0.substring(1, VERSION_DIGITS + 1));
  }

  private static String filler(String key, int field, int length) {
    char[] c = new char[Math.max(0, length)];
    int h = key.hashCode() * 31 + field;
    for (int i = 0; i < c.length; i++) {
      c[i] = (char) ('a' + Math.floorMod(h + i, 26));
    }
    return new String(c);
  }

  @Override
  public void cleanup() throws WorkloadException {
    for (Ledger.Writer w : writers) {
      try {
        w.close();
      } catch (IOException e) {
        throw new WorkloadException("crash ledger: " + e.getMessage(), e);
      }
    }
  }

  /** One client thread's ledger and records. */
  private static final class ThreadState {
    private final Ledger.Writer ledger;
    private final String prefix;
    private long[] versions = new long[1024];
    private int inserted;

    ThreadState(Ledger.Writer ledger, String prefix) {
      this.ledger = ledger;
      this.prefix = prefix;
    }
  }
}
