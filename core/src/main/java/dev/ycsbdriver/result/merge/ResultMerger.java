package dev.ycsbdriver.result.merge;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ycsbdriver.config.ClientPartition;
import dev.ycsbdriver.config.ConfigException;
import dev.ycsbdriver.config.Phase;
import dev.ycsbdriver.config.RunConfig;
import dev.ycsbdriver.measure.ChannelTotals;
import dev.ycsbdriver.measure.LatencyUnit;
import dev.ycsbdriver.result.LatencyLog;
import dev.ycsbdriver.result.Outcome;
import dev.ycsbdriver.result.ResultFiles;
import dev.ycsbdriver.result.ResultJson;
import dev.ycsbdriver.result.model.CpuSection;
import dev.ycsbdriver.result.model.Merged;
import dev.ycsbdriver.result.model.OperationFigures;
import dev.ycsbdriver.result.model.ResultDocument;
import dev.ycsbdriver.result.model.RunFigures;
import dev.ycsbdriver.result.model.RunPlan;
import dev.ycsbdriver.result.model.RunSections;
import dev.ycsbdriver.result.model.Warning;
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
 * (the typed {@link ResultDocument}, with {@code merged}), one merged {@code .hlog} per measurement, and a YCSB-style
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

  private static final String CLEANUP = dev.ycsbdriver.measure.Operation.CLEANUP.ycsbName();
  private static final String OK = outcome(Outcome.Status.OK);
  private static final String FAILED = outcome(Outcome.Status.FAILED);
  private static final String INTERRUPTED = outcome(Outcome.Status.INTERRUPTED);

  private ResultMerger() {
  }

  /**
   * @param inputs run directories or their {@code result.json}, at least one
   * @param output the merged result directory; created, and files in it overwritten
   * @return the merged document as written
   * @throws ConfigException for an unreadable input, inputs of different binding, workload or phase, or one run
   *     given twice (the same file, or a copy: {@link dev.ycsbdriver.result.model.ResultDocument#runIdentity()})
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
    long windowOps = window.operations(sources);
    double throughput = window.millis() <= 0 ? 0.0 : 1000.0 * windowOps / window.millis();
    List<OperationFigures> operations = MergedOperations.of(sources, totals, unit, warnings);
    StringBuilder rule = new StringBuilder();
    CpuSection cpu = ServerCpu.merge(sources, throughput, rule);
    ResultDocument first = sources.get(0).document();
    int threads = 0;
    for (MergeSource s : sources) {
      threads += (int) orZero(s.document().identity().threads()); // from an Integer: no loss
    }
    ResultDocument merged = new ResultDocument(first.identity().merged(threads), plan(sources),
        figures(sources, window, throughput), sections(sources, operations, totals, cpu, warnings),
        new Merged(sources.size(), sources.stream().map(s -> s.file().toAbsolutePath().normalize().toString())
            .toList(), windowOps, driverCpu(sources), rule.toString()), null);
    ResultJson.write(merged, output.resolve(ResultFiles.RESULT_FILE));
    MergedSummary.write(merged, totals, unit, output.resolve(SUMMARY_FILE));
    return ResultJson.tree(merged);
  }

  private static RunPlan plan(List<MergeSource> sources) {
    long target = 0;
    long targetOps = 0;
    Map<String, Long> warmup = new LinkedHashMap<>();
    for (MergeSource s : sources) {
      RunPlan p = s.document().plan();
      target += orZero(p.targetOpsPerSec());
      targetOps += orZero(p.operationCountTarget());
      if (p.warmupOperations() != null) {
        p.warmupOperations().forEach((name, n) -> warmup.merge(name, n, Long::sum));
      }
    }
    return sources.get(0).document().plan().merged(target, targetOps, warmup);
  }

  private static RunFigures figures(List<MergeSource> sources, Window window, double throughput) {
    long operations = 0;
    for (MergeSource s : sources) {
      operations += orZero(s.document().figures().operationsTotal());
    }
    MergedErrors errors = MergedErrors.of(sources, throughput);
    return new RunFigures(window.start().toString(), window.end().toString(), window.millis(), operations,
        throughput, errors.operationsOk(), errors.throughputOkOpsPerSec(), errors.errors(),
        errors.connectionOutages(), outcome(sources));
  }

  private static RunSections sections(List<MergeSource> sources, List<OperationFigures> operations,
                                      Map<String, Histogram> totals, CpuSection cpu, List<String> mergeWarnings) {
    RunSections first = sources.get(0).document().sections();
    Map<String, String> logs = new LinkedHashMap<>();
    totals.keySet().forEach(name -> logs.put(name, ResultFiles.fileName(name) + ".hlog"));
    List<Warning> warnings = new ArrayList<>();
    mergeWarnings.forEach(w -> warnings.add(Warning.other(w)));
    for (MergeSource s : sources) {
      List<Warning> own = s.document().sections().warnings();
      // each client's warning keeps its code: a report classifies the merged run as it would the client's
      (own == null ? List.<Warning>of() : own).forEach(w -> warnings.add(w.prefixed(s.name() + ": ")));
    }
    return new RunSections(first.server(), first.machine(), null, cpu, operations, List.of(), List.of(), logs,
        mergeConfig(sources), first.checks(), warnings);
  }

  private static List<Merged.DriverCpu> driverCpu(List<MergeSource> sources) {
    List<Merged.DriverCpu> out = new ArrayList<>();
    for (MergeSource s : sources) {
      CpuSection cpu = s.document().sections().cpu();
      CpuSection.CpuFigure d = cpu == null || cpu.driver() == null ? CpuSection.CpuFigure.unavailable(null)
          : cpu.driver();
      out.add(new Merged.DriverCpu(s.name(), d.averagePercent(), d.peakPercent(), d.unavailableReason()));
    }
    return out;
  }

  /** @return a configuration value as a number, 0 when it is not one (as Jackson's {@code asLong}) */
  private static long asLong(String value) {
    try {
      return Long.parseLong(value.trim());
    } catch (NumberFormatException e) {
      return 0;
    }
  }

  private static long orZero(Number n) {
    return n == null ? 0 : n.longValue();
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
      String run = s.document().runIdentity();
      Path file = ResultFiles.realPath(s.file());
      Path before = seen.putIfAbsent(file, s.file());
      if (before == null && run != null) {
        before = seen.putIfAbsent(run, s.file());
      }
      if (before != null) {
        throw new ConfigException("report merge: each client's result must be given once, got " + s.file()
            + (file.equals(ResultFiles.realPath(before)) ? " twice"
            : ", a copy of " + before + " (" + s.document().runLabel() + ")"));
      }
    }
  }

  /**
   * The first client's configuration, without {@code client.index}, and for a load the range of all
   * clients: {@code insertstart} the smallest, {@code insertcount} the sum.
   */
  private static Map<String, String> mergeConfig(List<MergeSource> sources) {
    Map<String, String> first = sources.get(0).document().sections().config();
    Map<String, String> config = first == null ? new LinkedHashMap<>() : new LinkedHashMap<>(first);
    config.remove(ClientPartition.INDEX.key());
    if (!Phase.LOAD.label().equals(sources.get(0).document().identity().phase())) {
      return config;
    }
    long start = Long.MAX_VALUE;
    long count = 0;
    for (MergeSource s : sources) {
      Map<String, String> c = s.document().sections().config();
      String insertStart = c == null ? null : c.get(RunConfig.INSERT_START.key());
      String insertCount = c == null ? null : c.get(RunConfig.INSERT_COUNT.key());
      if (insertStart == null || insertCount == null) {
        config.remove(RunConfig.INSERT_START.key());
        config.remove(RunConfig.INSERT_COUNT.key());
        return config;
      }
      start = Math.min(start, asLong(insertStart));
      count += asLong(insertCount);
    }
    config.put(RunConfig.INSERT_START.key(), Long.toString(start));
    config.put(RunConfig.INSERT_COUNT.key(), Long.toString(count));
    return config;
  }

  private static String outcome(Outcome.Status status) {
    return status.name().toLowerCase(java.util.Locale.ROOT);
  }

  private static RunFigures.Outcome outcome(List<MergeSource> sources) {
    String status = OK;
    int exitCode = 0;
    List<String> errors = new ArrayList<>();
    for (MergeSource s : sources) {
      RunFigures.Outcome o = s.document().figures().outcome();
      String st = o == null || o.status() == null ? OK : o.status();
      if (st.equals(FAILED)
          || (st.equals(INTERRUPTED) && status.equals(OK))) {
        status = st;
      }
      exitCode = Math.max(exitCode, o == null ? 0 : o.exitCode());
      (o == null || o.errors() == null ? List.<String>of() : o.errors()).forEach(e -> errors.add(s.name() + ": " + e));
    }
    return new RunFigures.Outcome(status, exitCode, errors);
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
          if (e.getKey().startsWith(ChannelTotals.INTENDED_PREFIX) || e.getKey().startsWith(CLEANUP)) {
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
