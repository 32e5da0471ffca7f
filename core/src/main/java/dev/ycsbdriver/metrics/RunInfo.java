package dev.ycsbdriver.metrics;

import java.util.Objects;

/**
 * What the live endpoint says about the run itself, fixed for the run's lifetime: the labels of
 * {@code ycsb_run_info}.
 *
 * <p>Immutable and thread-safe.
 *
 * @param binding the binding name as reported, e.g. {@code postgres} or the {@code -db} class's simple name
 * @param workload the workload as the user named it, e.g. {@code workloada}
 * @param phase {@code load} or {@code run}
 * @param threads the client threads actually started, at least 1
 */
public record RunInfo(String binding, String workload, String phase, int threads) {
  /** @throws NullPointerException for a null name */
  public RunInfo {
    Objects.requireNonNull(binding, "binding");
    Objects.requireNonNull(workload, "workload");
    Objects.requireNonNull(phase, "phase");
  }
}
