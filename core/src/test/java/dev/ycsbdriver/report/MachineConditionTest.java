package dev.ycsbdriver.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ycsbdriver.result.model.CalibrationSection;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The machine's condition in a report: a run whose calibration ran at a fraction of the machine's reference raises
 * a caveat that names the ratio and the reference; a run at its reference raises none; a run without calibration reads
 * "not recorded".
 */
class MachineConditionTest {
  private static int files;

  private static CalibrationSection calibration(double cpuRatio, double fsyncRatio, int earlier) {
    CalibrationSection.Probe start = new CalibrationSection.Probe("2026-11-28T04:00:00Z", 300, 1000 * cpuRatio, null,
        50, 100 * fsyncRatio, 200 * fsyncRatio, null);
    CalibrationSection.Probe end = new CalibrationSection.Probe("2026-11-28T04:01:00Z", 300, 1000 * cpuRatio, null,
        50, 100 * fsyncRatio, 200 * fsyncRatio, null);
    CalibrationSection.Ratio ratio = new CalibrationSection.Ratio(cpuRatio, fsyncRatio);
    return new CalibrationSection(start, end, new CalibrationSection.Reference(earlier, 1000.0, 100.0, null), ratio,
        ratio);
  }

  private static RunResult run(String store, CalibrationSection calibration) {
    files++;
    return new RunResult(Path.of("r" + files, "result.json"), store, store, "durable", "workloada", 8, "ok", 5_000,
        5_000, List.of(), null, null, null, null, null, null, null, Map.of(), "test machine", Map.of(), List.of(), null,
        List.of(), calibration);
  }

  private static ReportModel model(RunResult... runs) {
    return ReportModel.build(List.of(runs), "condition", null);
  }

  @Test
  void aRunAtThreeTenthsOfTheMachinesCalibrationRaisesACaveatNamingTheRatioAndTheReference() {
    ReportModel model = model(run("a", calibration(1.0, 1.0, 12)), run("b", calibration(0.3, 1.0, 12)));

    assertThat(ReportCaveats.caveats(model)).singleElement().satisfies(c -> {
      assertThat(c.group()).isEqualTo(ReportCaveats.Group.SLOW_MACHINE);
      assertThat(c.runs()).isEqualTo(1);
      assertThat(c.sentence()).startsWith("Caveat: this machine ran at 0.30x of its calibration (CPU score, median of "
          + "its 12 earlier calibrations) during 1 of 2 runs (all b cells)");
    });
    assertThat(ReportCaveats.marks(model.cells().stream().filter(c -> c.store().equals("b")).findFirst().orElseThrow()))
        .isEqualTo("↓");
    Table table = MachineCondition.table(model);
    assertThat(table.rows()).singleElement().satisfies(row -> {
      assertThat(row.get(1)).isEqualTo("2 of 2");
      assertThat(row.get(4)).isEqualTo("0.30x-1.00x");
    });
  }

  @Test
  void aRunAtItsCalibrationRaisesNoCaveat() {
    ReportModel model = model(run("a", calibration(1.0, 1.0, 12)), run("b", calibration(0.95, 1.4, 12)));

    assertThat(ReportCaveats.caveats(model)).isEmpty();
    assertThat(MachineCondition.summary(model)).isEqualTo("CPU score 0.95x-1.00x and fsync median 1.00x-1.40x of the "
        + "machine's calibration over 2 of 2 runs");
  }

  @Test
  void slowFsyncAloneRaisesTheCaveatWithItsOwnRatio() {
    ReportModel model = model(run("a", calibration(1.0, 5.0, 4)));

    assertThat(ReportCaveats.sentences(model)).singleElement().asString()
        .startsWith("Caveat: this machine took 5.00x its calibration's fsync time (median of its 4 earlier "
            + "calibrations) during 1 of 1 runs");
  }

  @Test
  void runsWithoutCalibrationReadAsNotRecordedNeverAsZeroOrOne() {
    ReportModel model = model(run("a", null), run("b", null));

    assertThat(ReportCaveats.caveats(model)).isEmpty();
    assertThat(MachineCondition.summary(model)).isEqualTo("not recorded");
    assertThat(MachineCondition.table(model).rows()).singleElement()
        .satisfies(row -> assertThat(row.subList(1, row.size())).containsExactly("0 of 2", "not recorded",
            "not recorded", "not recorded", "not recorded", "not recorded", "not recorded", "not recorded"));
  }

  @Test
  void aMatrixWhoseEndCalibrationDiffersFromItsStartRaisesACaveat() {
    CalibrationSection.Probe start = new CalibrationSection.Probe("t0", 300, 1000.0, null, 50, 100.0, 200.0, null);
    CalibrationSection.Probe end = new CalibrationSection.Probe("t1", 300, 400.0, null, 50, 100.0, 200.0, null);
    CalibrationSection matrix = new CalibrationSection(start, end,
        new CalibrationSection.Reference(0, null, null, "no earlier calibration on this machine"),
        new CalibrationSection.Ratio(null, null), new CalibrationSection.Ratio(null, null));
    ReportModel model = model(run("a", calibration(1.0, 1.0, 3))).withMatrixCalibration(matrix);

    assertThat(ReportCaveats.sentences(model)).containsExactly("Caveat: the machine's condition changed between the "
        + "matrix's start and end: CPU score 0.40x and fsync median 1.00x of the start's.");
    assertThat(ReportCaveats.legend(model)).isEmpty();
    assertThat(MachineCondition.table(model).rows().get(0).get(3)).isEqualTo("unknown");
  }

