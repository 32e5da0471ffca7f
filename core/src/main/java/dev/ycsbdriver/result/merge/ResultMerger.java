package dev.ycsbdriver.result.merge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ycsbdriver.config.ConfigException;
import dev.ycsbdriver.cpu.CpuSummary;
import dev.ycsbdriver.measure.ChannelTotals;
import dev.ycsbdriver.measure.LatencyUnit;
import dev.ycsbdriver.result.LatencyLog;
import dev.ycsbdriver.result.ResultFiles;
import dev.ycsbdriver.result.ResultJson;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * Merges the results of several driver processes ({@code client.index} of {@code client.count}) that ran
 * the same binding, workload and phase at the same time into one result directory: {@code result.json}
 * (schema version 1, with {@code merged}), one merged {@code .hlog} per measurement, and a YCSB-style
 * {@code summary.txt}.
 *
 * <p>Rules:
 * <ul>
 *   <li>Operations and per-status counts are summed ({@code operationsTotal}, each operation's
 *       {@code operations} and {@code statusCounts}).</li>
 *   <li>Latency (service time and intended latency, successes and each failure channel) comes from one
 *       HdrHistogram per measurement, the {@code Histogram.add} of every interval of every client's
 *       {@code .hlog}; percentiles are read from that sum and never averaged.</li>
 *   <li>The window is common to all clients: from the latest {@code startTime} to the earliest
 *       {@code endTime}; it is the merged {@code startTime}, {@code endTime} and {@code runtimeMillis}.
 *       Throughput is the operations inside the window divided by its length: each interval of each
 *       client's logs (every measurement except {@code Intended-} and {@code CLEANUP}), first cut to
 *       that client's own run, counts with the fraction of its length that lies in the window, as if its
 *       operations were spread evenly over it. When the runs do not overlap at all (clients run one after another) the window is from the
 *       earliest start to the latest end instead, and a warning says so.</li>
 *   <li>Configuration: the first client's, without {@code client.index}; for a load, {@code insertstart}
 *       is the smallest of the clients' and {@code insertcount} their sum. {@code threads},
 *       {@code targetOpsPerSec}, {@code operationCountTarget} and {@code warmupOperations} are summed;
 *       {@code timeSeries} and {@code gc} are left empty (they are per client).</li>
 *   <li>Errors ({@link MergedErrors}): OK operations and error counts summed, outages of every client
 *       listed; the OK throughput is the merged throughput times the clients' share of OK operations.</li>
 *   <li>Driver CPU is kept per client ({@code merged.driverCpu}); {@code cpu.driver} and
 *       {@code cpu.machine} are unavailable, since the clients may run on different machines.</li>
 *   <li>Server CPU: each client samples the whole server, not its share of it, so the figures are not
 *       added. When every client reports the same server (same product, version, host and CPU source,
 *       pid counts aside), the merged average is the largest of the clients' averages and the peak the
 *       largest peak, the most conservative of N readings of one quantity; otherwise it is unavailable.
 *       {@code merged.serverCpuRule} says which applied.</li>
 * </ul>
 *
 * <p>Stateless and thread-safe.
 */
public final class ResultMerger {
  /** Name of the YCSB-style text summary in a merged result directory. */
  public static final String SUMMARY_FILE = "summary.txt";

  private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private ResultMerger() {
  }

