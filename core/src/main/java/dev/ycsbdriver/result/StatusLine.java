package dev.ycsbdriver.result;

import dev.ycsbdriver.measure.ChannelTotals;
import dev.ycsbdriver.measure.LatencyUnit;
import dev.ycsbdriver.measure.MeasurementConfig.Interval;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.text.SimpleDateFormat;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.Locale;
import org.HdrHistogram.Histogram;

/**
 * YCSB 0.17.0's status line ({@code -s}), built as its {@code StatusThread.computeStats} builds it:
 * <pre>
 * 2026-11-22 10:27:29:563 1 sec: 5904 operations; 5610 current ops/sec; est completion in 1 second [READ: Count=2821, Max=7615, Min=0, Avg=595.56, 90=1128, 99=2795, 99.9=5111, 99.99=7615] ...
 * </pre>
 * Numbers use {@code DecimalFormat("#.##")} with {@link Locale#ROOT} symbols so the line is the same on
 * every machine (YCSB uses the default locale).
 *
 * <p>Not thread-safe (it holds formatters); one instance per status reporter.
 */
public final class StatusLine {
  private final DecimalFormat decimal = new DecimalFormat("#.##", DecimalFormatSymbols.getInstance(Locale.ROOT));
  private final SimpleDateFormat timestamp = new SimpleDateFormat("yyyy-MM-dd HH:mm:ss:SSS", Locale.ROOT);
  private final String label;
  private final Interval interval;

  /**
   * @param label prefix, printed with no separator ({@code -l})
   * @param interval which latency the summaries show
   */
  public StatusLine(String label, Interval interval) {
    this.label = label;
    this.interval = interval;
  }

  /**
   * @param now the wall-clock time to print
   * @param elapsedMillis time since the run started
   * @param totalOps operations completed so far
   * @param currentOpsPerSec throughput over the last status interval (may be infinite at t=0)
   * @param todoOps operations left, 0 when unlimited or done
   * @param overallOpsPerSec throughput since the start, for the completion estimate
   * @param window per measurement, the distributions of the last status interval, in YCSB's order
   * @return the line, without a line terminator
   */
  public String format(Date now, long elapsedMillis, long totalOps, double currentOpsPerSec, long todoOps,
                       double overallOpsPerSec, List<ChannelTotals> window) {
    StringBuilder msg = new StringBuilder(label).append(timestamp.format(now)).append(' ')
        .append(elapsedMillis / 1000).append(" sec: ").append(totalOps).append(" operations; ");
    if (totalOps != 0) {
      msg.append(decimal.format(currentOpsPerSec)).append(" current ops/sec; ");
    }
    // YCSB 0.17.0 divides by a zero throughput here and prints "106751991167300 days"; without a
    // finished operation there is nothing to estimate from, so the estimate waits for the first one
    if (todoOps != 0 && totalOps != 0) {
      msg.append("est completion in ").append(remaining((long) Math.ceil(todoOps / overallOpsPerSec)));
    }
    List<String> parts = new ArrayList<>();
    for (ChannelTotals c : window) {
      parts.add(summary(c.name(), interval == Interval.INTENDED ? c.intended() : c.service()));
    }
    if (interval == Interval.BOTH) {
      for (ChannelTotals c : window) {
        parts.add(summary(c.intendedName(), c.intended()));
      }
    }
    for (String part : parts) {
      msg.append(part).append(' ');
    }
    return msg.toString();
  }

  String summary(String name, Histogram h) {
    return summary(name, h, LatencyUnit.RECORDED);
  }

  /**
   * @param h a window's latencies
   * @param unit the unit of {@code h}'s values
   * @return YCSB's {@code getSummary()} text: whole microseconds, the average to two decimals
   */
  String summary(String name, Histogram h, LatencyUnit unit) {
    boolean empty = h.getTotalCount() == 0;
    return "[" + name + ": Count=" + h.getTotalCount() + ", Max=" + unit.toWholeMicros(h.getMaxValue())
        + ", Min=" + (empty ? Long.MAX_VALUE : unit.toWholeMicros(h.getMinValue()))
        + ", Avg=" + decimal.format(empty ? Double.NaN : unit.toMicros(h.getMean()))
        + ", 90=" + decimal.format(unit.toWholeMicros(h.getValueAtPercentile(90)))
        + ", 99=" + decimal.format(unit.toWholeMicros(h.getValueAtPercentile(99)))
        + ", 99.9=" + decimal.format(unit.toWholeMicros(h.getValueAtPercentile(99.9)))
        + ", 99.99=" + decimal.format(unit.toWholeMicros(h.getValueAtPercentile(99.99))) + "]";
  }

  /**
   * YCSB's completion estimate text ({@code RemainingFormatter}): days, hours, minutes under a day,
   * seconds only when nothing else was printed; a one-digit second count is singular.
   *
   * @param seconds the estimate in seconds, at least 0
   * @return e.g. {@code "2 hours 5 minutes "}, always ending in a space
   */
  static String remaining(long seconds) {
    StringBuilder time = new StringBuilder();
    long days = seconds / 86_400;
    if (days > 0) {
      time.append(days).append(days == 1 ? " day " : " days ");
      seconds -= days * 86_400;
    }
    long hours = seconds / 3_600;
    if (hours > 0) {
      time.append(hours).append(hours == 1 ? " hour " : " hours ");
      seconds -= hours * 3_600;
    }
    if (days < 1) {
      long minutes = seconds / 60;
      if (minutes > 0) {
        time.append(minutes).append(minutes == 1 ? " minute " : " minutes ");
        seconds = 0;
      }
    }
    if (time.length() == 0) {
      time.append(seconds);
      time.append(time.length() == 1 ? " second " : " seconds ");
    }
    return time.toString();
  }
}
