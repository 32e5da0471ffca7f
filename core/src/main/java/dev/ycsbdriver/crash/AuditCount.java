package dev.ycsbdriver.crash;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The audit's arithmetic: the ledger's histories against the versions the store holds after the restart.
 *
 * <ul>
 *   <li><b>Lost</b>: a key with an acknowledged version whose stored version is missing or lower. One per key:
 *       the newest acknowledged write of the key is the one lost (older ones of the same key with it).</li>
 *   <li><b>In doubt</b>: each version above the newest acknowledged one that was sent without an
 *       acknowledgement; <b>present</b> when the store holds it or a newer one (legal: the store applied it
 *       but its answer never arrived), else absent.</li>
 * </ul>
 *
 * <p>Immutable and thread-safe.
 *
 * @param keys keys in the ledger
 * @param lostWrites keys whose newest acknowledged write is missing or older in the store
 * @param inDoubtWrites unacknowledged versions above the newest acknowledged one
 * @param inDoubtWritesPresent of those, the ones the store holds (or a newer version)
 * @param lostKeys the lost keys, in ledger order, at most {@link #MAX_LOST_KEYS}
 * @param oldestLostAckMillis the earliest acknowledgement time among lost writes, epoch milliseconds, or null
 */
public record AuditCount(long keys, long lostWrites, long inDoubtWrites, long inDoubtWritesPresent,
                         List<String> lostKeys, Long oldestLostAckMillis) {
  /** The most lost keys a result lists. */
  public static final int MAX_LOST_KEYS = 1000;
  /** A stored version for a key the store does not hold. */
  public static final long MISSING = -1;

  /** Copies the list. */
  public AuditCount {
    lostKeys = List.copyOf(lostKeys);
  }

  /**
   * @param histories the ledger's histories by key
   * @param stored the version the store holds per key, {@link #MISSING} when it holds none; every key of
   *     {@code histories} must be present
   * @return the counts
   * @throws IllegalArgumentException if a key of {@code histories} has no stored version
   */
  public static AuditCount of(Map<String, KeyHistory> histories, Map<String, Long> stored) {
    long lost = 0;
    long inDoubt = 0;
    long present = 0;
    Long oldest = null;
    List<String> lostKeys = new ArrayList<>();
    for (KeyHistory h : histories.values()) {
      Long v = stored.get(h.key());
      if (v == null) {
        throw new IllegalArgumentException("stored: no version for key " + h.key());
      }
      if (h.maxAcked() > 0 && v < h.maxAcked()) {
        lost++;
        if (lostKeys.size() < MAX_LOST_KEYS) {
          lostKeys.add(h.key());
        }
        oldest = oldest == null ? h.maxAckedAtMillis() : Math.min(oldest, h.maxAckedAtMillis());
      }
      for (long d : h.inDoubt()) {
        inDoubt++;
        if (v >= d) {
          present++;
        }
      }
    }
    return new AuditCount(histories.size(), lost, inDoubt, present, lostKeys, oldest);
  }
}
