package dev.ycsbdriver.result.merge;

import static dev.ycsbdriver.result.YcsbTextSummary.line;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ycsbdriver.measure.ChannelTotals;
import dev.ycsbdriver.measure.LatencyUnit;
import dev.ycsbdriver.result.YcsbTextSummary;
import java.io.IOException;
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
  static void write(JsonNode merged, Map<String, Histogram> totals, LatencyUnit unit, Path file) throws IOException {
    List<Double> percentiles = percentiles(merged.path("config").path(PERCENTILES_KEY).asText("95,99"));
    try (PrintWriter out = new PrintWriter(Files.newBufferedWriter(file, StandardCharsets.UTF_8))) {
      line(out, "OVERALL", "RunTime(ms)", Long.toString(merged.path("runtimeMillis").asLong()));
      line(out, "OVERALL", "Throughput(ops/sec)", Double.toString(merged.path("throughputOpsPerSec").asDouble()));
      for (JsonNode op : merged.path("operations")) {
        String name = op.path("name").asText();
        block(out, name, totals.get(name), unit, op.path("statusCounts"), percentiles);
        for (JsonNode f : op.path("failures")) {
          block(out, f.path("name").asText(), totals.get(f.path("name").asText()), unit, null, percentiles);
        }
      }
      for (Map.Entry<String, Histogram> e : totals.entrySet()) {
        if (e.getKey().startsWith(ChannelTotals.INTENDED_PREFIX)) {
          block(out, e.getKey(), e.getValue(), unit, null, percentiles);
        }
      }
      JsonNode server = merged.path("cpu").path("server");
      line(out, "CPU", "ServerAverage(%)", server.path("averagePercent").isNumber()
          ? Double.toString(server.path("averagePercent").asDouble()) : "n/a (" + server.path("unavailableReason").asText() + ")");
      line(out, "CPU", "ServerRule", merged.path("merged").path("serverCpuRule").asText());
      for (JsonNode d : merged.path("merged").path("driverCpu")) {
        line(out, "CPU", "DriverAverage(%) " + d.path("source").asText(), d.path("averagePercent").isNumber()
            ? Double.toString(d.path("averagePercent").asDouble()) : "n/a");
      }
      line(out, "MERGED", "Clients", Integer.toString(merged.path("merged").path("clients").asInt()));
      line(out, "MERGED", "Operations", Long.toString(merged.path("operationsTotal").asLong()));
      line(out, "MERGED", "WindowOperations", Long.toString(merged.path("merged").path("windowOperations").asLong()));
    }
  }

  /** @return the percentiles the clients printed ({@code hdrhistogram.percentiles}), else 95 and 99 */
  private static List<Double> percentiles(String list) {
    try {
      return java.util.Arrays.stream(list.split(",")).map(String::trim).filter(p -> !p.isEmpty())
          .map(Double::parseDouble).toList();
    } catch (NumberFormatException e) {
      return List.of(95.0, 99.0);
    }
  }

  private static void block(PrintWriter out, String name, Histogram h, LatencyUnit unit, JsonNode statuses,
                            List<Double> percentiles) {
    if (h == null || h.getTotalCount() == 0) {
      if (statuses != null && statuses.size() > 0) {
        line(out, name, "Operations", "0");
        statuses.fields().forEachRemaining(e -> line(out, name, "Return=" + e.getKey(), e.getValue().asText()));
      }
      return;
    }
    YcsbTextSummary.writeLatency(out, name, h, unit, percentiles);
    if (statuses != null) {
      statuses.fields().forEachRemaining(e -> line(out, name, "Return=" + e.getKey(), e.getValue().asText()));
    }
  }
}
