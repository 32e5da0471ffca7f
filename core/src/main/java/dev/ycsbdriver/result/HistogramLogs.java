package dev.ycsbdriver.result;

import dev.ycsbdriver.measure.ChannelTotals;
import dev.ycsbdriver.measure.LatencyUnit;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.HdrHistogram.HistogramLogWriter;

/**
 * Per-measurement HdrHistogram interval logs ({@code READ.hlog}, {@code Intended-READ.hlog}) in the run
 * directory, one interval per harvest, readable by HdrHistogram's {@code HistogramLogReader} and
 * {@code HistogramLogProcessor}. Values are nanoseconds ({@link LatencyUnit#RECORDED}), which the header says in
 * the comment {@code #[Values in nanoseconds; Interval_Max in milliseconds]} (max value unit ratio 1,000,000);
 * {@link #read} takes the unit from that comment, and logs without one (written by earlier versions, which
 * wrote {@code #[Values in microseconds; ...]} or nothing) as microseconds.
 *
 * <p>A log is opened when its measurement first records something; from then on every interval is
 * written, empty ones included, so intervals line up across files.
 *
 * <p>Not thread-safe: the monitor thread writes, then closes.
 */
public final class HistogramLogs implements AutoCloseable {
  private static final Pattern UNIT_COMMENT = Pattern.compile("^#\\[Values in (\\w+)");
  /** Lines at the head of a log searched for the unit comment. */
  private static final int HEADER_LINES = 16;

  private final Path directory;
  private final long baseTimeMillis;
  private final Map<String, Writer> writers = new LinkedHashMap<>();
  private final List<String> errors = new ArrayList<>();

  private record Writer(AtomicFile atomic, PrintStream stream, HistogramLogWriter log, Path file) {
  }

  /**
   * @param directory where the files go; created if missing
   * @param baseTimeMillis the run's start, epoch milliseconds; interval timestamps are relative to it
   */
  public HistogramLogs(Path directory, long baseTimeMillis) {
    this.directory = directory;
    this.baseTimeMillis = baseTimeMillis;
  }

  /**
   * Writes one interval per measurement.
   *
   * @param intervals the harvested interval histograms, with start and end timestamps set
   * @param intendedMeasured whether intended latency was measured apart from service time
   */
  public void write(List<ChannelTotals> intervals, boolean intendedMeasured) {
    for (ChannelTotals c : intervals) {
      append(c.name(), c.service());
      if (intendedMeasured) {
        append(c.intendedName(), c.intended());
      }
    }
  }

  private void append(String name, Histogram interval) {
    Writer w = writers.get(name);
    if (w == null) {
      if (interval.getTotalCount() == 0) {
        return;
      }
      w = open(name);
      if (w == null) {
        return;
      }
    }
    writeInterval(w.log(), interval, LatencyUnit.RECORDED, interval.getStartTimeStamp(), interval.getEndTimeStamp(),
        baseTimeMillis);
  }

  /**
   * Starts a log: the comments naming what it holds and its units, the format version, the start time
   * and the column legend, as every {@code .hlog} of ycsb-driver begins.
   *
   * @param out where the log goes
   * @param loggingFor what the log holds, e.g. {@code READ}
   * @param unit the unit of the values the intervals will hold
   * @param baseTimeMillis the log's start, epoch milliseconds; interval timestamps are relative to it
   * @return the writer for the intervals
   */
  public static HistogramLogWriter startLog(PrintStream out, String loggingFor, LatencyUnit unit, long baseTimeMillis) {
    HistogramLogWriter log = new HistogramLogWriter(out);
    log.outputComment("[Logging for: " + loggingFor + "]");
    log.outputComment("[Values in " + unit.label() + "; Interval_Max in milliseconds]");
    log.outputLogFormatVersion();
    log.outputStartTime(baseTimeMillis);
    log.setBaseTime(baseTimeMillis);
    log.outputLegend();
    return log;
  }

