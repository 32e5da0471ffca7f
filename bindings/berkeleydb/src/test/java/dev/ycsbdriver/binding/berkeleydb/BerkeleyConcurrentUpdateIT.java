package dev.ycsbdriver.binding.berkeleydb;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ycsbdriver.config.Settings;
import dev.ycsbdriver.runner.BindingCatalog;
import dev.ycsbdriver.spi.Binding;
import dev.ycsbdriver.spi.BindingContext;
import dev.ycsbdriver.config.Phase;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;

/**
 * Concurrent updates of one record lose nothing: each thread owns one field of the same record and, before each
 * of its updates, reads back the value it wrote last. A read-modify-write that were not atomic (read the record,
 * another thread writes, write the stale copy back) would put an older value of some thread's field back.
 */
class BerkeleyConcurrentUpdateIT {
  private static final String TABLE = "concurrenttable";
  private static final int THREADS = 8;
  private static final int UPDATES = 300;

  @ParameterizedTest(name = "transactional={0}")
  @ValueSource(booleans = {true, false})
  void concurrentUpdatesOfDifferentFieldsOfOneRecordAreNeverLost(boolean transactional) throws Exception {
    Path dir = Path.of("target", "it-berkeleydb-concurrent-" + transactional).toAbsolutePath();
    Map<String, String> p = Map.of("berkeleydb.dir", dir.toString(), "berkeleydb.transactional",
        Boolean.toString(transactional), "table", TABLE, "droptable", "true", "createtable", "true",
        "berkeleydb.durability", "commit_no_sync");
    try (Binding binding = BindingCatalog.load().find("berkeleydb").open(
        new BindingContext(Settings.of(p), Phase.LOAD, THREADS, dir, null))) {
      DB setup = db(binding);
      Map<String, ByteIterator> record = new HashMap<>();
      for (int t = 0; t < THREADS; t++) {
        record.put("field" + t, new StringByteIterator("t" + t + "-start"));
      }
      assertThat(setup.insert(TABLE, "hot", record)).isEqualTo(Status.OK);

      ExecutorService pool = Executors.newFixedThreadPool(THREADS);
      try {
        List<Future<String>> results = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
          int thread = t;
          results.add(pool.submit(() -> hammer(db(binding), thread)));
        }
        for (Future<String> f : results) {
          assertThat(f.get()).isEmpty();
        }
      } finally {
        pool.shutdownNow();
      }
      Map<String, ByteIterator> last = new HashMap<>();
      assertThat(setup.read(TABLE, "hot", null, last)).isEqualTo(Status.OK);
      for (int t = 0; t < THREADS; t++) {
        assertThat(last.get("field" + t).toString()).isEqualTo("t" + t + "-" + (UPDATES - 1));
      }
    }
  }

  /** @return empty, or the first lost update this thread saw */
  private static String hammer(DB db, int thread) {
    String field = "field" + thread;
    String expected = "t" + thread + "-start";
    for (int i = 0; i < UPDATES; i++) {
      Map<String, ByteIterator> now = new HashMap<>();
      if (db.read(TABLE, "hot", Set.of(field), now) != Status.OK) {
        return "thread " + thread + ": read failed";
      }
      String seen = now.get(field).toString();
      if (!seen.equals(expected)) {
        return "thread " + thread + ": lost update, expected " + expected + ", read " + seen;
      }
      expected = "t" + thread + "-" + i;
      if (db.update(TABLE, "hot", Map.of(field, new StringByteIterator(expected))) != Status.OK) {
        return "thread " + thread + ": update failed";
      }
    }
    return "";
  }

  private static DB db(Binding binding) throws Exception {
    DB db = binding.newDb();
    db.setProperties(new Properties());
    db.init();
    return db;
  }
}
