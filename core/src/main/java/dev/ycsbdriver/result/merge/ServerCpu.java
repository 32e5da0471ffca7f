package dev.ycsbdriver.result.merge;

import dev.ycsbdriver.cpu.CpuSummary;
import dev.ycsbdriver.cpu.ServerTarget;
import dev.ycsbdriver.result.model.CpuSection;
import dev.ycsbdriver.result.model.ResultDocument;
import java.util.List;

/**
 * The CPU figures of a merged result; the rule is in {@link ResultMerger}'s class documentation.
 * Stateless and thread-safe.
 */
final class ServerCpu {
  private static final CpuSection NONE = new CpuSection(null, null, null, null, null, null, null, null, null, null);

  private ServerCpu() {
  }

  /**
   * The merged result's {@code cpu}: the first client's, with its figures replaced.
   *
   * @param sources the clients
   * @param throughputOpsPerSec the merged throughput, for {@code opsPerServerCpuPercent} and CPU per operation
   * @param rule receives the rule that applied, one sentence, for {@code merged.serverCpuRule}
   * @return the merged {@code cpu} section
   */
  static CpuSection merge(List<MergeSource> sources, double throughputOpsPerSec, StringBuilder rule) {
    CpuSection first = sources.get(0).document().sections().cpu();
    CpuSection cpu = first == null ? NONE : first;
    CpuSection.CpuFigure server = server(sources, throughputOpsPerSec, rule);
    Double average = server.averagePercent();
    return new CpuSection(server,
        CpuSection.CpuFigure.unavailable("several clients: each client's driver CPU is in merged.driverCpu"),
        CpuSection.CpuFigure.unavailable("several clients, possibly on several machines: see each source"),
        cpu.serverSource(), cpu.serverIsDriver(), cpu.logicalCores(), cpu.sampleIntervalMillis(),
        average != null && average > 0 ? throughputOpsPerSec / average : null,
        CpuSummary.microsPerOperation(driverPercent(sources), throughputOpsPerSec),
        CpuSummary.microsPerOperation(average, throughputOpsPerSec));
  }

  private static CpuSection.CpuFigure server(List<MergeSource> sources, double throughputOpsPerSec,
                                             StringBuilder rule) {
    String server = server(sources.get(0));
    Double average = null;
    Double peak = null;
    for (MergeSource s : sources) {
      if (!server(s).equals(server)) {
        rule.append("not merged: the clients report different servers (").append(server).append(" and ")
            .append(server(s)).append(')');
        return CpuSection.CpuFigure.unavailable("the clients report different servers");
      }
      CpuSection.CpuFigure f = figure(s);
      average = max(average, f.averagePercent());
      peak = max(peak, f.peakPercent());
    }
    if (average == null) {
      rule.append("none: no client measured the server's CPU");
      return CpuSection.CpuFigure.unavailable("no client measured the server's CPU");
    }
    rule.append("max of the clients' averages (and of their peaks): every client sampled the same server (")
        .append(server).append("), so its readings are one quantity measured ").append(sources.size())
        .append(" times, not shares to add");
    return new CpuSection.CpuFigure(average, peak, null);
  }

  /** @return every client's driver CPU added up, in percent of one core, or null when one is unknown */
  private static Double driverPercent(List<MergeSource> sources) {
    double sum = 0;
    for (MergeSource s : sources) {
      CpuSection cpu = s.document().sections().cpu();
      Double d = cpu == null || cpu.driver() == null ? null : cpu.driver().averagePercent();
      if (d == null) {
        return null;
      }
      sum += d;
    }
    return sum;
  }

  private static CpuSection.CpuFigure figure(MergeSource s) {
    CpuSection cpu = s.document().sections().cpu();
    return cpu == null || cpu.server() == null ? CpuSection.CpuFigure.unavailable(null) : cpu.server();
  }

  /**
   * @return product, version, CPU source without its pid count, and the host that sampled it; an
   *     embedded store's server is the client's own process
   */
  private static String server(MergeSource s) {
    ResultDocument n = s.document();
    CpuSection cpu = n.sections().cpu() == null ? NONE : n.sections().cpu();
    String source = ServerTarget.withoutPidCount(cpu.serverSource() == null ? "" : cpu.serverSource());
    if (Boolean.TRUE.equals(cpu.serverIsDriver())) {
      source += " in " + s.name();
    }
    var product = n.sections().server();
    var machine = n.sections().machine();
    String name = product == null ? "?" : ((product.product() == null ? "?" : product.product()) + " "
        + (product.version() == null ? "" : product.version())).trim();
    return name + ", " + source + " on " + (machine == null || machine.hostName() == null ? "?" : machine.hostName());
  }

  private static Double max(Double current, Double value) {
    if (value == null) {
      return current;
    }
    return current == null ? value : Math.max(current, value);
  }
}