  /**
   * @param inputs run directories or their {@code result.json}, at least one
   * @param output the merged result directory; created, and files in it overwritten
   * @return the merged document as written
   * @throws ConfigException for an unreadable input, inputs of different binding, workload or phase, or one run
   *     given twice (the same file, or a copy: {@link ResultJson#runIdentity})
   * @throws IOException if the output cannot be written
   */
  public static ObjectNode merge(List<Path> inputs, Path output) throws ConfigException, IOException {
    if (inputs.isEmpty()) {
      throw new ConfigException("report merge: expected at least one result directory, got none");
    }
    List<MergeSource> sources = new ArrayList<>();
    for (Path input : inputs) {
      sources.add(MergeSource.read(input));
    }
    checkSameRun(sources);
    Files.createDirectories(output);
    List<String> warnings = new ArrayList<>();
    Window window = Window.of(sources, warnings);
    LatencyUnit unit = unit(sources);
    Map<String, Histogram> totals = MergedLogs.write(sources, unit, output, window.start());

    MergeSource first = sources.get(0);
    ObjectNode root = first.json().deepCopy();
    root.remove("client");
    long operations = 0;
    int threads = 0;
    long target = 0;
    long targetOps = 0;
    for (MergeSource s : sources) {
      operations += s.json().path("operationsTotal").asLong();
      threads += s.json().path("threads").asInt();
      target += s.json().path("targetOpsPerSec").asLong();
      targetOps += s.json().path("operationCountTarget").asLong();
    }
    long windowOps = window.operations(sources);
    long windowMillis = window.millis();
    double throughput = windowMillis <= 0 ? 0.0 : 1000.0 * windowOps / windowMillis;
    root.put("threads", threads);
    root.put("targetOpsPerSec", target);
    root.put("operationCountTarget", targetOps);
    root.put("startTime", window.start().toString());
    root.put("endTime", window.end().toString());
    root.put("runtimeMillis", windowMillis);
    root.put("operationsTotal", operations);
    root.put("throughputOpsPerSec", throughput);
    MergedErrors.write(root, sources, throughput);
    outcome(root.putObject("outcome"), sources);
    MergedOperations.write(root.putArray("operations"), sources, totals, unit, warnings);
    root.putArray("timeSeries");
    root.putArray("gc");
    ObjectNode logs = root.putObject("histogramLogs");
    totals.keySet().forEach(name -> logs.put(name, name + ".hlog"));
    mergeConfig((ObjectNode) root.path("config"), sources);
    ObjectNode warmup = root.putObject("warmupOperations");
    sources.forEach(src -> src.json().path("warmupOperations").fields()
        .forEachRemaining(e -> warmup.put(e.getKey(), warmup.path(e.getKey()).asLong() + e.getValue().asLong())));

    ObjectNode merged = root.putObject("merged");
    merged.put("clients", sources.size());
    ArrayNode names = merged.putArray("sources");
    sources.forEach(s -> names.add(s.file().toAbsolutePath().normalize().toString()));
    merged.put("windowOperations", windowOps);
    ArrayNode driverCpu = merged.putArray("driverCpu");
    for (MergeSource s : sources) {
      JsonNode d = s.json().path("cpu").path("driver");
      ObjectNode entry = driverCpu.addObject().put("source", s.name());
      for (String field : new String[] {"averagePercent", "peakPercent", "unavailableReason"}) {
        entry.set(field, d.hasNonNull(field) ? d.get(field) : entry.nullNode());
      }
    }
    merged.put("serverCpuRule", ServerCpu.merge((ObjectNode) root.path("cpu"), sources, throughput));
    // every client's driver CPU over every operation: the clients' CPU percentages add up
    Double driverPercent = 0.0;
    for (MergeSource s : sources) {
      JsonNode d = s.json().path("cpu").path("driver").path("averagePercent");
      driverPercent = d.isNumber() && driverPercent != null ? driverPercent + d.asDouble() : null;
    }
    ObjectNode mergedCpu = (ObjectNode) root.path("cpu");
    JsonNode server = mergedCpu.path("server").path("averagePercent");
    mergedCpu.put("driverCpuMicrosPerOperation", CpuSummary.microsPerOperation(driverPercent, throughput));
    mergedCpu.put("serverCpuMicrosPerOperation",
        CpuSummary.microsPerOperation(server.isNumber() ? server.asDouble() : null, throughput));

    ArrayNode allWarnings = root.putArray("warnings");
    warnings.forEach(allWarnings::add);
    for (MergeSource s : sources) {
      s.json().path("warnings").forEach(w -> allWarnings.add(s.name() + ": " + w.asText()));
    }
    MAPPER.writeValue(output.resolve(ResultFiles.RESULT_FILE).toFile(), root);
    MergedSummary.write(root, totals, unit, output.resolve(SUMMARY_FILE));
    return root;
  }

  private static void checkSameRun(List<MergeSource> sources) throws ConfigException {
    MergeSource first = sources.get(0);
    for (MergeSource s : sources) {
      if (!s.identity().equals(first.identity())) {
        throw new ConfigException("report merge: inputs must share binding/workload/phase, got "
            + first.identity() + " in " + first.file() + " and " + s.identity() + " in " + s.file());
      }
    }
    // the same run twice would add its operations, threads and throughput to themselves
    Map<Object, Path> seen = new java.util.HashMap<>();
    for (MergeSource s : sources) {
      String run = ResultJson.runIdentity(s.json());
      Path file = ResultFiles.realPath(s.file());
      Path before = seen.putIfAbsent(file, s.file());
      if (before == null && run != null) {
        before = seen.putIfAbsent(run, s.file());
      }
      if (before != null) {
        throw new ConfigException("report merge: each client's result must be given once, got " + s.file()
            + (file.equals(ResultFiles.realPath(before)) ? " twice"
            : ", a copy of " + before + " (" + ResultJson.runLabel(s.json()) + ")"));
      }
    }
  }

