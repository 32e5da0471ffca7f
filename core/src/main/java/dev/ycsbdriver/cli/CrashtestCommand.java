package dev.ycsbdriver.cli;

import dev.ycsbdriver.config.ConfigException;
import dev.ycsbdriver.config.ConfigLoader;
import dev.ycsbdriver.config.CoreWorkloadKeys;
import dev.ycsbdriver.config.Phase;
import dev.ycsbdriver.config.RunConfig;
import dev.ycsbdriver.config.SecretProperties;
import dev.ycsbdriver.config.Settings;
import dev.ycsbdriver.crash.CrashConfig;
import dev.ycsbdriver.crash.CrashException;
import dev.ycsbdriver.crash.CrashKeys;
import dev.ycsbdriver.crash.CrashReport;
import dev.ycsbdriver.crash.CrashRequest;
import dev.ycsbdriver.crash.CrashResultJson;
import dev.ycsbdriver.crash.CrashTest;
import dev.ycsbdriver.crash.CrashText;
import dev.ycsbdriver.crash.CrashWorkload;
import dev.ycsbdriver.result.ResultFiles;
import dev.ycsbdriver.result.ToolVersion;
import dev.ycsbdriver.runner.BindingCatalog;
import dev.ycsbdriver.runner.Preflight;
import dev.ycsbdriver.runner.StopSignal;
import dev.ycsbdriver.spi.BindingException;
import dev.ycsbdriver.spi.BindingProvider;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

/**
 * {@code ycsb crashtest <binding> [-P file]... [-p key=value]... [-threads n]}: counts acknowledged writes lost
 * across real crashes of the store ({@link CrashTest}). Exit codes: 0 done (lost writes under a claim other than
 * {@code no-loss} are figures), 1 a {@code no-loss} claim lost a write, a round could not complete, or Ctrl-C;
 * 2 bad configuration; 3 the store cannot be reached at the start.
 */
@Command(name = "crashtest", mixinStandardHelpOptions = true,
    description = "Crash the store while a writer runs, restart it, and count the acknowledged writes it lost.")
final class CrashtestCommand implements Callable<Integer> {
  private final Cli cli;

  @Parameters(index = "0", paramLabel = "<binding>", description = "binding name (see 'bindings')")
  String bindingName;

  @Mixin
  PropertyOptions options = new PropertyOptions();

  CrashtestCommand(Cli cli) {
    this.cli = cli;
  }

  @Override
  public Integer call() throws ConfigException, BindingException, IOException {
    BindingProvider provider = BindingCatalog.load().find(bindingName);
    if (!provider.keepsRecordsAcrossProcesses()) {
      throw new ConfigException("crashtest: needs a store that keeps its records across a crash, got "
          + provider.name() + " (its records live in the writer's memory only: a crash loses all of them by design "
          + "and there is nothing to audit); crash-test a store that writes to disk, e.g. h2 or sqlite");
    }
    Map<String, String> secrets = SecretProperties.fromEnvironment(System.getenv());
    Map<String, String> given = new LinkedHashMap<>(secrets);
    given.putAll(options.overrides());
    given.put("workload", CrashWorkload.class.getName());
    ConfigLoader.Merged merged = ConfigLoader.fromEnvironment().merge(options.propertyFiles(), given, provider.name());
    Settings settings = merged.settings();
    if (!settings.contains(CoreWorkloadKeys.TABLE.key())) {
      settings = settings.with(CoreWorkloadKeys.TABLE.key(), CrashKeys.DEFAULT_TABLE);
    }
    List<String> warnings = new ArrayList<>(Preflight.check(new ConfigLoader.Merged(settings, merged.origins()),
        provider, Phase.RUN));
    CrashConfig crash = CrashConfig.from(settings);
    if (settings.getLong(RunConfig.OPERATION_COUNT) > 0) {
      warnings.add(RunConfig.OPERATION_COUNT.key() + "=" + settings.getLong(RunConfig.OPERATION_COUNT)
          + " ignored: the crash test's writer writes until the crash (" + CrashKeys.AFTER_MIN.key() + " to "
          + CrashKeys.AFTER_MAX.key() + " after its first acknowledged write)");
    }
    RunConfig config = RunConfig.from(settings, Phase.RUN);
    List<String> writerArgs = new ArrayList<>(List.of("run", provider.name()));
    for (String f : options.propertyFiles()) {
      writerArgs.add("-P");
      writerArgs.add(f);
    }
    for (Map.Entry<String, String> e : options.overrides().entrySet()) {
      if (SecretProperties.isSecret(e.getKey(), e.getValue())) {
        secrets.put(e.getKey(), e.getValue());
      } else {
        writerArgs.add("-p");
        writerArgs.add(e.getKey() + "=" + e.getValue());
      }
    }
    Path runDir = OutputPaths.createRunDirectory(config, "crashtest", provider.name(), "crashtest");
    cli.err().println("ycsb-driver " + ToolVersion.get() + ": crashtest " + provider.name() + ", "
        + config.threadCount() + " writer threads, " + crash.rounds() + " rounds, crash " + crash.afterMin().toMillis()
        + "-" + crash.afterMax().toMillis() + " ms after the first acknowledged write, claim " + crash.claim());
    for (String w : warnings) {
      cli.err().println("Warning: " + w);
    }
    StopSignal stop = new StopSignal();
    try (SignalStop signals = SignalStop.install(cli.handleSignals(), stop, cli.err())) {
      CrashTest test = new CrashTest(new CrashRequest(provider, settings, crash, config.profile(), config.threadCount(),
          config.stopTimeout(), runDir, writerArgs, secrets, warnings, cli.out(), cli.err(), stop));
      Instant start = Instant.now();
      try {
        test.check();
      } catch (ConfigException | BindingException | RuntimeException e) {
        deleteTree(runDir);
        throw e;
      } catch (CrashException e) {
        deleteTree(runDir);
        cli.err().println("ycsb: " + e.getMessage());
        return e.exitCode();
      }
      CrashReport report = test.run(start);
      CrashText.summary(report, cli.out());
      cli.out().flush();
      Path resultFile = runDir.resolve(ResultFiles.RESULT_FILE);
      CrashResultJson.write(report, resultFile);
      for (String e : report.errors()) {
        cli.err().println("Error: " + e);
      }
      if (report.failedRound() != null && report.failedRound().serverLeftDown() != null) {
        cli.err().println("Error: " + report.failedRound().serverLeftDown());
      }
      if (Boolean.FALSE.equals(report.claimHeld())) {
        cli.err().println("Error: durability.claim=no-loss, but " + report.lostWritesObserved()
            + " acknowledged writes were lost; the lost keys are in the result");
      }
      cli.err().println("Result: " + resultFile);
      return report.exitCode();
    }
  }

  private static void deleteTree(Path dir) {
    try (Stream<Path> walk = Files.walk(dir)) {
      for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    } catch (IOException ignored) {
      // left behind; the command's own error is the one to report
    }
  }
}
