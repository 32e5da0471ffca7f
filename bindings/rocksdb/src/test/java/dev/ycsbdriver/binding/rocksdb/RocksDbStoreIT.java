package dev.ycsbdriver.binding.rocksdb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ycsbdriver.config.Phase;
import dev.ycsbdriver.config.Settings;
import dev.ycsbdriver.runner.BindingCatalog;
import dev.ycsbdriver.spi.Binding;
import dev.ycsbdriver.spi.BindingContext;
import dev.ycsbdriver.spi.BindingException;
import dev.ycsbdriver.testing.CliRun;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.rocksdb.ColumnFamilyDescriptor;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.DBOptions;
import org.rocksdb.Options;
import org.rocksdb.RocksDB;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;

/** What the rocksdb binding promises beyond the shared contract: shared open, update atomicity, options read back. */
class RocksDbStoreIT {
  private static final String TABLE = "storetable";

  private static Path freshDir(String name) throws Exception {
    Path base = Path.of("target").toAbsolutePath();
    Files.createDirectories(base);
    return Files.createTempDirectory(base, "it-rocksdb-" + name + "-");
  }

  private static Binding open(Path dir, Map<String, String> extra) throws Exception {
    Map<String, String> p = new LinkedHashMap<>();
    p.put("rocksdb.dir", dir.toString());
    p.put("table", TABLE);
    p.putAll(extra);
    return BindingCatalog.load().find("rocksdb").open(new BindingContext(Settings.of(p), Phase.LOAD, 8, dir, null));
  }

  private static DB db(Binding binding) throws Exception {
    DB db = binding.newDb();
    Properties props = new Properties();
    props.setProperty("table", TABLE);
    db.setProperties(props);
    db.init();
    return db;
  }

  private static String field(DB db, String key, String field) {
    Map<String, ByteIterator> out = new HashMap<>();
    assertThat(db.read(TABLE, key, java.util.Set.of(field), out)).isEqualTo(Status.OK);
    return out.get(field).toString();
  }

  /** Eight threads update different fields of one key: without the key's lock, read-modify-write loses updates. */
  @Test
  void concurrentUpdatesOfOneKeyKeepEveryThreadsLastValue() throws Exception {
    int threads = 8;
    int updates = 2_000;
    try (Binding binding = open(freshDir("updates"), Map.of())) {
      Map<String, ByteIterator> record = new HashMap<>();
      for (int f = 0; f < threads; f++) {
        record.put("field" + f, new StringByteIterator("initial"));
      }
      DB setup = db(binding);
      assertThat(setup.insert(TABLE, "hot", record)).isEqualTo(Status.OK);
      CountDownLatch start = new CountDownLatch(1);
      AtomicReference<String> failure = new AtomicReference<>();
      List<Thread> workers = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        String fieldName = "field" + t;
        DB db = db(binding);
        Thread w = new Thread(() -> {
          try {
            start.await();
            for (int n = 0; n < updates; n++) {
              Status s = db.update(TABLE, "hot", Map.of(fieldName, new StringByteIterator(fieldName + "-" + n)));
              if (s != Status.OK) {
                failure.compareAndSet(null, fieldName + " update " + n + ": " + s);
              }
            }
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
        });
        workers.add(w);
        w.start();
      }
      start.countDown();
      for (Thread w : workers) {
        w.join();
      }
      assertThat(failure.get()).isNull();
      for (int t = 0; t < threads; t++) {
        assertThat(field(setup, "hot", "field" + t)).isEqualTo("field" + t + "-" + (updates - 1));
      }
    }
  }

