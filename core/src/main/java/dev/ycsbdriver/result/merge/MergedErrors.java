package dev.ycsbdriver.result.merge;

import dev.ycsbdriver.result.model.RunFigures;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The merged result's error figures: {@code operationsOk} summed, {@code throughputOkOpsPerSec} the merged
 * throughput times the clients' share of OK operations, {@code errors} summed per kind (binding, operation,
 * cause; the earliest first occurrence kept), {@code connectionOutages} of every client in time order.
 * When a client's result predates these fields they are left out of the merged result, whose readers then
 * derive the OK throughput from the status counts. Stateless and thread-safe.
 *
 * @param operationsOk OK operations of every client, or null when a client's result predates it
 * @param throughputOkOpsPerSec the merged OK throughput, operations per second, or null likewise
 * @param errors the kinds of error, summed; null likewise
 * @param connectionOutages every client's outages in time order; null likewise
 */
record MergedErrors(Long operationsOk, Double throughputOkOpsPerSec, List<RunFigures.ErrorKind> errors,
                    List<RunFigures.Outage> connectionOutages) {
  private static final MergedErrors NONE = new MergedErrors(null, null, null, null);

  /**
   * @param sources the clients' results
   * @param throughput the merged throughput, operations per second
   * @return the merged error figures; all null when a client's result predates them
   */
  static MergedErrors of(List<MergeSource> sources, double throughput) {
    long ok = 0;
    long total = 0;
    for (MergeSource s : sources) {
      RunFigures f = s.document().figures();
      if (f.operationsOk() == null) {
        return NONE;
      }
      ok += f.operationsOk();
      total += f.operationsTotal() == null ? 0 : f.operationsTotal();
    }
    Map<String, RunFigures.ErrorKind> kinds = new LinkedHashMap<>();
    List<RunFigures.Outage> outages = new ArrayList<>();
    for (MergeSource s : sources) {
      RunFigures f = s.document().figures();
      for (RunFigures.ErrorKind k : f.errors() == null ? List.<RunFigures.ErrorKind>of() : f.errors()) {
        kinds.merge(k.binding() + '\u0000' + k.operation() + '\u0000' + k.cause(), k, MergedErrors::add);
      }
      outages.addAll(f.connectionOutages() == null ? List.of() : f.connectionOutages());
    }
    outages.sort(Comparator.comparing(o -> Instant.parse(o.lostTime())));
    return new MergedErrors(ok, total == 0 ? throughput : throughput * ok / total, List.copyOf(kinds.values()),
        outages);
  }

  /** @return one kind of error of two clients: counts summed, the earlier first occurrence kept */
  private static RunFigures.ErrorKind add(RunFigures.ErrorKind known, RunFigures.ErrorKind k) {
    boolean earlier = Instant.parse(k.firstTime()).isBefore(Instant.parse(known.firstTime()));
    RunFigures.ErrorKind first = earlier ? k : known;
    return new RunFigures.ErrorKind(known.binding(), known.operation(), known.cause(), first.firstMessage(),
        first.firstTime(), known.count() + k.count());
  }
}
