package dev.ycsbdriver.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.function.Function;

/**
 * The parts of {@code report.json} beside its cells: the ranking, the durable-vs-fast rows, the throughput ratios with
 * their intervals, the crash tests per store
 * and profile, the stores a matrix left out and another party's reference figures. Stateless and thread-safe.
 */
final class ReportJsonSections {
  /** Writes the typed sections ({@link Finding}) by their record components. */
  private static final ObjectMapper MAPPER = new ObjectMapper();

  private ReportJsonSections() {
  }

  /**
   * @param root the report's JSON object; receives {@code caveats} (per group: {@code group}, {@code mark},
   *     {@code count} of runs affected, {@code runs} shown, {@code cells} as {@code store profile workload threads},
   *     {@code text}; empty when the runs recorded none), {@code findings} (one object per {@link Finding},
   *     its components as fields; ours, then the seed rows of {@link SeedFindings}), {@code ranking} (empty without a ranking figure),
   *     {@code durableVsFast}, {@code throughputRatios}, {@code crashTests}, {@code leftOut} and {@code reference}
   *     (null without reference figures)
   * @param model the grouped results
   * @param relative maps a result file to the path the report gives it
   */
  static void add(ObjectNode root, ReportModel model, Function<Path, String> relative) {
    ArrayNode caveats = root.putArray("caveats");
    for (ReportCaveats.Caveat c : ReportCaveats.caveats(model)) {
      ObjectNode n = caveats.addObject();
      n.put("group", c.group().id());
      n.put("mark", c.group().mark());
      n.put("count", c.runs());
      n.put("runs", c.totalRuns());
      c.cells().forEach(n.putArray("cells")::add);
      n.put("text", c.sentence());
    }
    root.set("findings", MAPPER.valueToTree(SeedFindings.all(model)));
    ranking(root.putArray("ranking"), model);
    ArrayNode rows = root.putArray("durableVsFast");
    for (DurableVsFast.Row r : DurableVsFast.rows(model)) {
      ObjectNode n = rows.addObject();
      n.put("profile", ReportFormat.profileName(r.profile()));
      n.put("store", r.store());
      n.put("threads", r.threads());
      ObjectNode t = n.putObject("throughputOpsPerSec");
      r.throughput().forEach((w, s) -> spread(t, w, s));
      ObjectNode cpu = n.putObject("opsPerServerCpuPercent");
      r.opsPerServerCpu().forEach((w, s) -> spread(cpu, w, s));
      n.put("crashClaim", r.claim());
      n.put("crashTested", r.crash() != null);
    }
    ratios(root.putArray("throughputRatios"), model);
    ArrayNode crashes = root.putArray("crashTests");
    for (CrashEntry c : model.crashes()) {
      ObjectNode n = crashes.addObject();
      n.put("profile", ReportFormat.profileName(c.profile()));
      n.put("store", c.store());
      n.put("claim", c.claim());
      if (c.claimHeld() == null) {
        n.putNull("claimHeld");
      } else {
        n.put("claimHeld", c.claimHeld());
      }
      n.put("crashes", c.crashes());
      n.put("acknowledgedWrites", c.acknowledgedWrites());
      n.put("lostWrites", c.lostWrites());
      n.put("inDoubtWrites", c.inDoubtWrites());
      n.put("recoveryMaxMillis", c.recoveryMaxMillis());
      ArrayNode failures = n.putArray("failures");
      c.failures().forEach(failures::add);
      ArrayNode files = n.putArray("results");
      c.results().forEach(r -> files.add(relative.apply(r.file())));
    }
    ArrayNode leftOut = root.putArray("leftOut");
    model.leftOut().forEach(leftOut::add);
    ReferenceFigures ref = model.reference();
    if (ref == null) {
      root.putNull("reference");
      return;
    }
    ObjectNode n = root.putObject("reference");
    n.put("source", ref.source());
    n.put("machine", ref.machine());
    n.put("note", ref.note());
    n.put("comparable", false);
    ArrayNode figures = n.putArray("figures");
    for (ReferenceFigures.Figure f : ref.figures()) {
      ObjectNode fig = figures.addObject();
      fig.put("store", f.store());
      fig.put("profile", f.profile());
      fig.put("workload", f.workload());
      fig.put("threads", f.threads());
      fig.put("throughputOpsPerSec", f.throughputOpsPerSec());
      fig.put("meanLatencyMillis", f.meanLatencyMillis());
      if (f.meanLatencyMillis() != null) {
        fig.put("littlesLaw", f.littlesLawNote());
      }
    }
    ref.statements().forEach(n.putArray("statements")::add);
    n.put("outOfProcessOverInProcess", ref.outOfProcessOverInProcess());
    ArrayNode shapes = n.putArray("shapes");
    for (Table t : ReferenceShapes.tables(model)) {
      ObjectNode shape = shapes.addObject();
      shape.put("title", t.title());
      t.header().forEach(shape.putArray("header")::add);
      ArrayNode shapeRows = shape.putArray("rows");
      t.rows().forEach(r -> r.forEach(shapeRows.addArray()::add));
    }
  }

