package dev.ycsbdriver.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ycsbdriver.testing.Resources;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * No report names a path of the machine it ran on: a data directory in the settings read back is shown relative to
 * the matrix output, or as {@code <data dir>} when outside it; result files are named relative to the report.
 */
class ReportMachinePathsTest {
  @TempDir
  Path out;

  @Test
  void aPathInsideTheMatrixOutputIsShownRelativeToIt() {
    Path result = Path.of("/srv/bench/results/matrix-embedded/cells/h2/durable/t16/workloada/r1/run/result.json");
    assertThat(MachinePaths.mask("/srv/bench/results/matrix-embedded/data/h2/ycsb.mv.db", result,
        MachinePaths.DATA_DIR))
        .isEqualTo("data/h2/ycsb.mv.db");
    assertThat(MachinePaths.settings(Map.of("environment", "/srv/bench/results/matrix-embedded/data/berkeleydb"),
        result)).containsEntry("environment", "data/berkeleydb");
  }

  @Test
  void anOutputUnpackedElsewhereKeepsItsRelativePaths() {
    // ran in /work/main/reports/embedded, its cells unpacked later in /tmp/elsewhere/reports/embedded
    Path now = Path.of("/tmp/elsewhere/reports/embedded/cells/h2/durable/t16/workloada/r1/run/result.json");
    String recordedDir = "/work/main/reports/embedded/cells/h2/durable/t16/workloada/r1";
    Map<String, String> moved = MachinePaths.relocate(Map.of("database",
        "/work/main/reports/embedded/data/h2/ycsb.mv.db", "other", "/opt/h2/lib, /work/main/reports/embedded"),
        recordedDir, now);
    assertThat(MachinePaths.settings(moved, now)).containsEntry("database", "data/h2/ycsb.mv.db")
        .containsEntry("other", "<data dir>, <data dir>");
    // a run outside a matrix (no cells directory recorded) or in the same place: nothing moves
    Map<String, String> settings = Map.of("database", "/work/main/reports/embedded/data/h2/ycsb.mv.db");
    assertThat(MachinePaths.relocate(settings, "/work/results", now)).isSameAs(settings);
    assertThat(MachinePaths.relocate(settings, null, now)).isSameAs(settings);
    assertThat(MachinePaths.relocate(settings, "/tmp/elsewhere/reports/embedded/cells/h2/durable/t16", now))
        .isSameAs(settings);
  }

  @Test
  void aPathOutsideTheMatrixOutputIsMaskedAndOtherTextIsKept() {
    Path result = Path.of("/work/reports/embedded/cells/h2/fast/t16/workloada/r1/run/result.json");
    assertThat(MachinePaths.mask("/tmp/nm.ajSk/clone/results/matrix-embedded/data/h2/ycsb.mv.db", result,
        MachinePaths.DATA_DIR))
        .isEqualTo("<data dir>");
    assertThat(MachinePaths.mask("jdbc:h2:/tmp/x/ycsb;WRITE_DELAY=0", result, MachinePaths.DATA_DIR))
        .isEqualTo("jdbc:h2:<data dir>;WRITE_DELAY=0");
    assertThat(MachinePaths.mask("dir C:\\Users\\me\\data, sync=true", result, MachinePaths.DATA_DIR))
        .isEqualTo("dir <data dir>, sync=true");
    for (String kept : List.of("WRITE_DELAY=0", "5 s", "ops/s", "1/2", "http://example.org/x",
        "org.fusesource.leveldbjni:leveldbjni-all 1.8 (native LevelDB with Snappy, JNI)")) {
      assertThat(MachinePaths.mask(kept, result, MachinePaths.PATH)).isEqualTo(kept);
    }
    assertThat(MachinePaths.mask("round 1, restart: /opt/pg/bin/pg_ctl: exit 127", result, MachinePaths.PATH))
        .isEqualTo("round 1, restart: <path>: exit 127");
  }

  @Test
  void noReportFileNamesAPathOfTheMachine() throws Exception {
    Path results = Resources.path("/report/results"); // settings name /tmp/tiny-out/data/h2/ycsb.mv.db
    assertThat(Files.readString(results.resolve("20261123-074326-run-h2-workloada-t4-durable/result.json")))
        .contains("/tmp/tiny-out/data/h2/ycsb.mv.db");
    ReportWriter.write(new ReportWriter.Request(List.of(results), out, "Paths", "h2", "workloada"));
    String absoluteResults = results.toAbsolutePath().normalize().toString();
    for (String f : List.of("report.md", "report.csv", "report.json", "report.html", "report-durable-vs-fast.csv")) {
      String text = Files.readString(out.resolve(f));
      assertThat(text).as(f).doesNotContain("/tmp/").doesNotContain(absoluteResults);
    }
    assertThat(Files.readString(out.resolve("report.csv"))).contains("database=<data dir>;WRITE_DELAY=0");
    assertThat(Files.readString(out.resolve("report.md"))).contains("| database=&lt;data dir>, WRITE_DELAY=0");
    assertThat(Files.readString(out.resolve("report.json"))).contains("\"database\": \"<data dir>\"",
        "\"20261123-074326-run-h2-workloada-t4-durable/result.json\"");
  }
}
