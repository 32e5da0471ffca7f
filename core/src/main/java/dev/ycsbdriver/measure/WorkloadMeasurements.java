package dev.ycsbdriver.measure;

import java.lang.reflect.Field;
import java.util.Properties;
import site.ycsb.Status;
import site.ycsb.measurements.Measurements;

/**
 * Routes what YCSB code measures by itself into a {@link MeasurementRegistry}.
 *
 * <p>YCSB's {@code CoreWorkload} times READ-MODIFY-WRITE and VERIFY itself and reports them through
 * the process-wide {@code Measurements.getMeasurements()} singleton, which it captures when it is
 * constructed. {@link #install} puts an instance of this class in that singleton's place, so those
 * figures land in the same registry as the operations the driver times, without string-keyed map
 * lookups on the driver's own hot path.
 *
 * <p>Thread-safe. One instance per run; install it before constructing the workload.
 */
public final class WorkloadMeasurements extends Measurements {
  private final MeasurementRegistry registry;

  private WorkloadMeasurements(Properties props, MeasurementRegistry registry) {
    super(props);
    this.registry = registry;
  }

  /**
   * Makes {@code Measurements.getMeasurements()} return a bridge to {@code registry}.
   *
   * @param props the run's properties (YCSB's constructor parses {@code measurementtype} and
   *     {@code measurement.interval} from them)
   * @param registry the run's measurements
   * @return the installed bridge
   * @throws IllegalStateException if YCSB's {@code Measurements} class no longer has its singleton field
   */
  public static WorkloadMeasurements install(Properties props, MeasurementRegistry registry) {
    Measurements.setProperties(props);
    WorkloadMeasurements bridge = new WorkloadMeasurements(props, registry);
    try {
      Field singleton = Measurements.class.getDeclaredField("singleton");
      singleton.setAccessible(true);
      synchronized (Measurements.class) {
        singleton.set(null, bridge);
      }
    } catch (ReflectiveOperationException | RuntimeException e) {
      throw new IllegalStateException("cannot install measurements into site.ycsb.measurements.Measurements", e);
    }
    return bridge;
  }

  @Override
  public void setIntendedStartTimeNs(long time) {
    // the driver's client threads keep the schedule themselves (ScheduledThread)
  }

  @Override
  public long getIntendedtartTimeNs() {
    ScheduledThread t = ScheduledThread.current();
    if (t != null) {
      long intended = t.intendedStartNanos();
      if (intended != 0) {
        return intended;
      }
    }
    return System.nanoTime();
  }

  @Override
  public void measure(String operation, int latencyMicros) {
    ScheduledThread t = ScheduledThread.current();
    ok(t, operation).recordService(slotOf(t), LatencyUnit.RECORDED.fromMicros(latencyMicros));
  }

  @Override
  public void measureIntended(String operation, int latencyMicros) {
    ScheduledThread t = ScheduledThread.current();
    ok(t, operation).recordIntended(slotOf(t), LatencyUnit.RECORDED.fromMicros(latencyMicros));
  }

  /** @return client thread {@code t}'s slot, or -1 when the caller is not a client thread ({@code t} null) */
  private static int slotOf(ScheduledThread t) {
    return t == null ? -1 : t.slot();
  }

  private MeasurementRegistry registryOf(ScheduledThread t) {
    return t != null ? t.registry() : registry;
  }

  /** The OK latencies of {@code operation} for client thread {@code t} (null: not a client thread): one lookup. */
  private LatencyChannel ok(ScheduledThread t, String operation) {
    return registryOf(t).named(operation).ok();
  }

  @Override
  public void reportStatus(String operation, Status status) {
    ScheduledThread t = ScheduledThread.current();
    registryOf(t).named(operation).statuses().increment(slotOf(t), status);
  }
}
