package dev.ycsbdriver.cli;

import dev.ycsbdriver.config.ConfigException;
import dev.ycsbdriver.config.Secrets;
import dev.ycsbdriver.matrix.MatrixFile;
import dev.ycsbdriver.matrix.MatrixFileException;
import dev.ycsbdriver.matrix.MatrixLock;
import dev.ycsbdriver.matrix.MatrixOutput;
import dev.ycsbdriver.matrix.MatrixPreflight;
import dev.ycsbdriver.matrix.MatrixRunner;
import dev.ycsbdriver.matrix.MatrixSpec;
import dev.ycsbdriver.report.ReportWriter;
import dev.ycsbdriver.runner.StopSignal;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code ycsb matrix <file.yaml>}: runs every cell of a matrix (stores x profiles x workloads x thread
 * counts x repeats), resuming where an earlier invocation stopped, then writes the report into the
 * matrix's output directory. Exit code 1 when a cell failed, a crash test found a claim broken, or the matrix
 * was interrupted; 2, before any cell, for every problem of the file {@link MatrixPreflight} finds (one line each,
 * {@code <file>:<line>: <key>: <problem>}) and when another matrix holds the output directory ({@link MatrixLock}).
 */
@Command(name = "matrix", mixinStandardHelpOptions = true,
    description = "Run a matrix of stores x profiles x workloads x threads from a YAML file, then write its report.")
final class MatrixCommand implements Callable<Integer> {
  private final Cli cli;

  @Parameters(index = "0", paramLabel = "<file.yaml>", description = "the matrix file, e.g. conf/matrices/embedded.yaml")
  Path file;

  @Option(names = {"-o", "--output"}, paramLabel = "<dir>", description = "output directory (default: the file's output)")
  Path output;

  MatrixCommand(Cli cli) {
    this.cli = cli;
  }

  @Override
  public Integer call() throws ConfigException, IOException {
    String home = System.getProperty("ycsb.home");
    MatrixSpec spec;
    List<String> problems;
    try {
      spec = MatrixFile.read(file, home == null ? null : Path.of(home));
      if (output != null) {
        spec = spec.withOutput(output);
      }
      problems = MatrixPreflight.problems(spec, home == null ? null : Path.of(home), output != null);
    } catch (MatrixFileException e) {
      if (e.problems().size() == 1) {
        throw e; // one line, as any configuration error
      }
      spec = null;
      problems = e.problems();
    }
    if (!problems.isEmpty()) {
      for (String p : problems) {
        cli.err().println("ycsb: " + Secrets.maskText(p));
      }
      cli.err().println("ycsb: matrix: " + problems.size() + " problem" + (problems.size() == 1 ? "" : "s") + " in "
          + file + "; no cell was started");
      return Main.EXIT_USAGE;
    }
    MatrixOutput.claim(spec);
    try (MatrixLock lock = MatrixLock.acquire(spec.output())) {
      return run(spec);
    }
  }

  private int run(MatrixSpec spec) throws ConfigException, IOException {
    StopSignal stop = new StopSignal();
    MatrixRunner.Outcome outcome;
    try (SignalStop signals = SignalStop.install(cli.handleSignals(), stop, cli.err())) {
      outcome = new MatrixRunner(spec, cli.err(), stop).run();
    }
    if (!outcome.results().isEmpty()) {
      Path md;
      try {
        md = report(spec, outcome, spec.baseline());
      } catch (ConfigException e) {
        if (spec.baseline() == null || !e.getMessage().startsWith("--baseline:")) {
          throw e;
        }
        // every cell of the baseline store failed: a finding of the run, not an error of the file
        cli.err().println("ycsb: matrix: the baseline store " + spec.baseline() + " has no result (its cells failed); "
            + "the report compares the stores without a baseline");
        md = report(spec, outcome, null);
      }
      cli.err().println("Report: " + md + " (also report.html, report.csv, report.json)");
    }
    if (outcome.interrupted()) {
      cli.err().println("ycsb: matrix interrupted after " + outcome.succeeded() + " of " + outcome.cells()
          + " cells; run the same command again to do the missing ones");
      return Main.EXIT_RUN_FAILED;
    }
    if (outcome.findings() > 0) {
      cli.err().println("ycsb: " + outcome.findings() + " crash test" + (outcome.findings() == 1 ? "" : "s")
          + " found a profile's claim broken (acknowledged writes lost); see the report's Durable vs fast table and "
          + "cell.json under " + spec.output().resolve("cells") + "/<store>/<profile>/crashtest"
          + (outcome.failed() > 0 ? "; " + outcome.failed() + " of " + outcome.cells() + " cells also failed" : ""));
      return Main.EXIT_RUN_FAILED;
    }
    if (outcome.failed() > 0) {
      cli.err().println("ycsb: " + outcome.failed() + " of " + outcome.cells()
          + " cells failed; their errors are in cell.json and log.txt under " + spec.output().resolve("cells")
          + "; run the same command again to retry them");
      return Main.EXIT_RUN_FAILED;
    }
    return Main.EXIT_OK;
  }

  private static Path report(MatrixSpec spec, MatrixRunner.Outcome outcome, String baseline)
      throws ConfigException, IOException {
    return ReportWriter.write(new ReportWriter.Request(List.copyOf(outcome.results()), spec.output(),
        "ycsb-driver matrix: " + spec.name(), baseline, spec.latencyWorkload(), spec.leftOut(), spec.reference(),
        spec.aggregate(), spec.rank()));
  }
}
