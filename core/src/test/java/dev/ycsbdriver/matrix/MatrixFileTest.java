package dev.ycsbdriver.matrix;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ycsbdriver.config.ConfigException;
import dev.ycsbdriver.report.RankFigure;
import dev.ycsbdriver.report.RepeatAggregate;
import dev.ycsbdriver.testing.CliRun;
import dev.ycsbdriver.testing.Resources;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Reading matrix files: defaults, and errors that name the file, the line and the key. */
class MatrixFileTest {
  @TempDir
  Path dir;

  private final Path home = Resources.path("/golden/workloads/workloada").getParent().getParent();

  private Path write(String yaml) throws IOException {
    Path f = dir.resolve("m.yaml");
    Files.writeString(f, yaml);
    return f;
  }

  private static final String VALID = """
      recordcount: 1000
      duration: 10s
      warmup: 500ms
      threads: [1, 16]
      workloads: [workloada, workloadc]
      baseline: h2
      stores:
        - binding: h2
          profiles: [durable, fast]
          properties: {h2.dir: "${output}/h2"}
        - binding: memory
          profiles: []
      """;

  @Test
  void validFileGivesEveryKeyWithDefaults() throws Exception {
    MatrixSpec spec = MatrixFile.read(write(VALID), home);
    assertThat(spec.name()).isEqualTo("m");
    assertThat(spec.output()).isEqualTo(Path.of("results/matrix-m"));
    assertThat(spec.recordCount()).isEqualTo(1000);
    assertThat(spec.operationCount()).isZero();
    assertThat(spec.duration()).isEqualTo(Duration.ofSeconds(10));
    assertThat(spec.warmup()).isEqualTo(new dev.ycsbdriver.config.Warmup(false, Duration.ofMillis(500)));
    assertThat(spec.repeats()).isEqualTo(1);
    assertThat(spec.threads()).containsExactly(1, 16);
    assertThat(spec.workloads()).extracting(MatrixSpec.Workload::name).containsExactly("workloada", "workloadc");
    assertThat(spec.workloads().get(0).file()).isRegularFile();
    assertThat(spec.stores()).extracting(MatrixSpec.Store::name).containsExactly("h2", "memory");
    assertThat(spec.stores().get(0).profiles()).containsExactly("durable", "fast");
    assertThat(spec.stores().get(0).properties()).containsEntry("h2.dir", "${output}/h2");
    assertThat(spec.stores().get(1).profiles()).isEmpty();
    assertThat(spec.loadThreads()).isEqualTo(16);
    assertThat(spec.latencyWorkload()).isEqualTo("workloada");
    assertThat(spec.cellTimeout()).isEqualTo(Duration.ofMillis(500).plusSeconds(10).plusMinutes(5));
  }

  private static final String SIZED = """
      duration: 10s
      threads: [1]
      workloads: [small, large]
      stores:
        - binding: h2
          profiles: []
          properties: {h2.dir: "${output}/h2"}
        - name: h2-one-table
          binding: h2
          profiles: []
          properties: {h2.dir: "${output}/h2-one", table: one}
      """;

  private void workloadFile(String name, String text) throws IOException {
    Files.writeString(dir.resolve(name), text);
  }

  @Test
  void withoutAMatrixRecordCountEachWorkloadLoadsItsOwnTableOfItsOwnSize() throws Exception {
    workloadFile("small", "recordcount=1000\ntable=t_small\nreadproportion=1\n");
    workloadFile("large", "recordcount=1000000\ntable=t_large\nreadproportion=1\n");
    MatrixSpec spec = MatrixFile.read(write(SIZED.replace(", table: one", "")), home);
    assertThat(spec.recordCount()).isEqualTo(-1);
    MatrixSpec.Store h2 = spec.stores().get(0);
    assertThat(spec.workloads()).extracting(spec::recordCount).containsExactly(1000L, 1_000_000L);
    assertThat(spec.workloads()).extracting(w -> spec.table(h2, w)).containsExactly("t_small", "t_large");
    // the cells of one table follow each other, the smaller table first, whatever the shuffle
    for (long seed = 0; seed < 20; seed++) {
      for (MatrixOrder.Visit v : MatrixOrder.plan(spec, seed)) {
        assertThat(v.cells()).extracting(c -> c.workload().name()).containsExactly("small", "large");
      }
    }
  }