  @Test
  void twoBindingsOfOneProcessShareTheOpenDatabaseUntilTheLastCloses() throws Exception {
    Path dir = freshDir("shared");
    Binding first = open(dir, Map.of());
    Binding second = open(dir, Map.of("rocksdb.sync", "true"));
    assertThat(db(first).insert(TABLE, "k1", Map.of("field0", new StringByteIterator("from-first")))).isEqualTo(Status.OK);
    first.close();
    DB db = db(second);
    assertThat(field(db, "k1", "field0")).isEqualTo("from-first");
    assertThat(second.serverFacts().settings()).containsEntry("sync", "true");
    second.close();
    // closed for good: a plain RocksDB open of the directory takes its lock
    List<ColumnFamilyDescriptor> families = new ArrayList<>();
    try (Options o = new Options()) {
      for (byte[] name : RocksDB.listColumnFamilies(o, dir.toString())) {
        families.add(new ColumnFamilyDescriptor(name));
      }
    }
    List<ColumnFamilyHandle> handles = new ArrayList<>();
    try (DBOptions o = new DBOptions(); RocksDB raw = RocksDB.open(o, dir.toString(), families, handles)) {
      assertThat(handles).hasSize(2);
      handles.forEach(ColumnFamilyHandle::close);
    }
  }

  @Test
  void anotherTuningWhileTheDatabaseIsOpenIsRefused() throws Exception {
    Path dir = freshDir("tuning");
    try (Binding first = open(dir, Map.of())) {
      assertThatThrownBy(() -> open(dir, Map.of("rocksdb.compression", "zstd"))).isInstanceOf(BindingException.class)
          .hasMessageStartingWith("rocksdb: " + dir.toRealPath() + " is already open in this process with other options");
      assertThat(db(first).insert(TABLE, "k", Map.of("field0", new StringByteIterator("v")))).isEqualTo(Status.OK);
    }
  }

  @Test
  void theOptionsInForceAreReadBackIntoTheResult() throws Exception {
    Path dir = freshDir("options");
    CliRun load = CliRun.of(CliRun.args("load", "rocksdb", "workloada", "recordcount=200", "rocksdb.dir=" + dir,
        "result.dir=" + dir.resolve("results"), "rocksdb.compression=zstd", "rocksdb.write_buffer_size_mb=8",
        "rocksdb.block_cache_size_mb=16", "rocksdb.bloom_bits_per_key=0", "rocksdb.max_background_jobs=3",
        "rocksdb.max_write_buffer_number=3"));
    assertThat(load.exitCode()).as(load.toString()).isZero();
    JsonNode server = new ObjectMapper().readTree(Files.readString(load.resultFile())).path("server");
    assertThat(server.path("product").asText()).isEqualTo("RocksDB");
    assertThat(server.path("version").asText()).isEqualTo(RocksDB.rocksdbVersion().toString()).startsWith("11.");
    JsonNode settings = server.path("settings");
    assertThat(settings.path("compression").asText()).isEqualTo("zstd");
    assertThat(settings.path("write_buffer_size").asLong()).isEqualTo(8L << 20);
    assertThat(settings.path("block_cache_capacity").asLong()).isEqualTo(16L << 20);
    assertThat(settings.path("max_background_jobs").asInt()).isEqualTo(3);
    assertThat(settings.path("max_write_buffer_number").asInt()).isEqualTo(3);
    assertThat(settings.path("filter_policy").asText()).isEqualTo("none");
    assertThat(settings.path("sync").asText()).isEqualTo("false");

    CliRun run = CliRun.of(CliRun.args("run", "rocksdb", "workloadc", "recordcount=200", "operationcount=200",
        "rocksdb.dir=" + dir, "result.dir=" + dir.resolve("results")));
    assertThat(run.exitCode()).as(run.toString()).isZero();
    JsonNode defaults = new ObjectMapper().readTree(Files.readString(run.resultFile())).path("server").path("settings");
    assertThat(defaults.path("compression").asText()).isEqualTo("snappy");
    assertThat(defaults.path("write_buffer_size").asLong()).isEqualTo(64L << 20);
    assertThat(defaults.path("filter_policy").asText()).contains("bloomfilter").contains("10");
    assertThat(defaults.path("estimate_num_keys").asLong()).isPositive();
  }

