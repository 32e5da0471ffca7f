package dev.ycsbdriver.measure;

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
 * other status a binding invents gets a counter on first use. Thread-safe; {@link #increment} is
 * contention-friendly ({@link LongAdder}).
 */
public final class StatusCounts {
  private static final Status[] KNOWN = {
      Status.OK, Status.ERROR, Status.NOT_FOUND, Status.NOT_IMPLEMENTED, Status.UNEXPECTED_STATE,
      Status.BAD_REQUEST, Status.FORBIDDEN, Status.SERVICE_UNAVAILABLE, Status.BATCHED_OK};

  /** Index of {@code Status.NOT_FOUND} in {@link #KNOWN}. */
  private static final int NOT_FOUND = 2;

  private final LongAdder[] known = new LongAdder[KNOWN.length];
  private final ConcurrentHashMap<Status, LongAdder> others = new ConcurrentHashMap<>();
  /** First-use order of {@link #others}, so the export order resembles YCSB's. */
  private final List<Status> order = new CopyOnWriteArrayList<>();

  StatusCounts() {
    for (int i = 0; i < known.length; i++) {
      known[i] = new LongAdder();
    }
  }

  /** Counts one operation that ended with {@code status}; null counts as {@link Status#ERROR}. */
  public void increment(Status status) {
    Status s = status == null ? Status.ERROR : status;
    if (s == Status.OK) {
      known[0].increment();
      return;
    }
    for (int i = 1; i < KNOWN.length; i++) {
      if (KNOWN[i] == s) {
        known[i].increment();
        return;
      }
    }
    slowIncrement(s);
  }

  private void slowIncrement(Status s) {
    for (int i = 0; i < KNOWN.length; i++) {
      if (KNOWN[i].equals(s)) {
        known[i].increment();
        return;
      }
    }
    // the mapping function runs once per key, so the order list holds each status once
    others.computeIfAbsent(s, k -> {
      order.add(k);
      return new LongAdder();
    }).increment();
  }

  /**
   * @return every status with a non-zero count, YCSB's statuses first in declaration order, then
   *     others in first-use order; a new map each call
   */
  public Map<Status, Long> snapshot() {
    Map<Status, Long> out = new LinkedHashMap<>();
    for (int i = 0; i < KNOWN.length; i++) {
      long n = known[i].sum();
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
    for (LongAdder a : known) {
      n += a.sum();
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
    return failures() - known[NOT_FOUND].sum();
  }

  /** @return the number of operations whose status is not OK (YCSB's {@code Status.isOk()}) */
  public long failures() {
    long n = 0;
    for (int i = 0; i < KNOWN.length; i++) {
      if (!KNOWN[i].isOk()) {
        n += known[i].sum();
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