  /**
   * One object per ratio the tables state: a cell's throughput over the baseline store's ({@code over: baseline}) and
   * a fast profile's over its durable one's ({@code over: durable}), with the 95% interval's bounds ({@code low},
   * {@code high}; null without a noise estimate), whether it is outside the noise, and the basis of the estimate.
   */
  private static void ratios(ArrayNode out, ReportModel model) {
    for (ReportCell c : model.cells()) {
      String durable = DurabilityRoles.durablePartner(c.profile());
      ReportCell base = model.baseline() == null || model.baseline().equals(c.store()) ? null
          : model.cell(c.profile(), model.baseline(), c.threads(), c.workload());
      ratio(out, c, "baseline", model.baseline(), c.profile(), RatioInterval.of(c, base));
      ratio(out, c, "durable", c.store(), durable,
          durable == null ? null : RatioInterval.of(c, model.exactCell(durable, c.store(), c.threads(), c.workload())));
    }
  }

  private static void ratio(ArrayNode out, ReportCell c, String over, String otherStore, String otherProfile,
                            RatioInterval r) {
    if (r == null) {
      return;
    }
    ObjectNode n = out.addObject();
    n.put("over", over);
    n.put("profile", ReportFormat.profileName(c.profile()));
    n.put("store", c.store());
    n.put("threads", c.threads());
    n.put("workload", c.workload());
    n.put("otherStore", otherStore);
    n.put("otherProfile", ReportFormat.profileName(otherProfile));
    n.put("ratio", r.ratio());
    n.put("low", r.known() ? r.low() : null);
    n.put("high", r.known() ? r.high() : null);
    n.put("confidence", RatioInterval.CONFIDENCE);
    n.put("outsideNoise", r.outsideNoise());
    n.put("basis", r.basis().id());
    n.put("degreesOfFreedom", r.degreesOfFreedom());
  }

  /** One object per ranking: its thread count, workload and entries, best first. */
  private static void ranking(ArrayNode out, ReportModel model) {
    for (Ranking.Group g : Ranking.groups(model)) {
      ObjectNode n = out.addObject();
      n.put("figure", model.rank().id());
      n.put("higherIsBetter", model.rank().higherIsBetter());
      n.put("unit", model.rank().unit());
      n.put("threads", g.threads());
      n.put("workload", g.workload());
      ArrayNode entries = n.putArray("entries");
      for (Ranking.Entry e : g.entries()) {
        ObjectNode en = entries.addObject();
        if (e.rank() == 0) {
          en.putNull("rank");
        } else {
          en.put("rank", e.rank());
        }
        en.put("store", e.cell().store());
        en.put("profile", ReportFormat.profileName(e.cell().profile()));
        spread(en, "figure", e.figure());
        en.put("runs", e.cell().repeats());
        en.put("failedRuns", e.cell().failedRuns());
        spread(en, "longestOperationMicros", e.cell().longestOperation());
        spread(en, "opsPerServerCpuPercent", e.cell().opsPerServerCpu());
      }
    }
  }

  /**
   * @param parent the object to add to
   * @param name the field's name
   * @param s the figure over a cell's runs, or null: the field is then null
   */
  static void spread(ObjectNode parent, String name, Spread s) {
    if (s == null) {
      parent.putNull(name);
      return;
    }
    parent.putObject(name).put("value", s.value()).put("median", s.median()).put("min", s.min()).put("max", s.max())
        .put("count", s.count());
  }
}
