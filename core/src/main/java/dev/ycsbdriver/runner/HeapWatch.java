package dev.ycsbdriver.runner;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.util.List;
import java.util.Locale;

/**
 * Sees the heap run out before an {@link OutOfMemoryError} does: what survived the last garbage collections
 * ({@link MemoryPoolMXBean#getCollectionUsage()} of the heap pools) against the JVM's maximum heap. A run whose
 * heap is that full stops while there is still room to write what it measured, rather than spend minutes
 * collecting and end with errors from every thread.
 *
 * <p>Holds a reserve of heap from creation until {@link #release()}, so that the end of a stopped run has
 * room even when the heap filled.
 *
 * <p>Thread-safe.
 */
final class HeapWatch {
  /** Share of the maximum heap still in use after collections at which the run stops. */
  static final double FULL_FRACTION = 0.90;
  /**
   * The reserve, in bytes: 4% of the heap, at least 8 MiB (at most an eighth of the heap) and at most 32 MiB. Once
   * freed, it keeps the monitor, the CPU sampler and the client threads' last operations going until the run has
   * stopped; the end of a run then merges and writes its latency histograms (nanosecond histograms of a few hundred
   * KiB per thread and operation).
   */
  private static final long RESERVE_BYTES = reserveBytes(Runtime.getRuntime().maxMemory());

  private final List<MemoryPoolMXBean> pools = ManagementFactory.getMemoryPoolMXBeans().stream()
      .filter(p -> p.getType() == MemoryType.HEAP && p.isCollectionUsageThresholdSupported()).toList();
  private final long maxBytes = Runtime.getRuntime().maxMemory();
  private volatile byte[] reserve = new byte[(int) RESERVE_BYTES];

  /** @return a line saying how full the heap is when it is at least {@link #FULL_FRACTION} full after collections, else null */
  String exhausted() {
    if (maxBytes == Long.MAX_VALUE) {
      return null;
    }
    long used = 0;
    for (MemoryPoolMXBean p : pools) {
      MemoryUsage u = p.getCollectionUsage();
      used += u == null ? 0 : u.getUsed();
    }
    if (used < FULL_FRACTION * maxBytes) {
      return null;
    }
    return String.format(Locale.ROOT, "out of memory: %,d of the JVM's %,d MiB of heap still in use after garbage "
        + "collection, so the run stopped; lower threadcount, fieldcount, fieldlength or recordcount (for a store in "
        + "the driver's memory), or raise the heap with -jvm-args=-Xmx<size>", used >> 20, maxBytes >> 20);
  }

  /**
   * @return the line of a run stopped because a client thread's operation threw {@link OutOfMemoryError} before this
   *     watch saw the heap fill (a heap that fills faster than it is polled)
   */
  String ranOut() {
    return String.format(Locale.ROOT, "out of memory: a client thread ran out of the JVM's %,d MiB of heap, so the "
        + "run stopped; lower threadcount, fieldcount, fieldlength or recordcount (for a store in the driver's "
        + "memory), or raise the heap with -jvm-args=-Xmx<size>", maxBytes >> 20);
  }

  /** Gives the reserve back to the heap, for the end of a stopped run. Allocates nothing: safe on a full heap. */
  void release() {
    reserve = null;
  }

  /**
   * @param maxHeapBytes the JVM's maximum heap, {@link Runtime#maxMemory()}
   * @return the reserve for that heap, in bytes
   */
  static long reserveBytes(long maxHeapBytes) {
    long floor = Math.min(8L << 20, maxHeapBytes / 8);
    return Math.min(32L << 20, Math.max(floor, maxHeapBytes / 25));
  }
}
