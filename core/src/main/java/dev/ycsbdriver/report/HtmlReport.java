package dev.ycsbdriver.report;

import java.util.Base64;
import java.util.List;

/**
 * Renders the report as one HTML page: inline style, no script and no network access. With
 * {@link Charts#EMBEDDED} the charts are PNG data URIs and the page is self-contained, so the file can be mailed or
 * published as it is; with {@link Charts#LINKED} it refers to {@code charts/<name>.png} beside it, a page a tenth the
 * size for a directory kept whole (a report kept in version control).
 *
 * <p>Stateless and thread-safe.
 */
public final class HtmlReport {
  private static final String STYLE = """
      body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;margin:2em auto;max-width:1200px;padding:0 1em;\
      color:#1b1b1b}
      table{border-collapse:collapse;margin:.5em 0 1em;font-size:14px}
      th,td{border:1px solid #ccc;padding:4px 8px}
      th{background:#f3f3f3;text-align:left}
      td{text-align:right;font-variant-numeric:tabular-nums}
      td.text{text-align:left}
      ul.notes{font-size:13px;color:#444;margin-top:0}
      ul.caveats{background:#fff8e1;border-left:4px solid #e0a800;padding:.5em 1em .5em 2em}
      img{max-width:100%;height:auto;border:1px solid #eee;margin:.5em 0}
      .scroll{overflow-x:auto}
      """;

  /** Where the page's charts are. */
  public enum Charts {
    /** In the page, as PNG data URIs. */
    EMBEDDED,
    /** In {@code charts/<name>.png} beside the page, referred to by relative links. */
    LINKED;

    /**
     * @param option where the option came from, for the message, e.g. {@code --html-charts}
     * @param value {@code embedded} or {@code linked}, any case
     * @return the mode
     * @throws dev.ycsbdriver.config.ConfigException when the value is neither
     */
    public static Charts parse(String option, String value) throws dev.ycsbdriver.config.ConfigException {
      for (Charts c : values()) {
        if (c.name().equalsIgnoreCase(value.trim())) {
          return c;
        }
      }
      throw new dev.ycsbdriver.config.ConfigException(option + ": must be embedded or linked, got '" + value + "'");
    }
  }

  private HtmlReport() {
  }

  /**
   * @param model the grouped results
   * @param sections the tables
   * @param charts the charts, embedded
   * @return the self-contained page
   */
  public static String render(ReportModel model, List<Table.Section> sections, List<ReportCharts.Image> charts) {
    return render(model, sections, charts, Charts.EMBEDDED);
  }

  /**
   * @param model the grouped results
   * @param sections the tables
   * @param charts the charts
   * @param where whether the page embeds the charts or links to {@code charts/}
   * @return the page
   */
  public static String render(ReportModel model, List<Table.Section> sections, List<ReportCharts.Image> charts,
                              Charts where) {
    StringBuilder h = new StringBuilder();
    h.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
        .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
        .append("<title>").append(esc(model.title())).append("</title>\n")
        .append("<style>\n").append(STYLE).append("</style>\n</head>\n<body>\n");
    h.append("<h1>").append(esc(model.title())).append("</h1>\n");
    // every report opens with its caveats: the runs' own, then the one every single-machine figure carries
    List<String> caveats = ReportCaveats.sentences(model);
    h.append("<h2>Caveats</h2>\n<ul class=\"caveats\">\n");
    for (String caveat : caveats) {
      h.append("<li>").append(esc(caveat)).append("</li>\n");
    }
    h.append("<li>").append(esc(ReportText.ONE_MACHINE)).append("</li>\n");
    h.append("</ul>\n");
    List<String> legend = ReportCaveats.legend(model);
    if (!legend.isEmpty()) {
      h.append("<ul class=\"notes\">\n");
      legend.forEach(m -> h.append("<li>Mark ").append(esc(m)).append("</li>\n"));
      h.append("</ul>\n");
    }
    Table findings = FindingsTable.table(model);
    if (!findings.rows().isEmpty()) {
      h.append("<h2>").append(esc(findings.title())).append("</h2>\n");
      table(h, findings);
    }
    Table seeds = SeedFindings.table(model);
    if (!seeds.rows().isEmpty()) {
      h.append("<h2>").append(esc(seeds.title())).append("</h2>\n");
      table(h, seeds);
    }
    h.append("<h2>Summary</h2>\n<ul>\n");
    for (String sentence : ReportSummary.sentences(model)) {
      if (!caveats.contains(sentence)) {
        h.append("<li>").append(esc(sentence)).append("</li>\n");
      }
    }
    h.append("</ul>\n");
    for (ReportCharts.Image chart : charts) {
      if (chart.headline()) {
        h.append(figure(chart, where));
      }
    }
    for (String line : ReportText.intro(model)) {
      if (!line.isEmpty()) {
        h.append("<p>").append(esc(line)).append("</p>\n");
      }
    }
    for (Table.Section section : sections) {
      h.append("<h2>").append(esc(section.title())).append("</h2>\n");
      for (Table table : section.tables()) {
        h.append("<h3>").append(esc(table.title())).append("</h3>\n");
        table(h, table);
      }
    }
    if (charts.stream().anyMatch(c -> !c.headline())) {
      h.append("<h2>Charts</h2>\n");
      for (ReportCharts.Image chart : charts) {
        if (!chart.headline()) {
          h.append(figure(chart, where));
        }
      }
    }
    h.append("<h2>Reading this report</h2>\n<ul>\n");
    for (String line : ReportText.guide(model)) {
      h.append("<li>").append(esc(line.replace("`", ""))).append("</li>\n");
    }
    h.append("</ul>\n</body>\n</html>\n");
    return h.toString();
  }

  private static void table(StringBuilder h, Table table) {
    if (!table.header().isEmpty()) { // a table without columns is its notes alone
      h.append("<div class=\"scroll\"><table>\n<thead><tr>");
      for (String c : table.header()) {
        h.append("<th>").append(esc(c)).append("</th>");
      }
      h.append("</tr></thead>\n<tbody>\n");
      for (List<String> row : table.rows()) {
        h.append("<tr>");
        for (int i = 0; i < row.size(); i++) {
          h.append(table.text(i) ? "<td class=\"text\">" : "<td>").append(esc(row.get(i))).append("</td>");
        }
        h.append("</tr>\n");
      }
      h.append("</tbody>\n</table></div>\n");
    }
    if (!table.notes().isEmpty()) {
      h.append("<ul class=\"notes\">\n");
      for (String n : table.notes()) {
        h.append("<li>").append(esc(n)).append("</li>\n");
      }
      h.append("</ul>\n");
    }
  }

  private static String figure(ReportCharts.Image chart, Charts where) {
    String src = where == Charts.LINKED ? "charts/" + esc(chart.name()) + ".png"
        : "data:image/png;base64," + Base64.getEncoder().encodeToString(chart.png());
    return "<figure><img alt=\"" + esc(chart.title()) + "\" src=\"" + src + "\"></figure>\n";
  }

  private static String esc(String s) {
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
  }
}
