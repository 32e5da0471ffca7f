package dev.ycsbdriver.result;

import dev.ycsbdriver.cpu.CpuFigure;
import dev.ycsbdriver.cpu.CpuSummary;
import dev.ycsbdriver.measure.ChannelTotals;
import dev.ycsbdriver.measure.LatencyUnit;
import dev.ycsbdriver.measure.MeasurementConfig;
import dev.ycsbdriver.measure.MeasurementConfig.Interval;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;
import site.ycsb.Status;

/**
 * The final summary in YCSB 0.17.0's text format ({@code TextMeasurementsExporter}), line for line,
 * followed by ycsb-driver's {@code [CPU]}, {@code [SCHEDULE]}, {@code [OK]} and, when there were errors or lost
 * connections, {@code [ERRORS]} and {@code [CONNECTION]} blocks, which YCSB parsers skip as unknown metrics.
 *
 * <p>Each line is {@code [<metric>], <measurement>, <value>}; integers print as {@link Long#toString},
 * fractions as {@link Double#toString}, as YCSB prints them. Order: OVERALL, GC collectors (in YCSB's
 * {@code HashMap} order), GC totals, one block per measurement in YCSB's {@code ConcurrentHashMap}
 * order (then {@code Intended-} blocks with {@code measurement.interval=both}), then CPU, then the
 * schedule: with {@code -target}, its target and how far the run fell behind it ({@link ScheduleLag});
 * without, one line saying the run was a closed loop, where intended latency is not measured.
 *
 * <p>Stateless and thread-safe.
 */
public final class YcsbTextSummary {
  private YcsbTextSummary() {
  }

  /**
   * @param report the run's figures
   * @param out where the lines go; flushed, not closed
   */
  public static void write(RunReport report, PrintWriter out) {
    line(out, "OVERALL", "RunTime(ms)", Long.toString(report.runtimeMillis()));
    line(out, "OVERALL", "Throughput(ops/sec)", Double.toString(report.throughputOpsPerSec()));
    writeGc(report, out);
    writeMeasurements(report, out);
    writeCpu(report, out);
    writeSchedule(report, out);
    writeErrors(report, out);
    out.flush();
  }

  private static void writeGc(RunReport report, PrintWriter out) {
    Map<String, GcStat> byName = new HashMap<>();
    for (GcStat gc : report.gc()) {
      byName.put(gc.name(), gc);
    }
    long count = 0;
    long time = 0;
    for (GcStat gc : byName.values()) {
      String n = gc.name().replace(' ', '_');
      line(out, "TOTAL_GCS_" + n, "Count", Long.toString(gc.count()));
      line(out, "TOTAL_GC_TIME_" + n, "Time(ms)", Long.toString(gc.timeMillis()));
      line(out, "TOTAL_GC_TIME_%_" + n, "Time(%)", Double.toString(percent(gc.timeMillis(), report.runtimeMillis())));
      count += gc.count();
      time += gc.timeMillis();
    }
    line(out, "TOTAL_GCs", "Count", Long.toString(count));
    line(out, "TOTAL_GC_TIME", "Time(ms)", Long.toString(time));
    line(out, "TOTAL_GC_TIME_%", "Time(%)", Double.toString(percent(time, report.runtimeMillis())));
  }

  private static double percent(long part, long whole) {
    return whole == 0 ? 0.0 : ((double) part / whole) * 100.0;
  }

  private record Block(String name, ChannelTotals totals, Map<Status, Long> statuses) {
  }

  private static void writeMeasurements(RunReport report, PrintWriter out) {
    List<Block> blocks = new ArrayList<>();
    for (OperationReport op : report.operations()) {
      if (op.ok().service().getTotalCount() > 0 || !op.statusCounts().isEmpty()) {
        blocks.add(new Block(op.name(), op.ok(), op.statusCounts()));
      }
      for (ChannelTotals failure : op.failures()) {
        blocks.add(new Block(failure.name(), failure, Map.of()));
      }
    }
    blocks = YcsbOrder.of(blocks, Block::name);
    MeasurementConfig config = report.measurement();
    Interval interval = config.interval();
    for (Block b : blocks) {
      Histogram h = interval == Interval.INTENDED ? b.totals().intended() : b.totals().service();
      writeBlock(out, b.name(), h, LatencyUnit.RECORDED, b.statuses(), config);
    }
    if (interval == Interval.BOTH) {
      for (Block b : blocks) {
        writeBlock(out, ChannelTotals.INTENDED_PREFIX + b.name(), b.totals().intended(), LatencyUnit.RECORDED,
            Map.of(), config);
      }
    }
  }

