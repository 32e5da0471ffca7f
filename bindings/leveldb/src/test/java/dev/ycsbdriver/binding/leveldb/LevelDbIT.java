package dev.ycsbdriver.binding.leveldb;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ycsbdriver.testing.CliRun;
import dev.ycsbdriver.testing.EmbeddedFileStoreContract;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;

/** The leveldb binding against a real LevelDB database (leveldbjni's native library) under target/. */
class LevelDbIT extends EmbeddedFileStoreContract {
  @Override
  protected String bindingName() {
    return "leveldb";
  }

  @Override
  protected String databaseFileName() {
    return "CURRENT";
  }

  @Override
  protected Map<String, Map<String, String>> profileReadBack() {
    Map<String, String> options = Map.of("write_buffer_size", "4194304", "block_cache_size", "8388608",
        "compression", "kSnappyCompression");
    Map<String, String> durable = new HashMap<>(options);
    durable.put("sync", "true");
    Map<String, String> fast = new HashMap<>(options);
    fast.put("sync", "false");
    return Map.of("durable", durable, "fast", fast);
  }

  @Test
  void concurrentUpdatesOfOneKeyKeepEveryThreadsField() throws Exception {
    int threads = 8;
    int rounds = 400;
    DB setup = db();
    Map<String, ByteIterator> initial = new HashMap<>();
    for (int t = 0; t < threads; t++) {
      initial.put("field" + t, new StringByteIterator("start"));
    }
    assertThat(setup.insert(TABLE, "hot", initial)).isEqualTo(Status.OK);
    List<DB> dbs = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      dbs.add(db());
    }
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      List<Future<Status>> done = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        int thread = t;
        done.add(pool.submit(() -> {
          for (int i = 1; i <= rounds; i++) {
            Status s = dbs.get(thread).update(TABLE, "hot",
                Map.of("field" + thread, new StringByteIterator("t" + thread + "-" + i)));
            if (!s.isOk()) {
              return s;
            }
          }
          return Status.OK;
        }));
      }
      for (Future<Status> f : done) {
        assertThat(f.get(60, TimeUnit.SECONDS)).isEqualTo(Status.OK);
      }
    } finally {
      pool.shutdownNow();
    }
    Map<String, ByteIterator> after = new HashMap<>();
    assertThat(setup.read(TABLE, "hot", null, after)).isEqualTo(Status.OK);
    for (int t = 0; t < threads; t++) {
      assertThat(after.get("field" + t).toString()).as("field" + t).isEqualTo("t" + t + "-" + rounds);
    }
  }

  @Test
  void tunablesAreOpenedWithAndReadBackIntoTheResult() throws Exception {
    Path dir = Path.of("target", "it-leveldb-tuned").toAbsolutePath();
    Map<String, String> tuned = Map.of("leveldb.dir", dir.toString(), "leveldb.cache_size", "16777216",
        "leveldb.write_buffer_size", "1048576", "leveldb.block_size", "16384", "leveldb.max_open_files", "200",
        "leveldb.compression", "none", "recordcount", "200", "droptable", "true");
    CliRun load = cli("load", "workloada", tuned);
    assertThat(load.exitCode()).as(load.toString()).isZero();
    JsonNode settings = result(load).path("server").path("settings");
    assertThat(settings.path("block_cache_size").asText()).isEqualTo("16777216");
    assertThat(settings.path("write_buffer_size").asText()).isEqualTo("1048576");
    assertThat(settings.path("block_size").asText()).isEqualTo("16384");
    assertThat(settings.path("max_open_files").asText()).isEqualTo("200");
    assertThat(settings.path("compression").asText()).isEqualTo("kNoCompression");
    assertThat(settings.path("database").asText()).isEqualTo(dir.toRealPath().toString());
    assertThat(settings.path("library").asText()).startsWith("org.fusesource.leveldbjni:leveldbjni-all 1.8");
    assertThat(result(load).path("server").path("version").asText()).isEqualTo("leveldbjni 1.8");
  }

  @Test
  void aDatabaseAnotherProcessHoldsIsOneLineExitThreeNamingTheLock() throws Exception {
    Path dir = Files.createTempDirectory(Path.of("target").toAbsolutePath(), "it-leveldb-locked-");
    Process holder = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "--enable-native-access=ALL-UNNAMED", "-cp", System.getProperty("java.class.path"), LockHolder.class.getName(),
        dir.toString())
        .redirectError(ProcessBuilder.Redirect.INHERIT).start();
    try {
      BufferedReader out = new BufferedReader(new InputStreamReader(holder.getInputStream(), StandardCharsets.UTF_8));
      assertThat(out.readLine()).isEqualTo("open");
      CliRun run = cli("load", "workloada", Map.of("leveldb.dir", dir.toString(), "recordcount", "10"));
      assertThat(run.exitCode()).as(run.toString()).isEqualTo(3);
      assertOneErrorLine(run, "leveldb: database " + dir.toRealPath() + " is in use: another process holds its "
          + "LOCK file");
    } finally {
      holder.getOutputStream().close();
      if (!holder.waitFor(20, TimeUnit.SECONDS)) {
        holder.destroyForcibly();
      }
    }
  }

  @Test
  void aLoadWithCreatetableFalseFindsNoTableAndSaysWhy() {
    CliRun run = cli("load", "workloada", Map.of("table", "nosuchtable", "createtable", "false", "recordcount", "10"));
    assertThat(run.exitCode()).as(run.toString()).isEqualTo(3);
    assertOneErrorLine(run, "leveldb: table nosuchtable does not exist in ");
    assertThat(run.err()).contains("and createtable=false; leave createtable=true to create it");
  }

  @Test
  void theBindingsCommandListsTheBindingWithItsKeysAndProfiles() {
    CliRun run = CliRun.of("bindings");
    assertThat(run.exitCode()).as(run.toString()).isZero();
    assertThat(run.out()).contains("leveldb").contains("leveldb.cache_size").contains("leveldb.write_buffer_size")
        .contains("leveldb.compression").contains("leveldb.sync").contains("durable").contains("fast");
  }
}
