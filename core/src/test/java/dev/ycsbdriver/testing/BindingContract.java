package dev.ycsbdriver.testing;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ycsbdriver.config.Settings;
import dev.ycsbdriver.runner.BindingCatalog;
import dev.ycsbdriver.spi.Binding;
import dev.ycsbdriver.spi.BindingContext;
import dev.ycsbdriver.config.Phase;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;

/**
 * The assertions every binding must pass, against a real store: round trips through the {@code DB}
 * API, scan order, every workload with {@code dataintegrity=true} through the command line, durability
 * profiles read back into the result, and one clear line with exit code 3 when the store cannot be
 * reached or the table is missing.
 *
 * <p>A binding's integration test extends this class and says how to reach its store. Runs read the
 * workload files from {@code <ycsb.home>/workloads} and write results under {@code target/}.
 */
public abstract class BindingContract {
  private static final ObjectMapper JSON = new ObjectMapper();
  /** Table the DB-level tests use, so they never touch a loaded usertable. */
  protected static final String TABLE = "contracttable";

  private Binding binding;
  private final List<DB> dbs = new ArrayList<>();

  /** @return the binding's name, as typed after load/run */
  protected abstract String bindingName();

  /** @return {@code -p} values that reach the test store (URL, directory, credentials) */
  protected abstract Map<String, String> connection();

  /**
   * @return {@code -p} values of how client threads connect, e.g. {@code h2.connections=pool}: a binding's test
   *     runs the whole contract again in each of its modes by overriding this; empty for the binding's default
   */
  protected Map<String, String> connectionMode() {
    return Map.of();
  }

  /** @return {@link #connection()} and {@link #connectionMode()} */
  private Map<String, String> reach() {
    Map<String, String> p = new LinkedHashMap<>(connection());
    p.putAll(connectionMode());
    return p;
  }

  /**
   * @return for each shipped profile, settings the result's {@code server.settings} must show, e.g.
   *     {@code durable -> {synchronous_commit: on}}; empty for a binding without profiles, which must
   *     then refuse {@code profile=durable} with exit code 2
   */
  protected abstract Map<String, Map<String, String>> profileReadBack();

  /**
   * @return {@code -p} values that point at a store that does not answer, or an empty map for a store
   *     in the driver's own process (then the binding must say it is embedded)
   */
  protected abstract Map<String, String> unreachable();

  /** @return what the one error line says for {@link #unreachable()} */
  protected abstract String unreachableMessage();

  /**
   * @return {@code -p} values that reach the store with a wrong password, or an empty map for a store
   *     that has no credentials (then the binding must declare no password key)
   */
  protected abstract Map<String, String> badCredentials();

  /** @return what the one error line says for {@link #badCredentials()}; unused when that is empty */
  protected abstract String badCredentialsMessage();

  /** @return the base directory for results of this binding's tests */
  protected Path resultDirectory() {
    return Path.of("target", "it-results");
  }

  /** @return a workload file shipped in {@code <ycsb.home>/workloads} */
  protected static Path workload(String name) {
    String home = System.getProperty("ycsb.home");
    assertThat(home).as("system property ycsb.home (set by the build)").isNotNull();
    return Path.of(home, "workloads", name);
  }

  /** @return {@code -p k=v} arguments for these properties */
  protected static List<String> args(Map<String, String> properties) {
    List<String> args = new ArrayList<>();
    properties.forEach((k, v) -> {
      args.add("-p");
      args.add(k + "=" + v);
    });
    return args;
  }

  /** Runs the command line with the store's connection, small counts and results under target/. */
  protected CliRun cli(String phase, String workloadName, Map<String, String> extra) {
    Map<String, String> p = reach();
    p.put("result.dir", resultDirectory().toString());
    p.putAll(extra);
    List<String> all = new ArrayList<>(List.of(phase, bindingName(), "-P", workload(workloadName).toString()));
    all.addAll(args(p));
    return CliRun.of(all.toArray(String[]::new));
  }

  /** @return the result JSON the run wrote */
  protected static JsonNode result(CliRun run) throws IOException {
    return JSON.readTree(Files.readString(run.resultFile()));
  }

  @BeforeEach
  void openStore() throws Exception {
    Map<String, String> p = reach();
    p.put("table", TABLE);
    p.put("droptable", "true");
    p.put("createtable", "true");
    Settings settings = Settings.of(p);
    binding = BindingCatalog.load().find(bindingName()).open(
        new BindingContext(settings, Phase.LOAD, 2, resultDirectory(), null));
  }

