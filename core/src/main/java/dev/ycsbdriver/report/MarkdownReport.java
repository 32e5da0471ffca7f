package dev.ycsbdriver.report;

import java.util.List;

/**
 * Renders the report as GitHub-flavoured Markdown: first the caveats of the runs ({@link ReportCaveats}) with the
 * marks the tables put beside affected figures, then the findings table ({@link Findings}), then what a reader wants
 * first (the summary sentences of
 * {@link ReportSummary} and the headline chart), then the sections and tables of {@link ReportTables}, the
 * other charts as links to {@code charts/<name>.png}, and a short guide to reading the figures. Text columns are
 * left-aligned, figures right-aligned ({@link Table#text}).
 *
 * <p>The layout is sealed by a golden test: rows, columns and units change only on purpose.
 * Stateless and thread-safe.
 */
public final class MarkdownReport {
  private MarkdownReport() {
  }

  /**
   * @param model the grouped results
   * @param sections the tables
   * @param charts the charts' names and titles; their files are {@code charts/<name>.png}
   * @return the document
   */
  public static String render(ReportModel model, List<Table.Section> sections, List<ReportCharts.Image> charts) {
    StringBuilder md = new StringBuilder();
    md.append("# ").append(escape(model.title())).append("\n\n");
    // every report opens with its caveats: the runs' own, then the one every single-machine figure carries
    List<String> caveats = ReportCaveats.sentences(model);
    md.append("## Caveats\n\n");
    for (String caveat : caveats) {
      md.append("- ").append(escape(caveat)).append("\n");
    }
    md.append("- ").append(escape(ReportText.ONE_MACHINE)).append("\n\n");
    for (String mark : ReportCaveats.legend(model)) {
      md.append("- Mark ").append(escape(mark)).append("\n");
    }
    md.append(ReportCaveats.legend(model).isEmpty() ? "" : "\n");
    Table findings = FindingsTable.table(model);
    if (!findings.rows().isEmpty()) {
      md.append("## ").append(findings.title()).append("\n\n");
      table(md, findings);
    }
    Table seeds = SeedFindings.table(model);
    if (!seeds.rows().isEmpty()) {
      md.append("## ").append(seeds.title()).append("\n\n");
      table(md, seeds);
    }
    md.append("## Summary\n\n");
    for (String sentence : ReportSummary.sentences(model)) {
      if (!caveats.contains(sentence)) {
        md.append("- ").append(escape(sentence)).append("\n");
      }
    }
    md.append("\n");
    for (ReportCharts.Image chart : charts) {
      if (chart.headline()) {
        md.append(image(chart));
      }
    }
    for (String line : ReportText.intro(model)) {
      md.append(escape(line)).append("\n");
    }
    md.append("\n");
    for (Table.Section section : sections) {
      md.append("## ").append(escape(section.title())).append("\n\n");
      for (Table table : section.tables()) {
        md.append("### ").append(escape(table.title())).append("\n\n");
        table(md, table);
      }
    }
    if (charts.stream().anyMatch(c -> !c.headline())) {
      md.append("## Charts\n\n");
      for (ReportCharts.Image chart : charts) {
        if (!chart.headline()) {
          md.append(image(chart));
        }
      }
    }
    md.append("## Reading this report\n\n");
    for (String line : ReportText.guide(model)) {
      md.append("- ").append(line).append("\n");
    }
    return md.toString();
  }

  private static void table(StringBuilder md, Table table) {
    if (!table.header().isEmpty()) { // a table without columns is its notes alone
      md.append(row(table.header()));
      for (int i = 0; i < table.header().size(); i++) {
        md.append(table.text(i) ? "|---" : "|---:");
      }
      md.append("|\n");
      for (List<String> r : table.rows()) {
        md.append(row(r));
      }
      md.append("\n");
    }
    for (String note : table.notes()) {
      md.append("- ").append(escape(note)).append("\n");
    }
    if (!table.notes().isEmpty()) {
      md.append("\n");
    }
  }

  private static String image(ReportCharts.Image chart) {
    return "![" + escape(chart.title()) + "](charts/" + chart.name() + ".png)\n\n";
  }

  private static String row(List<String> cells) {
    StringBuilder b = new StringBuilder();
    for (String c : cells) {
      b.append("| ").append(escape(c)).append(" ");
    }
    return b.append("|\n").toString();
  }

  /**
   * @return {@code s} as literal text of a table cell, list item or heading: HTML's {@code &} and {@code <} as
   *     entities (no tag, such as {@code <img onerror=...>}, and no autolink; a later {@code >} then closes nothing, so it
   *     stays as it is, as in "memory > h2", except first, where it would open a block quote), and the Markdown marks
   *     that could start code, emphasis, a link or an image ({@code \ ` * | ](}) escaped with a backslash
   *     (CommonMark 0.31, 2.4 "Backslash escapes"; GFM tables for {@code |})
   */
  static String escape(String s) {
    StringBuilder b = new StringBuilder(s.length() + 8);
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '&' -> b.append("&amp;");
        case '<' -> b.append("&lt;");
        case '>' -> b.append(i == 0 ? "&gt;" : ">");
        case '\\', '`', '*', '|' -> b.append('\\').append(c);
        case '(' -> b.append(i > 0 && s.charAt(i - 1) == ']' ? "\\(" : "(");
        case '\n', '\r' -> b.append(' ');
        default -> b.append(c);
      }
    }
    return b.toString();
  }
}