  /**
   * Writes one interval, {@code Interval_Max} in milliseconds.
   *
   * @param log a log begun with {@link #startLog}
   * @param interval the interval's latencies
   * @param unit the unit of {@code interval}'s values, as given to {@link #startLog}
   * @param startMillis the interval's start, epoch milliseconds
   * @param endMillis its end, epoch milliseconds
   * @param baseTimeMillis the log's start, as given to {@link #startLog}
   */
  public static void writeInterval(HistogramLogWriter log, Histogram interval, LatencyUnit unit, long startMillis,
      long endMillis, long baseTimeMillis) {
    log.outputIntervalHistogram((startMillis - baseTimeMillis) / 1000.0, (endMillis - baseTimeMillis) / 1000.0,
        interval, unit.perMicrosecond() * 1000.0);
  }

  /**
   * @param parts histograms to add; may be empty
   * @return a new histogram holding every value of every part, with the first part's precision (3
   *     significant digits when there is none); it resizes itself to any value
   */
  public static Histogram sum(List<Histogram> parts) {
    int digits = parts.isEmpty() ? 3 : parts.get(0).getNumberOfSignificantValueDigits();
    Histogram total = new Histogram(digits);
    for (Histogram h : parts) {
      total.add(h);
    }
    return total;
  }

  private Writer open(String name) {
    Path file = directory.resolve(ResultFiles.fileName(name) + ".hlog");
    try {
      AtomicFile atomic = AtomicFile.create(file);
      PrintStream stream = new PrintStream(atomic.stream(), false, "UTF-8");
      HistogramLogWriter log = startLog(stream, name, LatencyUnit.RECORDED, baseTimeMillis);
      Writer w = new Writer(atomic, stream, log, file);
      writers.put(name, w);
      return w;
    } catch (IOException e) {
      errors.add(e.getMessage());
      writers.put(name, null);
      return null;
    }
  }

  /** @return measurement name to its log file, for the logs opened so far */
  public Map<String, Path> files() {
    Map<String, Path> out = new LinkedHashMap<>();
    writers.forEach((name, w) -> {
      if (w != null) {
        out.put(name, w.file());
      }
    });
    return out;
  }

  /**
   * Reads back every interval of a log this class wrote (or any log of integer HdrHistograms), and its unit.
   *
   * @param log the {@code .hlog} file
   * @return its intervals in log order, with their start and end timestamps, and the unit its header names
   *     (microseconds when it names none); no intervals for a log without any
   * @throws java.io.FileNotFoundException if the file does not exist
   * @throws IOException if it cannot be read or parsed, its header names an unknown unit, or an interval is not an
   *     integer {@link Histogram}, with a one-line message
   */
  public static LatencyLog read(Path log) throws IOException {
    LatencyUnit unit = unit(log);
    List<Histogram> out = new ArrayList<>();
    HistogramLogReader reader = new HistogramLogReader(log.toFile());
    try {
      for (EncodableHistogram h = reader.nextIntervalHistogram(); h != null; h = reader.nextIntervalHistogram()) {
        if (!(h instanceof Histogram histogram)) {
          throw new IOException("expected integer HdrHistogram intervals, got " + h.getClass().getSimpleName());
        }
        out.add(histogram);
      }
    } catch (RuntimeException e) {
      throw new IOException(e.getMessage(), e);
    } finally {
      reader.close();
    }
    return new LatencyLog(unit, out);
  }

  /** @return the unit named by the log's {@code #[Values in <unit>; ...]} comment, else microseconds */
  private static LatencyUnit unit(Path log) throws IOException {
    try (BufferedReader in = Files.newBufferedReader(log, StandardCharsets.UTF_8)) {
      String line;
      for (int i = 0; i < HEADER_LINES && (line = in.readLine()) != null && line.startsWith("#"); i++) {
        Matcher m = UNIT_COMMENT.matcher(line);
        if (m.find()) {
          LatencyUnit unit = LatencyUnit.ofLabel(m.group(1));
          if (unit == null) {
            throw new IOException("unit must be nanoseconds or microseconds, got '" + m.group(1) + "'");
          }
          return unit;
        }
      }
    }
    return LatencyUnit.MICROSECONDS;
  }

  /** @return one line per file that could not be written */
  public List<String> errors() {
    return List.copyOf(errors);
  }

  /** Commits every log ({@link AtomicFile}); a log that cannot be written adds a line to {@link #errors()}. */
  @Override
  public void close() {
    for (Writer w : writers.values()) {
      if (w != null) {
        w.stream().flush();
        try (AtomicFile atomic = w.atomic()) {
          atomic.commit();
        } catch (IOException e) {
          errors.add(e.getMessage());
        }
      }
    }
  }
}
