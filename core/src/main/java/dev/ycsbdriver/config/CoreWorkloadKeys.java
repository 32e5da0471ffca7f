package dev.ycsbdriver.config;

import java.util.List;

/**
 * The keys of YCSB 0.17.0's {@code site.ycsb.workloads.CoreWorkload} ({@code site.ycsb:core}), with the
 * defaults, ranges and choices of its source; the driver reads them only to check them before the
 * workload does. {@code recordcount}, {@code insertstart}, {@code insertcount} and {@code operationcount}
 * are the driver's own ({@link RunConfig}).
 *
 * <p>Ranges follow how CoreWorkload parses each value ({@code Integer.parseInt} gives an int range) and
 * what it can use: a field count of 0 divides by zero, a negative proportion skews the mix silently.
 */
public final class CoreWorkloadKeys {
  private static final long INT_MAX = Integer.MAX_VALUE;

  public static final PropertySpec TABLE = PropertySpec.of("table", "usertable", "",
      "name of the table: letters, digits and _, at most 63 characters, optionally schema.table")
      .identifier(2, Identifier.MAX_LENGTH);
  public static final PropertySpec FIELD_COUNT = PropertySpec.of("fieldcount", "10", "fields",
      "fields per record, at least 1").integer(1, INT_MAX);
  public static final PropertySpec FIELD_NAME_PREFIX = PropertySpec.of("fieldnameprefix", "field", "",
      "field names are this prefix and a number: field0, field1, ...; letters, digits and _")
      .identifier(1, Identifier.MAX_LENGTH);
  public static final PropertySpec FIELD_LENGTH = PropertySpec.of("fieldlength", "100", "bytes",
      "length of a field; the maximum for uniform and zipfian lengths").integer(0, INT_MAX);
  public static final PropertySpec MIN_FIELD_LENGTH = PropertySpec.of("minfieldlength", "1", "bytes",
      "shortest field for uniform and zipfian lengths, at most fieldlength").integer(0, INT_MAX);
  public static final PropertySpec FIELD_LENGTH_DISTRIBUTION = PropertySpec.of("fieldlengthdistribution",
      "constant", "", "distribution of field lengths: constant, uniform, zipfian or histogram")
      .choice("constant", "uniform", "zipfian", "histogram");
  public static final PropertySpec FIELD_LENGTH_HISTOGRAM = PropertySpec.of("fieldlengthhistogram", "hist.txt", "",
      "file of field lengths, read with fieldlengthdistribution=histogram");
  public static final PropertySpec READ_ALL_FIELDS = PropertySpec.of("readallfields", "true", "",
      "read every field of a record; false reads one random field").flag();
  public static final PropertySpec WRITE_ALL_FIELDS = PropertySpec.of("writeallfields", "false", "",
      "update every field of a record; false updates one random field").flag();
  public static final PropertySpec DATA_INTEGRITY = PropertySpec.of("dataintegrity", "false", "",
      "write deterministic values and verify them on read (VERIFY); needs fieldlengthdistribution=constant").flag();
  public static final PropertySpec READ_PROPORTION = proportion("readproportion", "0.95", "reads");
  public static final PropertySpec UPDATE_PROPORTION = proportion("updateproportion", "0.05", "updates");
  public static final PropertySpec INSERT_PROPORTION = proportion("insertproportion", "0.0", "inserts");
  public static final PropertySpec SCAN_PROPORTION = proportion("scanproportion", "0.0", "scans");
  public static final PropertySpec READ_MODIFY_WRITE_PROPORTION = proportion("readmodifywriteproportion", "0.0",
      "read-modify-writes");
  public static final PropertySpec REQUEST_DISTRIBUTION = PropertySpec.of("requestdistribution", "uniform", "",
      "which records operations choose: uniform, zipfian, latest, hotspot, sequential or exponential")
      .choice("uniform", "zipfian", "latest", "hotspot", "sequential", "exponential");
  public static final PropertySpec ZERO_PADDING = PropertySpec.of("zeropadding", "1", "digits",
      "key numbers are padded with zeros to this many digits").integer(0, INT_MAX);
  public static final PropertySpec INSERT_ORDER = PropertySpec.of("insertorder", "hashed", "",
      "hashed spreads inserted keys; ordered inserts them in key order").choice("hashed", "ordered");
  public static final PropertySpec MIN_SCAN_LENGTH = PropertySpec.of("minscanlength", "1", "records",
      "shortest scan, at least 1 and at most maxscanlength").integer(1, INT_MAX);
  public static final PropertySpec MAX_SCAN_LENGTH = PropertySpec.of("maxscanlength", "1000", "records",
      "longest scan, at least 1").integer(1, INT_MAX);
  public static final PropertySpec SCAN_LENGTH_DISTRIBUTION = PropertySpec.of("scanlengthdistribution", "uniform",
      "", "distribution of scan lengths: uniform or zipfian").choice("uniform", "zipfian");
  public static final PropertySpec HOTSPOT_DATA_FRACTION = PropertySpec.of("hotspotdatafraction", "0.2", "",
      "requestdistribution=hotspot: fraction of the records that are hot, 0 to 1").number(0, 1);
  public static final PropertySpec HOTSPOT_OPN_FRACTION = PropertySpec.of("hotspotopnfraction", "0.8", "",
      "requestdistribution=hotspot: fraction of the operations that go to hot records, 0 to 1").number(0, 1);
  public static final PropertySpec INSERTION_RETRY_LIMIT = PropertySpec.of("core_workload_insertion_retry_limit",
      "0", "retries", "load phase: retries of a failed insert").integer(0, INT_MAX);
  public static final PropertySpec INSERTION_RETRY_INTERVAL = PropertySpec.of(
      "core_workload_insertion_retry_interval", "3", "s", "load phase: seconds between insert retries, jittered")
      .integer(0, INT_MAX);
  public static final PropertySpec EXPONENTIAL_PERCENTILE = PropertySpec.of("exponential.percentile", "95", "%",
      "requestdistribution=exponential: percentage of operations on the exponential.frac most recent records")
      .number(0, 100);
  public static final PropertySpec EXPONENTIAL_FRAC = PropertySpec.of("exponential.frac", "0.8571428571", "",
      "requestdistribution=exponential: fraction of the records that exponential.percentile covers").number(0, 1);

