import java.util.Properties;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;
import site.ycsb.DB;
import site.ycsb.Workload;

/**
 * The ceiling of any YCSB driver on this machine: CoreWorkload's doTransaction against a store, in a tight loop on
 * N threads, with nothing measured. Run by bench/driver-overhead.sh beside ycsb-driver and upstream's Client with
 * the same workload and store (site.ycsb.BasicDB), so that the share of each driver's cost that is the workload's
 * own (key choice, key names, field maps) shows.
 *
 * <p>Each thread draws from its own CoreWorkload instance, as ycsb-driver's threads do for the workloads this
 * bench runs (A and C: no inserts, zipfian; see {@code workload.instances}); {@code instances=shared} as an
 * argument shares one instance among the threads, as upstream's Client does.
 *
 * <p>Usage: {@code java -cp '<distribution>/lib/*' bench/WorkloadCeiling.java <workload file> <threads>
 * <warm-up seconds> <measured seconds> [key=value...]}; prints the measured operations per second.
 */
public final class WorkloadCeiling {
  public static void main(String[] args) throws Exception {
    Properties props = new Properties();
    try (var in = java.nio.file.Files.newInputStream(java.nio.file.Path.of(args[0]))) {
      props.load(in);
    }
    int threads = Integer.parseInt(args[1]);
    long warmupNanos = Long.parseLong(args[2]) * 1_000_000_000L;
    long measuredNanos = Long.parseLong(args[3]) * 1_000_000_000L;
    for (int i = 4; i < args.length; i++) {
      String[] kv = args[i].split("=", 2);
      props.setProperty(kv[0], kv[1]);
    }
    props.setProperty("threadcount", Integer.toString(threads));
    site.ycsb.measurements.Measurements.setProperties(props);
    boolean shared = "shared".equals(props.getProperty("instances"));
    Workload sharedWorkload = shared ? newWorkload(props) : null;
    LongAdder ops = new LongAdder();
    AtomicBoolean stop = new AtomicBoolean();
    Thread[] workers = new Thread[threads];
    for (int t = 0; t < threads; t++) {
      int id = t;
      workers[t] = new Thread(() -> {
        try {
          DB db = (DB) Class.forName(props.getProperty("db", "site.ycsb.BasicDB")).getDeclaredConstructor().newInstance();
          db.setProperties(props);
          db.init();
          Workload workload = shared ? sharedWorkload : newWorkload(props);
          Object state = workload.initThread(props, id, threads);
          long n = 0;
          while (!stop.get()) {
            workload.doTransaction(db, state);
            if (++n == 1024) {
              ops.add(n);
              n = 0;
            }
          }
          ops.add(n);
        } catch (Exception e) {
          throw new IllegalStateException(e);
        }
      });
      workers[t].start();
    }
    Thread.sleep(warmupNanos / 1_000_000);
    long before = ops.sum();
    long start = System.nanoTime();
    Thread.sleep(measuredNanos / 1_000_000);
    long done = ops.sum() - before;
    double seconds = (System.nanoTime() - start) / 1e9;
    stop.set(true);
    for (Thread w : workers) {
      w.join();
    }
    System.out.printf("%.0f%n", done / seconds);
  }

  private static Workload newWorkload(Properties props) throws Exception {
    Workload workload = (Workload) Class.forName(props.getProperty("workload")).getDeclaredConstructor().newInstance();
    workload.init(props);
    return workload;
  }
}
