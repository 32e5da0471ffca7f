package dev.ycsbdriver.runner;

import static dev.ycsbdriver.config.CoreWorkloadKeys.INSERT_PROPORTION;
import static dev.ycsbdriver.config.CoreWorkloadKeys.REQUEST_DISTRIBUTION;

import dev.ycsbdriver.config.ConfigException;
import dev.ycsbdriver.config.Settings;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import site.ycsb.Workload;
import site.ycsb.WorkloadException;

/**
 * The workload instances the client threads draw their operations from: one shared by every thread, as
 * upstream's {@code site.ycsb.Client} does, or one {@code CoreWorkload} per thread where that draws the same
 * operations ({@code workload.instances}).
 *
 * <p>Why: every draw from a CoreWorkload generator writes the value drawn into a field of the generator
 * ({@code NumberGenerator.setLastValue}, {@code DiscreteGenerator}'s last value), and a shared generator is
 * shared memory: on a machine with several cores each operation moves those cache lines from core to core.
 * With the no-op {@code site.ycsb.BasicDB} and many threads on few cores, CoreWorkload alone in a loop does about
 * three times the operations per second per thread that it does shared ({@code bench/WorkloadCeiling.java}).
 *
 * <p>Why by default (upstream shares one): with the no-op store, on 64 threads and 2 cores, per thread does about
 * twice the operations per second of a shared instance on workload A ({@code bench/driver-overhead.sh}), and against
 * PostgreSQL it is as fast or faster at no more client CPU per operation once the warm-up has compiled the client's
 * hot path ({@code warmup=auto}); the figures are in {@code docs/benchmarks/driver-overhead.md}.
 * {@code workload.instances=shared} restores upstream's behaviour.
 *
 * <p>Why it draws the same operations: CoreWorkload's random numbers come from {@code ThreadLocalRandom}
 * ({@code site.ycsb.Utils.random()}), a stream per thread whether the generators are shared or not, and a
 * generator's last value is read back only by generators that follow another ({@code latest} follows the
 * insert counter). So each thread draws from the same distributions with the same parameters either way
 * whenever no draw depends on a counter that the threads advance together. {@code per-thread} gives a thread its own
 * instance exactly then:
 * <ul>
 *   <li>the class is {@code site.ycsb.workloads.CoreWorkload} itself (a subclass may keep state of its own);
 *   <li>the phase is a run: a load takes its keys from the shared insert sequence;
 *   <li>{@code insertproportion} is 0: inserts take keys from the shared transaction insert sequence, which
 *       also bounds the keys that reads choose;
 *   <li>{@code requestdistribution} is {@code uniform}, {@code zipfian}, {@code hotspot} or {@code exponential}:
 *       {@code sequential} is one counter for all threads, and {@code latest} follows the insert sequence;
 *   <li>more than one thread runs.
 * </ul>
 * Otherwise, and always with {@code workload.instances=shared}, the threads share one instance.
 *
 * <p>Thread-safety: created and stopped by the runner; each thread reads only its own instance.
 */
final class ClientWorkloads {
  /** What a result says when the threads shared one instance. */
  static final String SHARED = "shared";
  /** What a result says when each thread had its own. */
  static final String PER_THREAD = "per-thread";

  private static final String CORE_WORKLOAD = "site.ycsb.workloads.CoreWorkload";

  private final List<Workload> instances;
  private final String reason;

  private ClientWorkloads(List<Workload> instances, String reason) {
    this.instances = List.copyOf(instances);
    this.reason = reason;
  }

  /**
   * Creates and initialises the instances.
   *
   * @param className the workload class
   * @param props the run's properties, as the workload reads them ({@code dotransactions} set)
   * @param threads client threads, at least 1
   * @param requested {@code shared} or {@code per-thread}
   * @return one instance, or one per thread
   * @throws ConfigException if the class is missing or not a workload, or the workload rejects its properties
   */
  static ClientWorkloads create(String className, Properties props, int threads, String requested)
      throws ConfigException {
    String shareReason = shareReason(className, props, threads, requested);
    List<Workload> created = new ArrayList<>();
    int count = shareReason == null ? threads : 1;
    try {
      for (int i = 0; i < count; i++) {
        created.add(WorkloadFactory.create(className, props));
      }
    } catch (ConfigException | RuntimeException e) {
      cleanup(created);
      throw e;
    }
    return new ClientWorkloads(created, shareReason == null
        ? "one CoreWorkload per client thread (workload.instances=per-thread)" : shareReason);
  }

  /**
   * @param className the workload class
   * @param props the run's properties
   * @param threads client threads
   * @param requested {@code shared} or {@code per-thread}
   * @return why the threads share one instance, or null when each gets its own
   */
  static String shareReason(String className, Properties props, int threads, String requested) {
    if (!PER_THREAD.equals(requested)) {
      return "one workload shared by the client threads (workload.instances=shared)";
    }
    String shared = "one workload shared by the client threads";
    if (!CORE_WORKLOAD.equals(className)) {
      return shared + ": " + className + " is not CoreWorkload";
    }
    if (threads < 2) {
      return shared + ": one thread";
    }
    Settings settings = Settings.of(props);
    if (!"true".equalsIgnoreCase(settings.getTrimmed(UpstreamKeys.DO_TRANSACTIONS))) {
      return shared + ": a load takes its keys from one insert sequence";
    }
    double inserts;
    try {
      inserts = settings.getDouble(INSERT_PROPORTION, -Double.MAX_VALUE, Double.MAX_VALUE);
    } catch (ConfigException e) {
      return shared + ": " + INSERT_PROPORTION.key() + " is not a number";
    }
    if (inserts != 0) {
      return shared + ": inserts take their keys from one insert sequence";
    }
    String distribution = settings.getTrimmed(REQUEST_DISTRIBUTION).toLowerCase(Locale.ROOT);
    return switch (distribution) {
      case "uniform", "zipfian", "hotspot", "exponential" -> null;
      default -> shared + ": requestdistribution=" + distribution + " follows a counter of all threads";
    };
  }

  /**
   * @param thread the client thread's index, 0 to threads - 1
   * @return the instance that thread draws from
   */
  Workload forThread(int thread) {
    return instances.size() == 1 ? instances.get(0) : instances.get(thread);
  }

  /** @return {@link #PER_THREAD} or {@link #SHARED}, for the result */
  String mode() {
    return instances.size() > 1 ? PER_THREAD : SHARED;
  }

  /** @return one line on what was chosen and why, for the console */
  String describe() {
    return reason;
  }

  /** Asks every instance to stop ({@code Workload.requestStop()}). */
  void requestStop() {
    instances.forEach(Workload::requestStop);
  }

  /**
   * Cleans up every instance, even after one fails.
   *
   * @throws WorkloadException the first failure, the others suppressed
   */
  void cleanup() throws WorkloadException {
    WorkloadException first = cleanup(instances);
    if (first != null) {
      throw first;
    }
  }

  private static WorkloadException cleanup(List<Workload> workloads) {
    WorkloadException first = null;
    for (Workload w : workloads) {
      try {
        w.cleanup();
      } catch (WorkloadException | RuntimeException e) {
        WorkloadException wrapped = e instanceof WorkloadException we ? we : new WorkloadException(e);
        if (first == null) {
          first = wrapped;
        } else {
          first.addSuppressed(wrapped);
        }
      }
    }
    return first;
  }
}
