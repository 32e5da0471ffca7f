package dev.ycsbdriver.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ycsbdriver.result.model.Warning;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A report opens with the caveats its runs recorded, grouped and counted, and marks the figures of the cells they
 * touch in every table format; the warning texts are those real runs write (seed 004 on MariaDB and PostgreSQL).
 */
class ReportCaveatsTest {
  private static final String SATURATED = "the machine's CPU was saturated (199% of 200%) and the driver used 121% of "
      + "it: throughput is limited by CPU the driver shares with the server; run the driver on another machine or with "
      + "fewer threads to measure the store alone";
  private static final String NO_DELAY = "mysql: binlog_group_commit_sync_delay does not exist on this server; not set "
      + "(profile seed004-durable asks for 2000); MySQL 5.7+ has it, MariaDB does not (its binlog_commit_wait_usec with "
      + "binlog_commit_wait_count waits differently and is left alone)";
  private static final String NO_BINLOG = "mysql: log_bin is OFF: the server writes no binary log, so sync_binlog and "
      + "binlog_group_commit_sync_delay change nothing on it";
  private static final String FSYNC_OFF = "postgres: fsync is off on the server: no commit survives a power loss, "
      + "whatever the profile";
  private static final String LOST = "the connection was lost at 2026-11-23T20:23:12.753767374Z (SQLState 08S01: "
      + "Communications link failure) and not restored before the run ended";

  private static RunResult run(String store, String profile, String workload, double driverCpu, double serverCpu,
                               String... warnings) {
    return new RunResult(Path.of(store, profile, workload, "result.json"), store, store, profile, workload, 64, "ok",
        5_000, 5_000, List.of(), serverCpu, serverCpu * 1.5, driverCpu, 199.0, 5_000 / serverCpu,
        store + " pid 1 listening on 127.0.0.1", store.equals("mysql") ? "MariaDB 10.11.6" : "PostgreSQL 15.8",
        Map.of(), "test machine", Map.of(), java.util.Arrays.stream(warnings).map(Warning::ofLine).toList(), null);
  }

  /** Seed 004's shape: every run saturated; MariaDB client-bound and without its durable settings. */
  private static ReportModel seed004() {
    return ReportModel.build(List.of(
        run("postgres", "seed004-durable", "workloada", 58, 130, SATURATED),
        run("postgres", "seed004-fast", "workloada", 60, 120, SATURATED, FSYNC_OFF),
        run("mysql", "seed004-durable", "workloada", 121, 70, SATURATED, NO_DELAY, NO_BINLOG),
        run("mysql", "seed004-fast", "workloada", 115, 80, SATURATED, NO_BINLOG, LOST)), "seed 004", "postgres");
  }

  @Test
  void aWarmUpThatNeverSettledIsAStillWarmingRunAndWarningsOfOneKindAreQuotedOnce() {
    String busy = "warmup=auto: not steady after warmup.max=60 s (the JIT compiler was busy %d%% of the last 5 s); "
        + "measuring anyway, so the figures may still include warm-up";
    ReportModel model = ReportModel.build(List.of(
        run("postgres", "durable", "workloada", 50, 120, String.format(busy, 104)),
        run("postgres", "durable", "workloadc", 50, 120, String.format(busy, 109)),
        run("postgres", "durable", "workloadd", 50, 120, String.format(busy, 111))), "warm", "postgres");
    assertThat(ReportCaveats.caveats(model)).singleElement().satisfies(c -> {
      assertThat(c.group()).isEqualTo(ReportCaveats.Group.SHORT_RUN);
      assertThat(c.sentence()).isEqualTo("Caveat: short or still warming runs in 3 of 3 runs (all PostgreSQL cells): "
          + "their figures describe start-up more than the store (" + String.format(busy, 104)
          + " (and 2 more like it with other figures)).");
    });
    assertThat(ReportCaveats.examples(new java.util.LinkedHashSet<>(List.of("a 1", "a 2", "b", "c 3.5", "d", "e"))))
        .isEqualTo("a 1 (and 1 more like it with other figures); b; c 3.5; and 2 more in the runs' results");
  }

