package dev.ycsbdriver.result.merge;

import dev.ycsbdriver.measure.ChannelTotals;
import dev.ycsbdriver.measure.LatencyUnit;
import dev.ycsbdriver.result.ResultDocuments;
import dev.ycsbdriver.result.model.OperationFigures;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.HdrHistogram.Histogram;
import site.ycsb.Status;

/**
 * The {@code operations} array of a merged result: counts summed over the clients, latency from the
 * summed histograms of the merged logs. Stateless and thread-safe.
 */
final class MergedOperations {
  private MergedOperations() {
  }

  /**
   * @param sources the clients
   * @param totals measurement name to its summed histogram
   * @param unit the unit of {@code totals}' values
   * @param warnings receives a line per operation whose counts have no histogram log
   * @return the merged operations, in first-seen order
   */
  static List<OperationFigures> of(List<MergeSource> sources, Map<String, Histogram> totals, LatencyUnit unit,
                                   List<String> warnings) {
    Map<String, long[]> operations = new LinkedHashMap<>();
    Map<String, Map<String, Long>> statuses = new LinkedHashMap<>();
    Map<String, Set<String>> failures = new LinkedHashMap<>();
    for (MergeSource s : sources) {
      List<OperationFigures> ops = s.document().sections().operations();
      for (OperationFigures op : ops == null ? List.<OperationFigures>of() : ops) {
        operations.computeIfAbsent(op.name(), k -> new long[1])[0] += op.operations();
        Map<String, Long> counts = statuses.computeIfAbsent(op.name(), k -> new LinkedHashMap<>());
        op.statusCounts().forEach((status, n) -> counts.merge(status, n, Long::sum));
        Set<String> names = failures.computeIfAbsent(op.name(), k -> new LinkedHashSet<>());
        (op.failures() == null ? List.<OperationFigures.Failure>of() : op.failures()).forEach(f -> names.add(f.name()));
      }
    }
    List<OperationFigures> out = new ArrayList<>();
    for (Map.Entry<String, long[]> e : operations.entrySet()) {
      String name = e.getKey();
      Map<String, Long> counts = statuses.get(name);
      Histogram service = totals.getOrDefault(name, new Histogram(3));
      long ok = counts.getOrDefault(Status.OK.getName(), 0L);
      if (service.getTotalCount() == 0 && ok > 0) {
        warnings.add("merge: " + name + " has " + ok + " OK operations but no histogram log; its latency is "
            + "unavailable");
      }
      List<OperationFigures.Failure> failureFigures = new ArrayList<>();
      for (String f : failures.get(name)) {
        Histogram fs = totals.getOrDefault(f, new Histogram(3));
        failureFigures.add(new OperationFigures.Failure(f, ResultDocuments.latency(fs, unit),
            ResultDocuments.latency(totals.getOrDefault(ChannelTotals.INTENDED_PREFIX + f, fs), unit)));
      }
      out.add(new OperationFigures(name, e.getValue()[0], counts, ResultDocuments.latency(service, unit),
          ResultDocuments.latency(totals.getOrDefault(ChannelTotals.INTENDED_PREFIX + name, service), unit),
          failureFigures));
    }
    return out;
  }
}