  @AfterEach
  void closeStore() throws Exception {
    for (DB db : dbs) {
      db.cleanup();
    }
    if (binding != null) {
      binding.close();
    }
  }

  /** @return an initialised DB of the open store, cleaned up after the test */
  protected DB db() throws Exception {
    DB db = binding.newDb();
    java.util.Properties props = new java.util.Properties();
    props.putAll(reach());
    props.setProperty("table", TABLE);
    db.setProperties(props);
    db.init();
    dbs.add(db);
    return db;
  }

  private static Map<String, ByteIterator> record(String tag) {
    Map<String, ByteIterator> values = new HashMap<>();
    for (int i = 0; i < 10; i++) {
      values.put("field" + i, new StringByteIterator(tag + "-value-" + i));
    }
    return values;
  }

  private static Map<String, String> strings(Map<String, ByteIterator> values) {
    Map<String, String> out = new HashMap<>();
    values.forEach((k, v) -> out.put(k, v.toString()));
    return out;
  }

  @Test
  void insertReadUpdateDeleteRoundTripWithYcsbFieldSets() throws Exception {
    DB db = db();
    assertThat(db.insert(TABLE, "user1", record("a"))).isEqualTo(Status.OK);

    Map<String, ByteIterator> all = new HashMap<>();
    assertThat(db.read(TABLE, "user1", null, all)).isEqualTo(Status.OK);
    assertThat(strings(all)).isEqualTo(strings(record("a")));

    Map<String, ByteIterator> some = new HashMap<>();
    assertThat(db.read(TABLE, "user1", Set.of("field1", "field7"), some)).isEqualTo(Status.OK);
    assertThat(strings(some)).containsOnly(Map.entry("field1", "a-value-1"), Map.entry("field7", "a-value-7"));

    assertThat(db.update(TABLE, "user1", Map.of("field3", new StringByteIterator("changed")))).isEqualTo(Status.OK);
    Map<String, ByteIterator> after = new HashMap<>();
    assertThat(db.read(TABLE, "user1", Set.of("field3", "field4"), after)).isEqualTo(Status.OK);
    assertThat(strings(after)).containsOnly(Map.entry("field3", "changed"), Map.entry("field4", "a-value-4"));

    assertThat(db.delete(TABLE, "user1")).isEqualTo(Status.OK);
    assertThat(db.read(TABLE, "user1", null, new HashMap<>())).isEqualTo(Status.NOT_FOUND);
  }

  @Test
  void missingKeyIsNotFoundForReadUpdateAndDelete() throws Exception {
    DB db = db();
    assertThat(db.read(TABLE, "nokey", null, new HashMap<>())).isEqualTo(Status.NOT_FOUND);
    assertThat(db.update(TABLE, "nokey", Map.of("field0", new StringByteIterator("x")))).isEqualTo(Status.NOT_FOUND);
    assertThat(db.delete(TABLE, "nokey")).isEqualTo(Status.NOT_FOUND);
  }

  @Test
  void scanReturnsRecordsInKeyOrderFromTheStartKey() throws Exception {
    DB writer = db();
    for (int i = 19; i >= 10; i--) {
      assertThat(writer.insert(TABLE, "user" + i, record("r" + i))).isEqualTo(Status.OK);
    }
    DB reader = db();
    Vector<HashMap<String, ByteIterator>> rows = new Vector<>();
    assertThat(reader.scan(TABLE, "user13", 4, Set.of("field0"), rows)).isEqualTo(Status.OK);
    assertThat(rows).extracting(r -> r.get("field0").toString())
        .containsExactly("r13-value-0", "r14-value-0", "r15-value-0", "r16-value-0");
    assertThat(rows).allSatisfy(r -> assertThat(r).containsOnlyKeys("field0"));

    Vector<HashMap<String, ByteIterator>> tail = new Vector<>();
    assertThat(reader.scan(TABLE, "user18", 10, null, tail)).isEqualTo(Status.OK);
    assertThat(tail).hasSize(2);
    assertThat(tail.get(0)).hasSize(10);
  }