  /**
   * The first client's configuration, without {@code client.index}, and for a load the range of all
   * clients: {@code insertstart} the smallest, {@code insertcount} the sum.
   */
  private static void mergeConfig(ObjectNode config, List<MergeSource> sources) {
    config.remove("client.index");
    if (!"load".equals(sources.get(0).json().path("phase").asText())) {
      return;
    }
    long start = Long.MAX_VALUE;
    long count = 0;
    for (MergeSource s : sources) {
      JsonNode c = s.json().path("config");
      if (!c.has("insertstart") || !c.has("insertcount")) {
        config.remove("insertstart");
        config.remove("insertcount");
        return;
      }
      start = Math.min(start, c.path("insertstart").asLong());
      count += c.path("insertcount").asLong();
    }
    config.put("insertstart", Long.toString(start));
    config.put("insertcount", Long.toString(count));
  }

  private static void outcome(ObjectNode node, List<MergeSource> sources) {
    String status = "ok";
    int exitCode = 0;
    ArrayNode errors = node.putArray("errors");
    for (MergeSource s : sources) {
      JsonNode o = s.json().path("outcome");
      String st = o.path("status").asText("ok");
      if (st.equals("failed") || (st.equals("interrupted") && status.equals("ok"))) {
        status = st;
      }
      exitCode = Math.max(exitCode, o.path("exitCode").asInt());
      o.path("errors").forEach(e -> errors.add(s.name() + ": " + e.asText()));
    }
    node.put("status", status);
    node.put("exitCode", exitCode);
    node.set("errors", node.remove("errors"));
  }

  /** The common window of all clients, see the class documentation. */
  record Window(Instant start, Instant end) {
    static Window of(List<MergeSource> sources, List<String> warnings) {
      Instant latestStart = Instant.MIN;
      Instant earliestEnd = Instant.MAX;
      Instant earliestStart = Instant.MAX;
      Instant latestEnd = Instant.MIN;
      for (MergeSource s : sources) {
        latestStart = s.start().isAfter(latestStart) ? s.start() : latestStart;
        earliestStart = s.start().isBefore(earliestStart) ? s.start() : earliestStart;
        earliestEnd = s.end().isBefore(earliestEnd) ? s.end() : earliestEnd;
        latestEnd = s.end().isAfter(latestEnd) ? s.end() : latestEnd;
      }
      if (earliestEnd.isAfter(latestStart)) {
        return new Window(latestStart, earliestEnd);
      }
      warnings.add("merge: the clients' runs do not overlap in time; throughput is over the span from the "
          + "earliest start " + earliestStart + " to the latest end " + latestEnd);
      return new Window(earliestStart, latestEnd);
    }

    long millis() {
      return Duration.between(start, end).toMillis();
    }

    /** @return operations of every status in the window, intervals prorated by their overlap */
    long operations(List<MergeSource> sources) {
      long from = start.toEpochMilli();
      long to = end.toEpochMilli();
      double ops = 0;
      for (MergeSource s : sources) {
        // a run's last interval is harvested after its clock stopped: every operation in it ended inside
        // the run, so each interval is cut to the run's own span before it is prorated
        long runStart = s.start().toEpochMilli();
        long runEnd = s.end().toEpochMilli();
        for (Map.Entry<String, LatencyLog> e : s.logs().entrySet()) {
          if (e.getKey().startsWith(ChannelTotals.INTENDED_PREFIX) || e.getKey().startsWith("CLEANUP")) {
            continue;
          }
          for (Histogram h : e.getValue().intervals()) {
            long a = Math.max(h.getStartTimeStamp(), runStart);
            long b = Math.min(h.getEndTimeStamp(), runEnd);
            if (b <= a) {
              ops += a >= from && a <= to ? h.getTotalCount() : 0;
            } else {
              long overlap = Math.max(0, Math.min(b, to) - Math.max(a, from));
              ops += (double) h.getTotalCount() * overlap / (b - a);
            }
          }
        }
      }
      return Math.round(ops);
    }
  }

  /**
   * @param sources the clients
   * @param unit the unit to give every interval in
   * @return measurement name to the intervals of every client, in first-seen order
   */
  static Map<String, List<Histogram>> byName(List<MergeSource> sources, LatencyUnit unit) {
    Map<String, List<Histogram>> out = new LinkedHashMap<>();
    for (MergeSource s : sources) {
      s.logs().forEach((name, log) -> {
        List<Histogram> list = out.computeIfAbsent(name, k -> new ArrayList<>());
        log.intervals().forEach(h -> list.add(log.unit().convert(h, unit)));
      });
    }
    return out;
  }

  /**
   * @param sources the clients
   * @return the unit of the merged logs: the finest unit of any client's log, so that logs of one unit keep their
   *     values exactly ({@link LatencyUnit#finest})
   */
  static LatencyUnit unit(List<MergeSource> sources) {
    List<LatencyUnit> units = new ArrayList<>();
    sources.forEach(s -> s.logs().values().forEach(l -> units.add(l.unit())));
    return LatencyUnit.finest(units);
  }
}
