package dev.ycsbdriver.runner;

import dev.ycsbdriver.config.PropertySpec;
import java.util.ArrayList;
import java.util.List;

/**
 * Keys of YCSB 0.17.0 ({@code site.ycsb:core}) that upstream's {@code Client}, measurements, {@code BasicDB}
 * and its other workloads read, and that no other owner in the driver declares. They are accepted, so that
 * upstream workload and property files run unchanged, and known, so that a misspelling near them is caught.
 * Keys that the driver does not act on say so in their description.
 */
public final class UpstreamKeys {
  /** Upstream's tracing keys, passed on unchecked. */
  public static final String HTRACE_PREFIX = "htrace.";

  private static final String IGNORED = " (upstream YCSB; ycsb-driver accepts it and does not use it)";

  public static final PropertySpec DB = PropertySpec.optional("db", "",
      "the site.ycsb.DB class; ycsb-driver takes it from the binding name or -db" + IGNORED);
  public static final PropertySpec DO_TRANSACTIONS = PropertySpec.of("dotransactions", "true", "",
      "run (true) or load (false); ycsb-driver sets it from the command, load or run").flag();
  public static final PropertySpec TRACK_JVM = ignored("measurement.trackjvm", "false", "",
      "sample the JVM's memory, threads and load with -s");
  public static final PropertySpec HDR_FILE_OUTPUT = ignored("hdrhistogram.fileoutput", "false", "",
      "write HdrHistogram logs; ycsb-driver always writes .hlog files to the run directory");
  public static final PropertySpec HDR_OUTPUT_PATH = ignored("hdrhistogram.output.path", "", "",
      "prefix of HdrHistogram log files");
  public static final PropertySpec HISTOGRAM_BUCKETS = ignored("histogram.buckets", "1000", "buckets",
      "buckets of measurementtype=histogram");
  public static final PropertySpec TIMESERIES_GRANULARITY = ignored("timeseries.granularity", "1000", "ms",
      "interval of measurementtype=timeseries");
  public static final PropertySpec RAW_OUTPUT_FILE = ignored("measurement.raw.output_file", "", "",
      "file of measurementtype=raw");
  public static final PropertySpec RAW_NO_SUMMARY = ignored("measurement.raw.no_summary", "false", "",
      "measurementtype=raw without summary");
  public static final PropertySpec BASICDB_VERBOSE = PropertySpec.of("basicdb.verbose", "true", "",
      "BasicDB prints every operation").flag();
  public static final PropertySpec BASICDB_SIMULATE_DELAY = PropertySpec.of("basicdb.simulatedelay", "0", "ms",
      "BasicDB sleeps up to this long per operation").integer(0, Integer.MAX_VALUE);
  public static final PropertySpec BASICDB_RANDOMIZE_DELAY = PropertySpec.of("basicdb.randomizedelay", "true", "",
      "BasicDB randomises its delay").flag();
  public static final PropertySpec BASICDB_COUNT = PropertySpec.of("basicdb.count", "false", "",
      "BasicDB counts the keys it sees").flag();

  /** Keys of upstream's other workloads, read by those classes only; checked by them. */
  private static final List<String> OTHER_WORKLOAD_KEYS = List.of(
      // site.ycsb.workloads.TimeSeriesWorkload
      "timestampkey", "valuekey", "timestampinterval", "timestampunits", "tagcount", "tagcardinality",
      "tagkeylength", "tagvaluelength", "tagpairdelimiter", "deletedelimiter", "randomwritetimestamporder",
      "randomtimeseriesorder", "valuetype", "sparsity", "delayedseries", "delayedintervals", "querytimespan",
      "queryrandomtimespan", "querytimespandelimiter", "groupbykey", "groupbyfunction", "groupbykeys",
      "downsamplingkey", "downsamplingfunction", "downsamplinginterval",
      // site.ycsb.workloads.ConstantOccupancyWorkload
      "storageages", "disksize", "occupancy",
      // site.ycsb.webservice.rest / RestWorkload
      "deleteproportion", "fieldlengthdistfile", "url.trace.read", "url.trace.insert", "url.trace.update",
      "url.trace.delete", "readzipfconstant", "insertzipfconstant", "insertsizezipfconstant", "updatezipfconstant",
      "deletezipfconstant", "readrecordcount", "insertrecordcount", "updaterecordcount", "deleterecordcount");

  private UpstreamKeys() {
  }

  /** @return every key declared here, in the order to show them */
  public static List<PropertySpec> specs() {
    List<PropertySpec> all = new ArrayList<>(List.of(DB, DO_TRANSACTIONS, TRACK_JVM, HDR_FILE_OUTPUT,
        HDR_OUTPUT_PATH, HISTOGRAM_BUCKETS, TIMESERIES_GRANULARITY, RAW_OUTPUT_FILE, RAW_NO_SUMMARY, BASICDB_VERBOSE,
        BASICDB_SIMULATE_DELAY, BASICDB_RANDOMIZE_DELAY, BASICDB_COUNT));
    for (String key : OTHER_WORKLOAD_KEYS) {
      all.add(PropertySpec.optional(key, "", "read by an upstream workload other than CoreWorkload"));
    }
    return all;
  }

  private static PropertySpec ignored(String key, String defaultValue, String unit, String description) {
    return PropertySpec.of(key, defaultValue, unit, description + IGNORED);
  }
}
