package dev.ycsbdriver.result.model;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * What a result is of: the fields from {@code schemaVersion} to {@code client}.
 *
 * @param schemaVersion the document's layout, 1 to 3 (3: warnings with codes)
 * @param tool the program that wrote it
 * @param phase {@code load}, {@code run} or {@code crashtest}
 * @param binding the binding's canonical name
 * @param storeName the store configuration's name; the binding when none was given (null in old results)
 * @param dbClass the {@code site.ycsb.DB} class
 * @param workload the workload class
 * @param workloadName the workload as the user named it, e.g. {@code workloada}; null in old results
 * @param workloadInstances {@code per-thread} or {@code shared}; null in old results
 * @param threadKind {@code platform} or {@code virtual}; left out when no thread was made
 * @param label the run's {@code -l} label, or null
 * @param threads client threads that ran
 * @param threadsRequested the thread count asked for, written only when more than {@code threads}
 * @param client this process's place among several ({@code client.index} of {@code client.count}), written only
 *     when there are several
 */
public record RunIdentity(int schemaVersion, Tool tool, String phase, String binding, String storeName, String dbClass,
                          String workload, String workloadName, String workloadInstances,
                          @JsonInclude(JsonInclude.Include.NON_NULL) String threadKind, String label, Integer threads,
                          @JsonInclude(JsonInclude.Include.NON_NULL) Integer threadsRequested,
                          @JsonInclude(JsonInclude.Include.NON_NULL) Client client) {
  /** The name of {@link #schemaVersion} in the file, which a reader checks before it reads the rest. */
  public static final String SCHEMA_VERSION_FIELD = "schemaVersion";

  /**
   * @param mergedThreads the client threads of every merged client
   * @return this identity for a merged result: {@code threads} replaced, no {@code client}
   */
  public RunIdentity merged(int mergedThreads) {
    return new RunIdentity(schemaVersion, tool, phase, binding, storeName, dbClass, workload, workloadName,
        workloadInstances, threadKind, label, mergedThreads, threadsRequested, null);
  }

  /**
   * @param name always {@code ycsb-driver}
   * @param version its version
   */
  public record Tool(String name, String version) {
  }

  /**
   * @param index this client's index, 0 to {@code count - 1}
   * @param count how many clients ran
   */
  public record Client(int index, int count) {
  }
}