  static void writeBlock(PrintWriter out, String name, Histogram h, LatencyUnit unit, Map<Status, Long> statuses,
                         MeasurementConfig config) {
    writeLatency(out, name, h, unit, config.percentiles());
    for (Map.Entry<Status, Long> e : YcsbOrder.of(new ArrayList<>(statuses.entrySet()), Map.Entry::getKey)) {
      line(out, name, "Return=" + e.getKey().getName(), Long.toString(e.getValue()));
    }
    if (config.histogramVerbose()) {
      writeRecordedValues(out, name, h, unit);
    }
  }

  /**
   * YCSB's verbose lines, one per recorded value in whole microseconds with its count: the recorded values of a
   * finer unit that fall in one microsecond are added into one line.
   */
  private static void writeRecordedValues(PrintWriter out, String name, Histogram h, LatencyUnit unit) {
    long micros = -1;
    long count = 0;
    for (HistogramIterationValue v : h.recordedValues()) {
      long value = Math.min(unit.toWholeMicros(v.getValueIteratedTo()), Integer.MAX_VALUE);
      if (value != micros && count > 0) {
        line(out, name, Long.toString(micros), Double.toString((double) count));
        count = 0;
      }
      micros = value;
      count += v.getCountAtValueIteratedTo();
    }
    if (count > 0) {
      line(out, name, Long.toString(micros), Double.toString((double) count));
    }
  }

  /**
   * Writes the head of a measurement's block: {@code Operations}, {@code AverageLatency(us)},
   * {@code MinLatency(us)}, {@code MaxLatency(us)} and one {@code <ordinal>PercentileLatency(us)} per
   * percentile, as YCSB 0.17.0's {@code OneMeasurementHdrHistogram} exports them: the average as a
   * fraction of a microsecond ({@link Double#toString}), the others as whole microseconds, truncated as YCSB
   * truncates what it records.
   *
   * @param out where the lines go
   * @param name the measurement, e.g. {@code READ} or {@code Intended-READ}
   * @param h its latencies
   * @param unit the unit of {@code h}'s values
   * @param percentiles in the order to print, each in (0, 100]
   */
  public static void writeLatency(PrintWriter out, String name, Histogram h, LatencyUnit unit,
                                  List<Double> percentiles) {
    line(out, name, "Operations", Long.toString(h.getTotalCount()));
    line(out, name, "AverageLatency(us)", Double.toString(unit.toMicros(h.getMean())));
    line(out, name, "MinLatency(us)", Long.toString(unit.toWholeMicros(h.getMinValue())));
    line(out, name, "MaxLatency(us)", Long.toString(unit.toWholeMicros(h.getMaxValue())));
    for (double p : percentiles) {
      line(out, name, ordinal(p) + "PercentileLatency(us)",
          Long.toString(unit.toWholeMicros(h.getValueAtPercentile(p))));
    }
  }

  /**
   * @param p a percentile, 0 to 100
   * @return YCSB's percentile label: {@code 95th}, {@code 99th}, {@code 1st}, {@code 99.9} for fractions
   */
  static String ordinal(double p) {
    if (p % 1 != 0) {
      return Double.toString(p);
    }
    int j = (int) p;
    int lastTwo = j % 100;
    if (lastTwo == 11 || lastTwo == 12 || lastTwo == 13) {
      return j + "th";
    }
    String[] suffixes = {"th", "st", "nd", "rd", "th", "th", "th", "th", "th", "th"};
    return j + suffixes[j % 10];
  }

