package dev.ycsbdriver.result.merge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ycsbdriver.measure.ChannelTotals;
import dev.ycsbdriver.measure.LatencyUnit;
import dev.ycsbdriver.result.ResultJson;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.HdrHistogram.Histogram;

/**
 * The {@code operations} array of a merged result: counts summed over the clients, latency from the
 * summed histograms of the merged logs. Stateless and thread-safe.
 */
final class MergedOperations {
  private MergedOperations() {
  }

  /**
   * @param array the merged document's {@code operations}, empty
   * @param sources the clients
   * @param totals measurement name to its summed histogram
   * @param unit the unit of {@code totals}' values
   * @param warnings receives a line per operation whose counts have no histogram log
   */
  static void write(ArrayNode array, List<MergeSource> sources, Map<String, Histogram> totals, LatencyUnit unit,
                    List<String> warnings) {
    Map<String, long[]> operations = new LinkedHashMap<>();
    Map<String, Map<String, Long>> statuses = new LinkedHashMap<>();
    Map<String, Set<String>> failures = new LinkedHashMap<>();
    for (MergeSource s : sources) {
      for (JsonNode op : s.json().path("operations")) {
        String name = op.path("name").asText();
        operations.computeIfAbsent(name, k -> new long[1])[0] += op.path("operations").asLong();
        Map<String, Long> counts = statuses.computeIfAbsent(name, k -> new LinkedHashMap<>());
        op.path("statusCounts").fields().forEachRemaining(e -> counts.merge(e.getKey(), e.getValue().asLong(), Long::sum));
        Set<String> names = failures.computeIfAbsent(name, k -> new LinkedHashSet<>());
        op.path("failures").forEach(f -> names.add(f.path("name").asText()));
      }
    }
    for (Map.Entry<String, long[]> e : operations.entrySet()) {
      String name = e.getKey();
      ObjectNode node = array.addObject();
      node.put("name", name);
      node.put("operations", e.getValue()[0]);
      ObjectNode counts = node.putObject("statusCounts");
      statuses.get(name).forEach(counts::put);
      Histogram service = totals.getOrDefault(name, new Histogram(3));
      if (service.getTotalCount() == 0 && counts.path("OK").asLong() > 0) {
        warnings.add("merge: " + name + " has " + counts.path("OK").asLong() + " OK operations but no histogram "
            + "log; its latency is unavailable");
      }
      ResultJson.putLatency(node.putObject("serviceTime"), service, unit);
      ResultJson.putLatency(node.putObject("intendedLatency"),
          totals.getOrDefault(ChannelTotals.INTENDED_PREFIX + name, service), unit);
      ArrayNode failureArray = node.putArray("failures");
      for (String f : new ArrayList<>(failures.get(name))) {
        Histogram fs = totals.getOrDefault(f, new Histogram(3));
        ObjectNode fn = failureArray.addObject();
        fn.put("name", f);
        ResultJson.putLatency(fn.putObject("serviceTime"), fs, unit);
        ResultJson.putLatency(fn.putObject("intendedLatency"), totals.getOrDefault(ChannelTotals.INTENDED_PREFIX + f, fs),
            unit);
      }
    }
  }
}
