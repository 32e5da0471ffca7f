package dev.ycsbdriver.runner;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ycsbdriver.config.Settings;
import dev.ycsbdriver.result.model.CalibrationSection;
import dev.ycsbdriver.result.model.MachineSection;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A calibration is compared with the median of the same machine's earlier ones, kept in a file the user can move. */
class CalibrationHistoryTest {
  private static final MachineSection HOST = new MachineSection("Intel Xeon", 1, 2, 8_000_000_000L, "Linux", "host1",
      "17", "OpenJDK");
  private static final MachineSection OTHER = new MachineSection("Intel Xeon", 1, 2, 8_000_000_000L, "Linux", "host2",
      "17", "OpenJDK");

  private static CalibrationSection.Probe probe(Double cpu, Double fsync) {
    return new CalibrationSection.Probe("2026-11-28T04:00:00Z", 300, cpu, cpu == null ? "failed" : null,
        fsync == null ? 0 : 10, fsync, fsync, fsync == null ? "failed" : null);
  }

  private static CalibrationHistory.Entry entry(MachineSection m, double cpu, double fsync) {
    return new CalibrationHistory.Entry(m.cpuModel(), m.logicalCores(), m.memoryBytes(), m.hostName(), "t", cpu, fsync);
  }

  @Test
  void theReferenceIsTheMedianOfThisMachinesEarlierCalibrationsOnly() {
    List<CalibrationHistory.Entry> entries = List.of(entry(HOST, 100, 10), entry(OTHER, 1, 1000), entry(HOST, 300, 30),
        entry(HOST, 200, 20), entry(OTHER, 5, 5000));

    CalibrationSection.Reference r = CalibrationHistory.reference(entries, HOST);

    assertThat(r.earlierCalibrations()).isEqualTo(3);
    assertThat(r.cpuScoreOpsPerSec()).isEqualTo(200.0);
    assertThat(r.fsyncMedianMicros()).isEqualTo(20.0);
    assertThat(r.unknownReason()).isNull();
    CalibrationSection.Ratio ratio = CalibrationHistory.ratio(probe(60.0, 80.0), r);
    assertThat(ratio.cpuScore()).isEqualTo(0.3);
    assertThat(ratio.fsyncMedian()).isEqualTo(4.0);
  }

  @Test
  void theReferenceTakesOnlyTheNewestEntries() {
    List<CalibrationHistory.Entry> entries = new ArrayList<>();
    for (int i = 0; i < CalibrationHistory.REFERENCE_SIZE; i++) {
      entries.add(entry(HOST, 1, 1)); // older, left out
    }
    for (int i = 0; i < CalibrationHistory.REFERENCE_SIZE; i++) {
      entries.add(entry(HOST, 500, 50));
    }
    CalibrationSection.Reference r = CalibrationHistory.reference(entries, HOST);
    assertThat(r.earlierCalibrations()).isEqualTo(CalibrationHistory.REFERENCE_SIZE);
    assertThat(r.cpuScoreOpsPerSec()).isEqualTo(500.0);
  }

  @Test
  void withoutHistoryTheReferenceAndRatiosAreUnknownNotOne(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("state").resolve("calibrations.json");

    CalibrationSection s = CalibrationHistory.record(file, HOST, probe(100.0, 10.0), probe(90.0, 12.0), quiet());

    assertThat(s.reference().earlierCalibrations()).isZero();
    assertThat(s.reference().unknownReason()).isEqualTo(CalibrationHistory.NO_HISTORY);
    assertThat(s.startRatio().cpuScore()).isNull();
    assertThat(s.endRatio().fsyncMedian()).isNull();
    assertThat(CalibrationHistory.read(file)).hasSize(2);

    CalibrationSection next = CalibrationHistory.record(file, HOST, probe(25.0, 10.0), null, quiet());
    assertThat(next.reference().earlierCalibrations()).isEqualTo(2);
    assertThat(next.reference().cpuScoreOpsPerSec()).isEqualTo(95.0);
    assertThat(next.startRatio().cpuScore()).isCloseTo(25.0 / 95.0, org.assertj.core.data.Offset.offset(1e-9));
    assertThat(next.endRatio()).isNull();
    assertThat(CalibrationHistory.read(file)).hasSize(3);
  }

  @Test
  void aHistoryThatCannotBeReadLeavesTheReferenceUnknownWithItsReason(@TempDir Path dir) throws Exception {
    Path file = Files.writeString(dir.resolve("calibrations.json"), "{ not json");

    CalibrationSection s = CalibrationHistory.record(file, HOST, probe(100.0, 10.0), probe(100.0, 10.0), quiet());

    assertThat(s.reference().unknownReason()).startsWith("calibration history " + file + " cannot be read");
    assertThat(s.startRatio().cpuScore()).isNull();
  }

  @Test
  void theHistoryFileIsTheKeyElseTheEnvironmentVariableElseXdgStateHomeElseHome(@TempDir Path dir) throws Exception {
    Map<String, String> env = Map.of(CalibrationConfig.HISTORY_ENV, dir.resolve("env.json").toString(),
        "XDG_STATE_HOME", dir.resolve("xdg").toString(), "HOME", dir.resolve("home").toString());

    assertThat(CalibrationConfig.from(Settings.of(Map.of("calibration.history", dir.resolve("key.json").toString())),
        env).history()).isEqualTo(dir.resolve("key.json"));
    assertThat(CalibrationConfig.from(Settings.of(Map.of()), env).history()).isEqualTo(dir.resolve("env.json"));
    assertThat(CalibrationConfig.defaultHistory(Map.of("XDG_STATE_HOME", dir.resolve("xdg").toString(), "HOME",
        dir.resolve("home").toString()))).isEqualTo(dir.resolve("xdg/ycsb-driver/calibrations.json"));
    assertThat(CalibrationConfig.defaultHistory(Map.of("HOME", dir.resolve("home").toString())))
        .isEqualTo(dir.resolve("home/.local/state/ycsb-driver/calibrations.json"));
    CalibrationConfig off = CalibrationConfig.from(Settings.of(Map.of("calibration", "false",
        "calibration.time", "50ms")), env);
    assertThat(off.enabled()).isFalse();
    assertThat(off.time()).hasMillis(50);
  }

  @Test
  void testsNeverWriteTheUsersHistory() {
    // surefire and failsafe set the variable (the parent pom) so that no run of a test reaches ~/.local/state
    assertThat(System.getenv(CalibrationConfig.HISTORY_ENV)).isNotBlank().contains("target");
  }

  private static PrintStream quiet() {
    return new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
  }
}
