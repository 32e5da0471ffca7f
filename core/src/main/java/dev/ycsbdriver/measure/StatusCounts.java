package dev.ycsbdriver.measure;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.LongAdder;
import site.ycsb.Status;

/**
 * How many operations ended with each {@link Status}: YCSB's {@code Return=} lines.
 *
 * <p>YCSB's nine statuses have fixed counters (compared by identity first, then by equality); any
 * other status a binding invents gets a counter on first use.
 *
 * <p>Each client thread counts YCSB's statuses in a row of its own (its slot, as in {@link LatencyChannel}), written
 * by that thread only with a release store and read by others with opaque loads: no atomic read-modify-write and no
 * cache line shared with another thread. A {@link LongAdder} started without cells and grew them once contended, so
 * its compiled code changed course when a fresh registry took over at the end of a warm-up (JFR:
 * {@code unstable_if} in {@code LongAdder.add}), and its cells were shared by threads on different cores. Threads
 * without a slot, threads beyond the first {@value LatencyChannel#MAX_RECORDER_SLOTS}, and statuses YCSB does not
 * define count in {@link LongAdder}s.
 *
 * <p>Thread-safety: {@link #increment} may be called concurrently, each slot by one thread only (the client thread
 * that owns it); the readers may be called from any thread and see every increment that happened before them.
 */
public final class StatusCounts {
  private static final Status[] KNOWN = {
      Status.OK, Status.ERROR, Status.NOT_FOUND, Status.NOT_IMPLEMENTED, Status.UNEXPECTED_STATE,
      Status.BAD_REQUEST, Status.FORBIDDEN, Status.SERVICE_UNAVAILABLE, Status.BATCHED_OK};

  /** Index of {@code Status.NOT_FOUND} in {@link #KNOWN}. */
  private static final int NOT_FOUND = 2;
  /**
   * Longs per slot: the nine counters, padded to 128 bytes so that no two slots' counters share a cache line or
   * an adjacent-line prefetch pair.
   */
  private static final int STRIDE = 16;
  private static final VarHandle COUNTS = MethodHandles.arrayElementVarHandle(long[].class);

  private final int slotCount;
  /** Slot s's count of KNOWN[i] at {@code s * STRIDE + i}. */
  private final long[] perSlot;
  private final LongAdder[] known = new LongAdder[KNOWN.length];
  private final ConcurrentHashMap<Status, LongAdder> others = new ConcurrentHashMap<>();
  /** First-use order of {@link #others}, so the export order resembles YCSB's. */
  private final List<Status> order = new CopyOnWriteArrayList<>();

  /**
   * @param slots client threads counting in a row of their own (0 .. slots-1), at most
   *     {@value LatencyChannel#MAX_RECORDER_SLOTS} of them; the others share
   */
  StatusCounts(int slots) {
    this.slotCount = Math.max(0, Math.min(slots, LatencyChannel.MAX_RECORDER_SLOTS));
    this.perSlot = new long[slotCount * STRIDE];
    for (int i = 0; i < known.length; i++) {
      known[i] = new LongAdder();
    }
  }

  /**
   * Counts one operation.
   *
   * @param slot the calling client thread's slot, or -1 for any other thread
   * @param status how it ended; null counts as {@link Status#ERROR}
   */
  public void increment(int slot, Status status) {
    int i = indexOf(status == null ? Status.ERROR : status);
    if (i < 0) {
      others.computeIfAbsent(status, k -> {
        // the mapping function runs once per key, so the order list holds each status once
        order.add(k);
        return new LongAdder();
      }).increment();
    } else if (slot >= 0 && slot < slotCount) {
      int at = slot * STRIDE + i;
      // this slot's only writer: a plain read of its own last write, then a release store for the readers
      COUNTS.setRelease(perSlot, at, perSlot[at] + 1);
    } else {
      known[i].increment();
    }
  }

  /** @return the index of {@code s} in {@link #KNOWN}, or -1 for a status YCSB does not define */
  private static int indexOf(Status s) {
    if (s == Status.OK) {
      return 0;
    }
    for (int i = 1; i < KNOWN.length; i++) {
      if (KNOWN[i] == s) {
        return i;
      }
    }
    for (int i = 0; i < KNOWN.length; i++) {
      if (KNOWN[i].equals(s)) {
        return i;
      }
    }
    return -1;
  }

  /** @return the count of {@code KNOWN[i]} over every slot and the shared counter */
  private long knownCount(int i) {
    long n = known[i].sum();
    for (int at = i; at < perSlot.length; at += STRIDE) {
      n += (long) COUNTS.getOpaque(perSlot, at);
    }
    return n;
  }

  /**
   * @return every status with a non-zero count, YCSB's statuses first in declaration order, then
   *     others in first-use order; a new map each call
   */
  public Map<Status, Long> snapshot() {
    Map<Status, Long> out = new LinkedHashMap<>();
    for (int i = 0; i < KNOWN.length; i++) {
      long n = knownCount(i);
      if (n > 0) {
        out.put(KNOWN[i], n);
      }
    }
    for (Status s : order) {
      long n = others.get(s).sum();
      if (n > 0) {
        out.put(s, n);
      }
    }
    return out;
  }

  /** @return the number of operations counted with any status */
  public long total() {
    long n = 0;
    for (int i = 0; i < KNOWN.length; i++) {
      n += knownCount(i);
    }
    for (LongAdder a : others.values()) {
      n += a.sum();
    }
    return n;
  }

  /**
   * @param statusName a YCSB status name as results show it, e.g. {@code OK} or {@code NOT_FOUND}
   * @return YCSB's {@code Status.isOk()} of the status of that name; false for a name YCSB does not define
   */
  public static boolean isOk(String statusName) {
    for (Status s : KNOWN) {
      if (s.getName().equals(statusName)) {
        return s.isOk();
      }
    }
    return false;
  }

  /**
   * @return the operations that failed in the store: not OK and not {@code NOT_FOUND}, which is an answer (a
   *     workload may read keys it has not inserted)
   */
  public long errors() {
    return failures() - knownCount(NOT_FOUND);
  }

  /** @return the number of operations whose status is not OK (YCSB's {@code Status.isOk()}) */
  public long failures() {
    long n = 0;
    for (int i = 0; i < KNOWN.length; i++) {
      if (!KNOWN[i].isOk()) {
        n += knownCount(i);
      }
    }
    for (Map.Entry<Status, LongAdder> e : others.entrySet()) {
      if (!e.getKey().isOk()) {
        n += e.getValue().sum();
      }
    }
    return n;
  }
}
