package dev.ycsbdriver.cli;

import dev.ycsbdriver.config.ConfigException;
import dev.ycsbdriver.matrix.MatrixRunner;
import dev.ycsbdriver.matrix.MatrixSections;
import dev.ycsbdriver.report.HtmlReport;
import dev.ycsbdriver.report.RankFigure;
import dev.ycsbdriver.report.ReferenceFigures;
import dev.ycsbdriver.report.RepeatAggregate;
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
      description = "workload whose latency percentile curves come first; every workload has them")
  String latencyWorkload;

  @Option(names = "--reference", paramLabel = "<yaml>",
      description = "a matrix file, or a YAML file, whose reference: section holds another party's published figures "
          + "(default: the matrix.yaml of a single matrix output directory given)")
  Path reference;

  @Option(names = {"--aggregate", "--repeats"}, paramLabel = "median|best",
      description = "how a cell's repeats become its figures: median (default), or best: every figure of the run with "
          + "the best --rank figure (else the highest throughput), never a mix of runs (default: the aggregate of the "
          + "matrix.yaml of a single matrix output directory given, else median)")
  String aggregate;

  @Option(names = "--rank", paramLabel = "<figure>",
      description = "rank stores by this figure: throughput, ops-per-server-cpu, or <operation>-latency-mean|p99, "
          + "e.g. read-latency-mean (default: the rank of the matrix.yaml of a single matrix output directory given, "
          + "else no ranking)")
  String rank;

  @Option(names = "--html-charts", paramLabel = "embedded|linked",
      description = "embedded (default): report.html holds its charts and stands alone; linked: it refers to the "
          + "charts/ directory beside it, a page a tenth the size")
  String htmlCharts;

  ReportCommand(Cli cli) {
    this.cli = cli;
  }

  @Override
  public Integer call() throws ConfigException, IOException {
    if (inputs.isEmpty()) {
      throw new ConfigException("report: expected result.json files or directories, got none "
          + "(ycsb report --help shows the usage; ycsb report merge <results...> merges several clients)");
    }
    RepeatAggregate givenAggregate = aggregate == null ? null : RepeatAggregate.parse("--aggregate", aggregate);
    RankFigure givenRank = rank == null ? null : RankFigure.parse("--rank", rank);
    HtmlReport.Charts charts = htmlCharts == null ? HtmlReport.Charts.EMBEDDED
        : HtmlReport.Charts.parse("--html-charts", htmlCharts);
    Path matrixDir = inputs.size() == 1 && Files.isDirectory(inputs.get(0)) ? inputs.get(0) : null;
    Path matrixFile = matrixDir != null && Files.isRegularFile(matrixDir.resolve("matrix.yaml"))
        ? matrixDir.resolve("matrix.yaml") : null;
    MatrixSections.ReportChoice fromMatrix = matrixFile != null ? MatrixSections.reportChoice(matrixFile)
        : MatrixSections.ReportChoice.DEFAULT;
    Path out = output != null ? output : matrixDir != null ? matrixDir : Path.of("report");
    String name = title != null ? title
        : fromMatrix.name() != null ? "ycsb-driver matrix: " + fromMatrix.name()
        : "ycsb-driver comparison: " + out.toAbsolutePath().normalize().getFileName();
    boolean existed = Files.isDirectory(out);
    OutputPaths.createDirectory(out, output != null ? "report -o" : "report output directory");
    Path md;
    try {
      ReferenceFigures figures = reference != null ? MatrixSections.reference(reference, true)
          : matrixFile != null ? MatrixSections.reference(matrixFile, false) : null;
      ReportWriter.Request request = new ReportWriter.Request(inputs, out, name,
          baseline != null ? baseline : fromMatrix.baseline(),
          latencyWorkload != null ? latencyWorkload : fromMatrix.latencyWorkload(), leftOut(matrixDir), figures,
          givenAggregate != null ? givenAggregate : fromMatrix.aggregate(),
          givenRank != null ? givenRank : fromMatrix.rank(), charts);
      md = write(request, baseline == null && fromMatrix.baseline() != null);
    } catch (ConfigException | IOException | RuntimeException e) {
      OutputPaths.removeIfCreatedEmpty(out, existed);
      throw e;
    }
    cli.err().println("Report: " + md + " (also report.html, report.csv, report.json)");
    return Main.EXIT_OK;
  }

  /**
   * Writes the report; a baseline that came from the matrix file and has no result (every cell of that store failed)
   * is dropped with a note, as the matrix's own report does.
   */
  private Path write(ReportWriter.Request request, boolean baselineFromMatrix) throws ConfigException, IOException {
    try {
      return ReportWriter.write(request, w -> cli.err().println("Warning: " + w));
    } catch (ConfigException e) {
      if (!baselineFromMatrix || !e.getMessage().startsWith("--baseline:")) {
        throw e;
      }
      cli.err().println("ycsb: report: the matrix's baseline store " + request.baseline() + " has no result; "
          + "the report compares the stores without a baseline");
      return ReportWriter.write(new ReportWriter.Request(request.inputs(), request.output(), request.title(), null,
          request.latencyWorkload(), request.leftOut(), request.reference(), request.aggregate(), request.rank(),
          request.htmlCharts()), w -> cli.err().println("Warning: " + w));
    }
  }

  /** @return the stores the matrix of that output directory left out, or none */
  private static List<String> leftOut(Path matrixDir) throws ConfigException {
    Path file = matrixDir == null ? null : matrixDir.resolve(MatrixRunner.LEFT_OUT_FILE);
    if (file == null || !Files.isRegularFile(file)) {
      return List.of();
    }
    try {
      return List.of(new com.fasterxml.jackson.databind.ObjectMapper().readValue(file.toFile(), String[].class));
    } catch (IOException e) {
      throw new ConfigException(file + ": must be a JSON array of store names with reasons: " + e.getMessage(), e);
    }
  }
}
