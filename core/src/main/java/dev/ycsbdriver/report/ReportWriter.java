package dev.ycsbdriver.report;

import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ycsbdriver.config.ConfigException;
import dev.ycsbdriver.result.AtomicFile;
import dev.ycsbdriver.result.CalibrationFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Writes a report from result JSON files: {@code report.md}, {@code report.csv}, {@code report.json},
 * {@code report-durable-vs-fast.csv}, {@code report-findings.csv}, {@code report-ranking.csv} (when it ranks by a figure), a self-contained {@code report.html} and the charts as
 * {@code charts/<name>.png}; and the generated block of the directory's {@code README.md} when it has one
 * ({@link ReadmeBlock}).
 *
 * <p>Stateless and thread-safe; two writers must not share an output directory at the same time.
 */
public final class ReportWriter {
  private static final ObjectMapper JSON = new ObjectMapper();
  /**
   * {@code report.json}'s layout: one field a line, indented by one space a level, {@code "name": value}, arrays of
   * values on one line; a published report's file stays small and its changes read line by line.
   */
  private static final DefaultPrettyPrinter LAYOUT = new DefaultPrettyPrinter(Separators.createDefaultInstance()
      .withObjectFieldValueSpacing(Separators.Spacing.AFTER))
      .withObjectIndenter(new DefaultIndenter(" ", "\n"));

  private ReportWriter() {
  }

  /**
   * What to write.
   *
   * @param inputs result files or directories holding them
   * @param output the directory that receives the report; created
   * @param title the report's title
   * @param baseline the store ratios compare with, or null
   * @param latencyWorkload the workload whose percentile curves come first (every workload has them), or null
   * @param leftOut stores a matrix left out, each with its reason, e.g. {@code mongodb (environment variable
   *     YCSB_MONGODB_URI is not set)}; may be empty
   * @param reference another party's published figures, or null
   * @param aggregate how each cell's repeats become its figures
   * @param rank the figure to rank stores by (and to choose best runs by), or null for no ranking
   * @param htmlCharts whether {@code report.html} embeds its charts or links to {@code charts/}
   */
  public record Request(List<Path> inputs, Path output, String title, String baseline, String latencyWorkload,
                        List<String> leftOut, ReferenceFigures reference, RepeatAggregate aggregate, RankFigure rank,
                        HtmlReport.Charts htmlCharts) {
    /** Copies the lists. */
    public Request {
      inputs = List.copyOf(inputs);
      leftOut = List.copyOf(leftOut);
      java.util.Objects.requireNonNull(aggregate, "aggregate");
      java.util.Objects.requireNonNull(htmlCharts, "htmlCharts");
    }

    /** A request whose HTML page embeds its charts. */
    public Request(List<Path> inputs, Path output, String title, String baseline, String latencyWorkload,
                   List<String> leftOut, ReferenceFigures reference, RepeatAggregate aggregate, RankFigure rank) {
      this(inputs, output, title, baseline, latencyWorkload, leftOut, reference, aggregate, rank,
          HtmlReport.Charts.EMBEDDED);
    }

    /** A request with medians over repeats and no ranking. */
    public Request(List<Path> inputs, Path output, String title, String baseline, String latencyWorkload,
                   List<String> leftOut, ReferenceFigures reference) {
      this(inputs, output, title, baseline, latencyWorkload, leftOut, reference, RepeatAggregate.MEDIAN, null);
    }

    /** A request without left-out stores or reference figures. */
    public Request(List<Path> inputs, Path output, String title, String baseline, String latencyWorkload) {
      this(inputs, output, title, baseline, latencyWorkload, List.of(), null);
    }
  }

  /**
   * @param request what to write
   * @return the report's Markdown file
   * @throws ConfigException for unreadable or foreign input files, results none of which ended ok, or a
   *     baseline that names no store
   * @throws IOException when the output cannot be written
   */
  public static Path write(Request request) throws ConfigException, IOException {
    return write(request, warning -> { });
  }

  /**
   * Like {@link #write(Request)}, saying which inputs were read once though given twice
   * ({@link ResultReader#read(List, java.util.function.Consumer)}).
   *
   * @param request what to write
   * @param warnings receives one line per input left out
   * @return the report's Markdown file
   * @throws ConfigException as {@link #write(Request)} does
   * @throws IOException when the output cannot be written
   */
  public static Path write(Request request, java.util.function.Consumer<String> warnings)
      throws ConfigException, IOException {
    ResultReader.Results results = ResultReader.read(request.inputs(), warnings);
    List<RunResult> runs = results.runs();
    if (runs.stream().noneMatch(r -> r.status().equals("ok"))) {
      throw new ConfigException("report: needs at least one result that ended ok, got " + runs.size() + " that "
          + (runs.size() == 1 ? "was " : "were ") + runs.stream().map(RunResult::status).distinct().sorted()
          .collect(java.util.stream.Collectors.joining(" or ")) + "; nothing to compare");
    }
    ReportModel model = ReportModel.build(results, request.title(), request.baseline(), request.leftOut(),
        request.reference(), request.aggregate(), request.rank())
        .withMatrixCalibration(CalibrationFile.find(request.inputs()));
    if (request.baseline() != null && model.baseline() == null) {
      throw new ConfigException("--baseline: must name a store in the results (" + String.join(", ", model.stores())
          + "), got " + request.baseline());
    }
    List<Table.Section> sections = ReportTables.build(model);
    List<ReportCharts.Image> charts = ReportCharts.build(model, request.latencyWorkload());
    Path out = request.output();
    Files.createDirectories(out.resolve("charts"));
    for (ReportCharts.Image c : charts) {
      AtomicFile.write(out.resolve("charts").resolve(c.name() + ".png"), c.png());
    }
    Path md = out.resolve("report.md");
    AtomicFile.writeString(md, MarkdownReport.render(model, sections, charts));
    AtomicFile.writeString(out.resolve("report.csv"), CsvReport.render(model));
    AtomicFile.writeString(out.resolve("report-durable-vs-fast.csv"), CsvReport.renderDurableVsFast(model));
    AtomicFile.writeString(out.resolve("report-findings.csv"), CsvReport.renderFindings(model));
    AtomicFile.writeString(out.resolve("report.html"), HtmlReport.render(model, sections, charts, request.htmlCharts()));
    Path ranking = out.resolve("report-ranking.csv");
    if (model.rank() != null) {
      AtomicFile.writeString(ranking, CsvReport.renderRanking(model));
    } else {
      Files.deleteIfExists(ranking); // a ranking of an earlier report of this directory would read as this one's
    }
    ObjectNode json = json(model, out);
    AtomicFile.write(out.resolve("report.json"), stream -> JSON.writer(LAYOUT).writeValue(stream, json));
    ReadmeBlock.update(out.resolve("README.md"), json);
    return md;
  }

