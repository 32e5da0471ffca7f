package dev.ycsbdriver.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ycsbdriver.result.ResultJson;
import dev.ycsbdriver.result.ResultJsonTest;
import dev.ycsbdriver.testing.CliRun;
import dev.ycsbdriver.testing.Resources;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Bad input of every kind, run through {@link Main#execute} in this JVM: each ends with its exit code and
 * exactly one line on stderr, printed before anything ran (no banner, no run directory), that names the
 * key or file at fault, with no stack trace.
 *
 * <p>In the table, {@code $W} stands for workload A, {@code $R} for a fresh result directory, {@code $FILE}
 * for a regular file (so {@code $FILE/x} cannot be created), {@code $DIR} for an existing directory that
 * holds {@code typo.properties} ({@code treadcount=4}) and {@code zero.properties} ({@code fieldcount=0}),
 * {@code $OK} for results that ended ok and {@code $FAILED} for results that all failed or were interrupted.
 */
class BadInputTest {
  @TempDir
  static Path temp;

  private static Path file;
  private static Path okResults;
  private static Path failedResults;

  @BeforeAll
  static void fixtures() throws IOException {
    file = Files.writeString(temp.resolve("a-file"), "not a directory");
    Files.writeString(temp.resolve("typo.properties"), "treadcount=4\n");
    Files.writeString(temp.resolve("zero.properties"), "fieldcount=0\n");
    okResults = Resources.path("/report/results/20261123-074326-run-h2-workloada-t4-durable/result.json");
    ObjectMapper json = new ObjectMapper();
    failedResults = Files.createDirectories(temp.resolve("failed"));
    String[] statuses = {"failed", "interrupted"};
    for (int i = 0; i < statuses.length; i++) {
      ObjectNode result = (ObjectNode) json.readTree(okResults.toFile());
      ((ObjectNode) result.path("outcome")).put("status", statuses[i]).put("exitCode", 1);
      // two runs, not two copies of one (a report counts a copy once)
      result.put("startTime", java.time.Instant.parse(result.path("startTime").asText()).plusSeconds(i).toString());
      Path dir = Files.createDirectories(failedResults.resolve("run" + i));
      json.writeValue(dir.resolve("result.json").toFile(), result);
    }
  }

  static Stream<Arguments> badInput() {
    return Stream.of(
        // misspelt keys: near a known key, they never pass silently
        bad(2, "maxexecutiontim: unknown property; did you mean maxexecutiontime?", "-p maxexecutiontim=5"),
        bad(2, "client.cont: unknown property; did you mean client.count?", "-p client.cont=3"),
        bad(2, "stop.timout: unknown property; did you mean stop.timeout?", "-p stop.timout=1s"),
        bad(2, "status.prot: unknown property; did you mean status.port?", "-p status.prot=9464"),
        bad(2, "treadcount: unknown property; did you mean threadcount?", "-p treadcount=4"),
        bad(2, "basicdb.verbos: unknown property; did you mean basicdb.verbose?", "-p basicdb.verbos=false"),
        bad(2, "fieldcout: unknown property; did you mean fieldcount?", "-p fieldcout=5"),
        bad(2, "cpu.server.proces: unknown property; did you mean cpu.server.process?", "-p cpu.server.proces=pg"),
        bad(2, "cpu.colour: unknown property; known: cpu.interval", "-p cpu.colour=red"),
        bad(2, "treadcount (-P $DIR/typo.properties): unknown property; did you mean threadcount?",
            "-P $DIR/typo.properties"),
        bad(2, "fieldcount (-P $DIR/zero.properties): must be >= 1 (fields), got 0", "-P $DIR/zero.properties"),
        bad(2, "fieldcount: must be >= 1 (fields), got 0", "-P $DIR/zero.properties -p fieldcount=0"),
        bad(2, "stop.timout: unknown property; did you mean stop.timeout?",
            "-db dev.ycsbdriver.testing.NoOpDb -p stop.timout=1s"),
        // CoreWorkload values
        bad(2, "fieldcount: must be >= 1 (fields), got 0", "-p fieldcount=0"),
        bad(2, "fieldlength: must be >= 0 (bytes), got -1", "-p fieldlength=-1"),
        bad(2, "readproportion, updateproportion, insertproportion, scanproportion, readmodifywriteproportion: "
            + "at least one must be > 0, got all 0", "-p readproportion=0 -p updateproportion=0"),
        bad(2, "readproportion: must be >= 0, got -0.5", "-p readproportion=-0.5"),
        bad(2, "requestdistribution: must be one of uniform, zipfian, latest, hotspot, sequential, exponential, "
            + "got 'zipfan'", "-p requestdistribution=zipfan"),
        bad(2, "scanlengthdistribution: must be one of uniform, zipfian, got 'latest'",
            "-p scanlengthdistribution=latest"),
        bad(2, "insertorder: must be one of hashed, ordered, got 'random'", "-p insertorder=random"),
        bad(2, "readallfields: must be true or false, got 'yes'", "-p readallfields=yes"),
        bad(2, "hotspotdatafraction: must be <= 1, got 1.5", "-p hotspotdatafraction=1.5"),
        bad(2, "zeropadding: must be >= 0 (digits), got -1", "-p zeropadding=-1"),
        bad(2, "minscanlength: must be <= maxscanlength (5), got 10", "-p minscanlength=10 -p maxscanlength=5"),
        bad(2, "dataintegrity: needs fieldlengthdistribution=constant, got uniform",
            "-p dataintegrity=true -p fieldlengthdistribution=uniform"),
        bad(2, "fieldlengthhistogram: no such file, got '/no/such/hist.txt'",
            "-p fieldlengthdistribution=histogram -p fieldlengthhistogram=/no/such/hist.txt"),
        badLoad(2, "insertcount: insertstart + insertcount must be <= recordcount (100), got 50 + 100",
            "-p recordcount=100 -p insertstart=50 -p insertcount=100"),
        badNoFile(2, "operationcount: required with requestdistribution=zipfian",
            "-p workload=site.ycsb.workloads.CoreWorkload -p requestdistribution=zipfian"),
        bad(2, "recordcount: must be <= 2147483647 (records), got 3000000000", "-p recordcount=3000000000"),
        // the driver's own values
        bad(2, "threadcount: must be >= 1 (threads), got 0", "-threads 0"),
        bad(2, "threadcount: must be an integer (threads), got 'many'", "-threads many"),
        bad(2, "target: must be >= 0 (ops/s), got -1", "-target -1"),
        bad(2, "maxexecutiontime: must be >= 0 (s), got -5", "-p maxexecutiontime=-5"),
        bad(2, "stop.timeout: must be a duration such as 500ms, 1s or 2m, got 'soon'", "-p stop.timeout=soon"),
        bad(2, "stop.timeout: must be between 0s and 3600s, got 2h", "-p stop.timeout=2h"),
        bad(2, "warmup: must be auto or a duration such as 500ms, 1s or 2m, got '5x'", "-p warmup=5x"),
        badLoad(2, "warmup: applies to the run phase only", "-p warmup=1s"),
        bad(2, "cpu.interval: must be between 100ms and 3600s, got 10ms", "-p cpu.interval=10ms"),
        bad(2, "status.interval: must be >= 1 (s), got 0", "-p status.interval=0"),
        bad(2, "status.port: must be <= 65535 (port), got 70000", "-p status.port=70000"),
        bad(2, "status.port: must be >= 0 (port), got -1", "-p status.port=-1"),
        bad(2, "failonerror: must be true or false, got 'maybe'", "-p failonerror=maybe"),
        bad(2, "measurement.interval: must be one of op, intended, both, got 'sometimes'",
            "-p measurement.interval=sometimes"),
        bad(2, "hdrhistogram.percentiles: must be comma-separated numbers", "-p hdrhistogram.percentiles=abc"),
        bad(2, "measurementtype: only hdrhistogram is supported, got 'timeseries'", "-p measurementtype=timeseries"),
        bad(2, "exporter: only site.ycsb.measurements.exporter.TextMeasurementsExporter is supported",
            "-p exporter=site.ycsb.measurements.exporter.JSONMeasurementsExporter"),
        // several clients
        bad(2, "client.index: required with client.count 3 (0 to 2), got none", "-p client.count=3"),
        bad(2, "client.index: must be >= 0 and < client.count (3), got 3", "-p client.count=3 -p client.index=3"),
        bad(2, "client.index: must be >= 0, got -1", "-p client.count=2 -p client.index=-1"),
        bad(2, "client.index: must be an integer, got 'x'", "-p client.count=2 -p client.index=x"),
        bad(2, "client.count: must be >= 1 (clients), got 0", "-p client.count=0"),
        // where results go
        bad(2, "result.dir: must be a writable directory, got $FILE/results", "-p result.dir=$FILE/results"),
        bad(2, "exportfile: must be a file in a writable directory, got $FILE/summary.txt",
            "-p exportfile=$FILE/summary.txt"),
        bad(2, "exportfile: must be a file, got $DIR (a directory)", "-p exportfile=$DIR"),
        // files, syntax, classes
        badNoFile(2, "-P workloads/no-such-workload: no such file", "-P workloads/no-such-workload"),
        bad(2, "-p: expected key=value, got 'fieldcount'", "-p fieldcount"),
        bad(2, "-p: expected key=value, got '=5'", "-p =5"),
        cmd(2, "binding: unknown binding 'basik'; did you mean basic?", "run basik -P $W"),
        cmd(2, "db: class com.example.NoSuchDb not found", "run -db com.example.NoSuchDb -P $W -p result.dir=$R"),
        bad(2, "workload: class com.example.NoSuchWorkload not found", "-p workload=com.example.NoSuchWorkload"),
        bad(2, "workload: java.lang.String is not a site.ycsb.Workload", "-p workload=java.lang.String"),
        // reports
        cmd(2, "report -o: must be a writable directory, got $FILE/report", "report -o $FILE/report $OK"),
        cmd(2, "report merge -o: must be a writable directory, got $FILE/merged", "report merge -o $FILE/merged $OK"),
        cmd(2, "report: needs at least one result that ended ok, got 2 that were failed or interrupted",
            "report -o $R/new-report $FAILED"),
        cmd(2, "report: expected result.json files or directories, got none", "report"),
        cmd(2, "--aggregate: must be median or best (how a cell's repeats are combined), got 'mean'",
            "report -o $R/new-report --aggregate mean $OK"),
        cmd(2, "--aggregate: must be median or best (how a cell's repeats are combined), got 'max'",
            "report -o $R/new-report --repeats max $OK"),
        cmd(2, "--rank: must be throughput, ops-per-server-cpu, or <operation>-latency-mean or <operation>-latency-p99 "
            + "with operation read, update, insert, scan, read-modify-write or delete (e.g. read-latency-mean), got "
            + "'read-latency-p50'", "report -o $R/new-report --rank read-latency-p50 $OK"));
  }

  @ParameterizedTest(name = "[{index}] {1}")
  @MethodSource("badInput")
  void badInputIsOneLineAndTheDocumentedExitCode(int exitCode, String expected, String args) throws IOException {
    Path results = Files.createTempDirectory(temp, "results");
    CliRun run = CliRun.of(split(args, results));

    assertThat(run.exitCode()).as(run.toString()).isEqualTo(exitCode);
    List<String> lines = run.err().lines().toList();
    assertThat(lines).as(run.toString()).hasSize(1);
    assertThat(lines.get(0)).startsWith("ycsb: ").contains(fill(expected, results)).doesNotContain("\tat ");
    assertThat(run.out()).as("nothing ran").isEmpty();
    try (Stream<Path> left = Files.list(results)) {
      assertThat(left).as("no run directory").isEmpty();
    }
  }

  @Test
  void proportionsThatDoNotSumToOneRunNormalisedWithOneWarningBeforeTheRun() throws Exception {
    CliRun run = CliRun.of(split("run basic -P $W -p basicdb.verbose=false -p result.dir=$R -p readproportion=1 "
        + "-p updateproportion=1 -p operationcount=10", Files.createTempDirectory(temp, "results")));
    assertThat(run.exitCode()).as(run.toString()).isZero();
    assertThat(run.errLines()).filteredOn(l -> l.startsWith("Warning: the operation proportions")).containsExactly(
        "Warning: the operation proportions sum to 2, not 1; YCSB divides each by the sum, so readproportion 1 "
            + "counts as 0.5, updateproportion 1 counts as 0.5");
    assertThat(run.errLines().get(1)).startsWith("Warning: the operation proportions");
    // saved with the result, and not printed a second time after the run
    assertThat(ResultJson.readDocument(run.resultFile()).sections().warnings().get(0).text())
        .startsWith("the operation proportions sum to 2");
    assertThat(run.errLines()).filteredOn(l -> l.contains("operation proportions")).hasSize(1);
  }

  @Test
  void aCustomDbClassGetsAWarningForANearMissOutsideTheDriversNamespaces() throws IOException {
    CliRun run = CliRun.of(split("run -db dev.ycsbdriver.testing.NoOpDb -P $W -p result.dir=$R -p operationcount=10 "
        + "-p treadcount=4 -p mydb.hosts=a,b", Files.createTempDirectory(temp, "results")));
    assertThat(run.exitCode()).as(run.toString()).isZero();
    assertThat(run.errLines()).contains("Warning: treadcount: unknown property; did you mean threadcount? (passed on "
        + "to the custom DB or workload class)").noneMatch(l -> l.contains("mydb.hosts"));
  }

  @Test
  void threadsLoweredToTheOperationCountAreTheThreadsTheResultRecords() throws Exception {
    CliRun run = CliRun.of(split("run basic -P $W -p basicdb.verbose=false -p result.dir=$R -p operationcount=3 "
        + "-threads 8", Files.createTempDirectory(temp, "results")));
    assertThat(run.exitCode()).as(run.toString()).isZero();
    assertThat(run.errLines().get(0)).contains("run basic, 3 threads (threadcount 8 lowered to the 3 operations)");
    var result = new ObjectMapper().readTree(run.resultFile().toFile());
    assertThat(result.path("threads").asInt()).isEqualTo(3);
    assertThat(result.path("threadsRequested").asInt()).isEqualTo(8);
    assertThat(ResultJsonTest.validate(result)).isEmpty();
    assertThat(run.resultFile().getParent().getFileName().toString()).endsWith("-t3");
  }

  private static Arguments bad(int exitCode, String expected, String args) {
    return cmd(exitCode, expected, "run basic -P $W -p basicdb.verbose=false -p result.dir=$R " + args);
  }

  private static Arguments badLoad(int exitCode, String expected, String args) {
    return cmd(exitCode, expected, "load basic -P $W -p basicdb.verbose=false -p result.dir=$R " + args);
  }

  private static Arguments badNoFile(int exitCode, String expected, String args) {
    return cmd(exitCode, expected, "run basic -p basicdb.verbose=false -p result.dir=$R " + args);
  }

  private static Arguments cmd(int exitCode, String expected, String args) {
    return Arguments.of(exitCode, expected, args);
  }

  private static String[] split(String args, Path results) {
    List<String> out = new ArrayList<>();
    for (String a : args.split(" ")) {
      out.add(fill(a, results));
    }
    return out.toArray(String[]::new);
  }

  private static String fill(String text, Path results) {
    return text.replace("$W", Resources.path("/golden/workloads/workloada").toString())
        .replace("$R", results.toString())
        .replace("$FILE", file.toString())
        .replace("$DIR", temp.toString())
        .replace("$OK", okResults.toString())
        .replace("$FAILED", failedResults.toString());
  }
}