  @Test
  void warningsAreGroupedAndCountedPerRunWithTheCellsTheyTouch() {
    List<ReportCaveats.Caveat> caveats = ReportCaveats.caveats(seed004());
    assertThat(caveats).extracting(ReportCaveats.Caveat::group).containsExactly(ReportCaveats.Group.SATURATED,
        ReportCaveats.Group.CLIENT_BOUND, ReportCaveats.Group.SETTINGS, ReportCaveats.Group.OTHER);
    assertThat(caveats.get(0).sentence()).isEqualTo("Caveat: the machine's CPU was saturated in 4 of 4 runs (all "
        + "PostgreSQL and MariaDB cells): throughput may be limited by the CPU the driver shares with the server, not by "
        + "the store.");
    // client-bound from the CPU figures: results written before that warning existed still say so
    assertThat(caveats.get(1).runs()).isEqualTo(2);
    assertThat(caveats.get(1).cells()).containsExactly("mysql seed004-durable workloada 64 threads",
        "mysql seed004-fast workloada 64 threads");
    assertThat(caveats.get(2).sentence()).startsWith("Caveat: settings the profile asked for were not in force in 2 of "
        + "4 runs (all MariaDB cells): MariaDB seed004-durable: not the seed's configuration (binlog_group_commit_sync_delay "
        + "does not exist on this server")
        .contains("; log_bin is OFF: the server writes no binary log")
        .contains("MariaDB seed004-fast: not the seed's configuration (log_bin is OFF");
    // an unclassified warning is counted, never dropped
    assertThat(caveats.get(3).sentence()).isEqualTo("Caveat: other warnings in 1 of 4 runs (MariaDB 1 of 2 cells): "
        + LOST + ".");
  }

  @Test
  void profilesWithTheSameReasonAreNamedTogetherAndTheReasonQuotedOnce() {
    ReportModel model = ReportModel.build(List.of(
        run("mysql", "durable", "workloada", 60, 110, NO_BINLOG),
        run("mysql", "fast", "workloada", 60, 110, NO_BINLOG)), "same reason", "mysql");
    assertThat(ReportCaveats.sentences(model)).singleElement().isEqualTo("Caveat: settings the profile asked for were "
        + "not in force in 2 of 2 runs (all MariaDB cells): MariaDB durable and fast ("
        + NO_BINLOG.replaceFirst("^mysql: ", "") + ").");
  }

  @Test
  void aNotDurableSettingIsACaveatOnlyInAProfileNamedDurable() {
    assertThat(ReportCaveats.classify(Warning.ofLine(FSYNC_OFF), "seed004-fast")).isNull();
    assertThat(ReportCaveats.classify(Warning.ofLine(FSYNC_OFF), "seed004-durable"))
        .isEqualTo(ReportCaveats.Group.NOT_DURABLE);
    ReportModel model = ReportModel.build(List.of(run("postgres", "durable", "workloadc", 10, 100, FSYNC_OFF)), "t",
        null);
    assertThat(ReportCaveats.sentences(model)).containsExactly("Caveat: a profile named durable ran with a setting that "
        + "can lose acknowledged writes in 1 of 1 runs (all PostgreSQL cells): " + FSYNC_OFF + ".");
  }

  @Test
  void shortRunsSelfChecksAndEquivalentsHaveTheirOwnGroups() {
    assertThat(ReportCaveats.classify(Warning.ofLine("short run: measured 2.0 s"), null))
        .isEqualTo(ReportCaveats.Group.SHORT_RUN);
    assertThat(ReportCaveats.classify(
        Warning.ofLine("the run measured only 2.0 s with no warm-up, so its figures describe JVM "
        + "start-up"), null)).isEqualTo(ReportCaveats.Group.SHORT_RUN);
    assertThat(ReportCaveats.classify(
        Warning.ofLine("throughput climbed from 900 ops/s in the first 2 s to 1500 ops/s after: the "
        + "figures include the driver's warm-up"), null)).isEqualTo(ReportCaveats.Group.SHORT_RUN);
    assertThat(ReportCaveats.classify(Warning.ofLine("self-check failed: Little's law"), null))
        .isEqualTo(ReportCaveats.Group.SELF_CHECK);
    assertThat(ReportCaveats.classify(
        Warning.ofLine("mysql: binlog_group_commit_sync_delay does not exist on this server; not set "
        + "(profile seed004-durable asks for 2000); MySQL 5.7+ has it, MariaDB does not: its equivalent, "
        + "binlog_commit_wait_usec with binlog_commit_wait_count, is set instead"), "seed004-durable"))
        .isEqualTo(ReportCaveats.Group.EQUIVALENT);
    assertThat(ReportCaveats.classify(
        Warning.ofLine("the driver used more CPU than the server (driver 120.0% of a core, 2.0 us/op; "
        + "server 80.0%, 1.0 us/op): the client may have been the limit"), null))
        .isEqualTo(ReportCaveats.Group.CLIENT_BOUND);
    ReportModel model = ReportModel.build(List.of(run("h2", "durable", "workloada", 10, 100, "short run: 2.0 s"),
        run("h2", "durable", "workloadc", 10, 100, "self-check failed: Little's law: 64 threads < 70.1 in flight")),
        "t", null);
    assertThat(ReportCaveats.sentences(model)).containsExactly(
        "Caveat: short or still warming runs in 1 of 2 runs (h2 1 of 2 cells): their figures describe start-up more "
            + "than the store (short run: 2.0 s).",
        "Caveat: self-checks failed in 1 of 2 runs (h2 1 of 2 cells): self-check failed: Little's law: 64 threads "
            + "< 70.1 in flight.");
  }

