package dev.ycsbdriver.runner;

import dev.ycsbdriver.result.OperationReport;
import dev.ycsbdriver.result.model.Warning;
import dev.ycsbdriver.spi.ErrorLog;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import site.ycsb.Status;

/**
 * The warnings that keep an error storm from reading as a fast store: a large share of failed operations
 * is said in so many words, a saturated CPU during one is not blamed on the CPU, and lost connections are
 * listed. Stateless and thread-safe.
 */
final class ErrorWarnings {
  /** A share of failed store calls from which the run gets a warning: 1%. */
  static final double WARN_SHARE = 0.01;
  /** A share from which the CPU-saturation warning no longer stands on its own: 10%. */
  static final double STORM_SHARE = 0.10;

  private ErrorWarnings() {
  }

  /**
   * @param operations the run's operations with their status counts
   * @param cpuWarnings the CPU sampler's warnings
   * @param outages the connection outages
   * @return the CPU warnings (the saturation one rewritten in an error storm) followed by the error warnings
   */
  static List<Warning> of(List<OperationReport> operations, List<Warning> cpuWarnings, List<ErrorLog.Outage> outages) {
    long calls = 0;
    long failed = 0;
    for (OperationReport op : operations) {
      for (Map.Entry<Status, Long> e : op.statusCounts().entrySet()) {
        calls += e.getValue();
        // NOT_FOUND is an answer of the store, not a failure of it
        if (!e.getKey().isOk() && !e.getKey().equals(Status.NOT_FOUND)) {
          failed += e.getValue();
        }
      }
    }
    double share = calls == 0 ? 0 : (double) failed / calls;
    String percent = String.format(Locale.ROOT, "%.1f%%", 100 * share);
    List<Warning> out = new ArrayList<>();
    for (Warning w : cpuWarnings) {
      out.add(share >= STORM_SHARE && w.code() == Warning.Code.SATURATED
          ? new Warning(w.code(), w.text() + "; but " + percent + " of the operations failed, so the CPU went "
              + "largely to failing operations (an error storm), not to the store's work: the errors, not the CPU, "
              + "limit this run")
          : w);
    }
    if (share >= WARN_SHARE) {
      out.add(Warning.other(failed + " of " + calls + " operations (" + percent + ") failed: throughput counts them, "
          + "throughputOkOpsPerSec does not; the first error of each kind is in the result's errors"));
    }
    for (ErrorLog.Outage o : outages) {
      out.add(Warning.other(o.restoredAt() == null
          ? "the connection was lost at " + o.lostAt() + " (" + o.cause() + ") and not restored before the run ended"
          : "the connection was lost from " + o.lostAt() + " to " + o.restoredAt() + " (" + o.durationMillis()
              + " ms, " + o.threads() + " client threads): " + o.cause()));
    }
    return out;
  }
}
