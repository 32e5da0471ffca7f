package dev.ycsbdriver.matrix;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ycsbdriver.config.ConfigException;
import dev.ycsbdriver.testing.CliRun;
import dev.ycsbdriver.testing.Resources;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A matrix is checked whole before its first cell: every mistake of the file is one line
 * {@code <file>:<line>: <key>: <problem>}, and the command exits 2 without starting a cell.
 */
class MatrixPreflightTest {
  @TempDir
  Path dir;

  private final Path home = Resources.path("/golden/workloads/workloada").getParent().getParent();

  private static final String VALID = """
      recordcount: 100
      operationcount: 100
      warmup: 0
      threads: [1]
      workloads: [workloada]
      properties: {basicdb.verbose: "false"}
      stores:
        - binding: basic
          properties: {basicdb.simulatedelay: "0"}
      """;

  private Path write(String yaml) throws IOException {
    Path f = dir.resolve("m.yaml");
    Files.writeString(f, yaml + "output: " + dir.resolve("out") + "\n");
    return f;
  }

  private List<String> problems(String yaml) throws Exception {
    Path f = write(yaml);
    return MatrixPreflight.problems(MatrixFile.read(f, home), home, false);
  }

  @Test
  void aValidMatrixHasNoProblem() throws Exception {
    assertThat(problems(VALID)).isEmpty();
  }

  @Test
  void anUnknownKeyOfTheStoreNamesItsLineAndTheNearestKey() throws Exception {
    assertThat(problems(VALID.replace("basicdb.simulatedelay", "basicdb.simulatedela")))
        .containsExactly(dir.resolve("m.yaml") + ":9: stores[0].properties.basicdb.simulatedela: unknown property; "
            + "did you mean basicdb.simulatedelay?");
  }

  @Test
  void anUnknownKeyOfTheMatrixNamesItsLineAndTheNearestKey() throws Exception {
    assertThat(problems(VALID.replace("{basicdb.verbose: \"false\"}", "\n  treadcount: 4")))
        .containsExactly(dir.resolve("m.yaml") + ":7: properties.treadcount: unknown property; did you mean "
            + "threadcount?");
  }

  @Test
  void aBadValueNamesItsLineAndTheValidValues() throws Exception {
    assertThat(problems(VALID.replace("basicdb.simulatedelay: \"0\"", "workload.instances: everywhere")))
        .singleElement().asString().startsWith(dir.resolve("m.yaml") + ":9: stores[0].properties.workload.instances: ")
        .contains("everywhere").contains("per-thread");
  }

  @Test
  void anUnknownProfileOfTheBindingNamesItsLine() throws Exception {
    assertThat(problems(VALID.replace("  - binding: basic\n", "  - binding: basic\n    profiles: [fastest]\n")))
        .singleElement().asString().startsWith(dir.resolve("m.yaml") + ":9: stores[0].profiles[0]: basic has no "
            + "profile 'fastest'");
  }

  @Test
  void anUnknownBindingNamesItsLineAndTheInstalledOnes() throws Exception {
    assertThat(problems(VALID.replace("binding: basic", "binding: nosuchdb")))
        .singleElement().asString().startsWith(dir.resolve("m.yaml") + ":8: stores[0].binding: unknown binding "
            + "'nosuchdb'; installed: basic");
  }

  @Test
  void theCrashTestSectionsPropertiesAreCheckedToo() throws Exception {
    assertThat(problems(VALID + "crashtest:\n  rounds: 1\n  properties: {crash.after.mn: 1s}\n"))
        .containsExactly(dir.resolve("m.yaml") + ":12: crashtest.properties.crash.after.mn: unknown property; "
            + "did you mean crash.after.min?");
    assertThat(problems(VALID + "crashtest:\n  rounds: 1\n  properties: {crash.method: explode}\n"))
        .singleElement().asString().startsWith(dir.resolve("m.yaml") + ":12: crashtest.properties.crash.method: ").contains("explode");
  }

  @Test
  void aHeapTooSmallForTheDriverIsRefused() throws Exception {
    assertThat(problems(VALID + "jvmArgs: -Xmx1k\n")).containsExactly(dir.resolve("m.yaml")
        + ":10: jvmArgs: -Xmx must be at least 64m for a cell's driver, got -Xmx1k");
  }

