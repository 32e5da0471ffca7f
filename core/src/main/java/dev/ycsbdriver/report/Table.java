package dev.ycsbdriver.report;

import java.util.List;

/**
 * One table of a report, before it is rendered as Markdown or HTML. The first column is a label;
 * every header carries its unit, e.g. {@code workloada (ops/s)}.
 *
 * <p>Immutable and thread-safe.
 *
 * @param title the table's heading
 * @param header column headers
 * @param rows rows of cells, each as long as the header
 * @param notes lines shown under the table, e.g. the servers' effective durability settings
 */
public record Table(String title, List<String> header, List<List<String>> rows, List<String> notes) {
  /** Copies the lists. */
  public Table {
    header = List.copyOf(header);
    rows = rows.stream().map(List::copyOf).toList();
    notes = List.copyOf(notes);
  }

  /**
   * Whether a column holds text (left-aligned) rather than figures (right-aligned): the first column always, any
   * other when one of its cells starts with something other than a digit, a sign or the tie mark {@code ≈}, past the
   * cells that stand for no figure ({@code n/a}, {@code failed}, dashes, empty).
   *
   * @param column the column's index, from 0
   * @return true for a text column
   */
  public boolean text(int column) {
    if (column == 0) {
      return true;
    }
    for (List<String> row : rows) {
      String c = column < row.size() ? row.get(column).trim() : "";
      if (c.isEmpty() || c.equals(ReportFormat.NA) || c.equals("failed") || c.equals("–") || c.equals("—")) {
        continue;
      }
      char first = c.charAt(0);
      if (!Character.isDigit(first) && first != '-' && first != '+' && first != '.' && first != '\u2248') {
        return true;
      }
    }
    return false;
  }

  /**
   * A section of tables under one heading.
   *
   * @param title the heading, e.g. {@code Profile: durable}
   * @param tables its tables
   */
  public record Section(String title, List<Table> tables) {
    /** Copies the list. */
    public Section {
      tables = List.copyOf(tables);
    }
  }
}
