package dev.ycsbdriver.crash;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the ledger says of one key: its newest acknowledged version, and the versions written after it whose
 * outcome is unknown (sent and not acknowledged: the writer died waiting, or the store answered an error that
 * may still have been applied).
 *
 * <p>Immutable and thread-safe.
 *
 * @param key the record's key
 * @param maxAcked the highest acknowledged version, or 0 when no write of the key was acknowledged
 * @param maxAckedAtMillis when that acknowledgement was written to the ledger, epoch milliseconds; 0 without one
 * @param inDoubt versions above {@code maxAcked} that were attempted without an acknowledgement, ascending
 */
public record KeyHistory(String key, long maxAcked, long maxAckedAtMillis, List<Long> inDoubt) {
  /** Copies the list. */
  public KeyHistory {
    inDoubt = List.copyOf(inDoubt);
  }

  /**
   * Folds ledger lines into one history per key. A key's lines come from one thread, in order.
   *
   * @param lines lines as {@link Ledger#read} returns them
   * @return the histories, in order of each key's first line
   */
  public static Map<String, KeyHistory> of(List<Ledger.Line> lines) {
    Map<String, Builder> builders = new LinkedHashMap<>();
    for (Ledger.Line l : lines) {
      Builder b = builders.computeIfAbsent(l.key(), k -> new Builder());
      switch (l.event()) {
        case A, F -> {
          if (!b.pending.contains(l.version())) {
            b.pending.add(l.version());
          }
        }
        case K -> {
          b.pending.remove(l.version());
          if (l.version() > b.maxAcked) {
            b.maxAcked = l.version();
            b.maxAckedAt = l.epochMillis();
          }
        }
        default -> throw new IllegalStateException(l.event().name());
      }
    }
    Map<String, KeyHistory> out = new LinkedHashMap<>();
    builders.forEach((key, b) -> out.put(key, new KeyHistory(key, b.maxAcked, b.maxAckedAt,
        b.pending.stream().filter(v -> v > b.maxAcked).sorted().toList())));
    return out;
  }

  private static final class Builder {
    private final List<Long> pending = new ArrayList<>(2);
    private long maxAcked;
    private long maxAckedAt;
  }
}
