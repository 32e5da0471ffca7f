package dev.ycsbdriver.result.merge;

import dev.ycsbdriver.config.ConfigException;
import dev.ycsbdriver.result.HistogramLogs;
import dev.ycsbdriver.result.LatencyLog;
import dev.ycsbdriver.result.ResultFiles;
import dev.ycsbdriver.result.ResultJson;
import dev.ycsbdriver.result.model.ResultDocument;
import dev.ycsbdriver.result.model.RunIdentity;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One client's result as {@link ResultMerger} reads it: the result JSON and every interval of its
 * HdrHistogram logs, with absolute start and end timestamps (epoch milliseconds), each log in its own unit.
 *
 * <p>Immutable once read and thread-safe to read; the histograms must not be changed.
 *
 * @param file the {@code result.json}
 * @param document the document
 * @param start the run's {@code startTime}
 * @param end the run's {@code endTime}
 * @param logs measurement name (e.g. {@code READ}, {@code Intended-READ}, {@code READ-FAILED}) to its log:
 *     intervals in log order and their unit; empty when the run wrote no logs
 */
record MergeSource(Path file, ResultDocument document, Instant start, Instant end, Map<String, LatencyLog> logs) {
  /**
   * @param input a run directory or its {@code result.json}
   * @return the result and its interval logs
   * @throws ConfigException if the input or a log it names is missing or unreadable, or is not a result
   *     JSON of schema version 1 or 2
   */
  static MergeSource read(Path input) throws ConfigException {
    Path file = Files.isDirectory(input) ? input.resolve(ResultFiles.RESULT_FILE) : input;
    if (!Files.isRegularFile(file)) {
      throw new ConfigException(file + ": no such result file; give run directories or their result.json");
    }
    ResultDocument n = ResultJson.readDocument(file);
    Instant start;
    Instant end;
    try {
      start = n.figures().start();
      end = n.figures().end();
    } catch (java.time.format.DateTimeParseException | NullPointerException e) {
      throw new ConfigException(file + ": startTime and endTime must be ISO-8601 instants, got '"
          + n.figures().startTime() + "' and '" + n.figures().endTime() + "'", e);
    }
    Map<String, LatencyLog> intervals = new LinkedHashMap<>();
    Map<String, String> logs = n.sections().histogramLogs() == null ? Map.of() : n.sections().histogramLogs();
    for (Map.Entry<String, String> e : logs.entrySet()) {
      intervals.put(e.getKey(), readLog(ResultFiles.histogramLog(file, e.getKey(), e.getValue())));
    }
    return new MergeSource(file, n, start, end, intervals);
  }

  private static LatencyLog readLog(Path log) throws ConfigException {
    try {
      return HistogramLogs.read(log);
    } catch (FileNotFoundException e) {
      throw new ConfigException(log + ": histogram log named in result.json is missing", e);
    } catch (IOException e) {
      throw new ConfigException(log + ": not a readable HdrHistogram log: " + e.getMessage(), e);
    }
  }

  /** @return the source's name for messages and {@code merged.sources}: its run directory's name */
  String name() {
    Path dir = file.toAbsolutePath().getParent();
    return dir == null ? file.toString() : dir.getFileName().toString();
  }

  /** @return binding, workload class, workload name and phase: the fields merged results must share */
  String identity() {
    RunIdentity id = document.identity();
    return id.binding() + "/" + (id.workloadName() == null ? id.workload() : id.workloadName()) + "/" + id.workload()
        + "/" + id.phase();
  }
}
