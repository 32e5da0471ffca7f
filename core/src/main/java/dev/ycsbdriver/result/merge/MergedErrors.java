package dev.ycsbdriver.result.merge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The merged result's error figures: {@code operationsOk} summed, {@code throughputOkOpsPerSec} the merged
 * throughput times the clients' share of OK operations, {@code errors} summed per kind (binding, operation,
 * cause; the earliest first occurrence kept), {@code connectionOutages} of every client in time order.
 * When a client's result predates these fields they are left out of the merged result, whose readers then
 * derive the OK throughput from the status counts. Stateless and thread-safe.
 */
final class MergedErrors {
  private MergedErrors() {
  }

  /**
   * @param root the merged document, a copy of the first client's: its fields are replaced
   * @param sources the clients' results
   * @param throughput the merged throughput, operations per second
   */
  static void write(ObjectNode root, List<MergeSource> sources, double throughput) {
    long ok = 0;
    long total = 0;
    for (MergeSource s : sources) {
      if (!s.json().has("operationsOk")) {
        root.remove(List.of("operationsOk", "throughputOkOpsPerSec", "errors", "connectionOutages"));
        return;
      }
      ok += s.json().path("operationsOk").asLong();
      total += s.json().path("operationsTotal").asLong();
    }
    root.put("operationsOk", ok);
    root.put("throughputOkOpsPerSec", total == 0 ? throughput : throughput * ok / total);
    Map<String, ObjectNode> kinds = new LinkedHashMap<>();
    List<JsonNode> outages = new ArrayList<>();
    for (MergeSource s : sources) {
      for (JsonNode k : s.json().path("errors")) {
        String key = k.path("binding").asText() + '\u0000' + k.path("operation").asText() + '\u0000'
            + k.path("cause").asText();
        ObjectNode known = kinds.get(key);
        if (known == null) {
          kinds.put(key, k.deepCopy());
        } else {
          known.put("count", known.path("count").asLong() + k.path("count").asLong());
          if (instant(k, "firstTime").isBefore(instant(known, "firstTime"))) {
            known.put("firstTime", k.path("firstTime").asText()).put("firstMessage", k.path("firstMessage").asText());
          }
        }
      }
      s.json().path("connectionOutages").forEach(outages::add);
    }
    ArrayNode errors = root.putArray("errors");
    kinds.values().forEach(errors::add);
    outages.sort(Comparator.comparing(o -> instant(o, "lostTime")));
    ArrayNode merged = root.putArray("connectionOutages");
    outages.forEach(merged::add);
  }

  private static Instant instant(JsonNode node, String field) {
    return Instant.parse(node.path(field).asText());
  }
}
