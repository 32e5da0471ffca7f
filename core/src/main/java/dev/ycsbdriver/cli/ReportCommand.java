package dev.ycsbdriver.cli;

import dev.ycsbdriver.config.ConfigException;
import dev.ycsbdriver.report.ReportWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code ycsb report <results...>}: comparison tables and charts from result JSON files (never console
 * text): {@code report.md}, {@code report.csv}, {@code report.json} and a self-contained
 * {@code report.html}. {@code ycsb report merge} ({@link MergeCommand}) merges several clients' results.
 */
@Command(name = "report", mixinStandardHelpOptions = true, subcommands = MergeCommand.class,
    description = "Write comparison tables and charts (Markdown, CSV, JSON, self-contained HTML) from result JSON files.")
final class ReportCommand implements Callable<Integer> {
  private final Cli cli;

  // 0..*, checked in call(): picocli would otherwise demand them before the 'merge' subcommand too
  @Parameters(arity = "0..*", paramLabel = "<result>", description = "result.json files, or directories holding them")
  List<Path> inputs = List.of();

  @Option(names = {"-o", "--output"}, paramLabel = "<dir>",
      description = "directory for the report (default: the single directory given, else ./report)")
  Path output;

  @Option(names = "--baseline", paramLabel = "<store>", description = "store that ratios compare the others with")
  String baseline;

  @Option(names = "--title", paramLabel = "<text>", description = "the report's title")
  String title;

  @Option(names = "--latency-workload", paramLabel = "<workload>",
      description = "workload whose latency percentile curves are drawn (default: the first)")
  String latencyWorkload;

  ReportCommand(Cli cli) {
    this.cli = cli;
  }

  @Override
  public Integer call() throws ConfigException, IOException {
    if (inputs.isEmpty()) {
      throw new ConfigException("report: expected result.json files or directories, got none "
          + "(ycsb report --help shows the usage; ycsb report merge <results...> merges several clients)");
    }
    Path out = output != null ? output
        : inputs.size() == 1 && Files.isDirectory(inputs.get(0)) ? inputs.get(0) : Path.of("report");
    String name = title != null ? title
        : "ycsb-driver comparison: " + out.toAbsolutePath().normalize().getFileName();
    boolean existed = Files.isDirectory(out);
    OutputPaths.createDirectory(out, output != null ? "report -o" : "report output directory");
    Path md;
    try {
      md = ReportWriter.write(new ReportWriter.Request(inputs, out, name, baseline, latencyWorkload));
    } catch (ConfigException | IOException | RuntimeException e) {
      OutputPaths.removeIfCreatedEmpty(out, existed);
      throw e;
    }
    cli.err().println("Report: " + md + " (also report.html, report.csv, report.json)");
    return Main.EXIT_OK;
  }
}
