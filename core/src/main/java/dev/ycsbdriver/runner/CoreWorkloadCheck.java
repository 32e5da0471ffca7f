package dev.ycsbdriver.runner;

import static dev.ycsbdriver.config.CoreWorkloadKeys.DATA_INTEGRITY;
import static dev.ycsbdriver.config.CoreWorkloadKeys.FIELD_COUNT;
import static dev.ycsbdriver.config.CoreWorkloadKeys.FIELD_LENGTH;
import static dev.ycsbdriver.config.CoreWorkloadKeys.FIELD_LENGTH_DISTRIBUTION;
import static dev.ycsbdriver.config.CoreWorkloadKeys.FIELD_LENGTH_HISTOGRAM;
import static dev.ycsbdriver.config.CoreWorkloadKeys.FIELD_NAME_PREFIX;
import static dev.ycsbdriver.config.CoreWorkloadKeys.MAX_SCAN_LENGTH;
import static dev.ycsbdriver.config.CoreWorkloadKeys.MIN_FIELD_LENGTH;
import static dev.ycsbdriver.config.CoreWorkloadKeys.MIN_SCAN_LENGTH;
import static dev.ycsbdriver.config.CoreWorkloadKeys.PROPORTIONS;
import static dev.ycsbdriver.config.CoreWorkloadKeys.REQUEST_DISTRIBUTION;

import dev.ycsbdriver.config.ConfigException;
import dev.ycsbdriver.config.Identifier;
import dev.ycsbdriver.config.Phase;
import dev.ycsbdriver.config.PropertySpec;
import dev.ycsbdriver.config.RunConfig;
import dev.ycsbdriver.config.Settings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * CoreWorkload's values taken together, checked before the workload sees them: combinations that YCSB
 * 0.17.0 answers by ending the JVM with status -1 (which would end the driver without a word), with an
 * {@code AssertionError} in the middle of the run, or with a silently different mix.
 *
 * <p>Stateless and thread-safe.
 */
final class CoreWorkloadCheck {
  private CoreWorkloadCheck() {
  }

  /**
   * @param settings the merged configuration, each declared value already checked on its own
   * @param phase load or run; the operation mix matters only to a run
   * @return warnings, one line each (proportions that YCSB normalises)
   * @throws ConfigException for a combination CoreWorkload cannot run
   */
  static List<String> check(Settings settings, Phase phase) throws ConfigException {
    List<String> warnings = new ArrayList<>();
    String lengths = settings.getChoice(FIELD_LENGTH_DISTRIBUTION);
    if (settings.getBoolean(DATA_INTEGRITY) && !lengths.equals("constant")) {
      throw new ConfigException(DATA_INTEGRITY.key() + ": needs fieldlengthdistribution=constant, got "
          + lengths + "; set dataintegrity=false or use constant lengths");
    }
    if (!lengths.equals("constant") && !lengths.equals("histogram")
        && settings.getLong(MIN_FIELD_LENGTH) > settings.getLong(FIELD_LENGTH)) {
      throw new ConfigException(MIN_FIELD_LENGTH.key() + ": must be <= fieldlength (" + settings.getLong(FIELD_LENGTH)
          + " bytes), got " + settings.getLong(MIN_FIELD_LENGTH));
    }
    if (lengths.equals("histogram") && !Files.isRegularFile(Path.of(settings.getTrimmed(FIELD_LENGTH_HISTOGRAM)))) {
      throw new ConfigException(FIELD_LENGTH_HISTOGRAM.key() + ": no such file, got '"
          + settings.getTrimmed(FIELD_LENGTH_HISTOGRAM) + "'; fieldlengthdistribution=histogram reads it");
    }
    if (settings.getLong(MIN_SCAN_LENGTH) > settings.getLong(MAX_SCAN_LENGTH)) {
      throw new ConfigException(MIN_SCAN_LENGTH.key() + ": must be <= maxscanlength (" + settings.getLong(MAX_SCAN_LENGTH)
          + "), got " + settings.getLong(MIN_SCAN_LENGTH));
    }
    checkInsertRange(settings);
    checkFieldNames(settings);
    if (settings.getChoice(REQUEST_DISTRIBUTION).equals("zipfian") && !settings.contains(RunConfig.OPERATION_COUNT.key())) {
      throw new ConfigException(RunConfig.OPERATION_COUNT.key() + ": required with requestdistribution=zipfian "
          + "(CoreWorkload sizes its key space with it), got none; 0 runs until maxexecutiontime");
    }
    if (phase == Phase.RUN) {
      checkProportions(settings, warnings);
    }
    return warnings;
  }

  /** The last field's name, the prefix and its number, is a column name in SQL stores: it must fit the limit too. */
  private static void checkFieldNames(Settings settings) throws ConfigException {
    String prefix = settings.getIdentifier(FIELD_NAME_PREFIX);
    String last = prefix + (settings.getLong(FIELD_COUNT) - 1);
    if (last.length() > Identifier.MAX_LENGTH) {
      throw new ConfigException(FIELD_NAME_PREFIX.key() + ": the last field's name must be at most "
          + Identifier.MAX_LENGTH + " characters, got " + last + " (" + last.length() + ")");
    }
  }

  /** CoreWorkload ends the JVM with status -1 when the insert range runs past recordcount. */
  private static void checkInsertRange(Settings settings) throws ConfigException {
    if (!settings.contains(RunConfig.INSERT_COUNT.key())) {
      return;
    }
    long records = settings.getLong(RunConfig.RECORD_COUNT);
    long start = settings.getLong(RunConfig.INSERT_START);
    long count = settings.getLong(RunConfig.INSERT_COUNT);
    long effectiveRecords = records == 0 ? Integer.MAX_VALUE : records;
    if (start + count > effectiveRecords) {
      throw new ConfigException(RunConfig.INSERT_COUNT.key() + ": insertstart + insertcount must be <= recordcount ("
          + records + "), got " + start + " + " + count);
    }
  }

  private static void checkProportions(Settings settings, List<String> warnings) throws ConfigException {
    double sum = 0;
    for (PropertySpec p : PROPORTIONS) {
      sum += settings.getDouble(p);
    }
    String names = PROPORTIONS.stream().map(PropertySpec::key).collect(Collectors.joining(", "));
    if (sum <= 0) {
      throw new ConfigException(names + ": at least one must be > 0, got all 0; the run would have no "
          + "operation to choose");
    }
    if (Math.abs(sum - 1) > 1e-9) {
      warnings.add(String.format(Locale.ROOT, "the operation proportions sum to %s, not 1; YCSB divides each "
          + "by the sum, so %s", fmt(sum), shares(settings, sum)));
    }
  }

  private static String shares(Settings settings, double sum) throws ConfigException {
    List<String> parts = new ArrayList<>();
    for (PropertySpec p : PROPORTIONS) {
      double v = settings.getDouble(p);
      if (v > 0) {
        parts.add(p.key() + " " + fmt(v) + " counts as " + fmt(v / sum));
      }
    }
    return String.join(", ", parts);
  }

  private static String fmt(double d) {
    return new java.math.BigDecimal(d).round(new java.math.MathContext(4)).stripTrailingZeros().toPlainString();
  }
}
