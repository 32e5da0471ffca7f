package dev.ycsbdriver.report;

import java.util.ArrayList;
import java.util.List;

/**
 * Another party's published figures beside ours, in a table of their own that says whose is whose; the
 * ratio ours / theirs is marked not comparable in absolute terms (other hardware, other client).
 *
 * <p>Stateless and thread-safe.
 */
final class ReferenceTable {
  /** The ratio column's header. */
  static final String RATIO = "ours / theirs (x, not comparable in absolute terms)";

  private ReferenceTable() {
  }

  /**
   * @param model the grouped results, with {@link ReportModel#reference()} not null
   * @return the tables: one of throughputs and one of mean latencies per operation, each with one row per published
   *     figure of its kind and present when they publish any; with statements alone, one table of notes without
   *     columns. The notes (whose figures, on what machine) go with the first table.
   */
  static List<Table> tables(ReportModel model) {
    ReferenceFigures ref = model.reference();
    List<List<String>> rows = new ArrayList<>();
    List<List<String>> latencyRows = new ArrayList<>();
    for (ReferenceFigures.Figure f : figures(model)) {
      ReportCell ours = ours(model, f);
      if (f.latencyOnly()) {
        Spread mean = ours == null ? null : ours.meanLatency().get(f.operation());
        latencyRows.add(List.of(model.names().name(f.store()), ReportFormat.profileName(f.profile()), f.workload(),
            f.operation(), ReportFormat.micros(f.meanLatencyMillis() * 1000),
            mean == null ? ReportFormat.NA
                : ReportFormat.micros(mean.value()) + " (" + ReportFormat.threads(ours.threads()) + ")",
            mean == null ? ReportFormat.NA : ReportFormat.ratio(mean.value() / (f.meanLatencyMillis() * 1000))));
        continue;
      }
      String oursText = ours == null || ours.throughput() == null ? ReportFormat.NA
          : ReportFormat.opsPerSec(ours.throughput().value()) + " (" + ReportFormat.threads(ours.threads()) + ")";
      String ratio = ours == null || ours.throughput() == null ? ReportFormat.NA
          : ReportFormat.ratio(ours.throughput().value() / f.throughputOpsPerSec());
      rows.add(List.of(model.names().name(f.store()), ReportFormat.profileName(f.profile()), f.workload(),
          ReportFormat.opsPerSec(f.throughputOpsPerSec())
              + (f.threads() == null ? "" : " (" + ReportFormat.threads(f.threads()) + ")"),
          oursText, ratio));
    }
    List<String> notes = new ArrayList<>();
    notes.add("Theirs: " + ref.source() + (ref.machine() == null ? "" : "; machine: " + ref.machine()) + ".");
    if (ref.note() != null) {
      notes.add("Their figures: " + ref.note() + ".");
    }
    notes.add("Ours: this report's runs" + (model.machines().isEmpty() ? "" : " on " + String.join("; ", model.machines()))
        + "; at their thread count where they give one, else at our highest.");
    notes.add("The ratio ours / theirs is not comparable in absolute terms: other hardware, other client, other "
        + "settings. Compare the shape (which store and profile is faster, and by how much), not the numbers.");
    for (String statement : ref.statements()) {
      notes.add("Their statement: \u201c" + statement + "\u201d");
    }
    for (ReferenceFigures.Figure f : ref.figures()) {
      String little = f.littlesLawNote();
      if (little != null) {
        notes.add(little + ".");
      }
    }
    if (ref.figures().isEmpty() && ref.statements().isEmpty()) {
      notes.add("The matrix names the source but gives no figures yet.");
    }
    if (ref.figures().isEmpty()) { // their statements alone: no columns to show
      return List.of(new Table("Reference: published by " + ref.source() + " (theirs, not ours)", List.of(),
          List.of(), notes.stream().filter(n -> !n.startsWith("Ours:") && !n.startsWith("The ratio ours")).toList()));
    }
    List<Table> out = new ArrayList<>();
    if (!rows.isEmpty()) {
      out.add(new Table("Reference: figures published by " + ref.source() + " (theirs, not ours)",
          List.of("store", "profile", "workload", "theirs (ops/s)", "ours (ops/s)", RATIO), rows, notes));
    }
    if (!latencyRows.isEmpty()) {
      List<String> latencyNotes = new ArrayList<>(rows.isEmpty() ? notes : List.of());
      latencyNotes.add("Their figures are mean latencies of one operation each, beside our cell's mean latency of "
          + "that operation (service time); where they publish no profile, ours stand beside each of our profiles.");
      out.add(new Table("Reference: mean latency per operation published by " + ref.source() + " (theirs, not ours)",
          List.of("store", "profile", "workload", "operation", "theirs (µs)", "ours (µs)", LATENCY_RATIO),
          latencyRows, latencyNotes));
    }
    return out;
  }

  /** The ratio column's header of a table of latencies. */
  static final String LATENCY_RATIO = "ours / theirs (x, latency, not comparable in absolute terms)";

  /**
   * @param model the grouped results, with {@link ReportModel#reference()} not null
   * @return their figures, each that names no profile once per profile of ours (for a report whose stores have
   *     profiles), so that each stands beside each of our cells; in file order
   */
  static List<ReferenceFigures.Figure> figures(ReportModel model) {
    List<ReferenceFigures.Figure> out = new ArrayList<>();
    for (ReferenceFigures.Figure f : model.reference().figures()) {
      if (f.profile() != null || model.profiles().stream().allMatch(java.util.Objects::isNull)) {
        out.add(f);
      } else {
        model.profiles().stream().filter(java.util.Objects::nonNull).forEach(p -> out.add(f.withProfile(p)));
      }
    }
    return out;
  }

  /** @return our cell at their thread count, else at the highest thread count that store and profile ran */
  static ReportCell ours(ReportModel model, ReferenceFigures.Figure f) {
    if (f.threads() != null) {
      return model.exactCell(f.profile(), f.store(), f.threads(), f.workload());
    }
    ReportCell best = null;
    for (int t : model.threads()) {
      ReportCell c = model.exactCell(f.profile(), f.store(), t, f.workload());
      best = c != null ? c : best;
    }
    return best;
  }
}
