package dev.ycsbdriver.result.model;

/**
 * The {@code calibration} object: the machine's condition, measured by a short fixed workload at the start and at
 * the end of a run (or of a matrix), and compared with the same machine's earlier calibrations. A figure that was not
 * measured (calibration off, a probe that failed, no earlier calibration) is null with its reason, never 0, and a
 * ratio without a reference is null, never 1.
 *
 * @param start the calibration before the binding opened (before the first cell of a matrix); null when off
 * @param end the calibration after the run ended (after the last cell); null when off or when the run stopped first
 * @param reference the machine's earlier calibrations this one is compared with
 * @param startRatio {@code start} over {@code reference}
 * @param endRatio {@code end} over {@code reference}
 */
public record CalibrationSection(Probe start, Probe end, Reference reference, Ratio startRatio, Ratio endRatio) {

  /**
   * One calibration: a fixed single-threaded CPU workload and an fsync probe.
   *
   * @param at when it started, ISO-8601 UTC
   * @param durationMillis how long both parts took, milliseconds
   * @param cpuScoreOpsPerSec operations of the fixed CPU workload per second of wall-clock time, one thread; null
   *     when not measured
   * @param cpuUnknownReason why {@code cpuScoreOpsPerSec} is null; null when measured
   * @param fsyncs small writes each followed by an fsync, counted
   * @param fsyncMedianMicros median time of one write and its fsync, microseconds; null when not measured
   * @param fsyncP99Micros its 99th percentile, microseconds; null when not measured
   * @param fsyncUnknownReason why the fsync figures are null, e.g. a directory that cannot be written; null when
   *     measured
   */
  public record Probe(String at, long durationMillis, Double cpuScoreOpsPerSec, String cpuUnknownReason, long fsyncs,
                      Double fsyncMedianMicros, Double fsyncP99Micros, String fsyncUnknownReason) {
  }

  /**
   * What a calibration is compared with: the median of the machine's most recent earlier calibrations.
   *
   * @param earlierCalibrations how many earlier calibrations of this machine the medians are taken over; 0 when none
   * @param cpuScoreOpsPerSec their median CPU score, ops/s; null when none had one
   * @param fsyncMedianMicros the median of their fsync medians, microseconds; null when none had one
   * @param unknownReason why there is no reference, e.g. {@code no earlier calibration on this machine}; null when
   *     there is one
   */
  public record Reference(int earlierCalibrations, Double cpuScoreOpsPerSec, Double fsyncMedianMicros,
                          String unknownReason) {
  }

  /**
   * A calibration over its reference: below 1 for the CPU score and above 1 for fsync latency mean slower.
   *
   * @param cpuScore CPU score over the reference's; null when either is unknown
   * @param fsyncMedian fsync median over the reference's; null when either is unknown
   */
  public record Ratio(Double cpuScore, Double fsyncMedian) {
  }
}
