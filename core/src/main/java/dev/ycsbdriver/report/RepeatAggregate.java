package dev.ycsbdriver.report;

import dev.ycsbdriver.config.ConfigException;
import java.util.Locale;

/**
 * How a report cell's repeats become its figures: the {@link #MEDIAN} of each figure over the runs, or every
 * figure of the {@link #BEST} run, the run with the best {@link RankFigure} (highest throughput, lowest latency).
 * Best of repeats keeps one run's figures together (its latency, CPU and throughput), never a mix of per-figure
 * bests. Chosen by {@code bin/ycsb report --aggregate} and a matrix file's {@code aggregate}; default median.
 *
 * <p>Immutable and thread-safe.
 */
public enum RepeatAggregate {
  /** Each figure is the median over the cell's runs (the mean of the two middle values for an even count). */
  MEDIAN,
  /** Every figure is the best run's: the run with the best ranking figure, ties going to the run read first. */
  BEST;

  /** @return the name as files and options spell it: {@code median} or {@code best} */
  public String id() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** What a valid value is, for error messages. */
  public static final String EXPECTED = "must be median or best (how a cell's repeats are combined)";

  /**
   * @param given a name, case-insensitive
   * @return the aggregate of that name, or null when there is none
   */
  public static RepeatAggregate find(String given) {
    for (RepeatAggregate a : values()) {
      if (given != null && a.id().equalsIgnoreCase(given.trim())) {
        return a;
      }
    }
    return null;
  }

  /**
   * @param subject the option or key, for the message, e.g. {@code --aggregate}
   * @param given {@code median} or {@code best}, case-insensitive
   * @return the aggregate
   * @throws ConfigException for any other value
   */
  public static RepeatAggregate parse(String subject, String given) throws ConfigException {
    RepeatAggregate a = find(given);
    if (a == null) {
      throw new ConfigException(subject + ": " + EXPECTED + ", got '" + given + "'");
    }
    return a;
  }
}