  @Test
  void syncWithoutTheWriteAheadLogIsOneLineAndExitCodeTwo() throws Exception {
    Path dir = freshDir("syncwal");
    CliRun run = CliRun.of(CliRun.args("load", "rocksdb", "workloada", "recordcount=10", "rocksdb.dir=" + dir,
        "result.dir=" + dir, "rocksdb.sync=true", "rocksdb.disable_wal=true"));
    assertThat(run.exitCode()).as(run.toString()).isEqualTo(2);
    List<String> errors = run.errLines().stream().filter(l -> l.startsWith("ycsb: ")).toList();
    assertThat(errors).hasSize(1);
    assertThat(errors.get(0)).startsWith("ycsb: rocksdb.disable_wal: must be false when rocksdb.sync=true");
    assertThat(run.err()).doesNotContain("\tat ");
  }

  @Test
  void aTableNamedAfterRocksDbsDefaultColumnFamilyIsRefused() throws Exception {
    Path dir = freshDir("default");
    CliRun run = CliRun.of(CliRun.args("load", "rocksdb", "workloada", "recordcount=10", "rocksdb.dir=" + dir,
        "result.dir=" + dir, "table=default"));
    assertThat(run.exitCode()).as(run.toString()).isEqualTo(2);
    assertThat(run.err()).contains("ycsb: table: must not be 'default'").doesNotContain("\tat ");
  }

  @Test
  void aDatabaseHeldByAnotherOpenIsOneLineAndExitCodeThree() throws Exception {
    Path dir = freshDir("locked");
    try (Options o = new Options().setCreateIfMissing(true); RocksDB holder = RocksDB.open(o, dir.toString())) {
      CliRun run = CliRun.of(CliRun.args("load", "rocksdb", "workloada", "recordcount=10", "rocksdb.dir=" + dir,
          "result.dir=" + dir));
      assertThat(run.exitCode()).as(run.toString()).isEqualTo(3);
      List<String> errors = run.errLines().stream().filter(l -> l.startsWith("ycsb: ")).toList();
      assertThat(errors).hasSize(1);
      assertThat(errors.get(0)).startsWith("ycsb: rocksdb: cannot open " + dir.toRealPath() + ": it is in use")
          .contains("LOCK");
      assertThat(run.err()).doesNotContain("\tat ");
      assertThat(holder.getName()).isEqualTo(dir.toString());
    }
  }

  @Test
  void aRunOnADirectoryWithoutADatabaseSaysToLoadFirstAndCreatesNothing() throws Exception {
    Path dir = freshDir("empty");
    CliRun run = CliRun.of(CliRun.args("run", "rocksdb", "workloada", "rocksdb.dir=" + dir, "result.dir=" + dir));
    assertThat(run.exitCode()).as(run.toString()).isEqualTo(3);
    assertThat(run.err()).contains("ycsb: rocksdb: table usertable does not exist; load the records first")
        .contains("no database in " + dir.toRealPath());
    assertThat(dir.resolve("CURRENT")).doesNotExist();
  }

  @Test
  void aCorruptDatabaseIsOneLineAndExitCodeThree() throws Exception {
    Path dir = freshDir("corrupt");
    // a RocksDB directory (its IDENTITY) whose CURRENT names a MANIFEST that is gone
    Files.writeString(dir.resolve("IDENTITY"), "5a5c0dd6-0c3c-4a8e-9d1e-3f0c2b1a9e77\n", StandardCharsets.US_ASCII);
    Files.writeString(dir.resolve("CURRENT"), "MANIFEST-000099\n", StandardCharsets.US_ASCII);
    CliRun run = CliRun.of(CliRun.args("run", "rocksdb", "workloada", "rocksdb.dir=" + dir, "result.dir=" + dir));
    assertThat(run.exitCode()).as(run.toString()).isEqualTo(3);
    List<String> errors = run.errLines().stream().filter(l -> l.startsWith("ycsb: ")).toList();
    assertThat(errors).hasSize(1);
    assertThat(errors.get(0)).startsWith("ycsb: rocksdb: cannot open " + dir.toRealPath());
    assertThat(run.err()).doesNotContain("\tat ");
  }
}
