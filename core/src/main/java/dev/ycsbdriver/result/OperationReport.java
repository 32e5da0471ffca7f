package dev.ycsbdriver.result;

import dev.ycsbdriver.measure.ChannelTotals;
import java.util.List;
import java.util.Map;
import site.ycsb.Status;

/**
 * One operation's totals over the whole run.
 *
 * <p>Immutable once built (the histograms inside are no longer written) and thread-safe to read.
 *
 * @param name YCSB's name, e.g. {@code READ}
 * @param statusCounts operations per status (YCSB's {@code Return=} lines), non-zero counts only;
 *     empty for operations YCSB reports no status for (CLEANUP, READ-MODIFY-WRITE)
 * @param ok latency of the operations that returned OK
 * @param failures latency of failed operations, one entry per failure name ({@code READ-FAILED},
 *     {@code READ-NOT_FOUND}); empty when none failed
 */
public record OperationReport(String name, Map<Status, Long> statusCounts, ChannelTotals ok,
                              List<ChannelTotals> failures) {
  /** Copies the collections. */
  public OperationReport {
    statusCounts = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(statusCounts));
    failures = List.copyOf(failures);
  }

  /** @return operations that ended with any status, or the successful count when none were reported */
  public long operations() {
    long n = 0;
    for (long c : statusCounts.values()) {
      n += c;
    }
    return statusCounts.isEmpty() ? ok.service().getTotalCount() : n;
  }
}
