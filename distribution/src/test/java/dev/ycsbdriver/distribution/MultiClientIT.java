package dev.ycsbdriver.distribution;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;

/**
 * Three {@code bin/ycsb} processes at once against the real PostgreSQL on 127.0.0.1:5432 (database
 * {@code ycsb}, user {@code ycsb_pw}; {@code scripts/services/postgres.sh} starts it): a load with
 * {@code client.count=3} fills the table with every key exactly once, three concurrent runs of
 * workload A merge with {@code bin/ycsb report merge} into counts that are the clients' sums and
 * percentiles that are those of the union of the clients' HdrHistogram logs.
 */
class MultiClientIT {
  private static final Path TREE = Path.of(System.getProperty("distribution.dir")).toAbsolutePath();
  /** This test's directory under target/, fresh on every run. */
  private static Path work;
  private static final String URL = "jdbc:postgresql://127.0.0.1:5432/ycsb";
  private static final String USER = "ycsb_pw";
  private static final String PASSWORD = "ycsb_pw_secret";
  private static final String TABLE = "usertable_multi_client_it";
  private static final int CLIENTS = 3;
  private static final int RECORDS = 3001;
  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void threeClientsLoadDisjointPartitionsAndTheirMergedRunHasSummedCountsAndUnionPercentiles() throws Exception {
    // a fresh directory each time: the result directories it holds are named by time and client
    work = Files.createTempDirectory(TREE.getParent(), "multi-client-it-");
    createTable();

    List<Path> loads = runClients("load", "-threads", "4");
    try (Connection c = connect(); Statement s = c.createStatement();
         ResultSet rs = s.executeQuery("SELECT YCSB_KEY FROM " + TABLE)) {
      List<String> keys = new ArrayList<>();
      while (rs.next()) {
        keys.add(rs.getString(1));
      }
      Set<String> expected = new HashSet<>();
      for (int k = 0; k < RECORDS; k++) {
        expected.add("user" + k);
      }
      assertThat(keys).hasSize(RECORDS).doesNotHaveDuplicates();
      assertThat(new HashSet<>(keys)).isEqualTo(expected);
    }
    // each client inserted its own partition, the last one the remainder
    long[][] ranges = {{0, 1000}, {1000, 1000}, {2000, 1001}};
    for (int i = 0; i < CLIENTS; i++) {
      JsonNode r = JSON.readTree(loads.get(i).resolve("result.json").toFile());
      assertThat(r.path("client").path("index").asInt()).isEqualTo(i);
      assertThat(r.path("config").path("insertstart").asLong()).isEqualTo(ranges[i][0]);
      assertThat(r.path("config").path("insertcount").asLong()).isEqualTo(ranges[i][1]);
      assertThat(r.path("operationsTotal").asLong()).isEqualTo(ranges[i][1]);
    }

    List<Path> runs = runClients("run", "-threads", "4", "-p", "operationcount=0", "-p", "maxexecutiontime=4");
    Path merged = work.resolve("merged");
    List<String> args = new ArrayList<>(List.of("report", "merge"));
    runs.forEach(r -> args.add(r.toString()));
    args.addAll(List.of("-o", merged.toString()));
    Process merge = start(work.resolve("merge.err"), args);
    assertThat(merge.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(merge.exitValue()).as(Files.readString(work.resolve("merge.err"))).isZero();

    JsonNode m = JSON.readTree(merged.resolve("result.json").toFile());
    List<JsonNode> clients = new ArrayList<>();
    for (Path r : runs) {
      clients.add(JSON.readTree(r.resolve("result.json").toFile()));
    }
    assertThat(m.path("merged").path("clients").asInt()).isEqualTo(CLIENTS);
    assertThat(m.path("operationsTotal").asLong())
        .isEqualTo(clients.stream().mapToLong(c -> c.path("operationsTotal").asLong()).sum())
        .isPositive();
    assertThat(m.path("merged").path("windowOperations").asLong()).isPositive()
        .isLessThanOrEqualTo(m.path("operationsTotal").asLong());
    for (String op : List.of("READ", "UPDATE")) {
      JsonNode mergedOp = operation(m, op);
      long sum = 0;
      long okSum = 0;
      Histogram union = new Histogram(3);
      for (int i = 0; i < CLIENTS; i++) {
        sum += operation(clients.get(i), op).path("operations").asLong();
        okSum += operation(clients.get(i), op).path("statusCounts").path("OK").asLong();
        union.add(readLog(runs.get(i).resolve(op + ".hlog")));
      }
      assertThat(mergedOp.path("operations").asLong()).as(op).isEqualTo(sum);
      assertThat(mergedOp.path("statusCounts").path("OK").asLong()).as(op).isEqualTo(okSum).isEqualTo(sum);
      JsonNode st = mergedOp.path("serviceTime");
      assertThat(st.path("count").asLong()).as(op).isEqualTo(union.getTotalCount()).isEqualTo(sum);
      // the logs hold nanoseconds; the result gives fractional microseconds
      assertThat(st.path("p50Micros").asDouble()).as(op).isEqualTo(union.getValueAtPercentile(50) / 1000.0);
      assertThat(st.path("p95Micros").asDouble()).as(op).isEqualTo(union.getValueAtPercentile(95) / 1000.0);
      assertThat(st.path("p99Micros").asDouble()).as(op).isEqualTo(union.getValueAtPercentile(99) / 1000.0);
      assertThat(st.path("p999Micros").asDouble()).as(op).isEqualTo(union.getValueAtPercentile(99.9) / 1000.0);
      assertThat(st.path("maxMicros").asDouble()).as(op).isEqualTo(union.getMaxValue() / 1000.0);
      assertThat(readLog(merged.resolve(op + ".hlog"))).as(op).isEqualTo(union);
    }
    assertThat(Files.readString(merged.resolve("summary.txt"))).contains("[OVERALL], Throughput(ops/sec), ",
        "[READ], 99thPercentileLatency(us), "
            + (long) Math.floor(operation(m, "READ").path("serviceTime").path("p99Micros").asDouble()));
    try (Stream<Path> files = Files.walk(work)) {
      for (Path f : files.filter(Files::isRegularFile).toList()) {
        assertThat(Files.readString(f, StandardCharsets.ISO_8859_1)).as(f.toString()).doesNotContain(PASSWORD);
      }
    }
  }

  /** Starts the clients at once, waits for all, and returns their result directories in index order. */
  private static List<Path> runClients(String phase, String... more) throws Exception {
    List<Process> processes = new ArrayList<>();
    for (int i = 0; i < CLIENTS; i++) {
      List<String> args = new ArrayList<>(List.of(phase, "postgres", "-P", "workloads/workloada",
          "-p", "postgres.url=" + URL, "-p", "postgres.user=" + USER, "-p", "postgres.password=" + PASSWORD,
          "-p", "table=" + TABLE, "-p", "recordcount=" + RECORDS, "-p", "insertorder=ordered",
          "-p", "client.index=" + i, "-p", "client.count=" + CLIENTS, "-p", "result.dir=" + work.resolve(phase)));
      args.addAll(List.of(more));
      processes.add(start(work.resolve(phase + "-" + i + ".err"), args));
    }
    for (int i = 0; i < CLIENTS; i++) {
      Process p = processes.get(i);
      assertThat(p.waitFor(60, TimeUnit.SECONDS)).as(phase + " client " + i + " ends within 60 s").isTrue();
      assertThat(p.exitValue()).as(Files.readString(work.resolve(phase + "-" + i + ".err"))).isZero();
    }
    List<Path> dirs = new ArrayList<>();
    for (int i = 0; i < CLIENTS; i++) {
      String suffix = "-c" + i + "of" + CLIENTS;
      try (Stream<Path> list = Files.list(work.resolve(phase))) {
        List<Path> mine = list.filter(d -> d.getFileName().toString().endsWith(suffix)).toList();
        assertThat(mine).as(phase + " directory ending in " + suffix).hasSize(1);
        dirs.add(mine.get(0));
      }
    }
    return dirs;
  }

  private static Process start(Path err, List<String> args) throws IOException {
    List<String> command = new ArrayList<>();
    command.add(TREE.resolve("bin/ycsb").toString());
    command.addAll(args);
    ProcessBuilder pb = new ProcessBuilder(command).directory(TREE.getParent().toFile())
        .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(err.toFile());
    pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
    return pb.start();
  }

  private static void createTable() throws SQLException {
    try (Connection c = connect(); Statement s = c.createStatement()) {
      s.execute("DROP TABLE IF EXISTS " + TABLE);
      StringBuilder ddl = new StringBuilder("CREATE TABLE " + TABLE + " (YCSB_KEY VARCHAR(255) PRIMARY KEY");
      for (int f = 0; f < 10; f++) {
        ddl.append(", FIELD").append(f).append(" TEXT");
      }
      s.execute(ddl.append(')').toString());
    }
  }

  private static Connection connect() {
    try {
      return DriverManager.getConnection(URL, USER, PASSWORD);
    } catch (SQLException e) {
      throw new AssertionError("PostgreSQL at " + URL + " as " + USER + ": " + e.getMessage()
          + "; start it with scripts/services/postgres.sh", e);
    }
  }

  private static JsonNode operation(JsonNode result, String name) {
    for (JsonNode op : result.path("operations")) {
      if (op.path("name").asText().equals(name)) {
        return op;
      }
    }
    throw new AssertionError("no operation " + name + " in the result");
  }

  private static Histogram readLog(Path log) throws IOException {
    Histogram sum = new Histogram(3);
    HistogramLogReader reader = new HistogramLogReader(log.toFile());
    try {
      for (EncodableHistogram h = reader.nextIntervalHistogram(); h != null; h = reader.nextIntervalHistogram()) {
        sum.add((Histogram) h);
      }
    } finally {
      reader.close();
    }
    return sum;
  }
}