  private static void writeCpu(RunReport report, PrintWriter out) {
    CpuSummary cpu = report.cpu();
    figure(out, "Server", cpu.server());
    figure(out, "Driver", cpu.driver());
    figure(out, "Machine", cpu.machine());
    Double opsPerCpu = cpu.opsPerServerCpuPercent(report.throughputOpsPerSec());
    line(out, "CPU", "OpsPerServerCpuPercent", opsPerCpu == null ? "n/a" : Double.toString(opsPerCpu));
    Double driverPerOp = cpu.driverMicrosPerOperation(report.throughputOpsPerSec());
    line(out, "CPU", "DriverCpuPerOperation(us)", driverPerOp == null ? "n/a" : Double.toString(round1(driverPerOp)));
    Double serverPerOp = cpu.serverMicrosPerOperation(report.throughputOpsPerSec());
    line(out, "CPU", "ServerCpuPerOperation(us)", serverPerOp == null ? "n/a" : Double.toString(round1(serverPerOp)));
    line(out, "CPU", "LogicalCores", Integer.toString(cpu.logicalCores()));
    line(out, "CPU", "ServerSource", cpu.serverSource());
  }

  private static void writeSchedule(RunReport report, PrintWriter out) {
    ScheduleLag lag = report.scheduleLag();
    if (lag == null) {
      // no commas in a value: parsers of YCSB's output split lines on them
      line(out, "SCHEDULE", "Mode", "closed loop (no -target); intended latency is not measured: it equals service time");
      return;
    }
    line(out, "SCHEDULE", "TargetOpsPerSec", Long.toString(lag.targetOpsPerSec()));
    line(out, "SCHEDULE", "MaxLag(ms)", Double.toString(round1(lag.maxLagMillis())));
    line(out, "SCHEDULE", "FinalLag(ms)", Double.toString(round1(lag.finalLagMillis())));
  }

  /**
   * {@code [OK]}: the operations that returned OK and their throughput ({@link RunReport#okOperations()}),
   * always; {@code [ERRORS]}: the count of each kind of error the binding reported, when any;
   * {@code [CONNECTION]}: each connection outage, when any.
   */
  private static void writeErrors(RunReport report, PrintWriter out) {
    line(out, "OK", "Operations", Long.toString(report.okOperations()));
    line(out, "OK", "Throughput(ops/sec)", Double.toString(report.throughputOkOpsPerSec()));
    for (dev.ycsbdriver.spi.ErrorLog.Kind k : report.errors()) {
      line(out, "ERRORS", noCommas(k.operation() + " " + k.cause()), Long.toString(k.count()));
    }
    if (report.outages().isEmpty()) {
      return;
    }
    line(out, "CONNECTION", "Outages", Integer.toString(report.outages().size()));
    int i = 1;
    for (dev.ycsbdriver.spi.ErrorLog.Outage o : report.outages()) {
      line(out, "CONNECTION", "Outage" + i + "LostTime", o.lostAt().toString());
      line(out, "CONNECTION", "Outage" + i + "RestoredTime", o.restoredAt() == null ? "not restored" : o.restoredAt().toString());
      if (o.durationMillis() != null) {
        line(out, "CONNECTION", "Outage" + i + "Duration(ms)", Long.toString(o.durationMillis()));
      }
      i++;
    }
  }

  /** Parsers of YCSB's output split lines on commas. */
  private static String noCommas(String text) {
    return text.replace(',', ';');
  }

  private static void figure(PrintWriter out, String who, CpuFigure f) {
    if (f.averagePercent() == null) {
      line(out, "CPU", who + "Average(%)", "n/a (" + f.unavailableReason() + ")");
      line(out, "CPU", who + "Peak(%)", "n/a");
    } else {
      line(out, "CPU", who + "Average(%)", Double.toString(round1(f.averagePercent())));
      line(out, "CPU", who + "Peak(%)", Double.toString(round1(f.peakPercent())));
    }
  }

  private static double round1(double v) {
    return Math.round(v * 10.0) / 10.0;
  }

  /** Writes one line {@code [<metric>], <measurement>, <value>}. */
  public static void line(PrintWriter out, String metric, String measurement, String value) {
    out.print('[');
    out.print(metric);
    out.print("], ");
    out.print(measurement);
    out.print(", ");
    out.print(value);
    out.print(System.lineSeparator());
  }
}