  @ParameterizedTest(name = "workload{0}")
  @ValueSource(strings = {"a", "b", "c", "d", "e", "f"})
  void everyWorkloadLoadsAndRunsWithDataIntegrity(String w) throws Exception {
    Map<String, String> p = Map.of("recordcount", "300", "operationcount", "600", "dataintegrity", "true",
        "droptable", "true", "createtable", "true");
    CliRun load = cli("load", "workload" + w, p);
    assertThat(load.exitCode()).as(load.toString()).isZero();
    assertThat(SummaryLines.asMap(load.out())).containsEntry("[INSERT], Return=OK", "300");

    CliRun run = cli("run", "workload" + w, Map.of("recordcount", "300", "operationcount", "600",
        "dataintegrity", "true", "threadcount", "4"));
    assertThat(run.exitCode()).as(run.toString()).isZero();
    Map<String, String> summary = SummaryLines.asMap(run.out());
    assertThat(summary.keySet()).noneMatch(k -> k.contains("Return=") && !k.endsWith("Return=OK"));
    if (!"e".equals(w)) {
      // every workload but E (scans and inserts, which YCSB does not verify) checks what it reads
      assertThat(summary).containsKey("[VERIFY], Return=OK");
    }
    JsonNode result = result(run);
    assertThat(result.path("operationsTotal").asLong()).isEqualTo(600);
    assertThat(result.path("outcome").path("status").asText()).isEqualTo("ok");
  }

  @Test
  void durabilityProfilesAreReadBackIntoTheResult() throws Exception {
    if (profileReadBack().isEmpty()) {
      // a binding without profiles must refuse one rather than run with a label that means nothing
      CliRun run = cli("run", "workloada", Map.of("profile", "durable"));
      assertThat(run.exitCode()).as(run.toString()).isEqualTo(2);
      assertOneErrorLine(run, "durable");
      return;
    }
    cli("load", "workloadc", Map.of("recordcount", "100", "droptable", "true", "createtable", "true"));
    for (Map.Entry<String, Map<String, String>> profile : profileReadBack().entrySet()) {
      CliRun run = cli("run", "workloada", Map.of("recordcount", "100", "operationcount", "200",
          "profile", profile.getKey()));
      assertThat(run.exitCode()).as(run.toString()).isZero();
      JsonNode server = result(run).path("server");
      assertThat(server.path("profile").asText()).isEqualTo(profile.getKey());
      profile.getValue().forEach((k, v) ->
          assertThat(server.path("settings").path(k).asText()).as(profile.getKey() + ": " + k).isEqualTo(v));
    }
  }

  /** @return {@code -p} values with which a run finds no table */
  protected Map<String, String> missingTable() {
    return Map.of("table", "nosuchtable");
  }

  @Test
  void unreachableStoreIsOneLineAndExitCodeThree() {
    if (unreachable().isEmpty()) {
      assertThat(binding.serverLocation()).as("a store that cannot be unreachable runs in the driver's process")
          .isInstanceOf(dev.ycsbdriver.spi.ServerLocation.Embedded.class);
      return;
    }
    Map<String, String> p = new LinkedHashMap<>(unreachable());
    CliRun run = cli("run", "workloada", p);
    assertThat(run.exitCode()).as(run.toString()).isEqualTo(3);
    assertOneErrorLine(run, unreachableMessage());
  }

  @Test
  void wrongPasswordIsOneLineExitCodeThreeAndNeverPrinted() throws Exception {
    Map<String, String> bad = badCredentials();
    if (bad.isEmpty()) {
      assertThat(BindingCatalog.load().find(bindingName()).properties())
          .as("a store without credentials declares no password key")
          .noneMatch(p -> dev.ycsbdriver.config.Secrets.isSecretKey(p.key()));
      return;
    }
    CliRun run = cli("run", "workloada", bad);
    assertThat(run.exitCode()).as(run.toString()).isEqualTo(3);
    assertOneErrorLine(run, badCredentialsMessage());
    for (Map.Entry<String, String> e : bad.entrySet()) {
      if (dev.ycsbdriver.config.Secrets.isSecretKey(e.getKey())) {
        assertThat(run.out() + run.err()).doesNotContain(e.getValue());
      }
    }
  }

  @Test
  void runWithoutTheTableSaysToLoadFirst() {
    CliRun run = cli("run", "workloada", missingTable());
    assertThat(run.exitCode()).as(run.toString()).isEqualTo(3);
    assertOneErrorLine(run, bindingName() + ": table nosuchtable does not exist; load the records first");
  }

