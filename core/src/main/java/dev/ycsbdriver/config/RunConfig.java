package dev.ycsbdriver.config;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * The driver's own keys for one load or run, validated once before any thread starts. Keys and
 * defaults are YCSB 0.17.0's {@code Client} keys unless marked as ycsb-driver's own.
 *
 * <p>Immutable and thread-safe.
 *
 * @param phase load or run
 * @param workloadClass the {@code site.ycsb.Workload} class name ({@code workload})
 * @param threadCount client threads, at least 1 ({@code threadcount}, {@code -threads})
 * @param targetOpsPerSec total target throughput in operations per second, 0 for unthrottled
 *     ({@code target}, {@code -target})
 * @param operationCount operations to perform in all, 0 for no limit ({@code operationcount} in run;
 *     {@code insertcount}, else {@code recordcount}, in load)
 * @param maxExecutionTime stop after this long; {@link Duration#ZERO} for no limit
 *     ({@code maxexecutiontime}, seconds)
 * @param status whether to print status lines on stderr ({@code status}, {@code -s})
 * @param statusInterval time between status lines ({@code status.interval}, seconds, default 10)
 * @param label prefix of status lines ({@code label}, {@code -l})
 * @param spinSleep busy-wait instead of parking while pacing ({@code spin.sleep})
 * @param exportFile file that receives the summary instead of stdout, or null ({@code exportfile})
 * @param resultDirectory base directory of result files (ycsb-driver's {@code result.dir})
 * @param failOnError whether any operation that did not return OK makes the exit code 1 (ycsb-driver's
 *     {@code failonerror})
 * @param stopTimeout how long to wait for client threads still inside a binding call after
 *     {@code maxexecutiontime} or Ctrl-C before leaving them behind (ycsb-driver's {@code stop.timeout})
 * @param connectingTimeout while the binding opens and the client threads connect, the longest wait without
 *     progress before the phase stops; {@link Duration#ZERO} for none (ycsb-driver's {@code connecting.timeout},
 *     default 60 s). {@code maxExecutionTime} bounds the measured run only
 * @param profile the durability profile name, or null (ycsb-driver's {@code profile})
 * @param warmup run phase only: operations before the clock starts, left out of every figure ({@code warmup},
 *     default 0: none; a duration, or {@code auto} to end at steady state within {@code warmup.max});
 *     {@code maxexecutiontime} and {@code operationcount} count after it
 * @param statusPort TCP port of the live Prometheus {@code /metrics} endpoint, 1 to 65535, or 0 when it
 *     is off (ycsb-driver's {@code status.port}, default 0)
 * @param statusBind the address the {@code /metrics} endpoint listens on (ycsb-driver's
 *     {@code status.bind}, default {@code 127.0.0.1}); unused while {@code statusPort} is 0
 * @param client which of several driver processes this is ({@code client.index}, {@code client.count});
 *     {@link ClientPartition#SINGLE} by default. A load's {@code insertstart}/{@code insertcount} are
 *     already this client's share (see {@link ClientPartition#partition})
 * @param threadKind what the client threads run on: {@code platform} or {@code virtual} ({@code threadkind},
 *     ycsb-driver's own; virtual only on Java 21 or later and without {@code spin.sleep})
 */
public record RunConfig(Phase phase, String workloadClass, int threadCount, long targetOpsPerSec,
                        long operationCount, Duration maxExecutionTime, boolean status, Duration statusInterval,
                        String label, boolean spinSleep, Path exportFile, Path resultDirectory,
                        boolean failOnError, Duration stopTimeout, Duration connectingTimeout, String profile, Warmup warmup,
                        int statusPort, String statusBind, ClientPartition client, String threadKind) {

  public static final PropertySpec WORKLOAD = PropertySpec.optional("workload", "",
      "the site.ycsb.Workload class, e.g. site.ycsb.workloads.CoreWorkload");
  public static final PropertySpec THREADS = PropertySpec.of("threadcount", "1", "threads",
      "client threads, each with its own DB instance (-threads), 1 to 100000; a run with fewer operations uses one "
          + "thread per operation").integer(1, 100_000);
  public static final PropertySpec TARGET = PropertySpec.of("target", "0", "ops/s",
      "total target throughput; 0 runs unthrottled (-target)").integer(0, Long.MAX_VALUE / 2);
  public static final PropertySpec OPERATION_COUNT = PropertySpec.of("operationcount", "0", "operations",
      "operations in the run phase; 0 runs until maxexecutiontime").integer(0, Long.MAX_VALUE);
  public static final PropertySpec RECORD_COUNT = PropertySpec.of("recordcount", "0", "records",
      "records in the table; the load phase inserts them, 0 to 2^31-1 (CoreWorkload reads an int)")
      .integer(0, Integer.MAX_VALUE);
  public static final PropertySpec INSERT_COUNT = PropertySpec.optional("insertcount", "records",
      "records this load inserts, from insertstart (default: recordcount - insertstart)").integer(0, Integer.MAX_VALUE);
  public static final PropertySpec INSERT_START = PropertySpec.of("insertstart", "0", "records",
      "the first record number the load inserts (CoreWorkload)").integer(0, Long.MAX_VALUE);
  public static final PropertySpec MAX_EXECUTION_TIME = PropertySpec.of("maxexecutiontime", "0", "s",
      "stop after this many seconds of measured run; 0 for no limit").integer(0, Long.MAX_VALUE / 1_000_000_000L);
  public static final PropertySpec STATUS = PropertySpec.of("status", "false", "",
      "print a status line on stderr every status.interval (-s)").flag();
  public static final PropertySpec STATUS_INTERVAL = PropertySpec.of("status.interval", "10", "s",
      "seconds between status lines, 1 to 86400").integer(1, 86_400);
  public static final PropertySpec STATUS_PORT = PropertySpec.of("status.port", "0", "port",
      "serve live Prometheus metrics on http://<status.bind>:<port>/metrics while the phase runs, 1-65535; "
          + "0 turns the endpoint off").integer(0, 65_535);
  public static final PropertySpec STATUS_BIND = PropertySpec.of("status.bind", "127.0.0.1", "",
      "address the status.port endpoint listens on; 0.0.0.0 exposes it to the network");
  public static final PropertySpec STATUS_IDLE_TIMEOUT = PropertySpec.of("status.idle_timeout", "30s", "s",
      "a status.port connection that sends nothing for this long is closed, 1s to 1h")
      .duration(Duration.ofSeconds(1), Duration.ofHours(1));
  public static final PropertySpec STATUS_MAX_CONNECTIONS = PropertySpec.of("status.max_connections", "32",
      "connections", "status.port connections open at once, 1 to 10000 (and at most half of ulimit -n); a "
          + "connection beyond them is reset at once").integer(1, 10_000);
  public static final PropertySpec LABEL = PropertySpec.of("label", "", "", "prefix of status lines (-l)");
  public static final PropertySpec SPIN_SLEEP = PropertySpec.of("spin.sleep", "false", "",
      "busy-wait instead of parking while pacing to the target").flag();
  public static final PropertySpec EXPORT_FILE = PropertySpec.optional("exportfile", "",
      "write the summary to this file instead of stdout");
  public static final PropertySpec EXPORTER = PropertySpec.of("exporter",
      "site.ycsb.measurements.exporter.TextMeasurementsExporter", "",
      "summary format; ycsb-driver writes YCSB's text format, and every figure to the result JSON");
  public static final PropertySpec RESULT_DIR = PropertySpec.of("result.dir", "results", "",
      "directory under which each run writes result.json and .hlog files");
  public static final PropertySpec FAIL_ON_ERROR = PropertySpec.of("failonerror", "true", "",
      "exit with code 1 when any operation did not return OK (the summary is still written)").flag();
  public static final PropertySpec STOP_TIMEOUT = PropertySpec.of("stop.timeout", "5s", "s",
      "after maxexecutiontime or Ctrl-C, how long to wait for operations still inside the binding, 0 to 1h")
      .duration(Duration.ZERO, Duration.ofHours(1));
  public static final PropertySpec CONNECTING_TIMEOUT = PropertySpec.of("connecting.timeout", "60s", "s",
      "while the binding opens and the client threads connect, the longest wait without progress (from the start "
          + "of the phase or the last step that ended); 0 for none, at most 1h").duration(Duration.ZERO, Duration.ofHours(1));
  public static final PropertySpec PROFILE = PropertySpec.optional("profile", "",
      "durability profile: <profile>.properties in conf/<binding>/ (distribution) or bindings/<binding>/conf/ (source checkout), e.g. durable or fast");
  /**
   * What a durability profile claims about a crash of the store's process, checked by {@code crashtest}:
   * {@code no-loss} (no acknowledged write is lost), {@code recent-loss} (the last acknowledged writes may be
   * lost, nothing older) or {@code none} (no claim, e.g. unacknowledged writes). Profile files declare it.
   */
  public static final PropertySpec DURABILITY_CLAIM = PropertySpec.of("durability.claim", "none", "",
      "what the profile claims for a crash of the store's process: no-loss (no acknowledged write lost; crashtest "
          + "exits 1 on a loss), recent-loss (may lose the last acknowledged writes) or none")
      .choice("no-loss", "recent-loss", "none");
  public static final PropertySpec STORE_NAME = PropertySpec.optional("store.name", "",
      "the name reports give this store configuration, e.g. postgres-tuned (default: the binding name)");
  public static final PropertySpec WARMUP = PropertySpec.of("warmup", "0s", "s",
      "run only: operations in this first stretch of the run are left out of every figure (throughput, "
          + "latency, CPU, status counts); a duration up to 1 day, or auto: until the JIT compiler is quiet and "
          + "throughput steady, at most warmup.max, ended at once by a failed operation; maxexecutiontime and "
          + "operationcount count after it");
  public static final PropertySpec WARMUP_MAX = PropertySpec.of("warmup.max", "60s", "s",
      "the longest warmup=auto; a run that is not steady by then is measured anyway, with a warning; 1s to 1h")
      .duration(Duration.ofSeconds(1), Duration.ofHours(1));

  public static final PropertySpec WORKLOAD_INSTANCES = PropertySpec.of("workload.instances", "per-thread", "",
      "run only: per-thread gives each client thread its own CoreWorkload where that draws the same operations "
          + "(no inserts; requestdistribution uniform, zipfian, hotspot or exponential; otherwise they share one), "
          + "sparing the threads the contention on its shared generators; shared keeps one for all threads, as "
          + "upstream YCSB does")
      .choice("shared", "per-thread");
  public static final PropertySpec THREAD_KIND = PropertySpec.of("threadkind", "platform", "",
      "what the client threads run on: platform (one kernel thread each, as upstream YCSB) or virtual (Java 21+: "
          + "a client blocked on a socket parks on the JDK's poller, and the clients share a carrier thread per "
          + "core; for many clients against a network store; latency then includes the wait for a carrier)")
      .choice("platform", "virtual");

  /** The first Java release with virtual threads (JEP 444). */
  public static final int VIRTUAL_THREADS_FROM_JAVA = 21;

  private static final String TEXT_EXPORTER = "site.ycsb.measurements.exporter.TextMeasurementsExporter";

  /** @return every driver key, for documentation and {@code bin/ycsb bindings} */
  public static List<PropertySpec> specs() {
    return List.of(WORKLOAD, THREADS, TARGET, OPERATION_COUNT, RECORD_COUNT, INSERT_START, INSERT_COUNT, MAX_EXECUTION_TIME,
        STATUS, STATUS_INTERVAL, STATUS_PORT, STATUS_BIND,
        STATUS_IDLE_TIMEOUT, STATUS_MAX_CONNECTIONS, LABEL, SPIN_SLEEP, EXPORT_FILE, EXPORTER, RESULT_DIR,
        FAIL_ON_ERROR, STOP_TIMEOUT, CONNECTING_TIMEOUT, PROFILE, DURABILITY_CLAIM, WARMUP, WARMUP_MAX, WORKLOAD_INSTANCES, THREAD_KIND,
        STORE_NAME,
        ClientPartition.INDEX, ClientPartition.COUNT);
  }

  /**
   * Validates the driver's keys. For several clients, give it the settings that
   * {@link ClientPartition#partition} returned, so that a load counts this client's share.
   *
   * @param settings the merged configuration
   * @param phase load or run
   * @return the validated configuration
   * @throws ConfigException naming the first key that is missing, malformed or out of range
   */
  public static RunConfig from(Settings settings, Phase phase) throws ConfigException {
    String workload = settings.getTrimmed(WORKLOAD);
    if (workload == null || workload.isEmpty()) {
      throw new ConfigException("workload: missing; give a workload file (-P workloads/workloada) or "
          + "-p workload=site.ycsb.workloads.CoreWorkload");
    }
    int threads = settings.getInt(THREADS);
    long target = settings.getLong(TARGET);
    long recordCount = settings.getLong(RECORD_COUNT);
    long operations;
    if (phase == Phase.LOAD) {
      operations = settings.contains(INSERT_COUNT.key())
          ? settings.getLong(INSERT_COUNT) : recordCount;
    } else {
      operations = settings.getLong(OPERATION_COUNT);
    }
    long maxSeconds = settings.getLong(MAX_EXECUTION_TIME);
    long statusSeconds = settings.getLong(STATUS_INTERVAL);
    int statusPort = settings.getInt(STATUS_PORT);
    String statusBind = settings.getTrimmed(STATUS_BIND);
    if (statusPort > 0 && (statusBind == null || statusBind.isEmpty())) {
      throw new ConfigException("status.bind: an address is required with status.port, got ''; "
          + "e.g. 127.0.0.1 or 0.0.0.0");
    }
    String exporter = settings.getTrimmed(EXPORTER);
    if (!TEXT_EXPORTER.equals(exporter)) {
      throw new ConfigException("exporter: only " + TEXT_EXPORTER + " is supported, got '" + exporter
          + "'; every figure is also in the result JSON");
    }
    String exportFile = settings.getTrimmed(EXPORT_FILE);
    String profile = settings.getTrimmed(PROFILE);
    Warmup warmup = Warmup.from(settings, WARMUP, WARMUP_MAX);
    if (phase == Phase.LOAD && !warmup.none()) {
      throw new ConfigException("warmup: applies to the run phase only, got " + settings.getTrimmed(WARMUP)
          + " for a load; remove it from the load command");
    }
    String threadKind = settings.getChoice(THREAD_KIND);
    if (threadKind.equals("virtual") && settings.getBoolean(SPIN_SLEEP)) {
      throw new ConfigException("threadkind: virtual threads cannot busy-wait (spin.sleep=true would hold a "
          + "carrier thread); use platform");
    }
    if (threadKind.equals("virtual") && Runtime.version().feature() < VIRTUAL_THREADS_FROM_JAVA) {
      throw new ConfigException("threadkind: virtual threads need Java " + VIRTUAL_THREADS_FROM_JAVA
          + " or later; this is Java " + Runtime.version().feature() + " (use platform, or run with a newer JDK)");
    }
    return new RunConfig(phase, workload, threads, target, operations, Duration.ofSeconds(maxSeconds),
        settings.getBoolean(STATUS), Duration.ofSeconds(statusSeconds), settings.getString(LABEL),
        settings.getBoolean(SPIN_SLEEP), exportFile == null || exportFile.isEmpty() ? null : Path.of(exportFile),
        Path.of(settings.getTrimmed(RESULT_DIR)), settings.getBoolean(FAIL_ON_ERROR),
        settings.getDuration(STOP_TIMEOUT), settings.getDuration(CONNECTING_TIMEOUT),
        profile == null || profile.isEmpty() ? null : profile, warmup, statusPort, statusBind,
        ClientPartition.from(settings), threadKind);
  }

  /**
   * @return the client threads that run: {@link #threadCount()}, lowered to {@link #operationCount()} when
   *     there are fewer operations than threads (YCSB lowers it too), so that no thread idles; none for a load of
   *     no records ({@code recordcount=0}), which only prepares the table
   */
  public int effectiveThreadCount() {
    if (phase == Phase.LOAD && operationCount == 0) {
      return 0;
    }
    return operationCount > 0 && threadCount > operationCount ? (int) operationCount : threadCount;
  }

  /** @return whether operations follow a target schedule */
  public boolean paced() {
    return targetOpsPerSec > 0;
  }
}
