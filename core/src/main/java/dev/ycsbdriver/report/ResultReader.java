package dev.ycsbdriver.report;

import dev.ycsbdriver.config.ConfigException;
import dev.ycsbdriver.config.Phase;
import dev.ycsbdriver.config.RunConfig;
import dev.ycsbdriver.measure.Operation;
import dev.ycsbdriver.measure.StatusCounts;
import dev.ycsbdriver.result.ResultFiles;
import dev.ycsbdriver.result.ResultJson;
import dev.ycsbdriver.result.RunChecks;
import dev.ycsbdriver.result.model.CpuSection;
import dev.ycsbdriver.result.model.CrashResultDocument;
import dev.ycsbdriver.result.model.Latency;
import dev.ycsbdriver.result.model.MachineSection;
import dev.ycsbdriver.result.model.OperationFigures;
import dev.ycsbdriver.result.model.ResultDocument;
import dev.ycsbdriver.result.model.RunFigures;
import dev.ycsbdriver.result.model.RunIdentity;
import dev.ycsbdriver.result.model.RunSections;
import dev.ycsbdriver.result.model.TimePoint;
import dev.ycsbdriver.result.model.Warning;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * Reads result JSON files, never console text: each argument is a {@code result.json} or a directory
 * searched for them at any depth. Load phases are skipped; reports compare runs. Crash test results
 * ({@code phase: crashtest}) are read apart, as entries per store and profile, never as workload cells. A result
 * written without {@code checks} gets the warnings of the checks its figures allow ({@link RunChecks#ofDocument}).
 *
 * <p>Stateless and thread-safe.
 */
public final class ResultReader {
  private static final String RUN_PHASE = Phase.RUN.label();
  private static final CpuSection EMPTY_CPU = new CpuSection(null, null, null, null, null, null, null, null, null, null);

  private ResultReader() {
  }

  /**
   * What the inputs held.
   *
   * @param runs the run results, in path order; never empty
   * @param crashes the crash test results, in path order; may be empty
   */
  public record Results(List<RunResult> runs, List<CrashResult> crashes) {
    /** Copies the lists. */
    public Results {
      runs = List.copyOf(runs);
      crashes = List.copyOf(crashes);
    }
  }

  /**
   * @param inputs result files and directories
   * @return the run and crash test results
   * @throws ConfigException for a missing input, a file that is not a result JSON, an unknown schema
   *     version, or when no run result is found
   */
  public static Results read(List<Path> inputs) throws ConfigException {
    return read(inputs, warning -> { });
  }

  /**
   * Like {@link #read(List)}; a file given twice (by two paths, or in a directory and by itself) and a copy of a run
   * already read ({@link dev.ycsbdriver.result.model.ResultDocument#runIdentity()}: same phase, binding, store, start and end time and host) are
   * read once, each with a warning.
   *
   * @param inputs result files and directories
   * @param warnings receives one line per result left out
   * @return the run and crash test results, each run once
   * @throws ConfigException as {@link #read(List)} does
   */
  public static Results read(List<Path> inputs, Consumer<String> warnings) throws ConfigException {
    List<Path> files = new ArrayList<>();
    for (Path input : inputs) {
      if (Files.isDirectory(input)) {
        try (Stream<Path> walk = Files.walk(input)) {
          walk.filter(p -> p.getFileName().toString().equals(ResultFiles.RESULT_FILE)).sorted().forEach(files::add);
        } catch (IOException e) {
          throw new ConfigException(input + ": cannot read: " + e.getMessage(), e);
        }
      } else if (Files.isRegularFile(input)) {
        files.add(input);
      } else {
        throw new ConfigException(input + ": no such file or directory");
      }
    }
    List<RunResult> out = new ArrayList<>();
    List<CrashResult> crashes = new ArrayList<>();
    Map<Path, Path> seenFiles = new HashMap<>();
    Map<String, Path> seenRuns = new HashMap<>();
    Map<Path, ResultDocument> documents = new LinkedHashMap<>();
    List<Path> crashDirectories = new ArrayList<>();
    for (Path f : files) {
      Path first = seenFiles.putIfAbsent(ResultFiles.realPath(f), f);
      if (first != null) {
        warnings.accept(f + ": the same file as " + first + "; read once");
        continue;
      }
      ResultDocument n = ResultJson.readDocument(f);
      String identity = n.runIdentity();
      Path copyOf = identity == null ? null : seenRuns.putIfAbsent(identity, f);
      if (copyOf != null) {
        warnings.accept(f + ": a copy of the run of " + copyOf + " (" + n.runLabel() + "); counted once");
        continue;
      }
      documents.put(f, n);
      if (CrashResultDocument.PHASE.equals(n.identity().phase())) {
        crashes.add(CrashResults.read(f, n));
        crashDirectories.add(f.toAbsolutePath().normalize().getParent());
      }
    }
    for (Map.Entry<Path, ResultDocument> d : documents.entrySet()) {
      Path f = d.getKey();
      Path dir = f.toAbsolutePath().normalize().getParent();
      // a crash test's writers (round-<n>/.../result.json) ran into a crash: their figures are not a benchmark's
      if (crashDirectories.stream().anyMatch(c -> dir.startsWith(c) && !dir.equals(c))) {
        continue;
      }
      RunResult r = run(f, d.getValue());
      if (r != null) {
        out.add(r);
      }
    }
    if (out.isEmpty()) {
      throw new ConfigException("report: no run results in " + inputs + " (" + files.size()
          + " result files, all of load phases, crash tests or none); give result.json files or directories "
          + "holding them");
    }
    return new Results(out, crashes);
  }

  /** @return the run, or null for a load phase or a crash test */
  static RunResult readOne(Path file) throws ConfigException {
    return run(file, ResultJson.readDocument(file));
  }

  private static RunResult run(Path file, ResultDocument n) throws ConfigException {
    if (!RUN_PHASE.equals(n.identity().phase())) {
      return null;
    }
    RunSections sections = n.sections();
    List<RunResult.OperationFigures> ops = new ArrayList<>();
    for (OperationFigures op : list(sections.operations())) {
      if (op.name().equals(Operation.CLEANUP.ycsbName()) || op.operations() == 0) {
        continue;
      }
      long failures = 0;
      for (Map.Entry<String, Long> e : op.statusCounts().entrySet()) {
        failures += StatusCounts.isOk(e.getKey()) ? 0 : e.getValue();
      }
      Latency st = op.serviceTime();
      boolean batched = op.statusCounts().getOrDefault(site.ycsb.Status.BATCHED_OK.getName(), 0L) > 0;
      ops.add(new RunResult.OperationFigures(op.name(), op.operations(), failures, st.meanMicros(), st.p95Micros(),
          st.p99Micros(), st.p999Micros(), st.percentilePoints(), st.maxMicros(), batched,
          batched ? batchSize(n) : null));
    }
    Map<String, Path> logs = new LinkedHashMap<>();
    if (sections.histogramLogs() != null) {
      for (Map.Entry<String, String> log : sections.histogramLogs().entrySet()) {
        logs.put(log.getKey(), ResultFiles.histogramLog(file, log.getKey(), log.getValue()));
      }
    }
    List<Warning> warnings = new ArrayList<>(list(sections.warnings()));
    if (sections.checks() == null) {
      // written before runs checked themselves: the checks its figures allow, once (a result with checks has
      // the failed ones among its warnings already)
      warnings.addAll(RunChecks.warnings(RunChecks.ofDocument(n)));
    }
    return figures(file, n, ops, logs, warnings);
  }

  private static RunResult figures(Path file, ResultDocument n, List<RunResult.OperationFigures> ops,
                                   Map<String, Path> logs, List<Warning> warnings) {
    RunIdentity id = n.identity();
    RunFigures f = n.figures();
    CpuSection cpu = n.sections().cpu() == null ? EMPTY_CPU : n.sections().cpu();
    CpuSection.CpuFigure none = CpuSection.CpuFigure.unavailable(null);
    CpuSection.CpuFigure server = cpu.server() == null ? none : cpu.server();
    String workload = id.workloadName() != null ? id.workloadName()
        : String.valueOf(id.workload()).replaceFirst(".*\\.", "");
    return new RunResult(file, ResultFields.storeName(n), id.binding(), ResultFields.blankToNull(n.plan().profile()),
        workload,
        id.threads() == null ? 0 : id.threads(), f.outcome() == null ? "ok" : f.outcome().status(),
        zero(f.throughputOpsPerSec()), okThroughput(n), ops, server.averagePercent(), server.peakPercent(),
        (cpu.driver() == null ? none : cpu.driver()).averagePercent(),
        (cpu.machine() == null ? none : cpu.machine()).averagePercent(), cpu.opsPerServerCpuPercent(),
        ResultFields.blankToNull(cpu.serverSource()), ResultFields.product(n), ResultFields.settings(n, file),
        machine(n.sections().machine()), logs, warnings, n.sections().config() == null ? null
            : ResultFields.blankToNull(n.sections().config().get(RunConfig.DURABILITY_CLAIM.key())),
        timeSeries(n), n.sections().calibration());
  }

  private static String machine(MachineSection m) {
    MachineSection s = m == null ? new MachineSection(null, null, null, null, null, null, null, null) : m;
    return or(s.cpuModel()) + ", " + or(s.physicalCores()) + " cores / " + or(s.logicalCores()) + " threads, "
        + Math.round((s.memoryBytes() == null ? 0.0 : s.memoryBytes()) / (1L << 30)) + " GiB, " + or(s.os())
        + ", Java " + or(s.javaVersion());
  }

  private static String or(Object value) {
    return value == null ? "?" : value.toString();
  }

  /** @return the run's {@code timeSeries}, empty when the result has none */
  private static List<RunResult.TimePoint> timeSeries(ResultDocument n) {
    List<RunResult.TimePoint> points = new ArrayList<>();
    for (TimePoint p : list(n.sections().timeSeries())) {
      points.add(new RunResult.TimePoint(p.elapsedMillis(), p.intervalMillis(), p.opsPerSec(), p.serverCpuPercent(),
          p.driverCpuPercent()));
    }
    return points;
  }

  /** @return the run's {@code <binding>.batchsize}, or null when it has none or it is not a whole number */
  private static Integer batchSize(ResultDocument n) {
    Map<String, String> config = n.sections().config();
    String value = config == null ? null : config.get(n.identity().binding() + ".batchsize");
    try {
      return value == null ? null : Integer.valueOf(value.trim());
    } catch (NumberFormatException e) {
      return null;
    }
  }

  /**
   * The result's {@code throughputOkOpsPerSec}; in results written before it existed, throughput times
   * the share of OK calls in the status counts, as {@code RunReport.okOperations} defines it.
   */
  private static double okThroughput(ResultDocument n) {
    if (n.figures().throughputOkOpsPerSec() != null) {
      return n.figures().throughputOkOpsPerSec();
    }
    long calls = 0;
    long ok = 0;
    for (OperationFigures op : list(n.sections().operations())) {
      if (op.name().equals(Operation.CLEANUP.ycsbName())) {
        continue;
      }
      for (Map.Entry<String, Long> e : op.statusCounts().entrySet()) {
        calls += e.getValue();
        ok += StatusCounts.isOk(e.getKey()) ? e.getValue() : 0;
      }
    }
    double throughput = zero(n.figures().throughputOpsPerSec());
    return calls == 0 ? throughput : throughput * ok / calls;
  }

  static <T> List<T> list(List<T> values) {
    return values == null ? List.of() : values;
  }


  private static double zero(Double value) {
    return value == null ? 0.0 : value;
  }
}
