package dev.ycsbdriver.result.model;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;

/**
 * One result JSON document. Its top-level fields are flat in the file; here they are grouped, in file order, into
 * what identifies the run, what it was asked to do, what it measured, and the sections that follow. Fields this
 * version does not know are ignored on reading.
 *
 * @param identity schema version, tool, phase, binding, workload and threads
 * @param plan target, warm-up, schedule and profile
 * @param figures times, operation counts, throughput, errors and outcome
 * @param sections server, machine, CPU, operations, time series, GC, logs, configuration, checks and warnings
 * @param merged how a merged result was merged; null in a single client's result
 * @param crash the crash test's section (phase {@code crashtest}, schema version 2 or 3), read by the crash report and
 *     the matrix; null in every other result
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record ResultDocument(@JsonUnwrapped RunIdentity identity, @JsonUnwrapped RunPlan plan,
                             @JsonUnwrapped RunFigures figures, @JsonUnwrapped RunSections sections,
                             @JsonInclude(JsonInclude.Include.NON_NULL) Merged merged,
                             @JsonInclude(JsonInclude.Include.NON_NULL) CrashSection crash) {

  /**
   * @param identity the run's identity
   * @param plan what it was asked to do
   * @param figures what it measured
   * @param sections its sections
   * @return a single client's result: not merged, no crash section
   */
  public static ResultDocument of(RunIdentity identity, RunPlan plan, RunFigures figures, RunSections sections) {
    return new ResultDocument(identity, plan, figures, sections, null, null);
  }

  /**
   * What tells one run from every other: two result files with the same identity are copies of one run, which a
   * report must count once and a merge must not add to itself.
   *
   * @return phase, binding, store, profile, workload, threads, client index, start and end time, host, operation
   *     count and throughput, or null when the result has no {@code startTime}
   */
  public String runIdentity() {
    if (figures.startTime() == null) {
      return null;
    }
    RunIdentity i = identity;
    return String.join("|", text(i.phase()), text(i.binding()), text(i.storeName()), text(plan.profile()),
        text(i.workloadName()), text(i.threads()), i.client() == null ? "" : text(i.client().index()),
        figures.startTime(), text(figures.endTime()), sections.machine() == null ? "" : text(sections.machine().hostName()),
        text(figures.operationsTotal()), text(figures.throughputOpsPerSec()));
  }

  /** @return how a message names its run, e.g. {@code started 2026-11-23T07:43:27.495Z on host1} */
  public String runLabel() {
    String host = sections.machine() == null || sections.machine().hostName() == null ? "?"
        : sections.machine().hostName();
    return "started " + text(figures.startTime()) + " on " + host;
  }

  private static String text(Object value) {
    return value == null ? "" : value.toString();
  }
}