  /** A calibration whose start and end probes ran at the given times with the given CPU ratios. */
  private static CalibrationSection calibration(String at, double startCpu, double endCpu) {
    CalibrationSection.Probe start = new CalibrationSection.Probe(at, 300, 1000 * startCpu, null, 50, 100.0, 200.0,
        null);
    CalibrationSection.Probe end = new CalibrationSection.Probe(at, 300, 1000 * endCpu, null, 50, 100.0, 200.0, null);
    return new CalibrationSection(start, end, new CalibrationSection.Reference(12, 1000.0, 100.0, null),
        new CalibrationSection.Ratio(startCpu, 1.0), new CalibrationSection.Ratio(endCpu, 1.0));
  }

  @Test
  void oneSlowCalibrationOfARunIsABlipNotACaveat() {
    ReportModel model = model(run("a", calibration("2026-11-28T04:00:00Z", 0.5, 1.1)),
        run("b", calibration("2026-11-28T04:01:00Z", 1.2, 0.6)));

    assertThat(ReportCaveats.caveats(model)).isEmpty();
    assertThat(MachineCondition.summary(model)).startsWith("CPU score 0.50x-1.20x");
  }

  @Test
  void aMatrixWhoseLaterRunsCalibrateSlowerThanItsFirstRaisesTheChangedCaveatOnce() {
    List<RunResult> runs = new java.util.ArrayList<>();
    for (int i = 0; i < 9; i++) {
      double cpu = i < 6 ? (i % 2 == 0 ? 0.9 : 1.1) : 0.6; // the last third at about 0.6x of the first's 1.0x
      double endCpu = i < 6 ? 1.0 : 0.8; // each run's milder end above 0.75x: no run is slow
      runs.add(run("s" + i, calibration("2026-11-28T04:0" + i + ":00Z", cpu, endCpu)));
    }
    ReportModel model = ReportModel.build(runs, "condition", null);

    assertThat(ReportCaveats.caveats(model)).singleElement().satisfies(c -> {
      assertThat(c.group()).isEqualTo(ReportCaveats.Group.CONDITION_CHANGED);
      assertThat(c.sentence()).isEqualTo("Caveat: the machine's condition changed during the matrix: the "
          + "calibrations of its last 3 runs scored 0.70x of the CPU score and 1.00x of the fsync median of its first "
          + "3 runs' (medians; changed: CPU score outside 0.75x-1.33x or fsync median outside 0.33x-3.0x).");
    });
    assertThat(model.cells()).allSatisfy(c -> assertThat(ReportCaveats.marks(c)).isEmpty());

    List<RunResult> steady = new java.util.ArrayList<>();
    for (int i = 0; i < 9; i++) {
      steady.add(run("s" + i, calibration("2026-11-28T04:0" + i + ":00Z", i % 2 == 0 ? 0.8 : 1.2, 1.0)));
    }
    assertThat(ReportCaveats.caveats(ReportModel.build(steady, "steady", null))).isEmpty();
  }

  @Test
  void theCaveatAndTheConditionReachReportJsonAndTheReadmeBlock(@TempDir Path out) throws Exception {
    ReportModel model = model(run("a", calibration(1.0, 1.0, 12)), run("b", calibration(0.3, 1.0, 12)));
    JsonNode root = new ObjectMapper().readTree(new ObjectMapper().writeValueAsString(ReportWriter.json(model, out)));

    String block = ReadmeBlock.render(root);

    assertThat(root.path("machineCondition").asText()).startsWith("CPU score 0.30x-1.00x");
    assertThat(block).contains("Machine condition (from the runs' calibrations): CPU score 0.30x-1.00x")
        .contains("this machine ran at 0.30x of its calibration");
  }

  @Test
  void aMatrixsCalibrationsAreFoundFromItsOutputOrFromAResultFileInsideIt(@TempDir Path out) throws Exception {
    Path cell = java.nio.file.Files.createDirectories(out.resolve("cells/memory/default/t2/workloada/r1/run"));
    Path result = java.nio.file.Files.writeString(cell.resolve("result.json"), "{}");
    dev.ycsbdriver.result.CalibrationFile.write(out, calibration(0.5, 1.0, 7));
    assertThat(dev.ycsbdriver.result.CalibrationFile.find(List.of(result))).isNull(); // no matrix.yaml: not a matrix

    java.nio.file.Files.writeString(out.resolve("matrix.yaml"), "name: m\n");

    assertThat(dev.ycsbdriver.result.CalibrationFile.find(List.of(result)).reference().earlierCalibrations())
        .isEqualTo(7);
    assertThat(dev.ycsbdriver.result.CalibrationFile.find(List.of(out)).startRatio().cpuScore()).isEqualTo(0.5);
  }
}
