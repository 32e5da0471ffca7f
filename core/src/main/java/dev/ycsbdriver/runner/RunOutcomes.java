package dev.ycsbdriver.runner;

import dev.ycsbdriver.config.RunConfig;
import dev.ycsbdriver.config.Secrets;
import dev.ycsbdriver.measure.ChannelTotals;
import dev.ycsbdriver.measure.LatencyChannel;
import dev.ycsbdriver.measure.MeasurementRegistry;
import dev.ycsbdriver.measure.OperationMeasurement;
import dev.ycsbdriver.result.OperationReport;
import dev.ycsbdriver.result.Outcome;
import dev.ycsbdriver.config.Phase;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import site.ycsb.Status;

/**
 * Turns the state of a finished run into its report parts: the per-operation totals and the
 * {@link Outcome} (and hence the exit code). Stateless and thread-safe.
 */
final class RunOutcomes {
  private static final int MAX_LISTED_CRASHES = 3;

  private RunOutcomes() {
  }

  static List<OperationReport> operations(MeasurementRegistry registry, Map<String, ChannelTotals> totals) {
    List<OperationReport> out = new ArrayList<>();
    for (OperationMeasurement m : registry.operations()) {
      ChannelTotals ok = totals.get(m.ok().name());
      List<ChannelTotals> failures = new ArrayList<>();
      for (LatencyChannel f : m.failures()) {
        ChannelTotals t = totals.get(f.name());
        if (t != null && t.service().getTotalCount() > 0) {
          failures.add(t);
        }
      }
      Map<Status, Long> statuses = m.statuses().snapshot();
      if (ok.service().getTotalCount() > 0 || !statuses.isEmpty() || !failures.isEmpty()) {
        out.add(new OperationReport(m.name(), statuses, ok, failures));
      }
    }
    return out;
  }

  static Outcome decide(RunConfig config, List<ClientThread> clients, List<ClientThread> leftBehind,
                        MeasurementRegistry registry, StopSignal stop, long opsDone) {
    List<String> errors = new ArrayList<>();
    int crashes = 0;
    for (ClientThread c : clients) {
      // a thread that ran out of heap stopped the run; MeasurePhase's heap line says so once for all of them
      if (c.crash() instanceof OutOfMemoryError && stop.reason() == StopSignal.Reason.OUT_OF_MEMORY) {
        continue;
      }
      if (c.crash() != null) {
        if (crashes++ < MAX_LISTED_CRASHES) {
          Throwable t = c.crash();
          errors.add("client thread " + c.index() + " failed: " + Secrets.maskText(t.getClass().getSimpleName()
              + (t.getMessage() != null ? ": " + t.getMessage() : "")));
        }
      }
    }
    if (crashes > MAX_LISTED_CRASHES) {
      errors.add((crashes - MAX_LISTED_CRASHES) + " more client threads failed");
    }
    long stoppedEarly = clients.stream().filter(ClientThread::insertFailed).count();
    if (config.phase() == Phase.LOAD && stoppedEarly > 0) {
      errors.add("load stopped early: " + stoppedEarly + " client threads stopped at a failed insert; "
          + opsDone + " of " + config.operationCount() + " records inserted");
    }
    if (config.failOnError()) {
      String failed = failedOperations(registry);
      if (failed != null) {
        errors.add(failed);
      }
    }
    if (!leftBehind.isEmpty()) {
      errors.add(abandoned(leftBehind, config));
    }
    if (stop.reason() == StopSignal.Reason.INTERRUPTED) {
      errors.add(0, "interrupted: the figures cover the run up to the interruption");
      return new Outcome(Outcome.Status.INTERRUPTED, errors);
    }
    return new Outcome(errors.isEmpty() ? Outcome.Status.OK : Outcome.Status.FAILED, errors);
  }

  /**
   * @return e.g. {@code incomplete: 1 operation abandoned: 1 of the client threads was still inside the
   *     binding 5000 ms (stop.timeout) after the stop; ...}
   */
  static String abandoned(List<ClientThread> leftBehind, RunConfig config) {
    long inFlight = leftBehind.stream().filter(c -> !c.loopEnded()).count();
    long inCleanup = leftBehind.size() - inFlight;
    return "incomplete: " + inFlight + (inFlight == 1 ? " operation" : " operations") + " abandoned: "
        + leftBehind.size() + (leftBehind.size() == 1 ? " client thread was" : " client threads were")
        + " still inside the binding " + config.stopTimeout().toMillis() + " ms (stop.timeout) after the stop"
        + (inCleanup > 0 ? ", " + inCleanup + " of them in DB.cleanup()" : "")
        + "; operations in flight are not counted and the store may hold writes the figures do not";
  }

  /** @return e.g. {@code 12 operations did not return OK: READ NOT_FOUND=10, UPDATE ERROR=2}, or null */
  private static String failedOperations(MeasurementRegistry registry) {
    long total = 0;
    Map<String, Long> parts = new LinkedHashMap<>();
    for (OperationMeasurement m : registry.operations()) {
      for (Map.Entry<Status, Long> e : m.statuses().snapshot().entrySet()) {
        if (!e.getKey().isOk()) {
          total += e.getValue();
          parts.put(m.name() + " " + e.getKey().getName(), e.getValue());
        }
      }
    }
    if (total == 0) {
      return null;
    }
    StringBuilder sb = new StringBuilder().append(total).append(" operations did not return OK:");
    parts.forEach((k, v) -> sb.append(' ').append(k).append('=').append(v).append(','));
    sb.setLength(sb.length() - 1);
    return sb.append(" (failonerror=false accepts them)").toString();
  }
}
