package dev.ycsbdriver.report;

import dev.ycsbdriver.config.ConfigException;
import dev.ycsbdriver.measure.Operation;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The figure a report ranks stores by, and by which a cell's best run is chosen under
 * {@link RepeatAggregate#BEST}. Spelled as in matrix files ({@code rank}) and {@code bin/ycsb report --rank}:
 * <ul>
 *   <li>{@code throughput}: operations per second, every status (higher is better);</li>
 *   <li>{@code ops-per-server-cpu}: throughput per server CPU% (higher is better);</li>
 *   <li>{@code <operation>-latency-mean} and {@code <operation>-latency-p99}: mean or 99th percentile service time
 *       of one operation's successful calls in microseconds (lower is better), the operation in YCSB's names
 *       in lower case: {@code read}, {@code update}, {@code insert}, {@code scan}, {@code read-modify-write},
 *       {@code delete}; e.g. {@code read-latency-mean}.</li>
 * </ul>
 *
 * <p>Immutable and thread-safe.
 *
 * @param id the figure as spelled, e.g. {@code read-latency-mean}
 * @param kind what is measured
 * @param operation YCSB's operation name for a latency, e.g. {@code READ}; null otherwise
 */
public record RankFigure(String id, Kind kind, String operation) {
  /** Throughput, the figure a best run is chosen by when no other is given. */
  public static final RankFigure THROUGHPUT = new RankFigure("throughput", Kind.THROUGHPUT, null);
  /** What a valid value is, for error messages. */
  public static final String EXPECTED = "must be throughput, ops-per-server-cpu, or <operation>-latency-mean or "
      + "<operation>-latency-p99 with operation read, update, insert, scan, read-modify-write or delete "
      + "(e.g. read-latency-mean)";
  private static final Pattern LATENCY = Pattern.compile("([a-z-]+)-latency-(mean|p99)");

  /** What a ranking figure measures. */
  public enum Kind {
    /** Operations per second, every status. */
    THROUGHPUT,
    /** Throughput per server CPU%. */
    OPS_PER_SERVER_CPU,
    /** Mean service time of an operation, microseconds. */
    LATENCY_MEAN,
    /** 99th percentile service time of an operation, microseconds. */
    LATENCY_P99
  }

  /**
   * @param given the figure as spelled, case-insensitive
   * @return the figure, or null when {@code given} names none
   */
  public static RankFigure find(String given) {
    String s = given == null ? "" : given.trim().toLowerCase(Locale.ROOT);
    if (s.equals(THROUGHPUT.id)) {
      return THROUGHPUT;
    }
    if (s.equals("ops-per-server-cpu")) {
      return new RankFigure(s, Kind.OPS_PER_SERVER_CPU, null);
    }
    Matcher m = LATENCY.matcher(s);
    if (!m.matches()) {
      return null;
    }
    String op = m.group(1).toUpperCase(Locale.ROOT);
    Operation known = Operation.fromYcsbName(op);
    if (known == null || known == Operation.CLEANUP || known == Operation.VERIFY) {
      return null;
    }
    return new RankFigure(s, m.group(2).equals("mean") ? Kind.LATENCY_MEAN : Kind.LATENCY_P99, op);
  }

  /**
   * @param subject the option or key, for the message, e.g. {@code --rank}
   * @param given the figure as spelled
   * @return the figure
   * @throws ConfigException when {@code given} names none
   */
  public static RankFigure parse(String subject, String given) throws ConfigException {
    RankFigure f = find(given);
    if (f == null) {
      throw new ConfigException(subject + ": " + EXPECTED + ", got '" + given + "'");
    }
    return f;
  }

  /** @return true for throughput figures, false for latencies (lower is better) */
  public boolean higherIsBetter() {
    return kind == Kind.THROUGHPUT || kind == Kind.OPS_PER_SERVER_CPU;
  }

  /** @return whether {@code a} is strictly better than {@code b} */
  public boolean better(double a, double b) {
    return higherIsBetter() ? a > b : a < b;
  }

  /** @return the figure of one run, or null when the run lacks it (no such operation, no server CPU) */
  public Double of(RunResult run) {
    switch (kind) {
      case THROUGHPUT:
        return run.throughputOpsPerSec();
      case OPS_PER_SERVER_CPU:
        return run.opsPerServerCpuPercent();
      default:
        for (RunResult.OperationFigures op : run.operations()) {
          if (op.name().equals(operation)) {
            return kind == Kind.LATENCY_MEAN ? op.meanMicros() : op.p99Micros();
          }
        }
        return null;
    }
  }

  /** @return the figure of a report cell over its repeats, or null when no run had it */
  public Spread of(ReportCell cell) {
    return switch (kind) {
      case THROUGHPUT -> cell.throughput();
      case OPS_PER_SERVER_CPU -> cell.opsPerServerCpu();
      case LATENCY_MEAN -> cell.meanLatency().get(operation);
      case LATENCY_P99 -> cell.p99Latency().get(operation);
    };
  }

  /** @return e.g. {@code mean READ latency}, {@code throughput} */
  public String label() {
    return switch (kind) {
      case THROUGHPUT -> "throughput";
      case OPS_PER_SERVER_CPU -> "ops per server CPU%";
      case LATENCY_MEAN -> "mean " + operation + " latency";
      case LATENCY_P99 -> "p99 " + operation + " latency";
    };
  }

  /** @return the figure's unit: {@code ops/s}, {@code ops/CPU%} or {@code µs} */
  public String unit() {
    return switch (kind) {
      case THROUGHPUT -> "ops/s";
      case OPS_PER_SERVER_CPU -> "ops/CPU%";
      default -> "µs";
    };
  }

  /** @return the value as the report's tables show this figure */
  public String format(double value) {
    return switch (kind) {
      case THROUGHPUT -> ReportFormat.opsPerSec(value);
      case OPS_PER_SERVER_CPU -> ReportFormat.decimal(value);
      default -> ReportFormat.micros(value);
    };
  }

  /** @return {@code higher is better} or {@code lower is better} */
  public String direction() {
    return higherIsBetter() ? "higher is better" : "lower is better";
  }
}