  @Test
  void jvmOptionsAJvmDoesNotStartWithAreRefused() throws Exception {
    assertThat(problems(VALID + "jvmArgs: [-Xmx128m, -XX:+SurelyNoSuchJvmOption]\n")).singleElement().asString()
        .startsWith(dir.resolve("m.yaml") + ":10: jvmArgs: a JVM does not start with these options (")
        .contains("SurelyNoSuchJvmOption");
  }

  @Test
  void anExistingFileAsOutputIsRefused() throws Exception {
    Path file = Files.writeString(dir.resolve("a-file"), "x");
    Path f = dir.resolve("m.yaml");
    Files.writeString(f, VALID + "output: " + file + "\n");
    assertThat(MatrixPreflight.problems(MatrixFile.read(f, home), home, false))
        .containsExactly(f + ":10: output: must be a directory to create or reuse, got " + file + ", an existing file");
    assertThat(MatrixPreflight.problems(MatrixFile.read(f, home).withOutput(file.resolve("sub")), home, true))
        .containsExactly("-o: must be a directory to create or reuse, got " + file.resolve("sub")
            + ", below the file " + file);
  }

  @Test
  void aCellTimeoutTooShortForACellIsRefused() throws Exception {
    Path f = write(VALID.replace("operationcount: 100", "duration: 5s") + "cellTimeout: 1ms\n");
    assertThatThrownBy(() -> MatrixFile.read(f, home)).isInstanceOf(ConfigException.class)
        .hasMessage(f + ":10: cellTimeout: must be at least 15s (5s of warm-up and duration + 10s for the cell's JVM "
            + "to start and write its result), got 1ms");
  }

  @Test
  void aKeyGivenTwiceIsRefusedAtItsSecondLine() throws Exception {
    Path f = write(VALID.replace("warmup: 0\n", "warmup: 0\nrecordcount: 5\n"));
    assertThatThrownBy(() -> MatrixFile.read(f, home)).isInstanceOf(ConfigException.class)
        .hasMessage(f + ":4: recordcount: given twice in the same mapping; give each key once");
    Path g = write(VALID.replace("{basicdb.simulatedelay: \"0\"}", "{basicdb.simulatedelay: \"0\", "
        + "basicdb.simulatedelay: \"5\"}"));
    assertThatThrownBy(() -> MatrixFile.read(g, home))
        .hasMessageStartingWith(g + ":9: stores[0].properties.basicdb.simulatedelay: given twice");
  }

  @Test
  void everyProblemIsNamedAtOnceInFileOrderAndNoCellStarts() throws Exception {
    Path f = write(VALID.replace("[workloada]", "[" + home.resolve("workloads/workloada") + "]")
        .replace("{basicdb.verbose: \"false\"}", "{treadcount: 4}")
        .replace("basicdb.simulatedelay", "basicdb.simulatedela")
        + "  - binding: nosuchdb\n  - name: other\n    binding: basic\n    profiles: [fastest]\n"
        + "    properties: {workload.instances: everywhere}\njvmArgs: -Xmx1k\n");
    CliRun run = CliRun.of("matrix", f.toString());
    assertThat(run.exitCode()).as(run.toString()).isEqualTo(2);
    List<String> lines = run.err().lines().toList();
    assertThat(lines).hasSize(7);
    assertThat(lines.get(0)).startsWith("ycsb: " + f + ":6: properties.treadcount: unknown property");
    assertThat(lines.get(1)).startsWith("ycsb: " + f + ":9: stores[0].properties.basicdb.simulatedela: ");
    assertThat(lines.get(2)).startsWith("ycsb: " + f + ":10: stores[1].binding: unknown binding 'nosuchdb'");
    assertThat(lines.get(3)).startsWith("ycsb: " + f + ":13: stores[2].profiles[0]: basic has no profile 'fastest'");
    assertThat(lines.get(4)).startsWith("ycsb: " + f + ":14: stores[2].properties.workload.instances: ");
    assertThat(lines.get(5)).startsWith("ycsb: " + f + ":15: jvmArgs: -Xmx must be at least 64m");
    assertThat(lines.get(6)).isEqualTo("ycsb: matrix: 6 problems in " + f + "; no cell was started");
    assertThat(dir.resolve("out")).doesNotExist();
  }
}
