package dev.ycsbdriver.result.merge;

import dev.ycsbdriver.cpu.ServerTarget;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/**
 * The CPU figures of a merged result; the rule is in {@link ResultMerger}'s class documentation.
 * Stateless and thread-safe.
 */
final class ServerCpu {
  private ServerCpu() {
  }

  /**
   * Rewrites {@code cpu} (a copy of the first client's) for the merged result.
   *
   * @param cpu the merged document's {@code cpu} object
   * @param sources the clients
   * @param throughputOpsPerSec the merged throughput, for {@code opsPerServerCpuPercent}
   * @return the rule that applied, one sentence, for {@code merged.serverCpuRule}
   */
  static String merge(ObjectNode cpu, List<MergeSource> sources, double throughputOpsPerSec) {
    unavailable((ObjectNode) cpu.path("driver"), "several clients: each client's driver CPU is in merged.driverCpu");
    unavailable((ObjectNode) cpu.path("machine"), "several clients, possibly on several machines: see each source");
    String server = server(sources.get(0));
    Double average = null;
    Double peak = null;
    for (MergeSource s : sources) {
      if (!server(s).equals(server)) {
        unavailable((ObjectNode) cpu.path("server"), "the clients report different servers");
        cpu.putNull("opsPerServerCpuPercent");
        return "not merged: the clients report different servers (" + server + " and " + server(s) + ")";
      }
      JsonNode f = s.json().path("cpu").path("server");
      average = max(average, f.get("averagePercent"));
      peak = max(peak, f.get("peakPercent"));
    }
    ObjectNode figure = (ObjectNode) cpu.path("server");
    if (average == null) {
      unavailable(figure, "no client measured the server's CPU");
      cpu.putNull("opsPerServerCpuPercent");
      return "none: no client measured the server's CPU";
    }
    figure.put("averagePercent", average);
    figure.put("peakPercent", peak);
    figure.putNull("unavailableReason");
    cpu.put("opsPerServerCpuPercent", average > 0 ? throughputOpsPerSec / average : null);
    return "max of the clients' averages (and of their peaks): every client sampled the same server ("
        + server + "), so its readings are one quantity measured " + sources.size() + " times, not shares to add";
  }

  /**
   * @return product, version, CPU source without its pid count, and the host that sampled it; an
   *     embedded store's server is the client's own process
   */
  private static String server(MergeSource s) {
    JsonNode n = s.json();
    String source = ServerTarget.withoutPidCount(n.path("cpu").path("serverSource").asText(""));
    if (n.path("cpu").path("serverIsDriver").asBoolean(false)) {
      source += " in " + s.name();
    }
    return (n.path("server").path("product").asText("?") + " " + n.path("server").path("version").asText("")).trim()
        + ", " + source + " on " + n.path("machine").path("hostName").asText("?");
  }

  private static Double max(Double current, JsonNode value) {
    if (value == null || !value.isNumber()) {
      return current;
    }
    return current == null ? value.asDouble() : Math.max(current, value.asDouble());
  }

  private static void unavailable(ObjectNode figure, String reason) {
    figure.putNull("averagePercent");
    figure.putNull("peakPercent");
    figure.put("unavailableReason", reason);
  }
}