  /**
   * @return the aggregated figures as JSON: {@code storeNames}, each store's key to the name a reader sees
   *     ({@link StoreNames}); one object per report cell, run files relative to the report, each with
   *     the ids of its caveat groups ({@code caveats}, {@link ReportCaveats}; empty when none)
   */
  static ObjectNode json(ReportModel model, Path out) {
    ObjectNode root = JSON.createObjectNode();
    root.put("title", model.title());
    root.put("baseline", model.baseline());
    root.put("aggregate", model.aggregate().id());
    root.put("rank", model.rank() == null ? null : model.rank().id());
    model.profiles().forEach(p -> root.withArray("profiles").add(ReportFormat.profileName(p)));
    model.stores().forEach(root.withArray("stores")::add);
    ObjectNode names = root.putObject("storeNames");
    model.stores().forEach(s -> names.put(s, model.names().name(s)));
    model.threads().forEach(root.withArray("threads")::add);
    model.workloads().forEach(root.withArray("workloads")::add);
    model.machines().forEach(root.withArray("machines")::add);
    root.put("machineCondition", MachineCondition.summary(model));
    root.set("matrixCalibration", JSON.valueToTree(model.matrixCalibration()));
    ArrayNode cells = root.putArray("cells");
    for (ReportCell c : model.cells()) {
      ObjectNode n = cells.addObject();
      n.put("profile", ReportFormat.profileName(c.profile()));
      n.put("store", c.store());
      n.put("threads", c.threads());
      n.put("workload", c.workload());
      n.put("repeats", c.repeats());
      n.put("aggregate", model.aggregate().id());
      n.put("bestRun", c.bestRun() == null ? null : relative(c.bestRun().file(), out));
      n.put("failedRuns", c.failedRuns());
      ReportJsonSections.spread(n, "throughputOpsPerSec", c.throughput());
      ReportJsonSections.spread(n, "throughputOkOpsPerSec", c.throughputOk());
      ObjectNode mean = n.putObject("meanLatencyMicros");
      c.meanLatency().forEach((op, s) -> ReportJsonSections.spread(mean, op, s));
      ObjectNode p99 = n.putObject("p99LatencyMicros");
      c.p99Latency().forEach((op, s) -> ReportJsonSections.spread(p99, op, s));
      ReportJsonSections.spread(n, "serverCpuAvgPercent", c.serverCpuAvg());
      ReportJsonSections.spread(n, "serverCpuPeakPercent", c.serverCpuPeak());
      ReportJsonSections.spread(n, "driverCpuAvgPercent", c.driverCpuAvg());
      ReportJsonSections.spread(n, "machineCpuAvgPercent", c.machineCpuAvg());
      ReportJsonSections.spread(n, "opsPerServerCpuPercent", c.opsPerServerCpu());
      ReportJsonSections.spread(n, "driverCpuMicrosPerOperation", c.driverCpuPerOperation());
      ObjectNode settings = n.putObject("serverSettings");
      for (Map.Entry<String, String> e : c.serverSettings().entrySet()) {
        settings.put(e.getKey(), e.getValue());
      }
      ArrayNode caveats = n.putArray("caveats");
      ReportCaveats.of(c).forEach(g -> caveats.add(g.id()));
      ArrayNode files = n.putArray("runs");
      c.runs().forEach(r -> files.add(relative(r.file(), out)));
    }
    ReportJsonSections.add(root, model, f -> relative(f, out));
    return root;
  }

  /**
   * @return the file relative to the report's directory when inside it; else relative to the directory holding its
   *     matrix output ({@code matrix-embedded/cells/...}) or, outside a matrix, its run directory
   *     ({@code 20261123-074326-run-h2-workloada-t4/result.json}): never a path of the machine above them
   */
  static String relative(Path file, Path out) {
    Path f = file.toAbsolutePath().normalize();
    Path base = out.toAbsolutePath().normalize();
    if (!f.startsWith(base)) {
      Path root = MachinePaths.outputOf(f);
      base = root.getParent() == null ? root : root.getParent();
    }
    return base.relativize(f).toString().replace('\\', '/');
  }
}
