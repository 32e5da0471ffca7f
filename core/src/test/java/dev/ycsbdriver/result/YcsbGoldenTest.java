package dev.ycsbdriver.result;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ycsbdriver.testing.CliRun;
import dev.ycsbdriver.testing.Resources;
import dev.ycsbdriver.testing.SummaryLines;
import dev.ycsbdriver.testing.SummaryLines.Line;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Seals the stdout summary against real upstream YCSB 0.17.0 output (golden files, see
 * {@code golden/README.md}): the same workload, threads and options give the same lines in the same
 * order with the same value types; ycsb-driver only adds {@code [CPU]}, {@code [SCHEDULE]} and then
 * {@code [OK]} lines after them (and {@code [ERRORS]} for bindings that report errors, which these do not).
 */
class YcsbGoldenTest {
  @TempDir
  Path results;

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "workloada-run.txt | run | workloada | site.ycsb.BasicDB | -threads 4 -p basicdb.verbose=false",
      "workloadb-run.txt | run | workloadb | site.ycsb.BasicDB | -threads 4 -p basicdb.verbose=false",
      "workloadc-run.txt | run | workloadc | site.ycsb.BasicDB | -threads 4 -p basicdb.verbose=false",
      "workloadd-run.txt | run | workloadd | site.ycsb.BasicDB | -threads 4 -p basicdb.verbose=false",
      "workloade-run.txt | run | workloade | site.ycsb.BasicDB | -threads 4 -p basicdb.verbose=false",
      "workloadf-run.txt | run | workloadf | site.ycsb.BasicDB | -threads 4 -p basicdb.verbose=false",
      "workloada-load.txt | load | workloada | site.ycsb.BasicDB | -threads 4 -p basicdb.verbose=false",
      "workloadc-run-both.txt | run | workloadc | site.ycsb.BasicDB | -threads 2 -target 2000 -p measurement.interval=both -p basicdb.verbose=false",
      "workloada-run-percentiles.txt | run | workloada | site.ycsb.BasicDB | -threads 2 -p hdrhistogram.percentiles=50,90,99.9,99.99 -p basicdb.verbose=false",
      "workloada-run-failures.txt | run | workloada | dev.ycsbdriver.testing.FlakyDb | -threads 4 -p failonerror=false",
      "workloada-run-tracked.txt | run | workloada | dev.ycsbdriver.testing.FlakyDb | -threads 4 -p latencytrackederrors=NOT_FOUND -p failonerror=false",
  })
  void summaryHasUpstreamLinesInUpstreamOrder(String golden, String phase, String workload, String db, String options) {
    List<String> args = new ArrayList<>(List.of(phase, "-db", db, "-P",
        Resources.path("/golden/workloads/" + workload).toString(), "-p", "result.dir=" + results));
    args.addAll(List.of(options.trim().split(" +")));
    CliRun run = CliRun.of(args.toArray(String[]::new));
    assertThat(run.exitCode()).as(run.toString()).isZero();

    List<Line> upstream = SummaryLines.parse(Resources.text("/golden/ycsb-0.17.0/" + golden));
    List<Line> ours = SummaryLines.parse(run.out());

    assertThat(keysAndTypes(withoutGc(ours), false)).as(run.out())
        .containsExactlyElementsOf(keysAndTypes(withoutGc(upstream), false));
    List<Line> added = addedLines(ours);
    assertThat(added).as("only [CPU], [SCHEDULE] then [OK] lines are added, after YCSB's lines").isNotEmpty();
    assertThat(ours.subList(ours.size() - added.size(), ours.size())).isEqualTo(added);
    assertThat(added.stream().map(Line::metric).distinct().toList()).containsExactly("CPU", "SCHEDULE", "OK");
    assertThat(added.stream().filter(l -> l.metric().equals("OK")).map(Line::measurement).toList())
        .containsExactly("Operations", "Throughput(ops/sec)");
    List<String> schedule = added.stream().filter(l -> l.metric().equals("SCHEDULE")).map(Line::measurement).toList();
    assertThat(schedule).isEqualTo(options.contains("-target")
        ? List.of("TargetOpsPerSec", "MaxLag(ms)", "FinalLag(ms)") : List.of("Mode"));
    assertGcBlockShape(ours);
  }

  /** GC collectors depend on the JDK (JDK 20+ adds G1 Concurrent GC), so their lines are checked by shape. */
  private static void assertGcBlockShape(List<Line> lines) {
    List<Line> gc = lines.stream().filter(l -> l.metric().startsWith("TOTAL_GC")).toList();
    Set<String> measurements = new TreeSet<>();
    gc.forEach(l -> measurements.add(l.measurement()));
    assertThat(measurements).containsExactly("Count", "Time(%)", "Time(ms)");
    assertThat(gc.get(gc.size() - 3).key()).isEqualTo("[TOTAL_GCs], Count");
    assertThat(gc.get(gc.size() - 1).key()).isEqualTo("[TOTAL_GC_TIME_%], Time(%)");
    assertThat(lines.get(0).key()).isEqualTo("[OVERALL], RunTime(ms)");
    assertThat(lines.get(1).key()).isEqualTo("[OVERALL], Throughput(ops/sec)");
    assertThat(lines.get(2).metric()).startsWith("TOTAL_GC");
  }

  private static List<Line> withoutGc(List<Line> lines) {
    return lines.stream().filter(l -> !l.metric().startsWith("TOTAL_GC") && !isAdded(l)).toList();
  }

  private static boolean isAdded(Line l) {
    return l.metric().equals("CPU") || l.metric().equals("SCHEDULE") || l.metric().equals("OK");
  }

  private static List<Line> addedLines(List<Line> lines) {
    return lines.stream().filter(YcsbGoldenTest::isAdded).toList();
  }

  private static List<String> keysAndTypes(List<Line> lines, boolean values) {
    return lines.stream().map(l -> l.key() + " : " + l.valueType() + (values ? " = " + l.value() : "")).toList();
  }
}
