import dev.ycsbdriver.measure.IntervalHarvester;
import dev.ycsbdriver.measure.MeasurementConfig;
import dev.ycsbdriver.measure.MeasurementRegistry;
import dev.ycsbdriver.measure.Operation;
import dev.ycsbdriver.measure.OperationMeasurement;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;
import site.ycsb.Status;

/**
 * The cost of recording one operation on the client threads' hot path: {@link OperationMeasurement#record} of a
 * successful READ, N threads each in its own slot, while a harvester takes the interval histograms every 100 ms
 * (ten times as often as a run does). Latencies come from a fixed table: 90% from 150 ns to 2 µs, 9% to 100 µs,
 * 1% to 10 ms. After a 2 s warm-up it prints the nanoseconds per recorded operation (thread time, so 2 threads
 * on 2 cores print about what 1 thread does when nothing is shared).
 *
 * <p>Compare two builds by running each in turn, several times, and taking the ratio of the medians; on a shared
 * machine only the ratio means anything.
 *
 * <p>Usage: {@code java -cp '<core classes or jar>:<its dependencies>' bench/RecordingCost.java <threads>
 * <measured milliseconds>}; the dependencies as {@code ./mvnw -q -o -pl core dependency:build-classpath
 * -Dmdep.outputFile=cp.txt} lists them.
 */
public final class RecordingCost {
  public static void main(String[] args) throws Exception {
    int threads = Integer.parseInt(args[0]);
    long measuredMillis = Long.parseLong(args[1]);
    MeasurementConfig config = new MeasurementConfig(MeasurementConfig.Interval.OP, List.of(95.0, 99.0), false,
        false, Set.of());
    MeasurementRegistry registry = new MeasurementRegistry(config, false, threads);
    OperationMeasurement read = registry.operation(Operation.READ);
    long[] latencyNanos = new long[4096];
    Random random = new Random(1);
    for (int i = 0; i < latencyNanos.length; i++) {
      int k = random.nextInt(100);
      latencyNanos[i] = k < 90 ? 150 + random.nextInt(1_850) : k < 99 ? 2_000 + random.nextInt(98_000)
          : 100_000 + random.nextInt(9_900_000);
    }
    AtomicBoolean stop = new AtomicBoolean();
    AtomicBoolean counting = new AtomicBoolean();
    LongAdder recorded = new LongAdder();
    Thread[] workers = new Thread[threads];
    for (int t = 0; t < threads; t++) {
      int slot = t;
      workers[t] = new Thread(() -> {
        long n = 0;
        int i = slot * 97;
        boolean counted = false;
        while (!stop.get()) {
          for (int j = 0; j < 1024; j++) {
            long start = 1_000_000_000L + n;
            read.record(slot, Status.OK, start, start, start + latencyNanos[i++ & 4095]);
            n++;
          }
          if (!counted && counting.get()) {
            n = 0;
            counted = true;
          }
        }
        recorded.add(n);
      });
      workers[t].start();
    }
    IntervalHarvester harvester = new IntervalHarvester(registry);
    long warmupEnd = System.nanoTime() + 2_000_000_000L;
    while (System.nanoTime() < warmupEnd) {
      Thread.sleep(100);
      harvester.harvest(0, 1);
    }
    counting.set(true);
    long from = System.nanoTime();
    while (System.nanoTime() - from < measuredMillis * 1_000_000L) {
      Thread.sleep(100);
      harvester.harvest(0, 1);
    }
    stop.set(true);
    long elapsed = System.nanoTime() - from;
    for (Thread w : workers) {
      w.join();
    }
    System.out.printf(java.util.Locale.ROOT, "%.2f%n", (double) elapsed * threads / recorded.sum());
  }
}
