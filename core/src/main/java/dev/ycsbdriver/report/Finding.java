package dev.ycsbdriver.report;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.List;
import java.util.Locale;

/**
 * One row: the figure of {@code store} in {@code profile} over that of {@code otherStore} in {@code otherProfile}.
 * Files leave out the components that are null.
 *
 * @param claim what the row compares
 * @param figure the figure compared, e.g. {@code throughput}
 * @param threads client threads
 * @param workload the workload, or {@link #GEOMETRIC_MEAN}
 * @param store the store on top
 * @param profile its profile, or null
 * @param otherStore the store below
 * @param otherProfile its profile, or null
 * @param ratio the figure on top over the one below, inverted for a figure where lower is better, so that above 1
 *     favours the one on top
 * @param low the interval's lower bound; null without a noise estimate
 * @param high its upper bound; null without a noise estimate
 * @param test the test the interval rests on
 * @param unpairedLow the unpaired interval's lower bound where {@code test} is paired by repeat, else null
 * @param unpairedHigh its upper bound, likewise
 * @param roundEffectP the p-value of the round effect where the repeats pair ({@link RatioInterval#roundEffectP}),
 *     else null
 * @param verdict the conclusion
 * @param noiseFloor the noise floor the ratio was held against, e.g. {@code sqlite fast/durable on workloadc
 *     1.11x}; on a seed row, the noise floor their ratio was held against; null when none
 * @param theirs on a seed row, the seed's ratio of the same comparison (x, above 0), else null
 * @param seed on a seed row, the seed by title and source ({@link ReferenceFigures#source()}), else null
 * @param reason on a seed row, why the verdict, e.g. {@code ours a tie; theirs outside our interval}, else null
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Finding(Claim claim, String figure, int threads, String workload, String store, String profile,
                      String otherStore, String otherProfile, double ratio, Double low, Double high,
                      RatioInterval.Basis test, Double unpairedLow, Double unpairedHigh, Double roundEffectP,
                      Verdict verdict, String noiseFloor, Double theirs, String seed, String reason) {
  /** A row of ours alone, not beside a seed's figure. */
  public Finding(Claim claim, String figure, int threads, String workload, String store, String profile,
                 String otherStore, String otherProfile, double ratio, Double low, Double high,
                 RatioInterval.Basis test, Double unpairedLow, Double unpairedHigh, Double roundEffectP,
                 Verdict verdict, String noiseFloor) {
    this(claim, figure, threads, workload, store, profile, otherStore, otherProfile, ratio, low, high, test,
        unpairedLow, unpairedHigh, roundEffectP, verdict, noiseFloor, null, null, null);
  }

  /**
   * @param seedClaim the seed row's claim, one whose {@link Claim#seed()} is true
   * @param theirRatio the seed's ratio of the same comparison
   * @param seedName the seed by title and source
   * @param seedVerdict {@link Verdict#AGREES}, {@link Verdict#DISAGREES} or {@link Verdict#CANNOT_TELL}
   * @param why the reason for it
   * @param floor the noise floor their ratio was held against, or null
   * @return this row of ours as a seed row with {@code claim}
   */
  Finding beside(Claim seedClaim, double theirRatio, String seedName, Verdict seedVerdict, String why, String floor) {
    return new Finding(seedClaim, figure, threads, workload, store, profile, otherStore, otherProfile, ratio, low,
        high, test, unpairedLow, unpairedHigh, roundEffectP, seedVerdict, floor, theirRatio, seedName, why);
  }

  /** @return e.g. {@code 1.05x, 95% interval 1.04x–1.07x}, or {@code 1.50x, no noise estimate} */
  public String text() {
    if (low == null) {
      return ReportFormat.ratio(ratio) + ", " + RatioInterval.Basis.NONE.label();
    }
    return ReportFormat.ratio(ratio) + ", 95% interval " + ReportFormat.ratio(low) + "–" + ReportFormat.ratio(high)
        + (test == RatioInterval.Basis.WITHIN_RUN ? ", " + test.label() : "");
  }

  /** @return whether the row names a winner: only {@link Verdict#AHEAD} does */
  public boolean namesWinner() {
    return verdict == Verdict.AHEAD;
  }

  /** @return the verdict as a reader sees it, e.g. {@code rocksdb durable ahead outside the noise} or {@code tie} */
  public String verdictText() {
    return verdictText(StoreNames.NONE);
  }

  /**
   * @param names the names the report shows for its stores
   * @return {@link #verdictText()} with the store named as {@code names} shows it, e.g.
   *     {@code MariaDB durable ahead outside the noise}
   */
  public String verdictText(StoreNames names) {
    if (verdict != Verdict.AHEAD) {
      return verdict.label();
    }
    return (ratio >= 1 ? subject(names) : other(names)) + " " + verdict.label();
  }

  /**
   * @return the test as a reader sees it: {@code paired by repeat} with the round effect's p-value, {@code unpaired
   *     (Welch)}, {@code within-run noise} or {@code no noise estimate}; with the unpaired interval where the paired
   *     and unpaired verdicts differ
   */
  public String testText() {
    String p = roundEffectP == null ? "" : String.format(Locale.ROOT, ", round effect p %.2f", roundEffectP);
    String t = switch (test) {
      case PAIRED_REPEATS -> "paired by repeat" + p;
      case REPEATS -> "unpaired (Welch)";
      case WITHIN_RUN, NONE -> test.label();
    };
    if (unpairedLow != null && disagree()) {
      t += String.format(Locale.ROOT, "; unpaired %.2f–%.2f disagrees", unpairedLow, unpairedHigh)
          + (roundEffectP != null && roundEffectP < PAIRING_P ? ", rounds justify pairing"
              : ", rounds do not justify pairing");
    }
    return t;
  }

  /** @return whether the paired and the unpaired interval disagree on whether 1 is inside; false when unpaired */
  public boolean testsDisagree() {
    return unpairedLow != null && disagree();
  }

  private boolean disagree() {
    boolean paired = low != null && (low > 1 || high < 1);
    return paired != (unpairedLow > 1 || unpairedHigh < 1);
  }

  /** @return the cell on top by its store's own name, e.g. {@code rocksdb durable} */
  public String subject() {
    return subject(StoreNames.NONE);
  }

  /**
   * @param names the names the report shows for its stores
   * @return the cell on top as a reader names it, e.g. {@code MariaDB durable}
   */
  public String subject(StoreNames names) {
    return name(names.name(store), profile);
  }

  /** @return the cell below by its store's own name */
  public String other() {
    return other(StoreNames.NONE);
  }

  /**
   * @param names the names the report shows for its stores
   * @return the cell below as a reader names it
   */
  public String other(StoreNames names) {
    return name(names.name(otherStore), otherProfile);
  }

  private static String name(String store, String profile) {
    return store + (profile == null ? "" : " " + ReportFormat.profileName(profile));
  }

  /**
   * @param names the names the report shows for its stores
   * @return why a row that leaves out 1 is still no winner, e.g. {@code  (inside the noise floor, SQLite fast/durable
   *     on workloadc 1.11x)}, or the test a winner rests on where the unpaired interval disagrees; empty for a plain
   *     tie or a winner both tests agree on
   */
  String why(StoreNames names) {
    return switch (verdict) {
      case AHEAD -> testsDisagree() ? " (" + testText() + ")" : "";
      case INSIDE_NOISE_FLOOR -> " (inside the noise floor, " + names.leading(noiseFloor) + ")";
      case TESTS_DISAGREE -> " (paired and unpaired tests disagree: " + testText() + ")";
      default -> "";
    };
  }

  /** The significance level of the round effect below which pairing the repeats by round is justified. */
  public static final double PAIRING_P = 0.05;

  /** The workload of a row that is the geometric mean over the workloads of a fast-over-durable comparison. */
  public static final String GEOMETRIC_MEAN = "geometric mean";

  /** What a row compares. */
  public enum Claim {
    /** A store's fast profile over its durable one on a workload that writes, or their geometric mean. */
    FAST_VS_DURABLE("fast vs durable"),
    /** A store's fast profile over its durable one on a workload that only reads: the noise floor. */
    NOISE_FLOOR("noise floor (A/A)"),
    /** The fastest store of a profile over the next. */
    STORE_VS_STORE("store vs store"),
    /** The first of a ranking over the next. */
    RANKING("ranking"),
    /** Ours vs the seed's: a store's fast profile over its durable one on a workload that writes. */
    SEED_FAST_VS_DURABLE("ours vs the seed's: fast vs durable"),
    /** Ours vs the seed's: a store's fast profile over its durable one on a workload that only reads (A/A). */
    SEED_NOISE_FLOOR("ours vs the seed's: noise floor (A/A)"),
    /** Ours vs the seed's: the store ahead in their figures over the next in their order. */
    SEED_STORE_VS_STORE("ours vs the seed's: store vs store"),
    /** Ours vs the seed's: the store ahead over the next by the sum of the seed's steps' times. */
    SEED_STEPS_TOTAL("ours vs the seed's: time of the seed's steps"),
    /** Ours vs the seed's: out-of-process stores' mean latency over in-process stores'. */
    SEED_IN_PROCESS("ours vs the seed's: in-process vs out-of-process");

    private final String label;

    Claim(String label) {
      this.label = label;
    }

    /** @return e.g. {@code fast vs durable} */
    public String label() {
      return label;
    }

    /** @return the id files use, e.g. {@code fast-vs-durable} */
    @JsonValue
    public String id() {
      return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** @return whether the row holds ours beside a seed's figure ({@link SeedFindings}) */
    public boolean seed() {
      return name().startsWith("SEED_");
    }
  }

  /** What a row concludes. */
  public enum Verdict {
    /** Outside the noise and the noise floor. */
    AHEAD("ahead outside the noise"),
    /** The interval includes 1. */
    TIE("tie"),
    /** The interval leaves out 1, but the ratio is within the noise floor. */
    INSIDE_NOISE_FLOOR("inside the noise floor"),
    /** The paired and unpaired tests disagree and pairing is not justified. */
    TESTS_DISAGREE("tie: paired and unpaired tests disagree"),
    /** No noise estimate. */
    NO_ESTIMATE("no noise estimate"),
    /** A seed row: ours and theirs agree, as {@link SeedFindings} defines it. */
    AGREES("agrees with the seed"),
    /** A seed row: ours and theirs disagree, as {@link SeedFindings} defines it. */
    DISAGREES("disagrees with the seed"),
    /** A seed row: ours or theirs cannot tell, as {@link SeedFindings} defines it. */
    CANNOT_TELL("cannot tell");

    private final String label;

    Verdict(String label) {
      this.label = label;
    }

    /** @return e.g. {@code inside the noise floor} */
    public String label() {
      return label;
    }

    /** @return the id files use, e.g. {@code inside-noise-floor} */
    @JsonValue
    public String id() {
      return this == INSIDE_NOISE_FLOOR ? "inside-noise-floor" : name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
  }

  /**
   * The row of one comparison of runs: the strongest interval ({@link RatioInterval#of(List, List, RankFigure)}), the
   * unpaired one beside it and the round effect that decides between them.
   *
   * @param top the runs whose figure is the numerator: the better side's where lower is better, so the ratio
   *     favours {@code store} above 1
   * @param bottom the runs of the denominator
   * @param floor the noise floor row to hold the ratio against, or null
   * @return the row, or null when a side has no run or a run lacks the figure
   */
  static Finding compare(Claim claim, RankFigure by, int threads, String workload, String store, String profile,
                         String otherStore, String otherProfile, List<RunResult> top, List<RunResult> bottom,
                         Finding floor) {
    RatioInterval r = RatioInterval.of(top, bottom, by);
    return r == null ? null : row(claim, by, threads, workload, store, profile, otherStore, otherProfile, r,
        RatioInterval.unpaired(top, bottom, by), RatioInterval.roundEffectP(top, bottom, by), floor);
  }

  /**
   * @param r the interval of the strongest test ({@link RatioInterval#of}); null gives null
   * @param unpaired the unpaired interval
   * @param roundP the round effect's p-value, or null
   * @param floor the noise floor row to hold the ratio against, or null
   */
  static Finding row(Claim claim, RankFigure figure, int threads, String workload, String store,
                             String profile, String otherStore, String otherProfile, RatioInterval r,
                             RatioInterval unpaired, Double roundP, Finding floor) {
    return row(claim, figure.id(), threads, workload, store, profile, otherStore, otherProfile, r, unpaired, roundP,
        floor);
  }

  /** As {@link #row(Claim, RankFigure, int, String, String, String, String, String, RatioInterval, RatioInterval,
   *  Double, Finding)}, for a figure named by its id alone, e.g. the time of a seed's steps. */
  static Finding row(Claim claim, String figure, int threads, String workload, String store,
                     String profile, String otherStore, String otherProfile, RatioInterval r,
                     RatioInterval unpaired, Double roundP, Finding floor) {
    boolean paired = r.basis() == RatioInterval.Basis.PAIRED_REPEATS;
    Verdict verdict;
    if (!r.known()) {
      verdict = Verdict.NO_ESTIMATE;
    } else if (paired && unpaired != null && unpaired.outsideNoise() != r.outsideNoise()
        && !(roundP != null && roundP < PAIRING_P)) {
      verdict = Verdict.TESTS_DISAGREE;
    } else if (!r.outsideNoise()) {
      verdict = Verdict.TIE;
    } else if (floor != null && floor.low() != null
        && Math.abs(Math.log(floor.ratio())) >= r.distanceFromOne()) {
      verdict = Verdict.INSIDE_NOISE_FLOOR;
    } else {
      verdict = Verdict.AHEAD;
    }
    String floorText = floor == null ? null : floor.store() + " " + ReportFormat.profileName(floor.profile()) + "/"
        + ReportFormat.profileName(floor.otherProfile()) + " on " + floor.workload() + " "
        + ReportFormat.ratio(floor.ratio());
    return new Finding(claim, figure, threads, workload, store, profile, otherStore, otherProfile, r.ratio(),
        r.known() ? r.low() : null, r.known() ? r.high() : null, r.basis(),
        paired && unpaired != null && unpaired.known() ? unpaired.low() : null,
        paired && unpaired != null && unpaired.known() ? unpaired.high() : null, paired ? roundP : null, verdict,
        floorText);
  }
}