  /** The five proportions, in CoreWorkload's order. */
  public static final List<PropertySpec> PROPORTIONS = List.of(READ_PROPORTION, UPDATE_PROPORTION,
      INSERT_PROPORTION, SCAN_PROPORTION, READ_MODIFY_WRITE_PROPORTION);

  /** Every CoreWorkload key declared here, in the order to show them. */
  public static final List<PropertySpec> SPECS = List.of(TABLE, FIELD_COUNT, FIELD_NAME_PREFIX, FIELD_LENGTH,
      MIN_FIELD_LENGTH, FIELD_LENGTH_DISTRIBUTION, FIELD_LENGTH_HISTOGRAM, READ_ALL_FIELDS, WRITE_ALL_FIELDS,
      DATA_INTEGRITY, READ_PROPORTION, UPDATE_PROPORTION, INSERT_PROPORTION, SCAN_PROPORTION,
      READ_MODIFY_WRITE_PROPORTION, REQUEST_DISTRIBUTION, ZERO_PADDING, INSERT_ORDER, MIN_SCAN_LENGTH,
      MAX_SCAN_LENGTH, SCAN_LENGTH_DISTRIBUTION, HOTSPOT_DATA_FRACTION, HOTSPOT_OPN_FRACTION, INSERTION_RETRY_LIMIT,
      INSERTION_RETRY_INTERVAL, EXPONENTIAL_PERCENTILE, EXPONENTIAL_FRAC);

  private CoreWorkloadKeys() {
  }

  private static PropertySpec proportion(String key, String defaultValue, String what) {
    return PropertySpec.of(key, defaultValue, "", "share of operations that are " + what
        + ", >= 0; YCSB divides each by the sum of all five").number(0, Double.MAX_VALUE);
  }
}
