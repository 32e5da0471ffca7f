package dev.ycsbdriver.report;

import com.fasterxml.jackson.annotation.JsonValue;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * The throughput of one report cell over another's, with a 95% confidence interval for that ratio: a t-interval on
 * the difference of the mean log throughputs, exponentiated (the log-scale comparison of two means, as in Box,
 * Hunter and Hunter, <i>Statistics for Experimenters</i>, 2nd ed., 2005, sections 3.1 and 4.1; Welch's
 * unequal-variance form and its degrees of freedom from B. L. Welch, "The generalization of Student's problem when
 * several different population variances are involved", Biometrika 34, 1947). The ratio is that of the geometric
 * means of the runs, the centre of the interval on the log scale. Which runs give the noise ({@link Basis}):
 * <ul>
 *   <li>{@link Basis#PAIRED_REPEATS}: both cells have the same repeats ({@code r<k>} in their paths, repeats that ran
 *       in the same round of an interleaved matrix), at least 2: a paired t-interval on the per-repeat log ratios,
 *       n - 1 degrees of freedom, so drift that hit a round hits both cells alike;</li>
 *   <li>{@link Basis#REPEATS}: at least 2 runs in either cell: Welch's interval, its degrees of freedom rounded down
 *       (the conservative choice); when one cell has a single run, it is taken to have the relative noise of the
 *       other (the same variance of log throughput);</li>
 *   <li>{@link Basis#WITHIN_RUN}: one run per cell: the ratio of the two runs' throughputs, with Welch's interval
 *       over the runs' per-interval throughputs ({@link RunResult#intervalOpsPerSec}, at least 2 each). This is the
 *       noise within a run; successive intervals are correlated and the noise between runs (another start, another
 *       layout on disk, drift of the machine) is missing, so it understates the noise;</li>
 *   <li>{@link Basis#NONE}: one run per cell without interval figures: the ratio alone, its noise unknown.</li>
 * </ul>
 * t quantiles come from {@link StudentT}. Immutable and thread-safe.
 *
 * @param ratio the numerator's throughput over the denominator's (of the geometric means over the runs); > 0
 * @param standardError the standard error of the log ratio; NaN under {@link Basis#NONE}
 * @param degreesOfFreedom of the t quantile; at least 1, or 0 under {@link Basis#NONE}
 * @param basis where the noise estimate comes from
 */
public record RatioInterval(double ratio, double standardError, int degreesOfFreedom, Basis basis) {
  /** The confidence of every interval: 95%. */
  public static final double CONFIDENCE = 0.95;

  private static final Pattern REPEAT = Pattern.compile("r(\\d+)");

  /** Where the noise of a ratio comes from, strongest first. */
  public enum Basis {
    /** Repeats that ran in the same rounds, paired. */
    PAIRED_REPEATS("paired repeats"),
    /** Repeats, unpaired. */
    REPEATS("repeats"),
    /** The per-interval throughputs of one run per cell: understates the noise between runs. */
    WITHIN_RUN("within-run noise"),
    /** No estimate: one run per cell and no interval figures. */
    NONE("no noise estimate");

    private final String label;

    Basis(String label) {
      this.label = label;
    }

    /** @return e.g. {@code paired repeats}, {@code within-run noise} */
    public String label() {
      return label;
    }

    /** @return the id files use: {@code paired-repeats}, {@code repeats}, {@code within-run} or {@code none} */
    @JsonValue
    public String id() {
      return this == WITHIN_RUN ? "within-run" : name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
  }

  /**
   * @param numerator the cell on top, e.g. fast
   * @param denominator the cell below, e.g. durable
   * @return the ratio of their throughputs with its interval, or null when either is missing, has no run that
   *     ended ok, or has a run with no throughput (0 ops/s)
   */
  public static RatioInterval of(ReportCell numerator, ReportCell denominator) {
    return numerator == null || denominator == null ? null : of(numerator.runs(), denominator.runs());
  }

  /**
   * @param numerator runs of the cell on top, in path order
   * @param denominator runs of the cell below
   * @return as {@link #of(ReportCell, ReportCell)}
   */
  public static RatioInterval of(List<RunResult> numerator, List<RunResult> denominator) {
    return of(numerator, denominator, RankFigure.THROUGHPUT);
  }

  /**
   * @param numerator runs of the cell on top, in path order
   * @param denominator runs of the cell below
   * @param figure the figure compared, e.g. mean READ latency; per-interval figures stand in for repeats only for
   *     throughput
   * @return the ratio of the figure with its interval, or null when a cell has no run or a run lacks the figure or
   *     has it at 0
   */
  public static RatioInterval of(List<RunResult> numerator, List<RunResult> denominator, RankFigure figure) {
    return of(numerator, denominator, figure, true);
  }

  /**
   * @param numerator runs of the cell on top, in path order
   * @param denominator runs of the cell below
   * @param figure the figure compared
   * @return as {@link #of(List, List, RankFigure)}, but never paired by repeat: Welch's interval where both cells have
   *     at least 2 runs, so that a paired verdict can be checked against the unpaired one ({@link Findings})
   */
  public static RatioInterval unpaired(List<RunResult> numerator, List<RunResult> denominator, RankFigure figure) {
    return of(numerator, denominator, figure, false);
  }

  /**
   * Whether the rounds of an interleaved matrix differ, the criterion that justifies pairing the repeats of two cells:
   * the two cells as the treatments and the rounds as the blocks of a randomized complete block design without
   * replication (D. C. Montgomery, <i>Design and Analysis of Experiments</i>, 8th ed., 2013, section 4.1), whose
   * block effect is tested by F = MS(rounds) / MS(error). On the log figures a and b of n rounds this is
   * F = var(a + b) / var(a - b) with (n - 1, n - 1) degrees of freedom, and F with equal degrees of freedom k maps to
   * Student's t with k: t = (sqrt(k) / 2)(sqrt(F) - 1 / sqrt(F)) (T. Cacoullos, "A relation between t and F
   * distributions", JASA 60, 1965), so {@link StudentT} gives its p-value.
   *
   * @param numerator runs of the cell on top
   * @param denominator runs of the cell below
   * @param figure the figure compared
   * @return the one-sided p-value of the round effect, or null when the cells do not share the same repeats (at
   *     least 2) or a run lacks the figure
   */
  public static Double roundEffectP(List<RunResult> numerator, List<RunResult> denominator, RankFigure figure) {
    List<Double> a = logs(numerator.stream().map(figure::of).toList());
    List<Double> b = logs(denominator.stream().map(figure::of).toList());
    if (a == null || b == null || a.size() < 2 || a.size() != b.size()) {
      return null;
    }
    Map<Integer, Double> ra = byRepeat(numerator, a);
    Map<Integer, Double> rb = byRepeat(denominator, b);
    if (ra == null || rb == null || !ra.keySet().equals(rb.keySet())) {
      return null;
    }
    List<Double> sums = new ArrayList<>();
    List<Double> differences = new ArrayList<>();
    ra.forEach((k, v) -> {
      sums.add(v + rb.get(k));
      differences.add(v - rb.get(k));
    });
    double vd = variance(differences);
    double vs = variance(sums);
    if (vd == 0) {
      return vs == 0 ? 1.0 : 0.0;
    }
    int k = a.size() - 1;
    double f = vs / vd;
    double t = Math.sqrt(k) / 2 * (Math.sqrt(f) - 1 / Math.sqrt(f));
    double central = StudentT.central(Math.abs(t), k);
    return t >= 0 ? (1 - central) / 2 : (1 + central) / 2;
  }

  private static RatioInterval of(List<RunResult> numerator, List<RunResult> denominator, RankFigure figure,
                                  boolean pair) {
    if (numerator.isEmpty() || denominator.isEmpty()) {
      return null;
    }
    List<Double> a = logs(numerator.stream().map(figure::of).toList());
    List<Double> b = logs(denominator.stream().map(figure::of).toList());
    if (a == null || b == null || a.isEmpty() || b.isEmpty()) {
      return null;
    }
    double ratio = Math.exp(mean(a) - mean(b));
    int na = a.size();
    int nb = b.size();
    if (na >= 2 && nb >= 2) {
      Map<Integer, Double> ra = byRepeat(numerator, a);
      Map<Integer, Double> rb = byRepeat(denominator, b);
      if (pair && ra != null && rb != null && ra.keySet().equals(rb.keySet())) {
        List<Double> d = new ArrayList<>();
        ra.forEach((k, v) -> d.add(v - rb.get(k)));
        return new RatioInterval(ratio, Math.sqrt(variance(d) / na), na - 1, Basis.PAIRED_REPEATS);
      }
      return welch(ratio, variance(a), na, variance(b), nb, Basis.REPEATS);
    }
    if (na >= 2 || nb >= 2) {
      double v = na >= 2 ? variance(a) : variance(b);
      return new RatioInterval(ratio, Math.sqrt(v / na + v / nb), Math.max(na, nb) - 1, Basis.REPEATS);
    }
    if (!figure.equals(RankFigure.THROUGHPUT)) {
      return new RatioInterval(ratio, Double.NaN, 0, Basis.NONE);
    }
    List<Double> ia = logs(numerator.get(0).intervalOpsPerSec());
    List<Double> ib = logs(denominator.get(0).intervalOpsPerSec());
    if (ia == null || ib == null || ia.size() < 2 || ib.size() < 2) {
      return new RatioInterval(ratio, Double.NaN, 0, Basis.NONE);
    }
    return welch(ratio, variance(ia), ia.size(), variance(ib), ib.size(), Basis.WITHIN_RUN);
  }

  /**
   * The geometric mean of ratios, e.g. of fast over durable over the workloads: the mean of the log ratios, its
   * standard error from the sum of their variances (the ratios are independent: other runs), and as degrees of
   * freedom the smallest among them, the conservative bound of Satterthwaite's approximation (F. E. Satterthwaite,
   * "An approximate distribution of estimates of variance components", Biometrics Bulletin 2, 1946), which lies
   * between that and their sum and is unreliable when the parts have one or two degrees of freedom each.
   *
   * @param ratios at least one
   * @return their geometric mean; under {@link Basis#NONE} when any has no noise estimate, else under the weakest
   *     basis among them
   */
  public static RatioInterval geometricMean(List<RatioInterval> ratios) {
    int k = ratios.size();
    double logSum = 0;
    double varSum = 0;
    int df = Integer.MAX_VALUE;
    Basis basis = Basis.PAIRED_REPEATS;
    for (RatioInterval r : ratios) {
      logSum += Math.log(r.ratio);
      basis = r.basis.compareTo(basis) > 0 ? r.basis : basis;
      varSum += r.standardError * r.standardError / ((double) k * k);
      df = Math.min(df, r.degreesOfFreedom);
    }
    double ratio = Math.exp(logSum / k);
    return basis == Basis.NONE ? new RatioInterval(ratio, Double.NaN, 0, Basis.NONE)
        : new RatioInterval(ratio, Math.sqrt(varSum), df, basis);
  }

  /**
   * The ratio of a figure given per repeat rather than per run, e.g. the time of several steps summed per repeat:
   * paired by repeat when both sides have the same repeats (at least 2) and {@code pair}, else Welch's interval (at
   * least 2 values per side), else no noise estimate.
   *
   * @param numerator repeat index to the figure of the side on top, each above 0; not empty
   * @param denominator likewise of the side below
   * @param pair whether repeats with the same index may be paired
   * @return the ratio of the geometric means with its interval
   */
  static RatioInterval ofRepeats(Map<Integer, Double> numerator, Map<Integer, Double> denominator, boolean pair) {
    List<Double> a = logs(new ArrayList<>(numerator.values()));
    List<Double> b = logs(new ArrayList<>(denominator.values()));
    double ratio = Math.exp(mean(a) - mean(b));
    if (pair && a.size() >= 2 && numerator.keySet().equals(denominator.keySet())) {
      List<Double> d = new ArrayList<>();
      numerator.forEach((k, v) -> d.add(Math.log(v) - Math.log(denominator.get(k))));
      return new RatioInterval(ratio, Math.sqrt(variance(d) / d.size()), d.size() - 1, Basis.PAIRED_REPEATS);
    }
    if (a.size() >= 2 && b.size() >= 2) {
      return welch(ratio, variance(a), a.size(), variance(b), b.size(), Basis.REPEATS);
    }
    return new RatioInterval(ratio, Double.NaN, 0, Basis.NONE);
  }

  /** @return the lower bound of the 95% interval, or NaN without a noise estimate */
  public double low() {
    return ratio * Math.exp(-halfWidth());
  }

  /** @return the upper bound of the 95% interval, or NaN without a noise estimate */
  public double high() {
    return ratio * Math.exp(halfWidth());
  }

  /** @return whether the noise is estimated ({@link #basis} is not {@link Basis#NONE}) */
  public boolean known() {
    return basis != Basis.NONE;
  }

  /** @return whether the interval leaves out 1: a difference outside the noise; false when the noise is unknown */
  public boolean outsideNoise() {
    return known() && (low() > 1 || high() < 1);
  }

  /** @return how far from 1 the ratio is on the log scale, |ln ratio|, to compare sizes of differences */
  public double distanceFromOne() {
    return Math.abs(Math.log(ratio));
  }

  /** @return e.g. {@code 1.04x, 95% interval 0.91x–1.19x}, or {@code 1.04x, no noise estimate} */
  public String text() {
    return ReportFormat.ratio(ratio) + ", " + interval();
  }

  /** @return e.g. {@code 95% interval 0.91x–1.19x}, with {@code , within-run noise} under that basis */
  public String interval() {
    if (!known()) {
      return Basis.NONE.label();
    }
    return "95% interval " + ReportFormat.ratio(low()) + "–" + ReportFormat.ratio(high())
        + (basis == Basis.WITHIN_RUN ? ", " + basis.label() : "");
  }

  /**
   * @return the table form: {@code 1.27x (1.10–1.45)} outside the noise, {@code ≈1.04x (0.91–1.19)} within it,
   *     {@code 1.50x (?)} without a noise estimate
   */
  public String cell() {
    if (!known()) {
      return ReportFormat.ratio(ratio) + " (?)";
    }
    String bounds = " (" + String.format(Locale.ROOT, "%.2f–%.2f", low(), high()) + ")";
    return (outsideNoise() ? "" : "≈") + ReportFormat.ratio(ratio) + bounds;
  }

  private double halfWidth() {
    return known() ? StudentT.twoSided(CONFIDENCE, degreesOfFreedom) * standardError : Double.NaN;
  }

  /**
   * The ratio of two sets' geometric means, each set's the mean over its members of each member's mean log figure
   * (every member weighs the same, however many runs it has), with Welch's interval generalised to sums of
   * independent means: the variance of a set's mean is the sum of its members' {@code var / n / k^2}, and the
   * degrees of freedom are Satterthwaite's (F. E. Satterthwaite, "An approximate distribution of estimates of variance
   * components", Biometrics Bulletin 2(6), 1946).
   *
   * @param numerator per member of the set on top, the natural logs of its runs' figures; each member at least one
   * @param denominator the same for the set below
   * @return the interval on {@link Basis#REPEATS}; without an estimate ({@link Basis#NONE}) when a member has a single
   *     run
   * @throws IllegalArgumentException when either set or one of its members is empty
   */
  static RatioInterval ofSets(List<List<Double>> numerator, List<List<Double>> denominator) {
    double[] a = setMoments(numerator);
    double[] b = setMoments(denominator);
    double ratio = Math.exp(a[0] - b[0]);
    double se2 = a[1] + b[1];
    if (Double.isNaN(se2)) {
      return new RatioInterval(ratio, Double.NaN, 0, Basis.NONE);
    }
    double dfDenominator = a[2] + b[2];
    int df = dfDenominator == 0 ? Math.max(1, numerator.size() + denominator.size() - 2)
        : (int) Math.max(1, Math.floor(se2 * se2 / dfDenominator));
    return new RatioInterval(ratio, Math.sqrt(se2), df, Basis.REPEATS);
  }

  /**
   * @return {the set's mean of its members' mean logs, the variance of that mean, its Satterthwaite denominator
   *     term}; NaN variance when a member has a single run
   */
  private static double[] setMoments(List<List<Double>> members) {
    if (members.isEmpty() || members.stream().anyMatch(List::isEmpty)) {
      throw new IllegalArgumentException("a set and each of its members need at least one run");
    }
    int k = members.size();
    double mean = 0;
    double varianceOfMean = 0;
    double dfTerm = 0;
    for (List<Double> l : members) {
      mean += mean(l) / k;
      if (l.size() < 2) {
        varianceOfMean = Double.NaN;
        continue;
      }
      double q = variance(l) / l.size() / ((double) k * k);
      varianceOfMean += q;
      dfTerm += q * q / (l.size() - 1);
    }
    return new double[] {mean, varianceOfMean, dfTerm};
  }

  private static RatioInterval welch(double ratio, double va, int na, double vb, int nb, Basis basis) {
    double qa = va / na;
    double qb = vb / nb;
    double se2 = qa + qb;
    double dfDenominator = qa * qa / (na - 1) + qb * qb / (nb - 1);
    int df = dfDenominator == 0 ? na + nb - 2 : (int) Math.max(1, Math.floor(se2 * se2 / dfDenominator));
    return new RatioInterval(ratio, Math.sqrt(se2), df, basis);
  }

  /**
   * @return the repeat index of each run ({@code r<k>} in its path) to its log figure, or null when a run has none or
   *     two share one
   */
  private static Map<Integer, Double> byRepeat(List<RunResult> runs, List<Double> logs) {
    Map<Integer, Double> out = new TreeMap<>();
    for (int i = 0; i < runs.size(); i++) {
      Integer k = repeat(runs.get(i).file());
      if (k == null || out.put(k, logs.get(i)) != null) {
        return null;
      }
    }
    return out;
  }

  /** @return k of the last path element {@code r<k>}, or null */
  static Integer repeat(Path file) {
    Integer k = null;
    for (Path p : file) {
      var m = REPEAT.matcher(p.toString());
      if (m.matches()) {
        k = Integer.valueOf(m.group(1));
      }
    }
    return k;
  }

  /** @return the natural logs, or null when a value is not positive */
  private static List<Double> logs(List<Double> values) {
    List<Double> out = new ArrayList<>();
    for (Double v : values) {
      if (v == null || !(v > 0)) {
        return null;
      }
      out.add(Math.log(v));
    }
    return out;
  }

  private static double mean(List<Double> v) {
    return v.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
  }

  /** @return the sample variance (n - 1 in the denominator) */
  private static double variance(List<Double> v) {
    double m = mean(v);
    return v.stream().mapToDouble(x -> (x - m) * (x - m)).sum() / (v.size() - 1);
  }
}
