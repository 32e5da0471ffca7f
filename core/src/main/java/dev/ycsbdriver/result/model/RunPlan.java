package dev.ycsbdriver.result.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Map;

/**
 * What a run was asked to do: the fields from {@code targetOpsPerSec} to {@code profile}.
 *
 * @param targetOpsPerSec {@code -target}, operations per second; 0 for none
 * @param operationCountTarget the operations asked for; 0 when unlimited
 * @param maxExecutionTimeSeconds {@code maxexecutiontime}; 0 for none
 * @param warmupMillis how long the warm-up ran, milliseconds
 * @param warmupOperations operation name to the operations the warm-up left out of the figures
 * @param warmup what the warm-up did; null in old results
 * @param measurementInterval {@code op}, {@code intended} or {@code both}
 * @param intendedLatencyMeasured true when a target paced the threads
 * @param schedule the run's schedule: closed loop or target; null in old results
 * @param profile the durability profile, or null
 */
public record RunPlan(Long targetOpsPerSec, Long operationCountTarget, Long maxExecutionTimeSeconds, Long warmupMillis,
                      Map<String, Long> warmupOperations, Warmup warmup, String measurementInterval,
                      Boolean intendedLatencyMeasured, Schedule schedule, String profile) {

  /**
   * @param target the clients' targets summed, operations per second
   * @param operations the clients' operation targets summed
   * @param warmedUp the clients' warm-up operations summed per operation
   * @return this plan for a merged result, the rest as it is
   */
  public RunPlan merged(long target, long operations, Map<String, Long> warmedUp) {
    return new RunPlan(target, operations, maxExecutionTimeSeconds, warmupMillis, warmedUp, warmup,
        measurementInterval, intendedLatencyMeasured, schedule, profile);
  }

  /**
   * @param requested the {@code warmup} value asked for
   * @param millis how long it ran, milliseconds
   * @param endedBy what ended it
   * @param detail one line on how it ended
   */
  public record Warmup(String requested, long millis, String endedBy, String detail) {
  }

  /**
   * A closed loop has {@code mode} and {@code note}; a paced run {@code mode} and the lag figures.
   *
   * @param mode {@code closed loop} or {@code target}
   * @param note what a closed loop means for intended latency
   * @param targetOpsPerSec the target, operations per second
   * @param maxLagMillis the largest lag behind the schedule, milliseconds
   * @param finalLagMillis the lag at the end, milliseconds
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Schedule(String mode, String note, Long targetOpsPerSec, Double maxLagMillis, Double finalLagMillis) {
  }
}
