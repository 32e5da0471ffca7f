package dev.ycsbdriver.measure;

import java.util.Locale;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * The unit of the values in a latency histogram. ycsb-driver records in {@link #NANOSECONDS} ({@link #RECORDED});
 * {@code .hlog} files of earlier versions hold {@link #MICROSECONDS}, as YCSB's own histograms do. Every figure
 * that leaves a histogram goes through {@link #toMicros} (fractional microseconds, as the result JSON and the
 * reports give them) or {@link #toWholeMicros} (YCSB's integer microsecond lines).
 *
 * <p>Immutable and thread-safe.
 */
public enum LatencyUnit {
  /** One value per nanosecond, as {@link System#nanoTime()} measures. */
  NANOSECONDS(1000),
  /** One value per microsecond, as YCSB 0.17.0 records ({@code (int) (nanos / 1000)}). */
  MICROSECONDS(1);

  /** The unit ycsb-driver's {@link LatencyChannel}s record in. */
  public static final LatencyUnit RECORDED = NANOSECONDS;

  private final long perMicrosecond;

  LatencyUnit(long perMicrosecond) {
    this.perMicrosecond = perMicrosecond;
  }

  /** @return values per microsecond: 1000 for nanoseconds, 1 for microseconds */
  public long perMicrosecond() {
    return perMicrosecond;
  }

  /**
   * @param value a latency, or a mean or standard deviation of latencies, in this unit
   * @return the same in microseconds, fractional
   */
  public double toMicros(double value) {
    return value / perMicrosecond;
  }

  /**
   * @param value a latency in this unit, at least 0
   * @return whole microseconds, truncated as YCSB truncates ({@code (int) (nanos / 1000)})
   */
  public long toWholeMicros(long value) {
    return value / perMicrosecond;
  }

  /**
   * @param micros a latency in whole microseconds, as YCSB's {@code Measurements.measure} passes it
   * @return the same in this unit
   */
  public long fromMicros(long micros) {
    return micros * perMicrosecond;
  }

  /** @return the unit's name in lower case, as an {@code .hlog} comment names it, e.g. {@code nanoseconds} */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * @param label a unit's name, any case, e.g. {@code nanoseconds}
   * @return the unit, or null when {@code label} names none
   */
  public static LatencyUnit ofLabel(String label) {
    for (LatencyUnit u : values()) {
      if (u.label().equalsIgnoreCase(label.trim())) {
        return u;
      }
    }
    return null;
  }

  /**
   * @param units the units of histograms to be added together; may be empty
   * @return the finest of them, which converting to loses nothing ({@link #convert}); {@link #RECORDED} when
   *     {@code units} is empty
   */
  public static LatencyUnit finest(Iterable<LatencyUnit> units) {
    LatencyUnit finest = null;
    for (LatencyUnit u : units) {
      if (finest == null || u.perMicrosecond > finest.perMicrosecond) {
        finest = u;
      }
    }
    return finest == null ? RECORDED : finest;
  }

  /**
   * Re-records a histogram of this unit in {@code target}'s unit, for adding histograms of two units (an old
   * microsecond log beside a nanosecond one). Each recorded value moves to {@code target} whole: the result keeps
   * the source's 3 significant digits, not the finer unit's resolution below them.
   *
   * @param h a histogram in this unit; not changed
   * @param target the unit to convert to
   * @return {@code h} itself when the units are equal, else a new histogram with the same counts, start and end
   *     timestamps and significant digits
   */
  public Histogram convert(Histogram h, LatencyUnit target) {
    if (target == this) {
      return h;
    }
    Histogram out = new Histogram(h.getNumberOfSignificantValueDigits());
    for (HistogramIterationValue v : h.recordedValues()) {
      long value = v.getValueIteratedTo() * target.perMicrosecond / perMicrosecond;
      out.recordValueWithCount(value, v.getCountAtValueIteratedTo());
    }
    out.setStartTimeStamp(h.getStartTimeStamp());
    out.setEndTimeStamp(h.getEndTimeStamp());
    return out;
  }
}