  @Test
  void theMatrixRecordCountWinsOverTheWorkloadFiles() throws Exception {
    workloadFile("small", "recordcount=1000\ntable=t_small\n");
    workloadFile("large", "recordcount=1000000\ntable=t_large\n");
    MatrixSpec spec = MatrixFile.read(write("recordcount: 50\n" + SIZED.replace(", table: one", "")), home);
    assertThat(spec.workloads()).extracting(spec::recordCount).containsExactly(50L, 50L);
  }

  @Test
  void twoSizesOfOneTableAreRefusedNamingTheStoreAndBothWorkloads() throws Exception {
    workloadFile("small", "recordcount=1000\ntable=t_small\n");
    workloadFile("large", "recordcount=1000000\ntable=t_large\n");
    Path f = write(SIZED);
    assertThatThrownBy(() -> MatrixFile.read(f, home)).isInstanceOf(ConfigException.class)
        .hasMessage(f + ":3: workloads[1]: workload large loads table one of store h2-one-table with 1000000 records,"
            + " workload small with 1000: give each size a table of its own (table=... in its file)");
  }

  @Test
  void aWorkloadWithoutARecordCountNeedsTheMatrixOne() throws Exception {
    workloadFile("small", "recordcount=1000\n");
    workloadFile("large", "table=t_large\n");
    Path f = write(SIZED);
    assertThatThrownBy(() -> MatrixFile.read(f, home)).isInstanceOf(ConfigException.class)
        .hasMessage(f + ":3: workloads[1]: large sets no recordcount: give recordcount in the matrix (for every "
            + "workload) or in each workload file");
    workloadFile("large", "recordcount=lots\n");
    assertThatThrownBy(() -> MatrixFile.read(f, home)).isInstanceOf(ConfigException.class)
        .hasMessageStartingWith(f + ":3: workloads[1]: large: recordcount=lots: must be a whole number from 0 to ");
  }

  @Test
  void aScenarioRunsItsStepsInTheListedOrderOnAnEmptyTableEachWithItsOwnOperationCount() throws Exception {
    workloadFile("small", "insertproportion=1\nreadproportion=0\noperationcount=100\n");
    workloadFile("large", "updateproportion=1\nreadproportion=0\noperationcount=7\n");
    MatrixSpec spec = MatrixFile.read(write(SIZED.replace("duration: 10s", "recordcount: 0\ncellOrder: listed")
        .replace("threads: [1]", "threads: [1, 2]")), home);
    assertThat(spec.listedOrder()).isTrue();
    assertThat(spec.workloads()).extracting(spec::recordCount).containsExactly(0L, 0L);
    assertThat(spec.workloads()).extracting(spec::operationCount).containsExactly(100L, 7L);
    for (long seed = 0; seed < 10; seed++) {
      for (MatrixOrder.Visit v : MatrixOrder.plan(spec, seed)) {
        assertThat(v.cells()).extracting(c -> c.threads() + " " + c.workload().name())
            .containsExactly("1 small", "1 large", "2 small", "2 large");
      }
    }
    Path f = write(SIZED.replace("duration: 10s", "recordcount: 0"));
    workloadFile("large", "updateproportion=1\n");
    assertThatThrownBy(() -> MatrixFile.read(f, home)).isInstanceOf(ConfigException.class)
        .hasMessage(f + ":3: workloads[1]: large sets no operationcount: give operationcount or duration in the "
            + "matrix (for every workload), or operationcount in each workload file");
    Path bad = write(SIZED.replace("duration: 10s", "duration: 10s\nrecordcount: 5\ncellOrder: sorted"));
    assertThatThrownBy(() -> MatrixFile.read(bad, home)).isInstanceOf(ConfigException.class)
        .hasMessageContaining("cellOrder: must be shuffled or listed, got 'sorted'");
  }