  @Test
  void theReportOpensWithTheCaveatsAndMarksAffectedFiguresInMarkdownJsonAndCsv() {
    ReportModel model = seed004();
    String md = MarkdownReport.render(model, ReportTables.build(model), List.of());
    assertThat(md.indexOf("## Caveats")).isPositive().isLessThan(md.indexOf("## Summary"));
    assertThat(md).contains("- Caveat: the machine's CPU was saturated in 4 of 4 runs",
        "- Mark † the machine's CPU was saturated", "- Mark § a setting the profile asked for was not in force",
        "| PostgreSQL | 5,000 † |", "| MariaDB | 5,000 †‡§ |");
    // each caveat once: in the caveats block, not again in the summary
    assertThat(md.split("Caveat: the machine's CPU", -1)).hasSize(2);
    assertThat(ReportSummary.sentences(model).get(0)).startsWith("Caveat: the machine's CPU was saturated");

    String html = HtmlReport.render(model, ReportTables.build(model), List.of());
    assertThat(html.indexOf("<h2>Caveats</h2>")).isPositive().isLessThan(html.indexOf("<h2>Summary</h2>"));
    assertThat(html).contains("<td>5,000 †‡§</td>", "<li>Mark † the machine's CPU was saturated");

    JsonNode json = ReportWriter.json(model, Path.of("out"));
    assertThat(json.get("caveats").get(0).get("group").asText()).isEqualTo("saturated-machine");
    assertThat(json.get("caveats").get(0).get("count").asInt()).isEqualTo(4);
    assertThat(json.get("caveats").get(0).get("cells")).hasSize(4);
    JsonNode mysqlDurable = json.get("cells").get(1);
    assertThat(mysqlDurable.get("store").asText()).isEqualTo("mysql");
    assertThat(mysqlDurable.get("caveats")).extracting(JsonNode::asText)
        .containsExactly("saturated-machine", "client-bound", "settings-not-applied");

    List<String> csv = List.of(CsvReport.render(model).split("\n"));
    assertThat(csv.get(0)).endsWith(",caveats");
    assertThat(csv).anyMatch(l -> l.startsWith("seed004-durable,mysql,") && l.endsWith(
        ",saturated-machine;client-bound;settings-not-applied"));
    assertThat(csv).anyMatch(l -> l.startsWith("seed004-fast,mysql,") && l.endsWith(
        ",saturated-machine;client-bound;settings-not-applied;other-warnings"));
  }

  @Test
  void runsWithoutWarningsOpenWithTheOneMachineCaveatAloneAndNoMarks() {
    ReportModel model = ReportModel.build(List.of(run("h2", "durable", "workloada", 10, 100)), "t", null);
    assertThat(ReportCaveats.caveats(model)).isEmpty();
    String md = MarkdownReport.render(model, ReportTables.build(model), List.of());
    assertThat(md).startsWith("# t\n\n## Caveats\n\n- " + ReportText.ONE_MACHINE + "\n\n## ")
        .doesNotContain("- Mark").contains("| h2 | 5,000 |");
  }
}
