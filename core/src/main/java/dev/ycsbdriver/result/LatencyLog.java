package dev.ycsbdriver.result;

import dev.ycsbdriver.measure.LatencyUnit;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * The intervals of one or more HdrHistogram logs ({@code .hlog}) and the unit of their values, as
 * {@link HistogramLogs#read} gives them: nanoseconds for logs that say so in their header, microseconds for
 * logs of earlier versions and for any log that names no unit.
 *
 * <p>Immutable once built; the histograms must not be changed.
 *
 * @param unit the unit of every interval's values
 * @param intervals in log order, with their start and end timestamps (epoch milliseconds); may be empty
 */
public record LatencyLog(LatencyUnit unit, List<Histogram> intervals) {
  /** Copies the list. */
  public LatencyLog {
    intervals = List.copyOf(intervals);
  }

  /** @return a new histogram holding every value of every interval, in {@link #unit} */
  public Histogram sum() {
    return HistogramLogs.sum(intervals);
  }

  /**
   * Puts logs of possibly different units together: logs of one unit keep it and their values exactly; when units
   * differ, every log is converted to the finest of them ({@link LatencyUnit#finest}, {@link LatencyUnit#convert}).
   *
   * @param logs the logs, in order; may be empty
   * @return their intervals in order, in one unit ({@link LatencyUnit#RECORDED} when {@code logs} is empty)
   */
  public static LatencyLog concat(List<LatencyLog> logs) {
    LatencyUnit unit = LatencyUnit.finest(logs.stream().map(LatencyLog::unit).toList());
    List<Histogram> all = new ArrayList<>();
    for (LatencyLog l : logs) {
      for (Histogram h : l.intervals()) {
        all.add(l.unit().convert(h, unit));
      }
    }
    return new LatencyLog(unit, all);
  }
}
