package dev.ycsbdriver.result.merge;

import static dev.ycsbdriver.result.YcsbTextSummary.line;

import dev.ycsbdriver.measure.ChannelTotals;
import dev.ycsbdriver.measure.LatencyUnit;
import dev.ycsbdriver.result.YcsbTextSummary;
import dev.ycsbdriver.result.model.CpuSection;
import dev.ycsbdriver.result.model.Merged;
import dev.ycsbdriver.result.model.OperationFigures;
import dev.ycsbdriver.result.model.ResultDocument;
import dev.ycsbdriver.result.AtomicFile;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * The {@code summary.txt} of a merged result in YCSB 0.17.0's text format ({@code [<metric>],
 * <measurement>, <value>}): {@code [OVERALL]} over the common window, one block per measurement from
 * the summed histograms (service time, then {@code Intended-} blocks when intended latency was
 * measured), then {@code [CPU]} and {@code [MERGED]} lines, which YCSB parsers skip as unknown metrics.
 * GC lines are left out: collectors are per client. Stateless and thread-safe.
 */
final class MergedSummary {
  private static final String PERCENTILES_KEY = "hdrhistogram.percentiles";

  private MergedSummary() {
  }

  /**
   * @param merged the merged document
   * @param totals measurement name to its summed histogram
   * @param unit the unit of {@code totals}' values
   * @param file the file to write
   * @throws IOException if it cannot be written
   */
  static void write(ResultDocument merged, Map<String, Histogram> totals, LatencyUnit unit, Path file)
      throws IOException {
    Map<String, String> config = merged.sections().config();
    List<Double> percentiles = percentiles(config == null ? null : config.get(PERCENTILES_KEY));
    AtomicFile.write(file, stream -> {
      PrintWriter out = new PrintWriter(new OutputStreamWriter(stream, StandardCharsets.UTF_8));
      line(out, "OVERALL", "RunTime(ms)", Long.toString(merged.figures().runtimeMillis()));
      line(out, "OVERALL", "Throughput(ops/sec)", Double.toString(merged.figures().throughputOpsPerSec()));
      for (OperationFigures op : merged.sections().operations()) {
        block(out, op.name(), totals.get(op.name()), unit, op.statusCounts(), percentiles);
        for (OperationFigures.Failure f : op.failures()) {
          block(out, f.name(), totals.get(f.name()), unit, null, percentiles);
        }
      }
      for (Map.Entry<String, Histogram> e : totals.entrySet()) {
        if (e.getKey().startsWith(ChannelTotals.INTENDED_PREFIX)) {
          block(out, e.getKey(), e.getValue(), unit, null, percentiles);
        }
      }
      cpu(out, merged);
      line(out, "MERGED", "Clients", Integer.toString(merged.merged().clients()));
      line(out, "MERGED", "Operations", Long.toString(merged.figures().operationsTotal()));
      line(out, "MERGED", "WindowOperations", Long.toString(merged.merged().windowOperations()));
      out.flush();
    });
  }

  private static void cpu(PrintWriter out, ResultDocument merged) {
    CpuSection.CpuFigure server = merged.sections().cpu().server();
    line(out, "CPU", "ServerAverage(%)", server.averagePercent() != null
        ? Double.toString(server.averagePercent()) : "n/a (" + server.unavailableReason() + ")");
    line(out, "CPU", "ServerRule", merged.merged().serverCpuRule());
    for (Merged.DriverCpu d : merged.merged().driverCpu()) {
      line(out, "CPU", "DriverAverage(%) " + d.source(), d.averagePercent() != null
          ? Double.toString(d.averagePercent()) : "n/a");
    }
  }

  /** @return the percentiles the clients printed ({@code hdrhistogram.percentiles}), else 95 and 99 */
  private static List<Double> percentiles(String list) {
    if (list == null) {
      return List.of(95.0, 99.0);
    }
    try {
      return java.util.Arrays.stream(list.split(",")).map(String::trim).filter(p -> !p.isEmpty())
          .map(Double::parseDouble).toList();
    } catch (NumberFormatException e) {
      return List.of(95.0, 99.0);
    }
  }

  private static void block(PrintWriter out, String name, Histogram h, LatencyUnit unit, Map<String, Long> statuses,
                            List<Double> percentiles) {
    if (h == null || h.getTotalCount() == 0) {
      if (statuses != null && !statuses.isEmpty()) {
        line(out, name, "Operations", "0");
        statuses.forEach((status, n) -> line(out, name, "Return=" + status, Long.toString(n)));
      }
      return;
    }
    YcsbTextSummary.writeLatency(out, name, h, unit, percentiles);
    if (statuses != null) {
      statuses.forEach((status, n) -> line(out, name, "Return=" + status, Long.toString(n)));
    }
  }
}
