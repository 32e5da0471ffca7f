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
