package dev.ycsbdriver.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Stores, each in each of its profiles, ranked by the report's {@link RankFigure}: one ranking per thread count and
 * workload that has the figure. A cell's figure is its aggregate ({@link RepeatAggregate}: the median, or the best
 * run's); the other aggregate stands beside it, with the runs the cell had and its ops per server CPU%. Equal
 * figures share a rank (1, 1, 3); cells without the figure (every run failed, or not measured) come last, unranked.
 * Markdown and HTML show {@link #tables}; JSON and CSV take {@link #groups}.
 *
 * <p>Stateless and thread-safe.
 */
public final class Ranking {
  /** Shown in the rank column of a cell that has no figure. */
  public static final String UNRANKED = "–";

  private Ranking() {
  }

  /**
   * One place in a ranking.
   *
   * @param rank 1 for the best; equal figures share a rank; 0 for a cell without the figure
   * @param cell the store's cell
   * @param figure the ranking figure of the cell, or null when it has none
   */
  public record Entry(int rank, ReportCell cell, Spread figure) {
    /**
     * @param aggregate the report's aggregate
     * @param by the ranking figure
     * @return the figure under the other aggregate: the best run's under the median, the median under best;
     *     null without a figure
     */
    public Double other(RepeatAggregate aggregate, RankFigure by) {
      if (figure == null) {
        return null;
      }
      if (aggregate == RepeatAggregate.BEST) {
        return figure.median();
      }
      return by.higherIsBetter() ? figure.max() : figure.min();
    }
  }

  /**
   * One ranking: every store and profile at one thread count and workload.
   *
   * @param threads client threads
   * @param workload the workload's name
   * @param entries best first, unranked cells last
   */
  public record Group(int threads, String workload, List<Entry> entries) {
    /** Copies the list. */
    public Group {
      entries = List.copyOf(entries);
    }
  }

  /**
   * @param model the grouped results
   * @return the rankings, by thread count then workload; empty when the model ranks by nothing, and without the
   *     workloads where no cell has the figure (e.g. a latency of an operation the workload does not issue)
   */
  public static List<Group> groups(ReportModel model) {
    RankFigure by = model.rank();
    List<Group> out = new ArrayList<>();
    if (by == null) {
      return out;
    }
    for (int t : model.threads()) {
      for (String w : model.workloads()) {
        List<ReportCell> cells = model.cells().stream().filter(c -> c.threads() == t && c.workload().equals(w)).toList();
        List<ReportCell> ranked = cells.stream().filter(c -> by.of(c) != null)
            .sorted(Comparator.comparingDouble(c -> (by.higherIsBetter() ? -1 : 1) * by.of(c).value())).toList();
        if (ranked.isEmpty()) {
          continue;
        }
        List<Entry> entries = new ArrayList<>();
        for (int i = 0; i < ranked.size(); i++) {
          Spread f = by.of(ranked.get(i));
          boolean tie = i > 0 && entries.get(i - 1).figure().value() == f.value();
          entries.add(new Entry(tie ? entries.get(i - 1).rank() : i + 1, ranked.get(i), f));
        }
        cells.stream().filter(c -> by.of(c) == null).forEach(c -> entries.add(new Entry(0, c, null)));
        out.add(new Group(t, w, entries));
      }
    }
    return out;
  }

  /**
   * @param model the grouped results
   * @return one table per ranking; empty when the model ranks by nothing
   */
  public static List<Table> tables(ReportModel model) {
    RankFigure by = model.rank();
    List<Table> out = new ArrayList<>();
    for (Group g : groups(model)) {
      String unit = " (" + by.unit() + ")";
      List<String> header = List.of("rank", "store", "profile", by.label() + ", " + shown(model.aggregate()) + unit,
          other(model.aggregate()) + unit, "runs", "longest operation (µs)", "ops per server CPU% (ops/CPU%)");
      List<List<String>> rows = new ArrayList<>();
      for (Entry e : g.entries()) {
        ReportCell c = e.cell();
        Double other = e.other(model.aggregate(), by);
        rows.add(List.of(e.rank() == 0 ? UNRANKED : Integer.toString(e.rank()), model.names().name(c.store()),
            ReportFormat.profileName(c.profile()),
            e.figure() == null ? (c.runs().isEmpty() ? "failed" : ReportFormat.NA)
                : ReportCaveats.marked(by.format(e.figure().value()), c),
            other == null ? ReportFormat.NA : by.format(other), runs(c),
            c.longestOperation() == null ? ReportFormat.NA : ReportFormat.micros(c.longestOperation().value()),
            c.opsPerServerCpu() == null ? ReportFormat.NA : ReportFormat.decimal(c.opsPerServerCpu().value())));
      }
      String note = model.aggregate() == RepeatAggregate.BEST
          ? "Each row's figures are those of its best run by " + by.label() + ", all from that one run; the median "
              + "over its runs stands beside it."
          : "Each row's figures are medians over its runs; the best run's " + by.label() + " stands beside it.";
      out.add(new Table("Ranking by " + by.label() + " (" + by.direction() + "), " + g.workload() + ", "
          + ReportFormat.threads(g.threads()), header, rows, List.of(note)));
    }
    return out;
  }

  /**
   * @param model the grouped results
   * @param findings the report's findings ({@link Findings}), whose ranking rows give each lead and its verdict
   * @return per ranking, a sentence naming the first and the runner-up, with the lead (the figure of the first over
   *     the next's, inverted for latency so that a lead is above 1) and its 95% interval ({@link RatioInterval});
   *     "first" only when the row's verdict is ahead outside the noise; empty when the model ranks by nothing
   */
  static List<String> sentences(ReportModel model, List<Finding> findings) {
    RankFigure by = model.rank();
    List<String> out = new ArrayList<>();
    for (Group g : groups(model)) {
      Entry first = g.entries().get(0);
      List<Entry> ranked = g.entries().stream().filter(e -> e.rank() > 0).toList();
      List<Entry> joint = ranked.stream().filter(e -> e.rank() == 1).toList();
      String who = String.join(" and ", joint.stream().map(e -> name(model, e.cell())).toList());
      Finding lead = ranked.size() == joint.size() ? null : findings.stream()
          .filter(f -> f.claim() == Finding.Claim.RANKING && f.threads() == g.threads()
              && f.workload().equals(g.workload())).findFirst().orElse(null);
      boolean ahead = lead == null || lead.namesWinner();
      StringBuilder s = new StringBuilder();
      s.append(!ahead ? "No store is first outside the noise by " : joint.size() > 1 ? "Joint first by " : "First by ")
          .append(by.label()).append(" (")
          .append(by.direction()).append(", ").append(shown(model.aggregate())).append(" of ").append(runsOf(ranked))
          .append("), ").append(g.workload()).append(" at ")
          .append(ReportFormat.threads(g.threads())).append(": ").append(who).append(", ")
          .append(by.format(first.figure().value())).append(" ").append(by.unit());
      if (ranked.size() > joint.size()) {
        Entry next = ranked.get(joint.size());
        s.append("; next ").append(name(model, next.cell())).append(", ").append(by.format(next.figure().value()))
            .append(" ").append(by.unit());
      }
      s.append(" (").append(ranked.size()).append(ranked.size() == 1 ? " store ranked" : " ranked");
      if (lead != null) {
        s.append("; lead of the geometric means over the runs ").append(lead.text()).append(lead.why(model.names()));
      }
      out.add(s.append(").").toString());
    }
    return out;
  }

  /**
   * @return {@code h2 durable}, or {@code memory} for a store without profiles, the store named as the report shows
   *     it ({@link StoreNames})
   */
  static String name(ReportModel model, ReportCell c) {
    return model.names().name(c.store()) + (c.profile() == null ? "" : " " + c.profile());
  }

  /** @return {@code best run} or {@code median} */
  static String shown(RepeatAggregate a) {
    return a == RepeatAggregate.BEST ? "best run" : "median";
  }

  private static String other(RepeatAggregate a) {
    return a == RepeatAggregate.BEST ? "median" : "best run";
  }

  /** @return e.g. {@code 3}, or {@code 2 (1 failed)} */
  private static String runs(ReportCell c) {
    return c.repeats() + (c.failedRuns() == 0 ? "" : " (" + c.failedRuns() + " failed)");
  }

  /** @return {@code 3 runs each}, or {@code 1 to 3 runs per store} when the cells differ */
  private static String runsOf(List<Entry> ranked) {
    int min = ranked.stream().mapToInt(e -> e.cell().repeats()).min().orElse(0);
    int max = ranked.stream().mapToInt(e -> e.cell().repeats()).max().orElse(0);
    return min == max ? max + (max == 1 ? " run each" : " runs each") : min + " to " + max + " runs per store";
  }
}
