package dev.ycsbdriver.runner;

import dev.ycsbdriver.cpu.MachineFacts;
import dev.ycsbdriver.result.ResultDocuments;
import dev.ycsbdriver.result.model.CalibrationSection;
import dev.ycsbdriver.result.model.MachineSection;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Locale;

/**
 * The calibrations of one run or one matrix: {@link #start} before it, {@link #end} after it, which also compares
 * both with the machine's history ({@link CalibrationHistory}) and prints one line about them.
 *
 * <p>Stateless and thread-safe.
 */
public final class Calibrations {
  private Calibrations() {
  }

  /**
   * @param config the calibration keys
   * @param directory where the fsync probe writes, e.g. the run's result directory
   * @return the calibration, or null when {@link CalibrationConfig#enabled()} is false
   */
  public static CalibrationSection.Probe start(CalibrationConfig config, Path directory) {
    return config.enabled() ? MachineCalibration.measure(config.time(), directory) : null;
  }

  /**
   * @param config the calibration keys
   * @param directory where the fsync probe writes
   * @param start what {@link #start} returned
   * @param machine the machine, as the result records it
   * @param err where the line about the calibrations goes
   * @return the section for the result, or null when {@link CalibrationConfig#enabled()} is false
   */
  public static CalibrationSection end(CalibrationConfig config, Path directory, CalibrationSection.Probe start,
                                       MachineSection machine, PrintStream err) {
    if (!config.enabled()) {
      return null;
    }
    CalibrationSection.Probe end = MachineCalibration.measure(config.time(), directory);
    CalibrationSection section = CalibrationHistory.record(config.history(), machine, start, end, err);
    err.println(line(section));
    return section;
  }

  /**
   * {@link #end(CalibrationConfig, Path, CalibrationSection.Probe, MachineSection, PrintStream)} on this machine, as
   * {@link MachineFacts#read()} describes it: for a matrix, whose own process has no run report.
   *
   * @param config the calibration keys
   * @param directory where the fsync probe writes
   * @param start what {@link #start} returned
   * @param err where the line about the calibrations goes
   * @return the section, or null when {@link CalibrationConfig#enabled()} is false
   */
  public static CalibrationSection end(CalibrationConfig config, Path directory, CalibrationSection.Probe start,
                                       PrintStream err) {
    return config.enabled() ? end(config, directory, start, ResultDocuments.machine(MachineFacts.read()), err) : null;
  }

  /**
   * @param s the calibrations
   * @return e.g. {@code Calibration: CPU score 31.2k ops/s at the start, 30.9k at the end (0.99x of this machine's
   *     reference, median of 12 earlier calibrations); fsync median 850.0 µs (p99 2100.0 µs, 180 fsyncs), 910.0 µs
   *     (p99 2300.0 µs, 170 fsyncs) (1.07x)}
   */
  static String line(CalibrationSection s) {
    CalibrationSection.Reference r = s.reference();
    return "Calibration: CPU score " + cpu(s.start()) + " at the start, " + cpu(s.end()) + " at the end ("
        + (r.unknownReason() != null ? r.unknownReason() : ratio(s.endRatio() == null ? null
            : s.endRatio().cpuScore()) + " of this machine's reference, median of " + r.earlierCalibrations()
            + " earlier calibrations") + "); fsync median " + fsync(s.start()) + ", " + fsync(s.end())
        + (r.unknownReason() != null ? "" : " (" + ratio(s.endRatio() == null ? null : s.endRatio().fsyncMedian())
            + ")");
  }

  private static String cpu(CalibrationSection.Probe p) {
    if (p == null || p.cpuScoreOpsPerSec() == null) {
      return "unknown" + (p == null || p.cpuUnknownReason() == null ? "" : " (" + p.cpuUnknownReason() + ")");
    }
    return String.format(Locale.ROOT, "%.1fk ops/s", p.cpuScoreOpsPerSec() / 1000);
  }

  private static String fsync(CalibrationSection.Probe p) {
    if (p == null || p.fsyncMedianMicros() == null) {
      return "unknown" + (p == null || p.fsyncUnknownReason() == null ? "" : " (" + p.fsyncUnknownReason() + ")");
    }
    return String.format(Locale.ROOT, "%.1f µs (p99 %.1f µs, %d fsyncs)", p.fsyncMedianMicros(), p.fsyncP99Micros(),
        p.fsyncs());
  }

  private static String ratio(Double r) {
    return r == null ? "unknown" : String.format(Locale.ROOT, "%.2fx", r);
  }
}
