package dev.ycsbdriver.spi;

import java.util.Arrays;
import site.ycsb.measurements.Measurements;

/**
 * The latency of records a binding sends in batches, accounted per record: from the moment the driver
 * handed the record to the binding until the server acknowledged its batch.
 *
 * <p>The driver does not record a latency for an operation that returns {@code Status.BATCHED_OK} (it
 * did not complete; it is counted under {@code Return=BATCHED_OK}). The binding calls {@link #queued()}
 * when it queues such a record and {@link #acknowledged(String)} when the batch holding it was stored, or
 * {@link #failed(String)} when it was not. The operation that sends the batch returns its own status
 * and the driver times it as usual, so it is not queued here. Each record then appears once in the
 * operation's latency, with the time it really waited, instead of as a 0 µs record beside one
 * operation that absorbs the whole batch.
 *
 * <p>Usage, in a {@code DB.insert} that batches:
 * <pre>{@code
 * queue.add(record);
 * if (queue.size() < batchSize) { latency.queued(); return Status.BATCHED_OK; }
 * boolean ok = send(queue);
 * if (ok) latency.acknowledged("INSERT"); else latency.failed("INSERT");
 * return ok ? Status.OK : Status.ERROR;
 * }</pre>
 *
 * <p>Not thread-safe: one instance per {@code DB}, used by its client thread.
 */
public final class BatchedLatency {
  private long[] queuedAtNanos = new long[16];
  private int size;

  /** Notes that a record was queued now. */
  public void queued() {
    if (size == queuedAtNanos.length) {
      queuedAtNanos = Arrays.copyOf(queuedAtNanos, size * 2);
    }
    queuedAtNanos[size++] = System.nanoTime();
  }

  /** @return records queued and not yet acknowledged or failed */
  public int pending() {
    return size;
  }

  /**
   * Records, for every queued record, the time from its queueing until now as a latency of
   * {@code operation} (service time and intended latency), then forgets them.
   *
   * @param operation the YCSB measurement name, e.g. {@code INSERT}
   */
  public void acknowledged(String operation) {
    report(operation);
  }

  /**
   * Records the queued records' time as {@code <operation>-FAILED}: they were counted as
   * {@code BATCHED_OK} but their batch was not stored.
   *
   * @param operation the YCSB measurement name, e.g. {@code INSERT}
   */
  public void failed(String operation) {
    report(operation + "-FAILED");
  }

  private void report(String name) {
    long now = System.nanoTime();
    Measurements m = Measurements.getMeasurements();
    for (int i = 0; i < size; i++) {
      int micros = (int) Math.min(Integer.MAX_VALUE, (now - queuedAtNanos[i]) / 1000);
      m.measure(name, micros);
      m.measureIntended(name, micros);
    }
    size = 0;
  }
}