  @Test
  void aReadOnlyStoreIsOpenedWritableForItsLoadsOnlyAndLoadsOnConnectionsOfItsOwn() throws Exception {
    MatrixSpec spec = MatrixFile.read(write(VALID.replace("properties: {h2.dir: \"${output}/h2\"}",
        "properties: {h2.dir: \"${output}/h2\", h2.readonly: \"true\", h2.connections: pool}")), home);
    java.util.Map<String, String> load = CellArguments.forLoad(spec, spec.stores().get(0));
    assertThat(load).containsEntry("h2.readonly", "false").containsEntry("h2.connections", "thread")
        .containsEntry("h2.pool.size", null).containsEntry("h2.pool.timeout", null).hasSize(4);
    assertThat(CellArguments.forLoad(spec, spec.stores().get(1))).isEmpty();
  }

  @Test
  void unknownKeyNamesItsLineAndTheNearestKnownKey() throws Exception {
    Path f = write(VALID.replace("  - binding: memory", "  - binding: memory\n    profils: [fast]"));
    assertThatThrownBy(() -> MatrixFile.read(f, home)).isInstanceOf(ConfigException.class)
        .hasMessage(f + ":12: stores[1].profils: unknown key; did you mean 'profiles'?");
  }

  @Test
  void outOfRangeThreadCountNamesTheElement() throws Exception {
    Path f = write(VALID.replace("threads: [1, 16]", "threads:\n  - 1\n  - 0"));
    assertThatThrownBy(() -> MatrixFile.read(f, home))
        .hasMessage(f + ":6: threads[1]: must be between 1 and 100000, got 0");
  }

  @Test
  void durationAndOperationCountTogetherAreRefused() throws Exception {
    Path f = write(VALID.replace("duration: 10s", "duration: 10s\noperationcount: 5"));
    assertThatThrownBy(() -> MatrixFile.read(f, home)).hasMessage(f + ":2: duration: give either operationcount or "
        + "duration, not both");
  }

  @Test
  void durationWithoutUnitIsRefused() throws Exception {
    Path f = write(VALID.replace("duration: 10s", "duration: 10"));
    assertThatThrownBy(() -> MatrixFile.read(f, home)).hasMessageStartingWith(f + ":2: duration: must be a duration");
  }

  @Test
  void missingWorkloadFileNamesTheElement() throws Exception {
    Path f = write(VALID.replace("workloadc]", "workloadz]"));
    assertThatThrownBy(() -> MatrixFile.read(f, home))
        .hasMessageStartingWith(f + ":5: workloads[1]: no such workload file: workloadz");
  }

  @Test
  void jvmArgsHoldingASecretAreRefusedWithTheSecretMasked() throws Exception {
    Path f = write(VALID + "jvmArgs: [\"-Xmx1g\", \"-Djavax.net.ssl.trustStorePassword=S3cret\"]\n");
    assertThatThrownBy(() -> MatrixFile.read(f, home))
        .hasMessageStartingWith(f + ":13: jvmArgs[1]: must hold no secret, got '-Djavax.net.ssl.trustStorePassword=****'")
        .hasMessageNotContaining("S3cret");
    Path url = write(VALID + "jvmArgs: [\"-Dother.url=jdbc:mysql://u:S3cret@h/db\"]\n");
    assertThatThrownBy(() -> MatrixFile.read(url, home)).hasMessageContaining("must hold no secret")
        .hasMessageNotContaining("S3cret");
    assertThat(MatrixFile.read(write(VALID + "jvmArgs: [\"-Xmx1g\", \"-Dpassword.policy=\"]\n"), home).jvmArgs())
        .containsExactly("-Xmx1g", "-Dpassword.policy=");
  }

  @Test
  void baselineMustNameAStore() throws Exception {
    Path f = write(VALID.replace("baseline: h2", "baseline: postgres"));
    assertThatThrownBy(() -> MatrixFile.read(f, home))
        .hasMessage(f + ":6: baseline: must name one of the stores (h2, memory), got postgres");
  }

