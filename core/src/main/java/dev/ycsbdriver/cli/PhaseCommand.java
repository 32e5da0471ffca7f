package dev.ycsbdriver.cli;

import dev.ycsbdriver.config.ClientPartition;
import dev.ycsbdriver.config.ConfigException;
import dev.ycsbdriver.config.ConfigLoader;
import dev.ycsbdriver.config.RunConfig;
import dev.ycsbdriver.config.SecretProperties;
import dev.ycsbdriver.config.Settings;
import dev.ycsbdriver.result.AtomicFile;
import dev.ycsbdriver.result.ResultDocuments;
import dev.ycsbdriver.result.ResultFiles;
import dev.ycsbdriver.result.ResultJson;
import dev.ycsbdriver.result.RunReport;
import dev.ycsbdriver.result.ToolVersion;
import dev.ycsbdriver.result.YcsbTextSummary;
import dev.ycsbdriver.result.model.CalibrationSection;
import dev.ycsbdriver.result.model.Warning;
import dev.ycsbdriver.runner.BindingCatalog;
import dev.ycsbdriver.runner.CalibrationConfig;
import dev.ycsbdriver.runner.Calibrations;
import dev.ycsbdriver.runner.DbClassBindingProvider;
import dev.ycsbdriver.runner.Preflight;
import dev.ycsbdriver.runner.RunRequest;
import dev.ycsbdriver.runner.Runner;
import dev.ycsbdriver.runner.StopSignal;
import dev.ycsbdriver.spi.BindingException;
import dev.ycsbdriver.spi.BindingProvider;
import dev.ycsbdriver.config.Phase;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code load} and {@code run}: YCSB's command line ({@code <binding> [-P file]... [-p key=value]...
 * [-threads n] [-target n] [-s] [-l label] [-db class]}). {@code -p} values and flags apply in
 * command-line order over the {@code -P} files, as YCSB applies them.
 *
 * <p>One instance per invocation; not thread-safe.
 */
abstract class PhaseCommand implements Callable<Integer> {
  private final Phase phase;
  private final Cli cli;
  @Mixin
  PropertyOptions options = new PropertyOptions();

  @Parameters(index = "0", arity = "0..1", paramLabel = "<binding>",
      description = "binding name (see 'bindings'); optional with -db")
  String bindingName;

  @Option(names = "-db", paramLabel = "<class>", description = "any site.ycsb.DB class, e.g. site.ycsb.BasicDB")
  String dbClass;

  PhaseCommand(Phase phase, Cli cli) {
    this.phase = phase;
    this.cli = cli;
  }

  @Option(names = "-target", paramLabel = "<ops/s>", description = "target throughput for the whole run (target)")
  void target(String n) {
    options.set(RunConfig.TARGET.key(), n);
  }

