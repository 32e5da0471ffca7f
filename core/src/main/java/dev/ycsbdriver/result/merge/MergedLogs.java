package dev.ycsbdriver.result.merge;

import dev.ycsbdriver.measure.LatencyUnit;
import dev.ycsbdriver.result.AtomicFile;
import dev.ycsbdriver.result.HistogramLogs;
import dev.ycsbdriver.result.ResultFiles;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * Writes the merged {@code <name>.hlog} files of a merged result. The clients' intervals do not line up
 * in time, so each is put whole into the time slot of the merged log that holds its midpoint; a slot is
 * as long as the clients' median interval, counted from the log's start time (the merged window's
 * start; intervals before it get negative timestamps). Each slot's histogram is the
 * {@code Histogram.add} of its intervals, so the sum of a merged log equals the sum of every interval of
 * every client. Values are in the merge's unit (see {@link ResultMerger#unit}), named in the header,
 * {@code Interval_Max} milliseconds, as in a run's own logs.
 *
 * <p>Stateless and thread-safe.
 */
final class MergedLogs {
  private MergedLogs() {
  }

  /**
   * @param sources the clients
   * @param unit the unit to write in, the finest of the clients' logs
   * @param directory where the logs go
   * @param base the merged log's start time
   * @return measurement name to the sum of all its intervals of all clients, in {@code unit}, in first-seen order
   * @throws IOException if a log cannot be written
   */
  static Map<String, Histogram> write(List<MergeSource> sources, LatencyUnit unit, Path directory, Instant base)
      throws IOException {
    Map<String, List<Histogram>> byName = ResultMerger.byName(sources, unit);
    long slotMillis = medianLengthMillis(byName);
    long baseMillis = base.toEpochMilli();
    Map<String, Histogram> totals = new LinkedHashMap<>();
    for (Map.Entry<String, List<Histogram>> e : byName.entrySet()) {
      TreeMap<Long, List<Histogram>> slots = new TreeMap<>();
      for (Histogram h : e.getValue()) {
        long mid = (h.getStartTimeStamp() + h.getEndTimeStamp()) / 2;
        slots.computeIfAbsent(Math.floorDiv(mid - baseMillis, slotMillis), k -> new ArrayList<>()).add(h);
      }
      Path file = directory.resolve(ResultFiles.fileName(e.getKey()) + ".hlog");
      AtomicFile.write(file, stream -> {
        PrintStream out = new PrintStream(stream, false, StandardCharsets.UTF_8);
        HistogramLogWriter log = HistogramLogs.startLog(out,
            e.getKey() + ", merged from " + sources.size() + " clients", unit, baseMillis);
        for (List<Histogram> slot : slots.values()) {
          long start = slot.stream().mapToLong(Histogram::getStartTimeStamp).min().orElseThrow();
          long end = slot.stream().mapToLong(Histogram::getEndTimeStamp).max().orElseThrow();
          HistogramLogs.writeInterval(log, HistogramLogs.sum(slot), unit, start, end, baseMillis);
        }
        out.flush();
      });
      totals.put(e.getKey(), HistogramLogs.sum(e.getValue()));
    }
    return totals;
  }

  private static long medianLengthMillis(Map<String, List<Histogram>> byName) {
    List<Long> lengths = new ArrayList<>();
    byName.values().forEach(list -> list.forEach(h -> lengths.add(h.getEndTimeStamp() - h.getStartTimeStamp())));
    if (lengths.isEmpty()) {
      return 1000;
    }
    lengths.sort(null);
    return Math.max(1, lengths.get(lengths.size() / 2));
  }
}
