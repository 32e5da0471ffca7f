package dev.ycsbdriver.measure;

import dev.ycsbdriver.config.ConfigException;
import dev.ycsbdriver.config.PropertySpec;
import dev.ycsbdriver.config.Settings;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * YCSB's measurement keys, validated: which latency the text summary shows, which percentiles, and how
 * failed operations are named. Key names and defaults are YCSB 0.17.0's ({@code Measurements},
 * {@code OneMeasurementHdrHistogram}, {@code DBWrapper}).
 *
 * <p>Immutable and thread-safe.
 *
 * @param interval which latency the summary prints: service time ({@code op}), intended latency under
 *     the plain names ({@code intended}), or both with {@code Intended-} blocks ({@code both})
 * @param percentiles percentiles printed in the summary, in the given order, each in (0, 100]
 * @param histogramVerbose whether the summary lists every recorded value with its count
 * @param reportLatencyForEachError whether a failed operation's latency goes to {@code <OP>-<STATUS>}
 *     for every status instead of {@code <OP>-FAILED}
 * @param latencyTrackedErrors status names whose latency goes to {@code <OP>-<STATUS>}; never null
 */
public record MeasurementConfig(Interval interval, List<Double> percentiles, boolean histogramVerbose,
                                boolean reportLatencyForEachError, Set<String> latencyTrackedErrors) {

  /** YCSB's {@code measurement.interval}. */
  public enum Interval {
    /** Service time only: the end of an operation minus its actual start. */
    OP,
    /** Intended latency only, printed under the plain operation names. */
    INTENDED,
    /** Both; intended blocks are named {@code Intended-<OP>} and printed after all others. */
    BOTH
  }

  public static final PropertySpec MEASUREMENT_TYPE = PropertySpec.of("measurementtype", "hdrhistogram", "",
      "latency measurement; ycsb-driver records HdrHistograms (YCSB's default); histogram and hdrhistogram+histogram/raw are read as hdrhistogram with a warning");

  /** Upstream types that are read as {@code hdrhistogram}, with {@link #typeWarning(Settings)}. */
  private static final Set<String> HISTOGRAM_ALIASES = Set.of("histogram", "hdrhistogram+histogram", "hdrhistogram+raw");

  /**
   * @param settings the merged configuration
   * @return a warning when {@code measurementtype} names an upstream type that is read as
   *     {@code hdrhistogram}, else {@code null}
   */
  public static String typeWarning(Settings settings) {
    String type = settings.getTrimmed(MEASUREMENT_TYPE);
    return HISTOGRAM_ALIASES.contains(type)
        ? "measurementtype=" + type + " is read as hdrhistogram: the summary shows HdrHistogram's figures, "
            + "and the result JSON and .hlog files hold the full distribution"
        : null;
  }
  public static final PropertySpec MEASUREMENT_INTERVAL = PropertySpec.of("measurement.interval", "op", "",
      "latency shown in the summary: op (service time), intended (from the scheduled start), both")
      .choice("op", "intended", "both");
  public static final PropertySpec PERCENTILES = PropertySpec.of("hdrhistogram.percentiles", "95,99", "%",
      "percentiles printed per operation, comma-separated");
  public static final PropertySpec VERBOSE = PropertySpec.of("measurement.histogram.verbose", "false", "",
      "print every recorded latency value with its count").flag();
  public static final PropertySpec REPORT_EACH_ERROR = PropertySpec.of("reportlatencyforeacherror", "false", "",
      "name failed operations' latency <OP>-<STATUS> instead of <OP>-FAILED").flag();
  public static final PropertySpec TRACKED_ERRORS = PropertySpec.optional("latencytrackederrors", "",
      "comma-separated statuses whose latency is named <OP>-<STATUS>");

  /** @return every key this record reads, for documentation */
  public static List<PropertySpec> specs() {
    return List.of(MEASUREMENT_TYPE, MEASUREMENT_INTERVAL, PERCENTILES, VERBOSE, REPORT_EACH_ERROR, TRACKED_ERRORS);
  }

  /** Copies the collections. */
  public MeasurementConfig {
    percentiles = List.copyOf(percentiles);
    latencyTrackedErrors = Set.copyOf(latencyTrackedErrors);
  }

  /** @return YCSB's defaults: {@code op}, percentiles 95 and 99, {@code <OP>-FAILED} */
  public static MeasurementConfig defaults() {
    return new MeasurementConfig(Interval.OP, List.of(95.0, 99.0), false, false, Set.of());
  }

  /**
   * @param settings the merged configuration
   * @return the validated measurement configuration
   * @throws ConfigException for an unsupported measurement type, an unknown interval or a malformed
   *     percentile list
   */
  public static MeasurementConfig from(Settings settings) throws ConfigException {
    // upstream's workload_template says measurementtype=histogram, so copies of it are everywhere
    String type = settings.getTrimmed(MEASUREMENT_TYPE);
    if (!"hdrhistogram".equals(type) && !HISTOGRAM_ALIASES.contains(type)) {
      throw new ConfigException("measurementtype: only hdrhistogram is supported, got '" + type
          + "'; the result JSON and the .hlog files hold the full latency distribution");
    }
    Interval interval = Interval.valueOf(
        settings.getChoice(MEASUREMENT_INTERVAL).toUpperCase(java.util.Locale.ROOT));
    List<Double> percentiles = new ArrayList<>();
    String text = settings.getTrimmed(PERCENTILES);
    for (String part : text.split(",")) {
      String p = part.trim();
      double v;
      try {
        v = Double.parseDouble(p);
      } catch (NumberFormatException e) {
        throw new ConfigException(PERCENTILES.key() + ": must be comma-separated numbers in (0, 100], got '"
            + text + "'");
      }
      if (!(v > 0 && v <= 100)) {
        throw new ConfigException(PERCENTILES.key() + ": each percentile must be in (0, 100], got " + p);
      }
      percentiles.add(v);
    }
    Set<String> tracked = new LinkedHashSet<>();
    String trackedText = settings.getTrimmed(TRACKED_ERRORS);
    if (trackedText != null && !trackedText.isEmpty()) {
      tracked.addAll(Arrays.asList(trackedText.split(",")));
    }
    return new MeasurementConfig(interval, percentiles, settings.getBoolean(VERBOSE),
        settings.getBoolean(REPORT_EACH_ERROR), tracked);
  }
}