  @Test
  void sameStoreTwiceNeedsNames() throws Exception {
    Path f = write(VALID.replace("  - binding: memory", "  - binding: h2"));
    assertThatThrownBy(() -> MatrixFile.read(f, home)).hasMessageContaining("store h2 is listed twice");
  }

  @Test
  void unsetEnvironmentVariableIsNamedWithoutAValue() throws Exception {
    Path f = write(VALID.replace("{h2.dir: \"${output}/h2\"}", "{h2.password: \"${env:YCSB_TEST_SURELY_UNSET_1}\"}"));
    assertThatThrownBy(() -> MatrixFile.read(f, home)).hasMessage(f + ":10: stores[0].properties.h2.password: "
        + "environment variable YCSB_TEST_SURELY_UNSET_1 is not set; set it before running the matrix (its value "
        + "is never printed or saved)");
  }

  @Test
  void aggregateAndRankDefaultToTheMedianAndNoRanking() throws Exception {
    MatrixSpec spec = MatrixFile.read(write(VALID), home);
    assertThat(spec.aggregate()).isEqualTo(RepeatAggregate.MEDIAN);
    assertThat(spec.rank()).isNull();
    MatrixSpec best = MatrixFile.read(write(VALID + "aggregate: best\nrank: read-latency-mean\n"), home);
    assertThat(best.aggregate()).isEqualTo(RepeatAggregate.BEST);
    assertThat(best.rank()).isEqualTo(RankFigure.find("read-latency-mean"));
    assertThat(best.withOutput(Path.of("elsewhere")).rank()).isEqualTo(best.rank());
  }

  @Test
  void anUnknownAggregateNamesItsLineAndTheValidValues() throws Exception {
    Path f = write(VALID.replace("warmup: 500ms", "warmup: 500ms\naggregate: mean"));
    assertThatThrownBy(() -> MatrixFile.read(f, home)).isInstanceOf(ConfigException.class)
        .hasMessage(f + ":4: aggregate: must be median or best (how a cell's repeats are combined), got 'mean'");
  }

  @Test
  void anUnknownRankFigureNamesItsLineAndTheValidFigures() throws Exception {
    Path f = write(VALID.replace("warmup: 500ms", "warmup: 500ms\nrank: fastest"));
    assertThatThrownBy(() -> MatrixFile.read(f, home)).isInstanceOf(ConfigException.class)
        .hasMessage(f + ":4: rank: " + RankFigure.EXPECTED + ", got 'fastest'");
    Path list = write(VALID.replace("warmup: 500ms", "warmup: 500ms\nrank: [throughput]"));
    assertThatThrownBy(() -> MatrixFile.read(list, home)).hasMessage(list + ":4: rank: must be a single value, got a list");
  }

  @Test
  void aBadAggregateEndsTheMatrixCommandWithOneLineAndExitCode2() throws Exception {
    // the command has no installation directory here: the workloads by path
    String absolute = VALID.replace("[workloada, workloadc]", "[" + home.resolve("workloads/workloada") + "]");
    Path f = write(absolute.replace("warmup: 500ms", "warmup: 500ms\naggregate: maximum"));
    CliRun run = CliRun.of("matrix", f.toString());
    assertThat(run.exitCode()).as(run.toString()).isEqualTo(2);
    assertThat(run.err().lines().toList()).containsExactly("ycsb: " + f + ":4: aggregate: must be median or best "
        + "(how a cell's repeats are combined), got 'maximum'");
    Path r = write(absolute.replace("warmup: 500ms", "warmup: 500ms\nrank: read-latency-p50"));
    CliRun rank = CliRun.of("matrix", r.toString());
    assertThat(rank.exitCode()).as(rank.toString()).isEqualTo(2);
    assertThat(rank.err().lines().toList()).hasSize(1).allMatch(l -> l.startsWith("ycsb: " + r + ":4: rank: must be"));
  }

