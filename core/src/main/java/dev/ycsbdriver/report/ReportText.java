package dev.ycsbdriver.report;

import java.util.ArrayList;
import java.util.List;

/**
 * The words around the tables, shared by the Markdown and HTML renderings: what was run and on which
 * machine, and how to read the figures. Stateless and thread-safe.
 */
final class ReportText {
  /** The caveat every report states after its introduction. */
  static final String ONE_MACHINE = "Caveat: these figures come from one machine. When the driver and the server "
      + "share it, they compete for the same cores, so compare stores with each other on this page rather than "
      + "with figures from other machines.";

  private ReportText() {
  }

  static List<String> intro(ReportModel model) {
    List<String> lines = new ArrayList<>();
    int crashResults = model.crashes().stream().mapToInt(c -> c.results().size()).sum();
    lines.add("From " + model.runCount() + " run results" + (crashResults == 0 ? "" : " and " + crashResults
        + " crash test result" + (crashResults == 1 ? "" : "s")) + " of ycsb-driver: stores "
        + String.join(", ", model.stores().stream().map(model.names()::name).toList())
        + "; workloads " + String.join(", ", model.workloads()) + "; " + threads(model) + " client threads; profiles "
        + String.join(", ", model.profiles().stream().map(ReportFormat::profileName).toList()) + "."
        + (model.baseline() == null ? "" : " Baseline for ratios: " + model.names().name(model.baseline()) + "."));
    lines.add("");
    lines.add(repeats(model));
    lines.add("");
    for (String m : model.machines()) {
      lines.add("Machine: " + m + ".");
    }
    return lines;
  }

  /** @return which aggregate the figures are, and how many runs each cell had */
  static String repeats(ReportModel model) {
    RankFigure by = model.rank() == null ? RankFigure.THROUGHPUT : model.rank();
    String how = model.aggregate() == RepeatAggregate.BEST
        ? "Repeats: best of repeats. Each cell shows the figures of its best run, the run with the "
            + (by.higherIsBetter() ? "highest " : "lowest ") + by.label() + " (ties: the run read first"
            + (by.kind() == RankFigure.Kind.THROUGHPUT ? "" : "; by throughput where no run has that figure")
            + "), all from that one run, never a mix of per-figure bests."
        : "Repeats: median. Each figure is the median over the runs of its cell.";
    int min = model.cells().stream().mapToInt(ReportCell::repeats).min().orElse(0);
    int max = model.cells().stream().mapToInt(ReportCell::repeats).max().orElse(0);
    int failed = model.cells().stream().mapToInt(ReportCell::failedRuns).sum();
    String runs = min == max ? " Every cell had " + max + (max == 1 ? " run" : " runs")
        : " Cells had " + min + " to " + max + " runs";
    return how + runs + " that ended ok" + (failed == 0 ? "" : " (" + failed + " failed "
        + (failed == 1 ? "run" : "runs") + " left out)") + ".";
  }

  private static String threads(ReportModel model) {
    return String.join(", ", model.threads().stream().map(String::valueOf).toList());
  }

  static List<String> guide(ReportModel model) {
    List<String> lines = new ArrayList<>();
    lines.add((model.aggregate() == RepeatAggregate.BEST
        ? "Each figure is that of the best run of its cell (see Repeats above)"
        : "Each figure is the median over the repeats of a cell")
        + "; with more than one repeat, the smallest and "
        + "largest value follow in brackets. `n/a` means the figure was not measured (never 0); `failed` means "
        + "no run of that cell succeeded.");
    lines.add("Throughput counts every operation the workload issued per second of the measured run "
        + "(warm-up excluded), whatever its status, as YCSB's [OVERALL] does; where fewer returned OK, the "
        + "throughput of OK operations follows as `(OK n)`, so failing operations never read as speed. "
        + "Latency is service time of successful operations in microseconds, from HdrHistogram.");
    lines.add("A ratio of throughputs (relative tables, fast over durable, the summary) is of the geometric means over "
        + "the runs of its cells, with a 95% interval: a t-interval on log throughput (Welch's, or paired when both "
        + "cells ran the same repeats in the same rounds). With one run per cell the interval comes from that run's "
        + "per-interval throughputs: within-run noise, which understates the noise between runs. A ratio whose "
        + "interval includes 1 is a tie (within noise), and no store is called fastest on it; without repeats or "
        + "interval figures a difference cannot be told apart from noise. On a workload that only reads, fast and "
        + "durable cannot differ by durability: their ratio there is the noise floor.");
    lines.add("CPU is in percent of one core (100% = one core busy). Server CPU sums the store's processes; for an "
        + "embedded store the server is the driver's own process. Ops per server CPU% is throughput divided by the "
        + "server's average CPU%: how much work the store does per unit of CPU.");
    lines.add("Durability profiles are evidence, not labels: the settings under Configurations were read back "
        + "from the server during the run.");
    lines.add("A crash test kills the store while writers keep a ledger of acknowledged writes, restarts it and "
        + "audits: lost writes were acknowledged but are missing or older afterwards. A no-loss claim holds only "
        + "with none lost. `" + DurableVsFast.NOT_TESTED + "` means no crash test ran. A process crash does not "
        + "test page-cache loss (an OS crash or power loss).");
    return lines;
  }
}
