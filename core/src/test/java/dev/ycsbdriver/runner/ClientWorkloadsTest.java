package dev.ycsbdriver.runner;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ycsbdriver.testing.CliRun;
import dev.ycsbdriver.testing.Resources;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;
import site.ycsb.Workload;

/** One CoreWorkload per client thread where that draws the same operations; one shared instance elsewhere. */
class ClientWorkloadsTest {
  private static final String CORE = "site.ycsb.workloads.CoreWorkload";
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir
  Path results;

  private static Properties workload(String name) throws Exception {
    Properties p = new Properties();
    try (InputStream in = Files.newInputStream(Resources.path("/golden/workloads/" + name))) {
      p.load(in);
    }
    p.setProperty("dotransactions", "true");
    return p;
  }

  @Test
  void workloadsWithoutInsertsOrCountersGetOneInstancePerThread() throws Exception {
    for (String w : new String[] {"workloada", "workloadb", "workloadc", "workloadf"}) {
      assertThat(ClientWorkloads.shareReason(CORE, workload(w), 64, "per-thread")).as(w).isNull();
    }
    Properties uniform = workload("workloadc");
    for (String d : new String[] {"uniform", "hotspot", "exponential"}) {
      uniform.setProperty("requestdistribution", d);
      assertThat(ClientWorkloads.shareReason(CORE, uniform, 8, "per-thread")).as(d).isNull();
    }
  }

  @Test
  void anythingThatFollowsACounterOfAllThreadsSharesOneInstance() throws Exception {
    assertThat(ClientWorkloads.shareReason(CORE, workload("workloadd"), 64, "per-thread")).contains("inserts");
    assertThat(ClientWorkloads.shareReason(CORE, workload("workloade"), 64, "per-thread")).contains("inserts");
    Properties load = workload("workloadc");
    load.setProperty("dotransactions", "false");
    assertThat(ClientWorkloads.shareReason(CORE, load, 64, "per-thread")).contains("load");
    for (String d : new String[] {"sequential", "latest"}) {
      Properties p = workload("workloadc");
      p.setProperty("requestdistribution", d);
      assertThat(ClientWorkloads.shareReason(CORE, p, 64, "per-thread")).contains("requestdistribution=" + d);
    }
    assertThat(ClientWorkloads.shareReason(CORE, workload("workloadc"), 64, "shared"))
        .contains("workload.instances=shared");
    assertThat(ClientWorkloads.shareReason(CORE, workload("workloadc"), 1, "per-thread")).contains("one thread");
    assertThat(ClientWorkloads.shareReason("com.example.MyWorkload", workload("workloadc"), 64, "per-thread"))
        .contains("not CoreWorkload");
  }

  @Test
  void perThreadInstancesDrawTheSameKeysAndOperationsAsOneSharedInstance() throws Exception {
    Properties p = workload("workloada");
    p.setProperty("recordcount", "1000");
    p.setProperty("operationcount", "0");
    Draws perThread = draw(p, "per-thread", 4, 100_000);
    Draws shared = draw(p, "shared", 4, 100_000);
    assertThat(perThread.mode).isEqualTo(ClientWorkloads.PER_THREAD);
    assertThat(shared.mode).isEqualTo(ClientWorkloads.SHARED);

    double readShare = perThread.operations.get("read").sum() / 400_000.0;
    double sharedReadShare = shared.operations.get("read").sum() / 400_000.0;
    assertThat(readShare).isCloseTo(0.5, org.assertj.core.data.Offset.offset(0.01));
    assertThat(readShare).isCloseTo(sharedReadShare, org.assertj.core.data.Offset.offset(0.01));

    // total variation distance between the key frequencies: sampling noise alone is about 0.02 here, while
    // zipfian against uniform over the same keys is about 0.5; the check can tell the two apart
    assertThat(distance(perThread.keys, shared.keys)).isLessThan(0.05);
    Properties uniform = new Properties();
    uniform.putAll(p);
    uniform.setProperty("requestdistribution", "uniform");
    assertThat(distance(draw(uniform, "per-thread", 4, 100_000).keys, shared.keys)).isGreaterThan(0.2);
  }

  @Test
  void aStopReachesEveryInstance() throws Exception {
    ClientWorkloads workloads = ClientWorkloads.create(CORE, workload("workloadc"), 3, "per-thread");
    assertThat(workloads.forThread(0)).isNotSameAs(workloads.forThread(1));
    workloads.requestStop();
    for (int i = 0; i < 3; i++) {
      assertThat(workloads.forThread(i).isStopRequested()).isTrue();
    }
    workloads.cleanup();
  }

