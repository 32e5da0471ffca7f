package dev.ycsbdriver.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The findings ({@link Findings}) as the table Markdown and HTML show, with the notes on the verdicts and the pairing
 * criterion.
 *
 * <p>Stateless and thread-safe.
 */
final class FindingsTable {
  private FindingsTable() {
  }

  /**
   * @param model the grouped results
   * @return the findings as a table for Markdown and HTML, with notes on the verdicts and the pairing criterion
   */
  public static Table table(ReportModel model) {
    return table(Findings.of(model), model.names());
  }

  /**
   * @param rows the findings
   * @return as {@link #table(ReportModel)}, each store by its own name
   */
  static Table table(List<Finding> rows) {
    return table(rows, StoreNames.NONE);
  }

  /**
   * @param rows the findings
   * @param names the names the report shows for its stores
   * @return as {@link #table(ReportModel)}
   */
  static Table table(List<Finding> rows, StoreNames names) {
    List<List<String>> out = new ArrayList<>();
    for (Finding f : rows) {
      out.add(List.of(f.claim().label(), f.figure(), ReportFormat.threads(f.threads()), f.workload(), f.subject(names),
          f.other(names), ReportFormat.ratio(f.ratio()),
          f.low() == null ? ReportFormat.NA : String.format(Locale.ROOT, "%.2f–%.2f", f.low(), f.high()),
          f.testText(), f.verdictText(names)));
    }
    return new Table("Findings", List.of("claim", "figure", "threads", "workload", "subject", "over", "ratio",
        "95% interval", "test", "verdict"), out, NOTES);
  }

  /** How to read the findings table: the verdicts and the pairing criterion with its source (docs/matrices.md). */
  static final List<String> NOTES = List.of(
      "Ratio: the subject's figure over the other's (inverted where lower is better), so above 1 favours the subject. "
          + "Verdicts: ahead outside the noise; tie (the 95% interval includes 1); inside the noise floor (the "
          + "interval leaves out 1, but the ratio is no further from 1 than a store's fast/durable on a read-only "
          + "workload, an A/A control): a tie.",
      "Test: paired by repeat (same rounds of an interleaved matrix) only where it agrees with the unpaired "
          + "(Welch) interval or the rounds justify pairing: a round (block) effect with p below "
          + String.format(Locale.ROOT, "%.2f", Finding.PAIRING_P) + ", F = var(a+b)/var(a-b) of the log figures "
          + "(Montgomery, Design and Analysis of Experiments, 4.1); with 3 repeats that needs F above 19. Else "
          + "the row names no winner.");
}
