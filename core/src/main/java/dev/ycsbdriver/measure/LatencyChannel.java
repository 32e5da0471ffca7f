package dev.ycsbdriver.measure;

import java.util.concurrent.atomic.AtomicReferenceArray;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;
import org.HdrHistogram.SingleWriterRecorder;

/**
 * One named latency series as YCSB prints it ({@code READ}, {@code READ-FAILED},
 * {@code UPDATE-NOT_FOUND}): service time, and intended latency when a target schedule exists.
 *
 * <p>Values are nanoseconds ({@link LatencyUnit#RECORDED}), so that operations shorter than a microsecond keep
 * their figures (YCSB records whole microseconds, {@code (int) (nanos / 1000)}); negative values (a clock step)
 * are recorded as 0. Histograms keep 3 significant digits from 1 ns up (values below 2,048 ns are exact) and
 * resize themselves to the largest value recorded, as YCSB's {@code hdrhistogram} measurement does, so no stall
 * is too long to record and none is clipped. A histogram's memory grows with the log of that largest value:
 * about 17 KB up to 2 µs, 91 KB to 1 ms, 173 KB to 1 s, 222 KB to 60 s
 * ({@code Histogram.getEstimatedFootprintInBytes}; 74 to 82 KB more than a microsecond histogram of the same
 * range).
 *
 * <p>Each client thread records into its own {@link SingleWriterRecorder} (its slot), created on its
 * first use or ahead of it ({@link MeasurementRegistry#prepareLike}), so recording shares no cache line
 * between threads: with many threads on few cores, a shared recorder's atomic counters cost more than
 * the workload itself ({@code bench/driver-overhead.sh} compares them). Each recorder's histogram grows with the largest value seen,
 * not with the thread count. Threads without a slot, and threads beyond the first
 * {@value #MAX_RECORDER_SLOTS}, record into one shared {@link Recorder}, which bounds the memory.
 *
 * <p>Thread-safety: {@link #record} may be called concurrently, each slot by one thread only (the
 * client thread that owns it). {@link #harvestService} and {@link #harvestIntended} must be called by
 * one harvesting thread only; they never block the recording threads.
 */
public final class LatencyChannel {
  private static final int SIGNIFICANT_DIGITS = 3;
  /** Client threads with a recorder of their own; threads above this share one. */
  static final int MAX_RECORDER_SLOTS = 256;

  private final String name;
  private final Series service;
  /** Null when no target schedule exists: intended latency then equals service time. */
  private final Series intended;

  LatencyChannel(String name, boolean recordIntended, int slots) {
    this.name = name;
    this.service = new Series(slots);
    this.intended = recordIntended ? new Series(slots) : null;
  }

  /** @return the YCSB measurement name, e.g. {@code READ-FAILED} */
  public String name() {
    return name;
  }

  /** @return whether intended latency is recorded apart from service time (a target was set) */
  public boolean recordsIntended() {
    return intended != null;
  }

  /**
   * Records one operation.
   *
   * @param slot the calling client thread's slot, or -1 for any other thread
   * @param serviceNanos end minus actual start, in nanoseconds
   * @param intendedNanos end minus scheduled start, in nanoseconds; ignored without a target
   */
  public void record(int slot, long serviceNanos, long intendedNanos) {
    service.record(slot, serviceNanos);
    if (intended != null) {
      intended.record(slot, intendedNanos);
    }
  }

  /** Records a service time only, in nanoseconds (YCSB's {@code Measurements.measure}). */
  public void recordService(int slot, long serviceNanos) {
    service.record(slot, serviceNanos);
  }

  /** Records an intended latency only, in nanoseconds (YCSB's {@code measureIntended}); ignored without a target. */
  public void recordIntended(int slot, long intendedNanos) {
    if (intended != null) {
      intended.record(slot, intendedNanos);
    }
  }

  /**
   * Moves the service times recorded since the previous call into {@code target}.
   *
   * @param target reset, then filled with nanoseconds; owned by the caller
   */
  public void harvestService(Histogram target) {
    service.harvest(target);
  }

  /**
   * Moves the intended latencies recorded since the previous call into {@code target}.
   *
   * @param target reset, then filled with nanoseconds; left empty when intended latency is not recorded apart
   */
  public void harvestIntended(Histogram target) {
    if (intended == null) {
      target.reset();
      return;
    }
    intended.harvest(target);
  }

  /**
   * Creates a recorder in this channel for every slot that has one in {@code used}, so that those threads find it
   * in place (see {@link MeasurementRegistry#prepareLike}). Safe while the slots' threads record elsewhere.
   *
   * @param used a channel of the same name in another registry
   */
  void prepareLike(LatencyChannel used) {
    service.prepareLike(used.service);
    if (intended != null && used.intended != null) {
      intended.prepareLike(used.intended);
    }
  }

  /** @return whether client thread {@code slot} has a service-time recorder of its own here yet */
  boolean hasRecorder(int slot) {
    return slot >= 0 && slot < service.slots.length() && service.slots.get(slot) != null;
  }

  @Override
  public String toString() {
    return name;
  }

  /** Per-slot recorders of one quantity, and the harvester's recycled intervals. */
  private static final class Series {
    private final AtomicReferenceArray<SingleWriterRecorder> slots;
    private final Recorder shared = new Recorder(SIGNIFICANT_DIGITS);
    /** Harvester-confined. */
    private final Histogram[] recycled;
    private Histogram sharedRecycled;

    Series(int slotCount) {
      // beyond MAX_RECORDER_SLOTS threads, the rest share one recorder: a recorder holds two histograms
      // of up to about 200 KB each for second-long latencies, and memory must not grow without bound
      int perThread = Math.min(slotCount, MAX_RECORDER_SLOTS);
      slots = new AtomicReferenceArray<>(perThread);
      recycled = new Histogram[perThread];
    }

    void record(int slot, long nanos) {
      long value = nanos < 0 ? 0 : nanos;
      if (slot < 0 || slot >= slots.length()) {
        shared.recordValue(value);
        return;
      }
      SingleWriterRecorder r = slots.get(slot);
      if (r == null) {
        // a slot belongs to one client thread, which records into it alone; prepareLike may have created it first
        slots.compareAndSet(slot, null, new SingleWriterRecorder(SIGNIFICANT_DIGITS));
        r = slots.get(slot);
      }
      r.recordValue(value);
    }

    void prepareLike(Series used) {
      int n = Math.min(slots.length(), used.slots.length());
      for (int i = 0; i < n; i++) {
        if (used.slots.get(i) != null && slots.get(i) == null) {
          // the slot's own thread creates it only when it finds it missing, after the switch that publishes this
          slots.compareAndSet(i, null, new SingleWriterRecorder(SIGNIFICANT_DIGITS));
        }
      }
    }

    void harvest(Histogram target) {
      target.reset();
      for (int i = 0; i < recycled.length; i++) {
        SingleWriterRecorder r = slots.get(i);
        if (r != null) {
          Histogram interval = recycled[i] == null ? r.getIntervalHistogram() : r.getIntervalHistogram(recycled[i]);
          target.add(interval);
          recycled[i] = interval;
        }
      }
      Histogram interval = sharedRecycled == null ? shared.getIntervalHistogram()
          : shared.getIntervalHistogram(sharedRecycled);
      target.add(interval);
      sharedRecycled = interval;
    }
  }
}