  @Test
  void invalidYamlGivesItsLine() throws Exception {
    Path f = write("stores: [\n  - binding: h2\n");
    assertThatThrownBy(() -> MatrixFile.read(f, home)).hasMessageStartingWith(f + ":").hasMessageContaining("not valid YAML");
  }

  @Test
  void shippedMatricesAreValid() throws Exception {
    Path root = home;
    while (root != null && !Files.isDirectory(root.resolve("conf/matrices"))) {
      root = root.getParent();
    }
    assertThat(root).as("conf/matrices above " + home).isNotNull();
    MatrixSpec embedded = MatrixFile.read(root.resolve("conf/matrices/embedded.yaml"), root);
    assertThat(embedded.stores()).extracting(MatrixSpec.Store::binding).containsExactly("h2", "sqlite", "rocksdb", "leveldb", "berkeleydb", "memory");
    assertThat(embedded.workloads()).extracting(MatrixSpec.Workload::name)
        .containsExactly("workloada", "workloadb", "workloadc", "workloade");
    assertThat(embedded.repeats()).isEqualTo(3);
    MatrixSpec million = MatrixFile.read(root.resolve("conf/matrices/one-in-a-million.yaml"), root,
        name -> name.equals("YCSB_MONGODB_URI") ? null : "secret");
    assertThat(million.repeats()).isEqualTo(3);
    assertThat(million.aggregate()).isEqualTo(RepeatAggregate.BEST);
    assertThat(million.rank()).isEqualTo(RankFigure.find("read-latency-mean"));
    assertThat(million.recordCount()).isEqualTo(1_000_000);
    assertThat(million.operationCount()).isEqualTo(100_000);
    assertThat(million.threads()).containsExactly(1);
    assertThat(million.stores()).extracting(MatrixSpec.Store::binding)
        .containsExactly("memory", "h2", "sqlite", "mysql", "postgres", "berkeleydb", "berkeleydb", "rocksdb", "leveldb",
            "redis");
    assertThat(million.stores()).extracting(MatrixSpec.Store::name).contains("berkeleydb-txn", "berkeleydb-notxn");
    assertThat(million.leftOut()).containsExactly("mongodb (environment variable YCSB_MONGODB_URI is not set)");
    java.util.Properties workload = new java.util.Properties();
    try (var in = Files.newBufferedReader(million.workloads().get(0).file())) {
      workload.load(in);
    }
    assertThat(workload).containsEntry("recordcount", "1000000").containsEntry("operationcount", "100000")
        .containsEntry("fieldcount", "1").containsEntry("fieldlength", "4").containsEntry("readallfields", "true")
        .containsEntry("readproportion", "1").containsEntry("updateproportion", "0")
        .containsEntry("insertproportion", "0").containsEntry("scanproportion", "0")
        .containsEntry("readmodifywriteproportion", "0").containsEntry("requestdistribution", "uniform");
  }

  @Test
  void everyProblemOfTheFileIsNamedAtOnceOneLineEach() throws Exception {
    Path f = write("""
        name: "bad name"
        recordcount: 1000
        duration: 10s
        threads: [0, -1, 100000000]
        workloads: [%s]
        stores:
          - binding: h2
            name: "../h2"
        """.formatted(home.resolve("workloads/workloada")));
    assertThatThrownBy(() -> MatrixFile.read(f, home)).isInstanceOfSatisfying(MatrixFileException.class,
        e -> assertThat(e.problems()).containsExactly(
            f + ":1: name: must be a name of letters, digits, '.', '_' or '-', got 'bad name'",
            f + ":4: threads[0]: must be between 1 and 100000, got 0",
            f + ":4: threads[1]: must be between 1 and 100000, got -1",
            f + ":4: threads[2]: must be between 1 and 100000, got 100000000",
            f + ":8: stores[0].name: must be a name of letters, digits, '.', '_' or '-', got '../h2'"));

    CliRun run = CliRun.of("matrix", f.toString());
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err().lines().filter(l -> l.startsWith("ycsb: "))).hasSize(6)
        .last().isEqualTo("ycsb: matrix: 5 problems in " + f + "; no cell was started");
  }
}
