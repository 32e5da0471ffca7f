package dev.ycsbdriver.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The interval of a ratio of throughputs: Student's t quantiles against published tables, Welch's interval on log
 * throughputs against a hand-computed case, the paired interval for repeats of the same rounds, the within-run
 * interval of single runs and no estimate without either.
 */
class RatioIntervalTest {
  /** A run of h2 durable workloadc; {@code repeat} is its r-directory or null, {@code intervals} its time series. */
  static RunResult run(String store, String repeat, double opsPerSec, List<Double> intervals) {
    Path file = repeat == null ? Path.of(store + opsPerSec, "result.json") : Path.of(store, repeat, "result.json");
    return new RunResult(file, store, store, "durable", "workloadc", 8, "ok", opsPerSec, opsPerSec, List.of(), null,
        null, null, null, null, null, null, Map.of(), "test machine", Map.of(), List.of(), null, series(intervals));
  }

  /** @return a time series of 1 s intervals with these throughputs */
  static List<RunResult.TimePoint> series(List<Double> opsPerSec) {
    List<RunResult.TimePoint> out = new ArrayList<>();
    for (int i = 0; i < opsPerSec.size(); i++) {
      out.add(new RunResult.TimePoint(1000L * (i + 1), 1000, opsPerSec.get(i), null, null));
    }
    return out;
  }

  static List<RunResult> runs(String store, boolean rounds, double... opsPerSec) {
    List<RunResult> out = new ArrayList<>();
    for (int i = 0; i < opsPerSec.length; i++) {
      out.add(run(store, rounds ? "r" + (i + 1) : null, opsPerSec[i], List.of()));
    }
    return out;
  }

