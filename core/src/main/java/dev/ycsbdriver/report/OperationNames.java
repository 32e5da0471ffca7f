package dev.ycsbdriver.report;

import java.util.Locale;

/**
 * The names a report shows for an operation's latency, so that records sent in batches and records sent one at a
 * time never share a label: a batched operation's latency is each record's time from its queueing until its batch
 * was stored ({@link dev.ycsbdriver.spi.BatchedLatency}), which includes its wait for the batch to fill, while an
 * operation sent alone is timed as one statement. In a report where some run batched an operation, it reads e.g.
 * {@code INSERT in batches of 1,000} and every operation not batched {@code INSERT one at a time}; in a report
 * without batches, the operation's own name ({@code INSERT}).
 *
 * <p>Stateless and thread-safe.
 */
final class OperationNames {
  /** The note under a latency table or chart of a report that batches: what a batched record's latency holds. */
  static final String BATCH_NOTE = "A record sent in batches is timed from its queueing until its batch was "
      + "stored, its wait for the batch to fill included; a record sent one at a time, as one statement. Both are "
      + "latencies per record.";

  private OperationNames() {
  }

  /** @return whether any run of the report sent an operation in batches */
  static boolean anyBatched(ReportModel model) {
    return model.cells().stream().flatMap(c -> c.runs().stream()).flatMap(r -> r.operations().stream())
        .anyMatch(RunResult.OperationFigures::batched);
  }

  /**
   * @param model the grouped results
   * @param c a cell, or null
   * @param operation an operation's name, e.g. {@code INSERT}
   * @return the name a reader sees: {@code INSERT in batches of 1,000} where a run of the cell batched it
   *     ({@code INSERT in batches} when the batch size was not recorded), {@code INSERT one at a time} where it did
   *     not and another run of the report batched, else {@code INSERT}
   */
  static String of(ReportModel model, ReportCell c, String operation) {
    RunResult.OperationFigures batched = c == null ? null : c.runs().stream()
        .flatMap(r -> r.operations().stream())
        .filter(op -> op.name().equals(operation) && op.batched()).findFirst().orElse(null);
    if (batched != null) {
      return operation + " in batches" + (batched.batchSize() == null ? ""
          : String.format(Locale.ROOT, " of %,d", batched.batchSize()));
    }
    return anyBatched(model) ? operation + " one at a time" : operation;
  }
}