  /**
   * Every key the binding declares with a kind is checked before anything runs: a malformed value is exit
   * 2 with one line naming the key, printed before the banner (the store is not even contacted).
   */
  @Test
  void malformedValuesOfTheBindingsKeysAreOneLineAndExitTwoBeforeAnythingRuns() throws Exception {
    List<dev.ycsbdriver.config.PropertySpec> typed = BindingCatalog.load().find(bindingName()).properties().stream()
        .filter(spec -> spec.kind() != dev.ycsbdriver.config.PropertySpec.Kind.TEXT).toList();
    assertThat(typed).as("the binding declares the kind and range of its numeric, flag and choice keys").isNotEmpty();
    for (dev.ycsbdriver.config.PropertySpec spec : typed) {
      String bad = switch (spec.kind()) {
        case INTEGER -> spec.maxLong() == Long.MAX_VALUE ? "x" : Long.toString(spec.maxLong() + 1);
        case NUMBER, FLAG, CHOICE -> "no-such-value";
        case DURATION -> "12 parsecs";
        case IDENTIFIER -> "x;drop table y";
        case TEXT -> throw new AssertionError("filtered out");
      };
      CliRun run = cli("run", "workloada", Map.of(spec.key(), bad));
      assertThat(run.exitCode()).as(spec.key() + "=" + bad + ": " + run).isEqualTo(2);
      assertThat(run.errLines()).as(spec.key() + "=" + bad + ": " + run).hasSize(1);
      assertThat(run.errLines().get(0)).startsWith("ycsb: " + spec.key()).doesNotContain("\tat ");
    }
  }

  /**
   * Loads 1,000 records, then runs workload C with 16 client threads on a pool of 2 connections
   * ({@code <binding>.connections=pool}, {@code <binding>.pool.size=2}) and checks that the result shows the
   * waiting: one CONNECTION-WAIT per read, the wait left out of READ's service time (the reads in flight with their
   * waits, throughput x mean latency, are more than the 2 connections could serve at once) and Little's law passed.
   *
   * @param poolBound whether the 2 connections, not the machine's cores, bound the reads (a server over JDBC): then
   *     more than one thread waits for a connection at any moment on average (throughput x the wait's mean). How
   *     the rest splits between the wait and READ depends on the load: on a CPU-starved machine a thread that has
   *     given its connection back waits for a core inside READ's time, so the wait need not exceed the read
   * @return the run's result JSON
   */
  protected JsonNode assertPoolOfTwoShowsWaiting(boolean poolBound) throws IOException {
    CliRun load = cli("load", "workloadc", Map.of("recordcount", "1000", "droptable", "true",
        "createtable", "true"));
    assertThat(load.exitCode()).as(load.toString()).isZero();
    CliRun run = cli("run", "workloadc", Map.of("recordcount", "1000", "operationcount", "20000",
        "threadcount", "16", bindingName() + ".connections", "pool", bindingName() + ".pool.size", "2"));
    assertThat(run.exitCode()).as(run.toString()).isZero();
    assertThat(run.out()).contains("[CONNECTION-WAIT], Operations, 20000");

    JsonNode result = result(run);
    assertThat(result.at("/server/settings/connections").asText()).isEqualTo("a pool of 2 connections");
    JsonNode read = operation(result, "READ");
    JsonNode wait = operation(result, "CONNECTION-WAIT");
    assertThat(wait.at("/serviceTime/count").asLong()).as("one wait per read")
        .isEqualTo(read.at("/serviceTime/count").asLong()).isEqualTo(20000);
    double readMean = read.at("/serviceTime/meanMicros").asDouble();
    double waitMean = wait.at("/serviceTime/meanMicros").asDouble();
    double inFlight = result.path("throughputOpsPerSec").asDouble() * (readMean + waitMean) / 1e6;
    assertThat(inFlight).as("reads in flight with their waits, for 16 threads on 2 connections")
        .isGreaterThan(2 * 1.05).isLessThanOrEqualTo(16 * 1.05);
    if (poolBound) {
      assertThat(result.path("throughputOpsPerSec").asDouble() * waitMean / 1e6)
          .as("threads waiting for a connection at once (throughput x the wait's mean)").isGreaterThan(1.0);
    }
    JsonNode little = null;
    for (JsonNode c : result.path("checks")) {
      if (c.path("name").asText().equals("Little's law")) {
        little = c;
      }
    }
    assertThat(little).as("Little's law checked").isNotNull();
    assertThat(little.path("verdict").asText()).as(little.toString()).isEqualTo("passed");
    return result;
  }

  private static JsonNode operation(JsonNode result, String name) {
    for (JsonNode op : result.path("operations")) {
      if (op.path("name").asText().equals(name)) {
        return op;
      }
    }
    throw new AssertionError("no operation " + name + " in " + result.path("operations"));
  }

  /** Asserts the error is one {@code ycsb: } line with this text and no stack trace. */
  protected static void assertOneErrorLine(CliRun run, String expected) {
    List<String> errors = run.errLines().stream().filter(l -> l.startsWith("ycsb: ")).toList();
    assertThat(errors).as(run.toString()).hasSize(1);
    assertThat(errors.get(0)).contains(expected);
    assertThat(run.err()).doesNotContain("\tat ").doesNotContain("Exception");
  }
}
