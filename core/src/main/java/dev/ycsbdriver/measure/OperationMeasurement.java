package dev.ycsbdriver.measure;

import java.util.Collection;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import site.ycsb.Status;

/**
 * Everything measured for one operation name: the latency of successful operations, the latency of
 * failed ones (named {@code <OP>-FAILED} or {@code <OP>-<STATUS>} as YCSB's {@code DBWrapper} does), and
 * the count per status.
 *
 * <p>Thread-safe; the success path allocates nothing.
 */
public final class OperationMeasurement {
  private final String name;
  private final LatencyChannel ok;
  private final StatusCounts statuses;
  private final ConcurrentHashMap<String, LatencyChannel> failures = new ConcurrentHashMap<>();
  /** Each failure status's channel once resolved, so a failing store costs one lookup per operation. */
  private final ConcurrentHashMap<Status, LatencyChannel> byStatus = new ConcurrentHashMap<>();
  private final MeasurementRegistry registry;

  OperationMeasurement(String name, MeasurementRegistry registry) {
    this.name = name;
    this.registry = registry;
    this.ok = registry.newChannel(name);
    this.statuses = new StatusCounts(registry.slots());
  }

  /** @return the YCSB name, e.g. {@code READ} */
  public String name() {
    return name;
  }

  /**
   * Records one operation as YCSB's {@code DBWrapper} does: the latency goes to the success channel or
   * to a failure channel, and the status is counted under this operation's name. An operation that
   * returned {@code BATCHED_OK} is only counted: its record is not stored yet, and the binding reports
   * its latency once the batch is (see {@link dev.ycsbdriver.spi.BatchedLatency}).
   *
   * @param slot the calling client thread's slot (see {@link LatencyChannel}), or -1
   * @param status what the binding returned; null counts as an error
   * @param intendedStartNanos the scheduled start ({@link System#nanoTime()} scale); equal to
   *     {@code startNanos} when no target is set
   * @param startNanos when the call started
   * @param endNanos when it returned
   */
  public void record(int slot, Status status, long intendedStartNanos, long startNanos, long endNanos) {
    if (status == Status.BATCHED_OK) {
      // queued, not done: the binding reports the record's latency when its batch is acknowledged
      // (dev.ycsbdriver.spi.BatchedLatency)
      statuses.increment(slot, status);
      return;
    }
    // BATCHED_OK, YCSB's only other isOk() status, returned above
    LatencyChannel channel = status == Status.OK ? ok : failureChannel(status);
    statuses.increment(slot, status);
    channel.record(slot, endNanos - startNanos, endNanos - intendedStartNanos);
  }

  /** @return the channel for successful operations (YCSB's plain {@code [OP]} block) */
  public LatencyChannel ok() {
    return ok;
  }

  /** @return the per-status counts (YCSB's {@code Return=} lines) */
  public StatusCounts statuses() {
    return statuses;
  }

  /** @return the failure channels created so far, in no particular order */
  public Collection<LatencyChannel> failures() {
    return failures.values();
  }

  /**
   * Gives this operation's channels a recorder for every slot that recorded into {@code used}'s, and a channel for
   * every failure status {@code used} has seen, so that the client threads find them in place (see
   * {@link MeasurementRegistry#prepareLike}).
   *
   * @param used the same operation in another registry
   */
  void prepareLike(OperationMeasurement used) {
    ok.prepareLike(used.ok);
    for (Map.Entry<Status, LatencyChannel> e : used.byStatus.entrySet()) {
      failureChannel(e.getKey()).prepareLike(e.getValue());
    }
  }

  private LatencyChannel failureChannel(Status status) {
    LatencyChannel known = status == null ? null : byStatus.get(status);
    if (known != null) {
      return known;
    }
    String statusName = status == null ? Status.ERROR.getName() : status.getName();
    String suffix = registry.config().reportLatencyForEachError()
        || registry.config().latencyTrackedErrors().contains(statusName) ? statusName : "FAILED";
    LatencyChannel channel = failures.get(suffix);
    if (channel == null) {
      channel = failures.computeIfAbsent(suffix, s -> registry.newChannel(name + "-" + s));
    }
    if (status != null) {
      byStatus.putIfAbsent(status, channel);
    }
    return channel;
  }
}
