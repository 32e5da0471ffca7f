package dev.ycsbdriver.runner;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ycsbdriver.result.model.CalibrationSection;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The calibration measures a CPU score and fsync latency, leaves no file behind, and reports a failed probe. */
class MachineCalibrationTest {

  @Test
  void measuresAPositiveCpuScoreAndFsyncLatencyAndDeletesItsFile(@TempDir Path dir) throws Exception {
    CalibrationSection.Probe p = MachineCalibration.measure(Duration.ofMillis(100), dir);

    assertThat(p.cpuScoreOpsPerSec()).isNotNull().isPositive();
    assertThat(p.cpuUnknownReason()).isNull();
    assertThat(p.fsyncs()).isPositive();
    assertThat(p.fsyncMedianMicros()).isNotNull().isPositive();
    assertThat(p.fsyncP99Micros()).isGreaterThanOrEqualTo(p.fsyncMedianMicros());
    assertThat(p.fsyncUnknownReason()).isNull();
    assertThat(p.durationMillis()).isBetween(50L, 5_000L);
    try (var left = Files.list(dir)) {
      assertThat(left).isEmpty();
    }
  }

  @Test
  void aDirectoryThatCannotBeWrittenLeavesFsyncUnknownWithItsReasonAndTheCpuScoreMeasured(@TempDir Path dir)
      throws Exception {
    // a regular file where the directory should be: no file can be created in it, even by root
    Path notADirectory = Files.writeString(dir.resolve("not-a-directory"), "x");

    CalibrationSection.Probe p = MachineCalibration.measure(Duration.ofMillis(40), notADirectory);

    assertThat(p.fsyncMedianMicros()).isNull();
    assertThat(p.fsyncP99Micros()).isNull();
    assertThat(p.fsyncs()).isZero();
    assertThat(p.fsyncUnknownReason()).startsWith("fsync probe in " + notADirectory + " failed: ");
    assertThat(p.cpuScoreOpsPerSec()).isPositive();
  }

  @Test
  void theCpuWorkloadIsDeterministic() {
    java.util.zip.Deflater deflater = new java.util.zip.Deflater();
    try {
      byte[] out = new byte[2 * MachineCalibration.INPUT_BYTES];
      long size = MachineCalibration.operation(deflater, out);
      assertThat(size).isBetween(1L, (long) MachineCalibration.INPUT_BYTES);
      assertThat(MachineCalibration.operation(deflater, out)).isEqualTo(size);
    } finally {
      deflater.end();
    }
  }
}
