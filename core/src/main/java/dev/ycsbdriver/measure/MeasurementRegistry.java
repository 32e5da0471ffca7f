package dev.ycsbdriver.measure;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * All measurements of one run: one {@link OperationMeasurement} per operation, built up front for
 * YCSB's operations and on first use for any other name a workload reports.
 *
 * <p>Thread-safe. Create one per run, before the workload is constructed (see
 * {@link WorkloadMeasurements#install}).
 */
public final class MeasurementRegistry {
  private final MeasurementConfig config;
  private final boolean recordIntended;
  private final int slots;
  private final OperationMeasurement[] byOperation;
  private final ConcurrentHashMap<String, OperationMeasurement> byName = new ConcurrentHashMap<>();
  private final List<LatencyChannel> channels = new CopyOnWriteArrayList<>();
  private final List<OperationMeasurement> operations = new CopyOnWriteArrayList<>();

  /**
   * @param config the measurement keys
   * @param recordIntended whether intended latency is recorded apart from service time; true when a
   *     target throughput schedules the operations, false in a closed loop where both are equal
   * @param slots the number of client threads, each recording into its own slot (0 .. slots-1)
   */
  public MeasurementRegistry(MeasurementConfig config, boolean recordIntended, int slots) {
    this.config = config;
    this.recordIntended = recordIntended;
    this.slots = slots;
    Operation[] ops = Operation.values();
    this.byOperation = new OperationMeasurement[ops.length];
    for (Operation op : ops) {
      OperationMeasurement m = new OperationMeasurement(op.ycsbName(), this);
      byOperation[op.ordinal()] = m;
      byName.put(op.ycsbName(), m);
      operations.add(m);
    }
  }

  /** @return the measurement configuration */
  public MeasurementConfig config() {
    return config;
  }

  /** @return whether intended latency is recorded apart from service time */
  public boolean recordsIntended() {
    return recordIntended;
  }

  /** @return the measurement of a YCSB operation; no lookup beyond an array index */
  public OperationMeasurement operation(Operation op) {
    return byOperation[op.ordinal()];
  }

  /**
   * @param name any measurement name a workload reports, e.g. {@code READ-MODIFY-WRITE} or a custom one
   * @return its measurement, created on first use
   */
  public OperationMeasurement named(String name) {
    OperationMeasurement m = byName.get(name);
    if (m != null) {
      return m;
    }
    return byName.computeIfAbsent(name, n -> {
      OperationMeasurement created = new OperationMeasurement(n, this);
      operations.add(created);
      return created;
    });
  }

  /** @return every operation measurement, YCSB's operations first, then others in first-use order */
  public List<OperationMeasurement> operations() {
    return new ArrayList<>(operations);
  }

  /** @return every latency channel created so far, in creation order */
  public List<LatencyChannel> channels() {
    return new ArrayList<>(channels);
  }

  /** @return the operation measurements keyed by YCSB operation */
  public Map<Operation, OperationMeasurement> byOperation() {
    Map<Operation, OperationMeasurement> map = new EnumMap<>(Operation.class);
    for (Operation op : Operation.values()) {
      map.put(op, byOperation[op.ordinal()]);
    }
    return map;
  }

  /**
   * Creates, ahead of use, what the client threads created on first use in {@code used}: every operation measured
   * there (custom names included), a channel for every failure status seen there, and in each channel a
   * recorder for every client thread that recorded into the same channel there. Called at the end of a warm-up, with
   * its registry, before the client threads switch to this one: what a thread found missing on first use was a
   * branch its compiled code had not taken while warming up, and taking it at the switch threw that code away
   * (JFR: {@code speculate_null_check} in the recording path) at the start of the measured time. Creates no
   * figures: an operation or channel created here and never used is left out of every result, as before.
   *
   * @param used a registry of the same run, e.g. the warm-up's; may be recording concurrently
   */
  public void prepareLike(MeasurementRegistry used) {
    for (OperationMeasurement m : used.operations()) {
      named(m.name()).prepareLike(m);
    }
  }

  /** @return the number of client threads with a slot of their own */
  int slots() {
    return slots;
  }

  LatencyChannel newChannel(String name) {
    LatencyChannel c = new LatencyChannel(name, recordIntended, slots);
    channels.add(c);
    return c;
  }
}
