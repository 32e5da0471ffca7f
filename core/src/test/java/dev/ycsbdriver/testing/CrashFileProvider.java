package dev.ycsbdriver.testing;

import dev.ycsbdriver.config.ConfigException;
import dev.ycsbdriver.config.Phase;
import dev.ycsbdriver.config.PropertySpec;
import dev.ycsbdriver.config.Settings;
import dev.ycsbdriver.spi.Binding;
import dev.ycsbdriver.spi.BindingContext;
import dev.ycsbdriver.spi.BindingException;
import dev.ycsbdriver.spi.ErrorLog;
import dev.ycsbdriver.spi.BindingProvider;
import dev.ycsbdriver.spi.ServerFacts;
import dev.ycsbdriver.spi.ServerLocation;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;

/**
 * {@code crashfile}: an embedded store for crash tests, registered for core's tests only. Records live in memory
 * and in an append-only file {@code <result.dir>/crashfile/store.log} (one line per write: key, tab, the
 * written fields), which a new process reads back. {@code crashfile.lossy=false} (default) appends each write
 * with one unbuffered write before it returns, so a SIGKILL loses nothing acknowledged; {@code true} keeps the
 * last writes in memory and appends them only every {@code crashfile.flushevery} writes, so a SIGKILL loses the
 * acknowledged writes not yet appended. {@code crashfile.failreads=true} answers every read with an error, so
 * that a crash test's audit cannot complete.
 */
public final class CrashFileProvider implements BindingProvider {
  static final PropertySpec LOSSY = PropertySpec.of("crashfile.lossy", "false", "",
      "keep the last writes in memory only, appended every crashfile.flushevery writes").flag();
  static final PropertySpec FLUSH_EVERY = PropertySpec.of("crashfile.flushevery", "200", "writes",
      "in lossy mode, append the writes kept in memory every this many writes").integer(1, 1_000_000);
  static final PropertySpec FAIL_READS = PropertySpec.of("crashfile.failreads", "false", "",
      "answer every read of the run phase with an error (a crash test's audit then fails; its write probe, "
          + "which opens the load phase, reads)").flag();
  static final PropertySpec READ_ONLY_RUN = PropertySpec.of("crashfile.readonlyrun", "false", "",
      "fail every write of the run phase (the crash test's writer), reporting it to the run's error log; "
          + "the load phase (the crash test's own checks) writes").flag();

  @Override
  public String name() {
    return "crashfile";
  }

  @Override
  public String description() {
    return "test store: an append-only file, optionally lossy (crash tests)";
  }

  @Override
  public List<PropertySpec> properties() {
    return List.of(LOSSY, FLUSH_EVERY, FAIL_READS, READ_ONLY_RUN);
  }

  @Override
  public Binding open(BindingContext context) throws ConfigException, BindingException {
    Settings s = context.settings();
    Path file = context.resultDirectory().resolve("crashfile").resolve("store.log");
    try {
      Store store = new Store(file, s.getBoolean(LOSSY), s.getInt(FLUSH_EVERY), context.profile(),
          s.getBoolean(FAIL_READS) && context.phase() == Phase.RUN);
      if (s.getBoolean(READ_ONLY_RUN) && context.phase() == Phase.RUN) {
        store.readOnly = context.errors();
      }
      return store;
    } catch (IOException e) {
      throw new BindingException("crashfile: cannot open " + file + " (" + e.getMessage() + ")", e);
    }
  }

  private static final class Store implements Binding {
    private final Map<String, Map<String, String>> records = new HashMap<>();
    private final FileOutputStream out;
    private final boolean lossy;
    private final int flushEvery;
    private final List<String> pending = new ArrayList<>();
    private final String profile;
    private final boolean failReads;
    /** Where a refused write is reported; null when the store writes. */
    private ErrorLog readOnly;

    Store(Path file, boolean lossy, int flushEvery, String profile, boolean failReads) throws IOException {
      Files.createDirectories(file.getParent());
      if (Files.exists(file)) {
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
          String[] p = line.split("\t");
          Map<String, String> r = records.computeIfAbsent(p[0], k -> new HashMap<>());
          for (int i = 1; i + 1 < p.length; i += 2) {
            r.put(p[i], p[i + 1]);
          }
        }
      }
      this.out = new FileOutputStream(file.toFile(), true);
      this.lossy = lossy;
      this.flushEvery = flushEvery;
      this.profile = profile;
      this.failReads = failReads;
    }

    synchronized Status write(String key, Map<String, ByteIterator> values, boolean insert) {
      if (readOnly != null) {
        readOnly.error("crashfile", insert ? "INSERT" : "UPDATE", "read-only", "the store is read-only");
        return Status.ERROR;
      }
      Map<String, String> r = records.get(key);
      if (insert == (r != null)) {
        return insert ? Status.ERROR : Status.NOT_FOUND;
      }
      Map<String, String> v = StringByteIterator.getStringMap(values);
      records.computeIfAbsent(key, k -> new HashMap<>()).putAll(v);
      StringBuilder line = new StringBuilder(key);
      v.forEach((f, x) -> line.append('\t').append(f).append('\t').append(x));
      pending.add(line.append('\n').toString());
      if (!lossy || pending.size() >= flushEvery) {
        try {
          out.write(String.join("", pending).getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
        pending.clear();
      }
      return Status.OK;
    }

    synchronized Map<String, String> read(String key) {
      Map<String, String> r = records.get(key);
      return r == null ? null : new HashMap<>(r);
    }

    @Override
    public DB newDb() {
      return new DB() {
        @Override
        public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
          if (failReads) {
            return Status.ERROR;
          }
          Map<String, String> r = Store.this.read(key);
          if (r == null) {
            return Status.NOT_FOUND;
          }
          r.forEach((f, v) -> {
            if (fields == null || fields.contains(f)) {
              result.put(f, new StringByteIterator(v));
            }
          });
          return Status.OK;
        }

        @Override
        public Status scan(String table, String startkey, int recordcount, Set<String> fields,
                           Vector<HashMap<String, ByteIterator>> result) {
          return Status.NOT_IMPLEMENTED;
        }

        @Override
        public Status update(String table, String key, Map<String, ByteIterator> values) {
          return write(key, values, false);
        }

        @Override
        public Status insert(String table, String key, Map<String, ByteIterator> values) {
          return write(key, values, true);
        }

        @Override
        public Status delete(String table, String key) {
          return Status.NOT_IMPLEMENTED;
        }
      };
    }

    @Override
    public ServerLocation serverLocation() {
      return ServerLocation.embedded();
    }

    @Override
    public ServerFacts serverFacts() {
      return new ServerFacts("crashfile", "1", profile, Map.of("lossy", Boolean.toString(lossy)), List.of());
    }

    @Override
    public synchronized void close() {
      try {
        if (!pending.isEmpty()) {
          out.write(String.join("", pending).getBytes(StandardCharsets.UTF_8));
        }
        out.close();
      } catch (IOException ignored) {
        // a test store
      }
    }
  }
}