  @Test
  void studentTQuantilesMatchThePublishedTable() {
    // two-sided 95%: 12.706, 4.303, 3.182, 2.776, 2.571, 2.228 (df 10), 2.042 (df 30)
    assertThat(StudentT.twoSided(0.95, 1)).isCloseTo(12.7062, within(1e-4));
    assertThat(StudentT.twoSided(0.95, 2)).isCloseTo(4.3027, within(1e-4));
    assertThat(StudentT.twoSided(0.95, 3)).isCloseTo(3.1824, within(1e-4));
    assertThat(StudentT.twoSided(0.95, 4)).isCloseTo(2.7764, within(1e-4));
    assertThat(StudentT.twoSided(0.95, 5)).isCloseTo(2.5706, within(1e-4));
    assertThat(StudentT.twoSided(0.95, 10)).isCloseTo(2.2281, within(1e-4));
    assertThat(StudentT.twoSided(0.95, 30)).isCloseTo(2.0423, within(1e-4));
    assertThat(StudentT.twoSided(0.99, 7)).isCloseTo(3.4995, within(1e-4));
    assertThat(StudentT.twoSided(0.95, 1_000_000)).isCloseTo(1.9623, within(1e-4));
    assertThatThrownBy(() -> StudentT.twoSided(0.95, 0)).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void welchIntervalOnLogThroughputMatchesAHandComputedCase() {
    // logs of each cell: mean + {0, L, 2L}, L = ln 1.1: variance L^2 each, se = L sqrt(2/3) = 0.077820,
    // Welch df = (2L^2/3)^2 / (2 (L^2/3)^2 / 2) = 4, t = 2.776445; ratio 2 exp(+-2.776445 x 0.077820)
    RatioInterval r = RatioInterval.of(runs("a", false, 100, 110, 121), runs("b", false, 50, 55, 60.5));
    assertThat(r.basis()).isEqualTo(RatioInterval.Basis.REPEATS);
    assertThat(r.ratio()).isCloseTo(2.0, within(1e-9));
    assertThat(r.degreesOfFreedom()).isEqualTo(4);
    assertThat(r.standardError()).isCloseTo(0.0778204, within(1e-6));
    assertThat(r.low()).isCloseTo(1.611367, within(1e-5));
    assertThat(r.high()).isCloseTo(2.482364, within(1e-5));
    assertThat(r.outsideNoise()).isTrue();
    assertThat(r.text()).isEqualTo("2.00x, 95% interval 1.61x–2.48x");
    assertThat(r.cell()).isEqualTo("2.00x (1.61–2.48)");
  }

  @Test
  void repeatsOfTheSameRoundsArePairedSoDriftThatHitBothCancels() {
    // each round moved both cells by the same factor: the per-round ratio is exactly 2
    RatioInterval r = RatioInterval.of(runs("a", true, 100, 110, 121), runs("b", true, 50, 55, 60.5));
    assertThat(r.basis()).isEqualTo(RatioInterval.Basis.PAIRED_REPEATS);
    assertThat(r.degreesOfFreedom()).isEqualTo(2);
    assertThat(r.low()).isCloseTo(2.0, within(1e-9));
    assertThat(r.high()).isCloseTo(2.0, within(1e-9));
    // rounds that do not match fall back to Welch
    List<RunResult> b = runs("b", true, 50, 55, 60.5).subList(0, 2);
    assertThat(RatioInterval.of(runs("a", true, 100, 110, 121), b).basis()).isEqualTo(RatioInterval.Basis.REPEATS);
  }

  @Test
  void overlappingRepeatsOfOneStoreUnderTwoNamesAreATie() {
    RatioInterval r = RatioInterval.of(runs("h2-one", false, 131_000, 161_859, 171_000),
        runs("h2-two", false, 73_000, 88_000, 148_000));
    assertThat(r.ratio()).isCloseTo(1.5624, within(1e-4));
    assertThat(r.degreesOfFreedom()).isEqualTo(2); // Welch's 2.58, rounded down
    assertThat(r.low()).isLessThan(1);
    assertThat(r.outsideNoise()).isFalse();
    assertThat(r.cell()).startsWith("≈1.56x (");
  }

  @Test
  void oneRunPerCellTakesItsNoiseFromThePerIntervalThroughputs() {
    RatioInterval r = RatioInterval.of(List.of(run("a", null, 2_000, List.of(1_900.0, 2_100.0, 2_000.0))),
        List.of(run("b", null, 1_000, List.of(950.0, 1_050.0, 1_000.0))));
    assertThat(r.basis()).isEqualTo(RatioInterval.Basis.WITHIN_RUN);
    assertThat(r.ratio()).isCloseTo(2.0, within(1e-9));
    assertThat(r.outsideNoise()).isTrue();
    assertThat(r.interval()).endsWith(", within-run noise");

    RatioInterval none = RatioInterval.of(runs("a", false, 2_000), runs("b", false, 1_000));
    assertThat(none.basis()).isEqualTo(RatioInterval.Basis.NONE);
    assertThat(none.known()).isFalse();
    assertThat(none.outsideNoise()).isFalse();
    assertThat(none.low()).isNaN();
    assertThat(none.text()).isEqualTo("2.00x, no noise estimate");
    assertThat(none.cell()).isEqualTo("2.00x (?)");
  }

  @Test
  void oneRunAgainstRepeatsBorrowsTheRepeatsNoise() {
    RatioInterval r = RatioInterval.of(runs("a", false, 100, 110, 121), runs("b", false, 55));
    assertThat(r.basis()).isEqualTo(RatioInterval.Basis.REPEATS);
    assertThat(r.degreesOfFreedom()).isEqualTo(2);
    // variance L^2 for both: se = L sqrt(1/3 + 1)
    assertThat(r.standardError()).isCloseTo(Math.log(1.1) * Math.sqrt(4 / 3.0), within(1e-9));
  }

  @Test
  void theGeometricMeanOfRatiosCombinesTheirVariancesWithTheFewestDegreesOfFreedom() {
    RatioInterval a = new RatioInterval(4, 0.1, 4, RatioInterval.Basis.REPEATS);
    RatioInterval b = new RatioInterval(1, 0.1, 2, RatioInterval.Basis.PAIRED_REPEATS);
    RatioInterval g = RatioInterval.geometricMean(List.of(a, b));
    assertThat(g.ratio()).isCloseTo(2.0, within(1e-9));
    // se = sqrt(0.01 / 4 + 0.01 / 4); degrees of freedom the smaller, 2 (Satterthwaite's would be 5.3)
    assertThat(g.standardError()).isCloseTo(Math.sqrt(0.005), within(1e-12));
    assertThat(g.degreesOfFreedom()).isEqualTo(2);
    assertThat(g.basis()).isEqualTo(RatioInterval.Basis.REPEATS);
    RatioInterval none = new RatioInterval(3, Double.NaN, 0, RatioInterval.Basis.NONE);
    assertThat(RatioInterval.geometricMean(List.of(a, none)).known()).isFalse();
  }

  @Test
  void theRepeatIndexIsTheRDirectoryOfThePath() {
    assertThat(RatioInterval.repeat(Path.of("cells/h2/durable/t8/workloadc/r3/20261123-run/result.json"))).isEqualTo(3);
    assertThat(RatioInterval.repeat(Path.of("results/20261123-run-h2-r2/result.json"))).isNull();
  }

  @Test
  void theReaderTakesThePerIntervalThroughputsWithoutTheShortTailAndNoneFromAResultWithout() throws Exception {
    // schema 1: intervals of 1,000, 999 and 39 ms
    RunResult r = ResultReader.readOne(dev.ycsbdriver.testing.Resources.path(
        "/report/results/20261123-074326-run-h2-workloada-t4-durable/result.json"));
    assertThat(r.intervalOpsPerSec()).hasSize(2);
    assertThat(r.intervalOpsPerSec().get(0)).isCloseTo(13_319, within(1.0));
    assertThat(RunResult.intervalOpsPerSec(List.of())).isEmpty();
    assertThat(RunResult.intervalOpsPerSec(List.of(new RunResult.TimePoint(1000, 1000, 5.0, null, null),
        new RunResult.TimePoint(1600, 600, 6.0, null, null)))).containsExactly(5.0, 6.0);
    assertThat(RunResult.intervalOpsPerSec(List.of(new RunResult.TimePoint(1000, 1000, 5.0, null, null),
        new RunResult.TimePoint(1400, 400, 6.0, null, null)))).containsExactly(5.0);
  }

  @Test
  void setsOfOneMemberEachAreWelchsIntervalAndEveryMemberWeighsTheSame() {
    List<Double> a = List.of(Math.log(10), Math.log(12), Math.log(11));
    List<Double> b = List.of(Math.log(5), Math.log(4), Math.log(6), Math.log(5.5));
    RatioInterval sets = RatioInterval.ofSets(List.of(a), List.of(b));
    RatioInterval welch = RatioInterval.ofRepeats(java.util.Map.of(1, 10.0, 2, 12.0, 3, 11.0),
        java.util.Map.of(1, 5.0, 2, 4.0, 3, 6.0, 4, 5.5), false);
    assertThat(sets.ratio()).isCloseTo(welch.ratio(), org.assertj.core.data.Offset.offset(1e-12));
    assertThat(sets.standardError()).isCloseTo(welch.standardError(), org.assertj.core.data.Offset.offset(1e-12));
    assertThat(sets.degreesOfFreedom()).isEqualTo(welch.degreesOfFreedom());
    assertThat(sets.basis()).isEqualTo(RatioInterval.Basis.REPEATS);

    // two members over one: the geometric mean of 100 and 400 over 10, whatever each member's run count
    RatioInterval two = RatioInterval.ofSets(List.of(List.of(Math.log(100), Math.log(100)),
        List.of(Math.log(400), Math.log(400), Math.log(400), Math.log(400))), List.of(List.of(Math.log(10),
        Math.log(10))));
    assertThat(two.ratio()).isCloseTo(20.0, org.assertj.core.data.Offset.offset(1e-9));
    assertThat(RatioInterval.ofSets(List.of(List.of(1.0)), List.of(b)).basis()).isEqualTo(RatioInterval.Basis.NONE);
  }
}
