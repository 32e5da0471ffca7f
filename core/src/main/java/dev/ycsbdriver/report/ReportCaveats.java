package dev.ycsbdriver.report;

import dev.ycsbdriver.result.model.Warning;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The caveats of the runs a report shows, grouped and counted, for the report to open with before any
 * comparison: the warnings each run recorded ({@link RunResult#warnings()}), sorted into {@link Group}s, and the
 * crash tests that failed. A warning no group claims is counted under {@link Group#OTHER}, never dropped.
 *
 * <p>Each group but the crash tests has a mark, shown beside every figure of an affected cell
 * ({@link #marks(ReportCell)}) and explained in the report's caveats block ({@link #legend(ReportModel)}).
 * Runs counted are the runs that ended ok, whose figures the tables show. Stateless and thread-safe.
 */
final class ReportCaveats {

  /** Distinct warnings a caveat quotes; the rest are counted. */
  static final int EXAMPLES = 3;

  private ReportCaveats() {
  }

  /** A kind of caveat, in the order a report states them. */
  enum Group {
    /** The machine's CPU was saturated while the driver shared it with the server. */
    SATURATED("saturated-machine", "†", "the machine's CPU was saturated"),
    /** Both calibrations of the run were clearly slower than the machine's earlier ones ({@link MachineCondition}). */
    SLOW_MACHINE("slow-machine", "↓", "the machine ran slower than its calibration"),
    /** The matrix's later runs calibrate clearly apart from its first ones, or its own end from its start
     *  ({@link MachineCondition}); never raised by one run. */
    CONDITION_CHANGED("machine-condition-changed", "↕", "the machine's condition changed during the matrix"),
    /** The driver used more CPU than the server: the client, not the store, may have set the pace. */
    CLIENT_BOUND("client-bound", "‡", "the driver used more CPU than the server"),
    /** A setting the profile asked for that the server did not apply or does not have. */
    SETTINGS("settings-not-applied", "§", "a setting the profile asked for was not in force"),
    /** A setting that can lose acknowledged writes, in a profile whose name says durable. */
    NOT_DURABLE("not-durable", "¶", "a durable-named profile ran with a setting that can lose writes"),
    /** A setting the profile asked for exists under another name on this server, which the profile set instead. */
    EQUIVALENT("equivalent-setting", "≈", "a setting was applied as the server's own equivalent"),
    /** The measured run was too short, or still warming up, for its figures to describe the store. */
    SHORT_RUN("short-run", "◊", "the run was short or still warming up"),
    /** One of the run's self-checks failed: its figures contradict each other. */
    SELF_CHECK("self-check-failed", "!", "a self-check of the run failed"),
    /** A crash test did not complete: its lost writes are unknown. */
    CRASH_TEST("crash-test-failed", "", "a crash test failed"),
    /** Any other warning a run recorded. */
    OTHER("other-warnings", "°", "the run recorded another warning");

    private final String id;
    private final String mark;
    private final String meaning;

    Group(String id, String mark, String meaning) {
      this.id = id;
      this.mark = mark;
      this.meaning = meaning;
    }

    /** @return the id in {@code report.json} and {@code report.csv}, e.g. {@code saturated-machine} */
    String id() {
      return id;
    }

    /** @return the mark beside an affected figure, e.g. {@code †}; empty for crash tests, which mark no cell */
    String mark() {
      return mark;
    }
  }

  /**
   * One group's caveat.
   *
   * @param group the group
   * @param runs runs with at least one warning of the group (for crash tests: failures)
   * @param totalRuns runs the report shows
   * @param cells the affected cells, as {@code store profile workload threads}, in report order; empty for crash tests
   * @param sentence the sentence a report shows, starting {@code Caveat:}
   */
  record Caveat(Group group, int runs, int totalRuns, List<String> cells, String sentence) {
    /** Copies the list. */
    Caveat {
      cells = List.copyOf(cells);
    }
  }

  /**
   * Classifies by the warning's code alone: its text may be reworded without changing any report.
   *
   * @param warning one warning of a run
   * @param profile the run's durability profile, or null
   * @return its group; null for a {@link Warning.Code#NOT_DURABLE} note of a profile not named durable (what such a
   *     profile asks for, e.g. {@code fsync} off in a fast profile)
   */
  static Group classify(Warning warning, String profile) {
    return switch (warning.code()) {
      case SATURATED -> Group.SATURATED;
      case CLIENT_BOUND -> Group.CLIENT_BOUND;
      case SHORT_RUN, STILL_WARMING -> Group.SHORT_RUN;
      case SELF_CHECK_FAILED -> Group.SELF_CHECK;
      case EQUIVALENT_SETTING -> Group.EQUIVALENT;
      case SETTING_NOT_APPLIED -> Group.SETTINGS;
      case NOT_DURABLE -> DurabilityRoles.durable(profile) ? Group.NOT_DURABLE : null;
      case OTHER -> Group.OTHER;
    };
  }

  /**
   * @param run a run that ended ok
   * @return the groups of its warnings, and {@link Group#CLIENT_BOUND} for a run without that warning whose driver
   *     used more CPU than its out-of-process server (results written before the warning existed); durability
   *     notes of profiles not named durable (e.g. {@code fsync} off in a fast profile) are what the profile asks and
   *     belong to no group
   */
  static Set<Group> groups(RunResult run) {
    Set<Group> out = EnumSet.noneOf(Group.class);
    for (Warning w : run.warnings()) {
      Group g = classify(w, run.profile());
      if (g != null) {
        out.add(g);
      }
    }
    if (run.driverCpuAvgPercent() != null && run.serverCpuAvgPercent() != null && run.serverCpuSource() != null
        && !run.embedded() && run.driverCpuAvgPercent() > run.serverCpuAvgPercent()) {
      out.add(Group.CLIENT_BOUND);
    }
    if (MachineCondition.slow(run)) {
      out.add(Group.SLOW_MACHINE);
    }
    return out;
  }

  /**
   * @param cell a report cell
   * @return the groups of the runs its figures come from, in {@link Group} order; empty when none
   */
  static Set<Group> of(ReportCell cell) {
    Set<Group> out = EnumSet.noneOf(Group.class);
    if (cell != null) {
      cell.figureRuns().forEach(r -> out.addAll(groups(r)));
    }
    return out;
  }

  /** @return the marks of the cell's groups, e.g. {@code †‡}; empty when it has none */
  static String marks(ReportCell cell) {
    StringBuilder b = new StringBuilder();
    of(cell).forEach(g -> b.append(g.mark()));
    return b.toString();
  }

  /**
   * @param model the grouped results
   * @return one caveat per group that occurs, in {@link Group} order; empty when the runs recorded none
   */
  static List<Caveat> caveats(ReportModel model) {
    int total = model.cells().stream().mapToInt(c -> c.runs().size()).sum();
    Map<Group, Integer> runs = new EnumMap<>(Group.class);
    Map<Group, Set<ReportCell>> cells = new EnumMap<>(Group.class);
    Map<Group, Set<String>> texts = new EnumMap<>(Group.class);
    for (ReportCell c : model.cells()) {
      for (RunResult r : c.runs()) {
        for (Group g : groups(r)) {
          runs.merge(g, 1, Integer::sum);
          cells.computeIfAbsent(g, k -> new LinkedHashSet<>()).add(c);
          for (Warning w : r.warnings()) {
            if (classify(w, r.profile()) == g) {
              texts.computeIfAbsent(g, k -> new LinkedHashSet<>()).add(w.text());
            }
          }
        }
      }
    }
    List<Caveat> out = new ArrayList<>();
    for (Group g : Group.values()) {
      if (g == Group.CRASH_TEST) {
        out.addAll(crashTests(model, total));
        continue;
      }
      String changed = g == Group.CONDITION_CHANGED ? MachineCondition.changedSentence(model) : null;
      if (changed != null) {
        out.add(new Caveat(g, 0, total, List.of(), changed));
      }
      if (!runs.containsKey(g)) {
        continue;
      }
      List<ReportCell> affected = List.copyOf(cells.get(g));
      String count = runs.get(g) + " of " + total + " runs (" + where(model, affected) + ")";
      String examples = examples(texts.getOrDefault(g, Set.of()));
      String sentence = switch (g) {
        case SATURATED -> "Caveat: the machine's CPU was saturated in " + count + ": throughput may be limited by the "
            + "CPU the driver shares with the server, not by the store.";
        case SLOW_MACHINE -> MachineCondition.slowSentence(model, count);
        case CLIENT_BOUND -> "Caveat: the driver used more CPU than the server in " + count + ": the client, not the "
            + "store, may have set the pace.";
        case SETTINGS -> "Caveat: settings the profile asked for were not in force in " + count + ": "
            + settings(model, affected) + ".";
        case NOT_DURABLE -> "Caveat: a profile named durable ran with a setting that can lose acknowledged writes in "
            + count + ": " + examples + ".";
        case EQUIVALENT -> "Caveat: a setting the profile asked for was applied as the server's own equivalent in "
            + count + ": " + examples + ".";
        case SHORT_RUN -> "Caveat: short or still warming runs in " + count + ": their figures describe start-up more "
            + "than the store (" + examples + ").";
        case SELF_CHECK -> "Caveat: self-checks failed in " + count + ": " + examples + ".";
        default -> "Caveat: other warnings in " + count + ": " + examples + ".";
      };
      out.add(new Caveat(g, runs.get(g), total, affected.stream().map(ReportCaveats::label).toList(), sentence));
    }
    return out;
  }

  /** @return the caveats' sentences, in order: what a report opens with */
  static List<String> sentences(ReportModel model) {
    return caveats(model).stream().map(Caveat::sentence).toList();
  }

  /**
   * @param model the grouped results
   * @return one line per mark the tables use, e.g. {@code † the machine's CPU was saturated}; empty when none
   */
  static List<String> legend(ReportModel model) {
    List<String> out = new ArrayList<>();
    for (Caveat c : caveats(model)) {
      String line = c.group().mark() + " " + c.group().meaning + " (see the caveat above)";
      // a matrix-wide caveat marks no cell
      if (!c.group().mark().isEmpty() && c.runs() > 0 && !out.contains(line)) {
        out.add(line);
      }
    }
    return out;
  }

  /** @return e.g. {@code mysql seed004-durable workloada 64 threads} */
  static String label(ReportCell c) {
    return c.store() + " " + ReportFormat.profileName(c.profile()) + " " + c.workload() + " " + ReportFormat.threads(c.threads());
  }

  /** @return per store, "all its cells" or how many of them, e.g. {@code all postgres cells, mysql 3 of 10 cells} */
  private static String where(ReportModel model, List<ReportCell> affected) {
    Map<String, int[]> perStore = new LinkedHashMap<>();
    for (ReportCell c : model.cells()) {
      perStore.computeIfAbsent(c.store(), k -> new int[2])[1]++;
    }
    affected.forEach(c -> perStore.get(c.store())[0]++);
    StoreNames names = model.names();
    List<String> whole = new ArrayList<>();
    List<String> parts = new ArrayList<>();
    perStore.forEach((s, n) -> {
      if (n[0] == n[1]) {
        whole.add(names.name(s));
      } else if (n[0] > 0) {
        parts.add(names.name(s) + " " + n[0] + " of " + n[1] + " cells");
      }
    });
    List<String> out = new ArrayList<>();
    if (!whole.isEmpty()) {
      String last = whole.remove(whole.size() - 1);
      out.add("all " + (whole.isEmpty() ? last : String.join(", ", whole) + " and " + last) + " cells");
    }
    out.addAll(parts);
    return String.join(", ", out);
  }

  /**
   * @return per store and profile, what was not in force: {@code <store> <profile>: not the seed's configuration
   *     (...)} for a profile named after a seed, else {@code <store> <profile>: ...}, each store as the report names it
   *     ({@link StoreNames})
   */
  private static String settings(ReportModel model, List<ReportCell> affected) {
    // product -> profile -> why its settings were not in force
    Map<String, Map<String, Set<String>>> per = new LinkedHashMap<>();
    for (ReportCell c : affected) {
      RunResult first = c.figureRuns().get(0);
      String product = model.names().name(c.store());
      Set<String> why = per.computeIfAbsent(product, k -> new LinkedHashMap<>())
          .computeIfAbsent(ReportFormat.profileName(c.profile()), k -> new LinkedHashSet<>());
      for (RunResult r : c.figureRuns()) {
        for (Warning w : r.warnings()) {
          if (classify(w, r.profile()) == Group.SETTINGS) {
            why.add(w.text().replaceFirst("^[a-z0-9_.-]+: ", ""));
          }
        }
      }
    }
    List<String> out = new ArrayList<>();
    per.forEach((product, profiles) -> {
      // profiles with the same reasons are named together, the reasons quoted once
      Map<Set<String>, List<String>> byReasons = new LinkedHashMap<>();
      profiles.forEach((profile, why) -> byReasons.computeIfAbsent(why, k -> new ArrayList<>()).add(profile));
      byReasons.forEach((why, names) -> out.add(product + " " + String.join(" and ", names)
          + (names.stream().anyMatch(n -> n.startsWith("seed")) ? ": not the seed's configuration" : "")
          + " (" + String.join("; ", why) + ")"));
    });
    return String.join("; ", out);
  }

  private static List<Caveat> crashTests(ReportModel model, int total) {
    List<Caveat> out = new ArrayList<>();
    for (CrashEntry c : model.crashes()) {
      for (String f : c.failures()) {
        out.add(new Caveat(Group.CRASH_TEST, 1, total, List.of(), "Caveat: the crash test of "
            + model.names().name(c.store()) + " "
            + ReportFormat.profileName(c.profile()) + " failed (" + f + "): its lost writes are unknown, not 0."));
      }
    }
    return out;
  }

  /**
   * Warnings that differ only in their figures (e.g. {@code busy 104%} and {@code busy 109%}) are one kind, quoted
   * once with how many others of its kind there are.
   *
   * @return the first warning of each of the first {@value #EXAMPLES} kinds, and how many more kinds there are
   */
  static String examples(Set<String> warnings) {
    Map<String, List<String>> kinds = new LinkedHashMap<>();
    for (String w : warnings) {
      kinds.computeIfAbsent(w.replaceAll("\\d+(?:[.,]\\d+)*", "#"), k -> new ArrayList<>()).add(w);
    }
    List<String> shown = new ArrayList<>();
    for (List<String> kind : kinds.values()) {
      if (shown.size() == EXAMPLES) {
        break;
      }
      shown.add(kind.get(0) + (kind.size() == 1 ? "" : " (and " + (kind.size() - 1) + " more like it with other "
          + "figures)"));
    }
    String text = String.join("; ", shown);
    return kinds.size() <= EXAMPLES ? text : text + "; and " + (kinds.size() - EXAMPLES) + " more in the runs' results";
  }

  /** @return the figure's text with the marks of its cell's caveats, e.g. {@code 5,207 †} */
  static String marked(String text, ReportCell c) {
    String marks = marks(c);
    return marks.isEmpty() ? text : text + " " + marks;
  }
}