  @Override
  public Integer call() throws ConfigException, BindingException, IOException {
    PrintStream err = cli.err();
    BindingProvider provider = provider();
    String name = bindingName != null && dbClass == null ? provider.name()
        : bindingName != null ? bindingName : simpleName(dbClass);
    // secrets from the environment come first, so that a -p of the same key wins, as a later -p does
    Map<String, String> given = SecretProperties.fromEnvironment(System.getenv());
    given.putAll(options.overrides());
    ConfigLoader.Merged merged = ConfigLoader.fromEnvironment().merge(options.propertyFiles(), given, provider.name());
    List<String> warnings = Preflight.check(merged, provider, phase);
    Settings all = merged.settings();
    Settings settings = ClientPartition.from(all).partition(all, phase);
    RunConfig config = RunConfig.from(settings, phase);
    OutputPaths.checkExportFile(config.exportFile());
    Path runDir = OutputPaths.createRunDirectory(config, name, workloadName(config));
    int threads = config.effectiveThreadCount();
    err.println("ycsb-driver " + ToolVersion.get() + ": " + phase.label() + " " + name + ", "
        + threads + " threads" + (threads == 0 ? " (no record to insert)"
            : threads < config.threadCount() ? " (threadcount " + config.threadCount()
            + " lowered to the " + config.operationCount() + " operations)" : "")
        + (config.paced() ? ", target " + config.targetOpsPerSec() + " ops/s" : "")
        + (config.client().multiple() ? ", client " + config.client().index() + " of " + config.client().count()
            + (phase == Phase.LOAD ? " (records from insertstart " + settings.getString(RunConfig.INSERT_START) + ", "
                + settings.getString(RunConfig.INSERT_COUNT) + " records)" : "") : ""));
    for (String w : warnings) {
      err.println("Warning: " + w);
    }
    CalibrationConfig calibration = CalibrationConfig.from(settings, System.getenv());
    CalibrationSection.Probe calibrationStart = Calibrations.start(calibration, runDir);
    StopSignal stop = new StopSignal();
    stopWhenParentEnds(stop, err);
    try (SignalStop signals = SignalStop.install(cli.handleSignals(), stop, err)) {
      RunReport report;
      try {
        report = new Runner(new RunRequest(name, workloadName(config), provider, settings, config, runDir, err, stop),
            warnings).run();
      } catch (ConfigException | BindingException | RuntimeException e) {
        deleteIfEmpty(runDir);
        throw e;
      }
      report = report.toBuilder().calibration(Calibrations.end(calibration, runDir, calibrationStart,
          ResultDocuments.machine(report.machine()), err)).build();
      writeSummary(report, config, cli.out());
      Path resultFile = runDir.resolve(ResultFiles.RESULT_FILE);
      ResultJson.write(report, resultFile);
      // the pre-run check's warnings lead the result's and were printed before the run
      for (Warning w : report.warnings().subList(warnings.size(), report.warnings().size())) {
        err.println("Warning: " + w.text());
      }
      for (String e : report.outcome().errors()) {
        err.println("Error: " + e);
      }
      err.println("Result: " + resultFile);
      return report.outcome().exitCode();
    }
  }

  /**
   * A matrix runs each cell as a child process and names itself in {@code ycsb.parent.pid}; if the
   * matrix is killed without a chance to stop its child, the child stops by itself instead of running on
   * against the store next to the matrix's next attempt.
   */
  private static void stopWhenParentEnds(StopSignal stop, PrintStream err) {
    String pid = System.getProperty("ycsb.parent.pid");
    if (pid == null || !pid.matches("\\d+")) {
      return;
    }
    var parent = ProcessHandle.of(Long.parseLong(pid));
    if (parent.isEmpty()) {
      return;
    }
    Thread watcher = new Thread(() -> {
      parent.get().onExit().join();
      if (stop.request(StopSignal.Reason.INTERRUPTED)) {
        err.println("Interrupted: the matrix process " + pid + " that started this run has ended; stopping.");
      }
    }, "ycsb-parent-watch");
    watcher.setDaemon(true);
    watcher.start();
  }

  private BindingProvider provider() throws ConfigException {
    if (dbClass != null) {
      return new DbClassBindingProvider(bindingName != null ? bindingName : simpleName(dbClass), dbClass,
          "site.ycsb.BasicDB".equals(dbClass));
    }
    if (bindingName == null) {
      throw new ConfigException("binding: missing; give a binding name (bin/ycsb bindings lists them) or -db <class>");
    }
    return BindingCatalog.load().find(bindingName);
  }

  private String workloadName(RunConfig config) {
    List<String> propertyFiles = options.propertyFiles();
    if (!propertyFiles.isEmpty()) {
      return Path.of(propertyFiles.get(propertyFiles.size() - 1)).getFileName().toString();
    }
    return simpleName(config.workloadClass());
  }

  private static String simpleName(String className) {
    return className.substring(className.lastIndexOf('.') + 1);
  }

  private static void writeSummary(RunReport report, RunConfig config, PrintStream stdout) throws IOException {
    if (config.exportFile() != null) {
      Path file = config.exportFile();
      if (file.toAbsolutePath().getParent() != null) {
        Files.createDirectories(file.toAbsolutePath().getParent());
      }
      AtomicFile.write(file, out -> {
        PrintWriter w = new PrintWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8));
        YcsbTextSummary.write(report, w);
        w.flush();
      });
      return;
    }
    PrintWriter w = new PrintWriter(new OutputStreamWriter(stdout, StandardCharsets.UTF_8));
    YcsbTextSummary.write(report, w);
  }

  private static void deleteIfEmpty(Path dir) {
    try (var entries = Files.list(dir)) {
      if (entries.findAny().isEmpty()) {
        Files.delete(dir);
      }
    } catch (IOException ignored) {
      // the directory stays; nothing was measured
    }
  }
}
