package dev.ycsbdriver.result.model;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.util.List;
import java.util.Map;

/**
 * One crash test's result JSON (phase {@code crashtest}, schema version 2 or 3), described by
 * {@code /dev/ycsbdriver/result/crash-result.schema.json}. Its top-level fields are flat in the file; here they are
 * grouped, in file order, into what identifies the test, what it measured overall, the sections every result has and
 * the {@code crash} object. A report reads such a file as a {@link ResultDocument}, whose {@code crash} is the same
 * {@link CrashSection}.
 *
 * @param identity schema version, tool, phase, binding, store, profile, workload and threads
 * @param figures times, write counts, throughput and outcome
 * @param server what the audit's (or else the check's) open read back from the store
 * @param machine the machine's facts
 * @param config the effective configuration, masked
 * @param warnings the test's warnings; empty when none
 * @param crash the crash test's figures
 */
public record CrashResultDocument(@JsonUnwrapped Identity identity, @JsonUnwrapped Figures figures,
                                  ServerSection server, MachineSection machine, Map<String, String> config,
                                  List<Warning> warnings, CrashSection crash) {

  /** The {@code phase} and {@code workloadName} of a crash test's result; a reader tells such a result by it. */
  public static final String PHASE = "crashtest";

  /**
   * @param schemaVersion the document's layout, 2 or 3 (3: warnings with codes)
   * @param tool the program that wrote it
   * @param phase {@code crashtest}
   * @param binding the binding's canonical name
   * @param storeName the store configuration's name; the binding when none was given
   * @param profile the durability profile, or null
   * @param workloadName {@code crashtest}
   * @param threads the writer's client threads
   */
  public record Identity(int schemaVersion, RunIdentity.Tool tool, String phase, String binding, String storeName,
                         String profile, String workloadName, int threads) {
  }

  /**
   * Throughput is acknowledged writes per second of summed writer time until each crash; 0 without writer time.
   *
   * @param startTime when the test started, ISO-8601
   * @param endTime when it ended, ISO-8601
   * @param runtimeMillis from start to end, milliseconds
   * @param operationsTotal writes the writers sent
   * @param operationsOk writes the store acknowledged
   * @param throughputOpsPerSec acknowledged writes per second of writer time
   * @param throughputOkOpsPerSec the same
   * @param outcome how the test ended; its errors include a no-loss claim that lost writes
   */
  public record Figures(String startTime, String endTime, long runtimeMillis, long operationsTotal, long operationsOk,
                        double throughputOpsPerSec, double throughputOkOpsPerSec, RunFigures.Outcome outcome) {
  }
}
