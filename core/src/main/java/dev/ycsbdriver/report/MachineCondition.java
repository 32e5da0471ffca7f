package dev.ycsbdriver.report;

import dev.ycsbdriver.result.model.CalibrationSection;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * The machine's condition during the runs, from their calibrations ({@link RunResult#calibration()}) and the
 * matrix's ({@link ReportModel#matrixCalibration()}): each calibration's CPU score and fsync median as a ratio of the
 * machine's reference (the median of its earlier calibrations), and the caveats they raise.
 *
 * <p>One calibration is a fraction of a second, and on a small machine the background work of the store just measured
 * (a checkpoint, a flush) moves it by a quarter either way (docs/benchmarks/calibration.md); so no caveat rests on
 * one calibration alone. Thresholds: a run is <b>slow</b> when both its calibrations (or the one it has) scored
 * below {@value #SLOW_CPU_RATIO}x of the reference's CPU score, or both measured an fsync median above
 * {@value #SLOW_FSYNC_RATIO}x the reference's. A matrix <b>changed condition</b> when the median CPU score of the
 * calibrations of its last third of runs (in the order they ran) is outside {@value #CHANGED_CPU_RATIO}x to
 * 1/{@value #CHANGED_CPU_RATIO}x of its first third's, or their fsync medians' median is outside
 * 1/{@value #CHANGED_FSYNC_RATIO}x to {@value #CHANGED_FSYNC_RATIO}x; with fewer than {@value #MIN_THIRD} runs in a
 * third, its own start and end calibrations are compared instead. The CPU thresholds lie outside the spread of an
 * idle machine's calibrations and inside that of a machine whose cores are all busy; fsync latency varies more
 * between idle calibrations, so its thresholds are wider. A run without a calibration is "not recorded", never slow
 * and never 1.0x.
 *
 * <p>Stateless and thread-safe.
 */
final class MachineCondition {
  /** A CPU score below this ratio of the machine's reference makes a run slow. */
  static final double SLOW_CPU_RATIO = 0.75;
  /** An fsync median above this ratio of the machine's reference makes a run slow. */
  static final double SLOW_FSYNC_RATIO = 3.0;
  /** End over start CPU score below this, or above its inverse, is a changed condition. */
  static final double CHANGED_CPU_RATIO = 0.75;
  /** End over start fsync median above this, or below its inverse, is a changed condition. */
  static final double CHANGED_FSYNC_RATIO = 3.0;
  /** The fewest runs in each third of a matrix for its runs' calibrations to decide a changed condition. */
  static final int MIN_THIRD = 3;
  /** What a report shows where a run or matrix recorded no calibration. */
  static final String NOT_RECORDED = "not recorded";

  private MachineCondition() {
  }

  /** @return whether the run's calibrations (both, or the one it has) ran clearly slower than the reference */
  static boolean slow(RunResult run) {
    CalibrationSection c = run.calibration();
    if (c == null) {
      return false;
    }
    Double cpu = mildest(c, CalibrationSection.Ratio::cpuScore, true);
    Double fsync = mildest(c, CalibrationSection.Ratio::fsyncMedian, false);
    return cpu != null && cpu < SLOW_CPU_RATIO || fsync != null && fsync > SLOW_FSYNC_RATIO;
  }

  /** @return whether the end calibration differs from the start's by a clear margin; false when either is missing */
  static boolean changed(CalibrationSection c) {
    if (c == null || c.start() == null || c.end() == null) {
      return false;
    }
    return changed(over(c.end().cpuScoreOpsPerSec(), c.start().cpuScoreOpsPerSec()),
        over(c.end().fsyncMedianMicros(), c.start().fsyncMedianMicros()));
  }

  private static boolean changed(Double cpu, Double fsync) {
    return cpu != null && (cpu < CHANGED_CPU_RATIO || cpu > 1 / CHANGED_CPU_RATIO)
        || fsync != null && (fsync > CHANGED_FSYNC_RATIO || fsync < 1 / CHANGED_FSYNC_RATIO);
  }

  /**
   * @param model the report
   * @return the caveat of a matrix whose condition changed (see the class), or null when it did not or cannot tell
   */
  static String changedSentence(ReportModel model) {
    List<CalibrationSection> ordered = runs(model).stream().map(RunResult::calibration)
        .filter(c -> c != null && c.start() != null && c.start().at() != null)
        .sorted(java.util.Comparator.comparing(c -> c.start().at())).toList();
    int third = ordered.size() / 3;
    if (third < MIN_THIRD) {
      CalibrationSection m = model.matrixCalibration();
      return changed(m) ? matrixChangedSentence(m) : null;
    }
    List<CalibrationSection> first = ordered.subList(0, third);
    List<CalibrationSection> last = ordered.subList(ordered.size() - third, ordered.size());
    Double cpu = over(median(last, CalibrationSection.Probe::cpuScoreOpsPerSec),
        median(first, CalibrationSection.Probe::cpuScoreOpsPerSec));
    Double fsync = over(median(last, CalibrationSection.Probe::fsyncMedianMicros),
        median(first, CalibrationSection.Probe::fsyncMedianMicros));
    if (!changed(cpu, fsync)) {
      return null;
    }
    return "Caveat: the machine's condition changed during the matrix: the calibrations of its last " + third
        + " runs scored " + ratioOrUnknown(cpu) + " of the CPU score and " + ratioOrUnknown(fsync) + " of the fsync "
        + "median of its first " + third + " runs' (medians; changed: CPU score outside " + CHANGED_CPU_RATIO + "x-"
        + ReportFormat.ratio(1 / CHANGED_CPU_RATIO) + " or fsync median outside "
        + ReportFormat.ratio(1 / CHANGED_FSYNC_RATIO) + "-" + CHANGED_FSYNC_RATIO + "x).";
  }

  /** @return the median of the figure over the start and end probes of the calibrations; null when none has it */
  private static Double median(List<CalibrationSection> calibrations,
                               Function<CalibrationSection.Probe, Double> figure) {
    List<Double> v = new ArrayList<>();
    for (CalibrationSection c : calibrations) {
      for (CalibrationSection.Probe p : new CalibrationSection.Probe[] {c.start(), c.end()}) {
        Double x = p == null ? null : figure.apply(p);
        if (x != null) {
          v.add(x);
        }
      }
    }
    Spread s = Spread.of(v);
    return s == null ? null : s.median();
  }

  /**
   * @param model the report
   * @param count how many runs, e.g. {@code 9 of 60 runs (all rocksdb cells)}
   * @return the caveat of the slow runs, naming the lowest CPU ratio (or the highest fsync ratio when no CPU score was
   *     slow) and the number of earlier calibrations its reference is the median of
   */
  static String slowSentence(ReportModel model, String count) {
    CalibrationSection worstCpu = null;
    CalibrationSection worstFsync = null;
    double lowestCpu = SLOW_CPU_RATIO;
    double highestFsync = SLOW_FSYNC_RATIO;
    for (RunResult r : runs(model)) {
      CalibrationSection c = r.calibration();
      Double cpu = c == null ? null : mildest(c, CalibrationSection.Ratio::cpuScore, true);
      Double fsync = c == null ? null : mildest(c, CalibrationSection.Ratio::fsyncMedian, false);
      if (cpu != null && cpu < lowestCpu) {
        lowestCpu = cpu;
        worstCpu = c;
      }
      if (fsync != null && fsync > highestFsync) {
        highestFsync = fsync;
        worstFsync = c;
      }
    }
    List<String> parts = new ArrayList<>();
    if (worstCpu != null) {
      parts.add("ran at " + ReportFormat.ratio(lowestCpu) + " of its calibration (CPU "
          + "score, median of its " + worstCpu.reference().earlierCalibrations() + " earlier calibrations)");
    }
    if (worstFsync != null) {
      parts.add("took " + ReportFormat.ratio(highestFsync) + " its calibration's "
          + "fsync time (median of its " + worstFsync.reference().earlierCalibrations() + " earlier calibrations)");
    }
    return "Caveat: this machine " + String.join(" and ", parts) + " during " + count + ": the figures of those runs "
        + "may describe a slow machine, not the store (slow: CPU score below " + SLOW_CPU_RATIO + "x or fsync median "
        + "above " + SLOW_FSYNC_RATIO + "x of the machine's calibration).";
  }

  /**
   * @param c the matrix's calibrations
   * @return the caveat of a matrix whose start and end calibrations differ
   */
  static String matrixChangedSentence(CalibrationSection c) {
    return "Caveat: the machine's condition changed between the matrix's start and end: CPU score "
        + ratioOrUnknown(over(c.end().cpuScoreOpsPerSec(), c.start().cpuScoreOpsPerSec())) + " and fsync median "
        + ratioOrUnknown(over(c.end().fsyncMedianMicros(), c.start().fsyncMedianMicros())) + " of the start's.";
  }

  /**
   * @param model the report
   * @return the table "Machine condition": per machine, the reference, and the CPU score and fsync median as ratios of
   *     it at the matrix's start, over the runs (lowest to highest) and at the matrix's end; {@value #NOT_RECORDED}
   *     where no calibration was recorded
   */
  static Table table(ReportModel model) {
    Map<String, List<RunResult>> perMachine = new LinkedHashMap<>();
    runs(model).forEach(r -> perMachine.computeIfAbsent(r.machine(), k -> new ArrayList<>()).add(r));
    CalibrationSection matrix = model.matrixCalibration();
    List<List<String>> rows = new ArrayList<>();
    perMachine.forEach((machine, runs) -> {
      CalibrationSection m = perMachine.size() == 1 ? matrix : null;
      List<CalibrationSection> calibrated = runs.stream().map(RunResult::calibration).filter(Objects::nonNull)
          .toList();
      rows.add(List.of(machine, calibrated.size() + " of " + runs.size(), reference(m, calibrated),
          m == null ? NOT_RECORDED : ratioOrUnknown(ratio(m.startRatio(), CalibrationSection.Ratio::cpuScore)),
          range(calibrated, CalibrationSection.Ratio::cpuScore),
          m == null ? NOT_RECORDED : ratioOrUnknown(ratio(m.endRatio(), CalibrationSection.Ratio::cpuScore)),
          m == null ? NOT_RECORDED : ratioOrUnknown(ratio(m.startRatio(), CalibrationSection.Ratio::fsyncMedian)),
          range(calibrated, CalibrationSection.Ratio::fsyncMedian),
          m == null ? NOT_RECORDED : ratioOrUnknown(ratio(m.endRatio(), CalibrationSection.Ratio::fsyncMedian))));
    });
    return new Table("Machine condition", List.of("machine", "calibrated runs", "reference (median of earlier "
        + "calibrations)", "CPU score: matrix start (x)", "CPU score: runs, lowest-highest (x)",
        "CPU score: matrix end (x)", "fsync median: matrix start (x)", "fsync median: runs, lowest-highest (x)",
        "fsync median: matrix end (x)"), rows, List.of("Each figure is a calibration (a fixed single-threaded CPU "
        + "workload, and small writes each followed by an fsync in the run's directory) over the machine's reference: "
        + "the median of its earlier calibrations on the machine that ran it. A CPU score below 1x and an fsync median "
        + "above 1x mean slower; \"unknown\" means no earlier calibration or a probe that failed; \"" + NOT_RECORDED
        + "\" means the run or matrix did not calibrate."));
  }

  /**
   * @param model the report
   * @return one line for the README's machine line: the CPU score and fsync median of the runs' calibrations as
   *     ratios of the machine's reference, lowest to highest, or {@value #NOT_RECORDED}
   */
  static String summary(ReportModel model) {
    List<RunResult> runs = runs(model);
    List<CalibrationSection> calibrated = runs.stream().map(RunResult::calibration).filter(Objects::nonNull).toList();
    if (calibrated.isEmpty()) {
      return NOT_RECORDED;
    }
    return "CPU score " + range(calibrated, CalibrationSection.Ratio::cpuScore) + " and fsync median "
        + range(calibrated, CalibrationSection.Ratio::fsyncMedian) + " of the machine's calibration over "
        + calibrated.size() + " of " + runs.size() + " runs";
  }

  private static List<RunResult> runs(ReportModel model) {
    List<RunResult> out = new ArrayList<>();
    model.cells().forEach(c -> out.addAll(c.runs()));
    return out;
  }

  private static String reference(CalibrationSection matrix, List<CalibrationSection> calibrated) {
    CalibrationSection.Reference r = matrix != null ? matrix.reference()
        : calibrated.isEmpty() ? null : calibrated.get(0).reference();
    if (r == null) {
      return NOT_RECORDED;
    }
    if (r.unknownReason() != null) {
      return "unknown (" + r.unknownReason() + ")";
    }
    return "CPU " + (r.cpuScoreOpsPerSec() == null ? "unknown" : ReportFormat.opsPerSec(r.cpuScoreOpsPerSec())
        + " ops/s") + ", fsync " + (r.fsyncMedianMicros() == null ? "unknown"
        : ReportFormat.micros(r.fsyncMedianMicros()) + " µs") + " (" + r.earlierCalibrations() + " earlier)";
  }

  /** @return lowest-highest of the figure over every start and end ratio, e.g. {@code 0.21x-1.02x} */
  private static String range(List<CalibrationSection> calibrated, Function<CalibrationSection.Ratio, Double> figure) {
    if (calibrated.isEmpty()) {
      return NOT_RECORDED;
    }
    double lo = Double.POSITIVE_INFINITY;
    double hi = Double.NEGATIVE_INFINITY;
    for (CalibrationSection c : calibrated) {
      for (CalibrationSection.Ratio r : new CalibrationSection.Ratio[] {c.startRatio(), c.endRatio()}) {
        Double v = ratio(r, figure);
        if (v != null) {
          lo = Math.min(lo, v);
          hi = Math.max(hi, v);
        }
      }
    }
    return lo > hi ? "unknown" : ReportFormat.ratio(lo) + "-" + ReportFormat.ratio(hi);
  }

  /**
   * @param higherIsFaster true for a CPU score, false for an fsync time
   * @return the start's or end's figure, whichever reads the faster machine (the higher CPU score, the lower fsync
   *     time), so a run is slow only when both are; the one there is when the other is unknown; null when both are
   */
  private static Double mildest(CalibrationSection c, Function<CalibrationSection.Ratio, Double> figure,
                                boolean higherIsFaster) {
    Double a = ratio(c.startRatio(), figure);
    Double b = ratio(c.endRatio(), figure);
    if (a == null || b == null) {
      return a == null ? b : a;
    }
    return higherIsFaster ? Math.max(a, b) : Math.min(a, b);
  }

  private static Double ratio(CalibrationSection.Ratio r, Function<CalibrationSection.Ratio, Double> figure) {
    return r == null ? null : figure.apply(r);
  }

  private static Double over(Double a, Double b) {
    return a == null || b == null || b <= 0 ? null : a / b;
  }

  private static String ratioOrUnknown(Double v) {
    return v == null ? "unknown" : ReportFormat.ratio(v);
  }
}
