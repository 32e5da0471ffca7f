package dev.ycsbdriver.runner;

import dev.ycsbdriver.measure.MeasurementRegistry;
import dev.ycsbdriver.measure.Operation;
import dev.ycsbdriver.measure.OperationMeasurement;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.Vector;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;

/**
 * Times every call into the binding's {@code DB}, as YCSB's {@code DBWrapper} does: service time from
 * the call's start, intended latency from the operation's scheduled start, the status counted.
 *
 * <p>A binding that waited for a connection (a pool, a shared connection) says how long through
 * {@link dev.ycsbdriver.measure.ScheduledThread#connectionWaited}: the wait is recorded as {@code CONNECTION-WAIT}
 * and left out of the operation's service time; its intended latency, what the application saw, keeps it.
 *
 * <p>Hot path: two {@link System#nanoTime()} calls, two field reads and the recording; no map lookup, no
 * string building, no allocation. One instance per client thread; not thread-safe.
 */
final class MeasuredDb extends DB {
  private final DB db;
  private final ClientThread owner;
  private final int slot;
  private final OperationMeasurement read;
  private final OperationMeasurement scan;
  private final OperationMeasurement update;
  private final OperationMeasurement insert;
  private final OperationMeasurement delete;
  private final OperationMeasurement connectionWait;

  MeasuredDb(DB db, ClientThread owner, MeasurementRegistry registry) {
    this.db = db;
    this.owner = owner;
    this.slot = owner.slot();
    this.read = registry.operation(Operation.READ);
    this.scan = registry.operation(Operation.SCAN);
    this.update = registry.operation(Operation.UPDATE);
    this.insert = registry.operation(Operation.INSERT);
    this.delete = registry.operation(Operation.DELETE);
    this.connectionWait = registry.operation(Operation.CONNECTION_WAIT);
  }

  @Override
  public void setProperties(Properties p) {
    db.setProperties(p);
  }

  @Override
  public Properties getProperties() {
    return db.getProperties();
  }

  @Override
  public void init() throws DBException {
    try {
      db.init();
    } finally {
      // a connection the binding waited for while opening belongs to no operation
      owner.takeConnectionWait();
    }
  }

  @Override
  public void cleanup() throws DBException {
    db.cleanup();
  }

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    long intended = owner.intendedStartNanos();
    long start = System.nanoTime();
    Status status = db.read(table, key, fields, result);
    long end = System.nanoTime();
    read.record(slot, status, intended == 0 ? start : intended, start + waited(start), end);
    return status;
  }

  @Override
  public Status scan(String table, String startkey, int recordcount, Set<String> fields,
                     Vector<HashMap<String, ByteIterator>> result) {
    long intended = owner.intendedStartNanos();
    long start = System.nanoTime();
    Status status = db.scan(table, startkey, recordcount, fields, result);
    long end = System.nanoTime();
    scan.record(slot, status, intended == 0 ? start : intended, start + waited(start), end);
    return status;
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    long intended = owner.intendedStartNanos();
    long start = System.nanoTime();
    Status status = db.update(table, key, values);
    long end = System.nanoTime();
    update.record(slot, status, intended == 0 ? start : intended, start + waited(start), end);
    return status;
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    long intended = owner.intendedStartNanos();
    long start = System.nanoTime();
    Status status = db.insert(table, key, values);
    long end = System.nanoTime();
    insert.record(slot, status, intended == 0 ? start : intended, start + waited(start), end);
    return status;
  }

  @Override
  public Status delete(String table, String key) {
    long intended = owner.intendedStartNanos();
    long start = System.nanoTime();
    Status status = db.delete(table, key);
    long end = System.nanoTime();
    delete.record(slot, status, intended == 0 ? start : intended, start + waited(start), end);
    return status;
  }

  /**
   * Records the wait for a connection the binding reported for the operation that started at {@code start}.
   *
   * @return the wait in nanoseconds, 0 when none was reported
   */
  private long waited(long start) {
    long w = owner.takeConnectionWait();
    if (w < 0) {
      return 0;
    }
    connectionWait.record(slot, Status.OK, start, start, start + w);
    return w;
  }
}
