package dev.ycsbdriver.matrix;

import dev.ycsbdriver.config.Warmup;
import dev.ycsbdriver.report.RankFigure;
import dev.ycsbdriver.report.ReferenceFigures;
import dev.ycsbdriver.report.RepeatAggregate;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * A validated matrix file: stores x durability profiles x workloads x thread counts x repeats.
 * {@link MatrixFile} reads it; {@link MatrixRunner} runs it.
 *
 * <p>Immutable and thread-safe.
 *
 * @param name the matrix's name ({@code name}, default: the file name without {@code .yaml})
 * @param file the matrix file as given
 * @param output the directory that receives every cell's result and the report ({@code output})
 * @param recordCount records loaded into each store's table for every workload ({@code recordcount}, 0 for an
 *     empty table; it wins over a workload file's, as {@code -p} wins over {@code -P}), or -1 when the matrix gives
 *     none: each workload file then sets its own ({@link #recordCount(Workload)})
 * @param operationCount operations per run cell ({@code operationcount}); 0 when {@code duration} is given, -1
 *     when neither is: each workload file then sets its own ({@link #operationCount(Workload)})
 * @param duration measured time per run cell ({@code duration}); zero when {@code operationcount} is given
 * @param warmup what each run cell does before its clock starts ({@code warmup}: {@code auto}, the default, or a
 *     duration, {@code 0} for none; {@code warmupMax} bounds {@code auto}, default 60s)
 * @param repeats how often each cell runs ({@code repeats}, default 1); the repeats run interleaved, repeat 1
 *     visiting every cell before repeat 2 starts ({@link MatrixOrder})
 * @param threads client thread counts ({@code threads}); not empty
 * @param workloads workload files, resolved; not empty
 * @param properties properties given to every load and run ({@code properties}); may be empty
 * @param loadThreads client threads of each load ({@code loadThreads}, default 16)
 * @param stores the stores; not empty, names unique
 * @param baseline the store reports compare the others with ({@code baseline}), or null for none
 * @param latencyWorkload the workload whose percentile curves come first in the report ({@code latencyWorkload};
 *     every workload has them); default: the first workload
 * @param jvmArgs JVM options of each cell's process ({@code jvmArgs}); may be empty
 * @param cellTimeout how long one cell's process may take before it is stopped ({@code cellTimeout};
 *     default warm-up + duration + 5 minutes, or none with {@code operationcount})
 * @param crashtest the crash test cell run once per store and profile, after its workload cells of the last repeat
 *     ({@code crashtest}), or null for none
 * @param reference another party's published figures the report shows beside ours ({@code reference}), or null
 * @param leftOut stores left out because an environment variable their {@code when-env} names is not set, each
 *     as {@code <store> (environment variable <NAME> is not set)}; may be empty
 * @param aggregate how the report combines each cell's repeats ({@code aggregate}: {@code median}, the default, or
 *     {@code best}: every figure of the best run by {@code rank}, else by throughput)
 * @param rank the figure the report ranks stores by ({@code rank}, e.g. {@code read-latency-mean}), or null for
 *     no ranking
 * @param seed the seed of the shuffled run order ({@code seed}), or null to draw one (recorded in the output's
 *     {@code order.json} and used again when the same output is run again)
 * @param listedOrder whether a visit runs its cells in the matrix file's order ({@code cellOrder: listed}), each on
 *     the table the one before left, instead of shuffled
 */
public record MatrixSpec(String name, Path file, Path output, long recordCount, long operationCount,
                         Duration duration, Warmup warmup, int repeats, List<Integer> threads,
                         List<Workload> workloads, Map<String, String> properties, int loadThreads,
                         List<Store> stores, String baseline, String latencyWorkload, List<String> jvmArgs,
                         Duration cellTimeout, Crashtest crashtest, ReferenceFigures reference, List<String> leftOut,
                         RepeatAggregate aggregate, RankFigure rank, Long seed, boolean listedOrder) {

  /** Copies the collections. */
  public MatrixSpec {
    threads = List.copyOf(threads);
    workloads = List.copyOf(workloads);
    properties = Map.copyOf(properties);
    stores = List.copyOf(stores);
    jvmArgs = List.copyOf(jvmArgs);
    leftOut = List.copyOf(leftOut);
  }

  /**
   * @param newOutput the directory to write to instead ({@code matrix -o})
   * @return this matrix writing there
   */
  public MatrixSpec withOutput(Path newOutput) {
    return new MatrixSpec(name, file, newOutput, recordCount, operationCount, duration, warmup, repeats, threads,
        workloads, properties, loadThreads, stores, baseline, latencyWorkload, jvmArgs, cellTimeout, crashtest,
        reference, leftOut, aggregate, rank, seed, listedOrder);
  }

  /**
   * The crash test cell of each store and profile: {@code crashtest <binding>} with the store's and profile's
   * properties, after the store's workload cells.
   *
   * @param rounds crashes per test ({@code rounds}, {@code crash.rounds}), 1 to 1000, or null for the command's default
   * @param afterMin earliest crash after the writers start ({@code after[0]}, {@code crash.after.min}), or null
   * @param afterMax latest crash ({@code after[1]}, {@code crash.after.max}; the same as {@code afterMin} when
   *     {@code after} is one duration), or null
   * @param threads writer threads ({@code threads}), or null for the command's default
   * @param properties further properties of the crash test ({@code properties}), e.g. {@code restart.timeout};
   *     may be empty
   * @param timeout how long the crash test's process may take ({@code timeout}; default rounds x (after.max +
   *     5 minutes) + 5 minutes)
   */
  public record Crashtest(Integer rounds, Duration afterMin, Duration afterMax, Integer threads,
                          Map<String, String> properties, Duration timeout) {
    /** Copies the map. */
    public Crashtest {
      properties = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(properties));
    }
  }

  /**
   * One store configuration.
   *
   * @param name its name in reports and directories ({@code name}, default: the binding)
   * @param binding the binding ({@code binding}, see {@code bin/ycsb bindings})
   * @param properties the store's properties ({@code properties}); may be empty
   * @param profiles durability profiles to run ({@code profiles}); empty for a store that has none
   */
  public record Store(String name, String binding, Map<String, String> properties, List<String> profiles) {
    /** Copies the collections. */
    public Store {
      properties = Map.copyOf(properties);
      profiles = List.copyOf(profiles);
    }
  }

  /**
   * One workload.
   *
   * @param name as the matrix names it and reports show it, e.g. {@code workloada}
   * @param file the property file
   * @param recordCount the {@code recordcount} its file sets, its table's size when the matrix gives none; -1
   *     when it sets none
   * @param table the {@code table} its file sets; null when it sets none
   * @param operationCount the {@code operationcount} its file sets, its cells' when the matrix gives neither
   *     {@code operationcount} nor {@code duration}; -1 when it sets none
   */
  public record Workload(String name, Path file, long recordCount, String table, long operationCount) {
    /**
     * A workload whose file sets none of {@code recordcount}, {@code table} and {@code operationcount}.
     *
     * @param name as the matrix names it
     * @param file the property file
     */
    public Workload(String name, Path file) {
      this(name, file, -1, null, -1);
    }
  }

  /**
   * @param workload one of the matrix's workloads
   * @return the records its table holds after a load: the matrix's {@code recordcount}, else its file's
   */
  public long recordCount(Workload workload) {
    return recordCount >= 0 ? recordCount : workload.recordCount();
  }

  /**
   * @param workload one of the matrix's workloads
   * @return the operations of its cells: the matrix's {@code operationcount}, 0 with a {@code duration}, else its
   *     file's {@code operationcount}
   */
  public long operationCount(Workload workload) {
    return operationCount >= 0 ? operationCount : workload.operationCount();
  }

  /**
   * The table a store's cells of a workload use, as the cell's command line settles it: the store's
   * {@code table}, else the matrix's, else the workload file's, else CoreWorkload's {@code usertable}.
   *
   * @param store one of the matrix's stores
   * @param workload one of its workloads
   * @return the table's name
   */
  public String table(Store store, Workload workload) {
    String t = store.properties().get("table");
    if (t == null) {
      t = properties.get("table");
    }
    if (t == null) {
      t = workload.table();
    }
    return t == null ? "usertable" : t.trim();
  }
}