  @Test
  void theResultSaysWhichTheThreadsDrewFrom() throws Exception {
    // workload, workload.instances asked for (null: the default, per-thread), what the result says
    for (String[] c : new String[][] {
        {"workloadc", "per-thread", "per-thread"}, {"workloadd", "per-thread", "shared"}, {"workloadc", null, "per-thread"},
        {"workloadd", null, "shared"}, {"workloadc", "shared", "shared"}}) {
      List<String> args = new ArrayList<>(List.of("run", "-db", "site.ycsb.BasicDB", "-P",
          Resources.path("/golden/workloads/" + c[0]).toString(), "-threads", "4", "-p", "operationcount=2000",
          "-p", "basicdb.verbose=false", "-p", "result.dir=" + results));
      if (c[1] != null) {
        args.addAll(List.of("-p", "workload.instances=" + c[1]));
      }
      CliRun run = CliRun.of(args.toArray(String[]::new));
      assertThat(run.exitCode()).as(run.toString()).isZero();
      JsonNode result = JSON.readTree(run.resultFile().toFile());
      assertThat(result.get("workloadInstances").asText()).as(c[0]).isEqualTo(c[2]);
      if (c[2].equals("per-thread")) {
        assertThat(run.err()).contains("Workload: one CoreWorkload per client thread");
      } else {
        assertThat(run.err()).doesNotContain("Workload: one CoreWorkload per client thread");
      }
      String asked = c[1] == null ? "per-thread" : c[1];  // the default
      if (asked.equals("per-thread") && c[2].equals("shared")) {
        assertThat(run.err()).contains("Workload: one workload shared by the client threads: inserts");
      }
      if (asked.equals("shared")) {
        assertThat(run.err()).doesNotContain("Workload: ");
      }
    }
  }

  private record Draws(String mode, Map<String, LongAdder> keys, Map<String, LongAdder> operations) {
  }

  /** Runs {@code perThread} transactions on each of {@code threads} threads, as the runner hands them out. */
  private static Draws draw(Properties p, String requested, int threads, int perThread) throws Exception {
    ClientWorkloads workloads = ClientWorkloads.create(CORE, p, threads, requested);
    Recorder db = new Recorder();
    Thread[] workers = new Thread[threads];
    for (int t = 0; t < threads; t++) {
      int index = t;
      workers[t] = new Thread(() -> {
        try {
          Workload w = workloads.forThread(index);
          Object state = w.initThread(p, index, threads);
          for (int i = 0; i < perThread; i++) {
            w.doTransaction(db, state);
          }
        } catch (Exception e) {
          throw new IllegalStateException(e);
        }
      });
      workers[t].start();
    }
    for (Thread w : workers) {
      w.join();
    }
    workloads.cleanup();
    return new Draws(workloads.mode(), db.keys, db.operations);
  }

  private static double distance(Map<String, LongAdder> a, Map<String, LongAdder> b) {
    double totalA = a.values().stream().mapToLong(LongAdder::sum).sum();
    double totalB = b.values().stream().mapToLong(LongAdder::sum).sum();
    Map<String, Double> diff = new HashMap<>();
    a.forEach((k, v) -> diff.merge(k, v.sum() / totalA, Double::sum));
    b.forEach((k, v) -> diff.merge(k, -v.sum() / totalB, Double::sum));
    return diff.values().stream().mapToDouble(Math::abs).sum() / 2;
  }

  /** Counts keys and operations; thread-safe. */
  public static final class Recorder extends DB {
    final Map<String, LongAdder> keys = new ConcurrentHashMap<>();
    final Map<String, LongAdder> operations = new ConcurrentHashMap<>();

    private Status count(String operation, String key) {
      keys.computeIfAbsent(key, k -> new LongAdder()).increment();
      operations.computeIfAbsent(operation, k -> new LongAdder()).increment();
      return Status.OK;
    }

    @Override
    public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
      return count("read", key);
    }

    @Override
    public Status scan(String table, String startkey, int recordcount, Set<String> fields,
                       Vector<HashMap<String, ByteIterator>> result) {
      return count("scan", startkey);
    }

    @Override
    public Status update(String table, String key, Map<String, ByteIterator> values) {
      return count("update", key);
    }

    @Override
    public Status insert(String table, String key, Map<String, ByteIterator> values) {
      return count("insert", key);
    }

    @Override
    public Status delete(String table, String key) {
      return count("delete", key);
    }
  }
}
