package dev.ycsbdriver.matrix;

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
 * @param recordCount records loaded into each store ({@code recordcount}, at least 1)
 * @param operationCount operations per run cell ({@code operationcount}); 0 when {@code duration} is given
 * @param duration measured time per run cell ({@code duration}); zero when {@code operationcount} is given
 * @param warmup time at the start of each run cell left out of its figures ({@code warmup}, default 0)
 * @param repeats how often each cell runs ({@code repeats}, default 1)
 * @param threads client thread counts ({@code threads}); not empty
 * @param workloads workload files, resolved; not empty
 * @param properties properties given to every load and run ({@code properties}); may be empty
 * @param loadThreads client threads of each load ({@code loadThreads}, default 16)
 * @param stores the stores; not empty, names unique
 * @param baseline the store reports compare the others with ({@code baseline}), or null for none
 * @param latencyWorkload the workload whose percentile curves the report draws ({@code latencyWorkload},
 *     default: the first workload)
 * @param jvmArgs JVM options of each cell's process ({@code jvmArgs}); may be empty
 * @param cellTimeout how long one cell's process may take before it is stopped ({@code cellTimeout};
 *     default warm-up + duration + 5 minutes, or none with {@code operationcount})
 */
public record MatrixSpec(String name, Path file, Path output, long recordCount, long operationCount,
                         Duration duration, Duration warmup, int repeats, List<Integer> threads,
                         List<Workload> workloads, Map<String, String> properties, int loadThreads,
                         List<Store> stores, String baseline, String latencyWorkload, List<String> jvmArgs,
                         Duration cellTimeout) {

  /** Copies the collections. */
  public MatrixSpec {
    threads = List.copyOf(threads);
    workloads = List.copyOf(workloads);
    properties = Map.copyOf(properties);
    stores = List.copyOf(stores);
    jvmArgs = List.copyOf(jvmArgs);
  }

  /**
   * @param newOutput the directory to write to instead ({@code matrix -o})
   * @return this matrix writing there
   */
  public MatrixSpec withOutput(Path newOutput) {
    return new MatrixSpec(name, file, newOutput, recordCount, operationCount, duration, warmup, repeats, threads,
        workloads, properties, loadThreads, stores, baseline, latencyWorkload, jvmArgs, cellTimeout);
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
   */
  public record Workload(String name, Path file) {
  }
}
