package dev.ycsbdriver.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ycsbdriver.config.ConfigException;
import dev.ycsbdriver.config.ConfigLoader;
import dev.ycsbdriver.config.CoreWorkloadKeys;
import dev.ycsbdriver.config.Phase;
import dev.ycsbdriver.config.PropertySpec;
import dev.ycsbdriver.config.RunConfig;
import dev.ycsbdriver.config.Settings;
import dev.ycsbdriver.cpu.CpuConfig;
import dev.ycsbdriver.measure.MeasurementConfig;
import dev.ycsbdriver.spi.Binding;
import dev.ycsbdriver.spi.BindingContext;
import dev.ycsbdriver.spi.BindingProvider;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class PreflightTest {
  private static final BindingProvider BASIC = new DbClassBindingProvider("basic", "site.ycsb.BasicDB", true);

  /** Every key upstream's workload_template (0.17.0) sets or shows commented out, with CoreWorkload. */
  private static final List<String> UPSTREAM_TEMPLATE_KEYS = List.of("workload", "recordcount", "operationcount",
      "insertcount", "insertstart", "fieldcount", "fieldlength", "readallfields", "writeallfields",
      "fieldlengthdistribution", "readproportion", "updateproportion", "insertproportion",
      "readmodifywriteproportion", "scanproportion", "maxscanlength", "scanlengthdistribution", "insertorder",
      "requestdistribution", "hotspotdatafraction", "hotspotopnfraction", "maxexecutiontime", "table",
      "measurementtype", "measurement.raw.output_file", "measurement.histogram.verbose", "measurement.trackjvm",
      "histogram.buckets", "timeseries.granularity", "reportlatencyforeacherror", "latencytrackederrors",
      "core_workload_insertion_retry_limit", "core_workload_insertion_retry_interval", "htrace.sampler.classes",
      "htrace.sampler.fraction", "htrace.span.receiver.classes", "htrace.local.file.span.receiver.path");

  /** The keys upstream's tsworkload_template (0.17.0) sets, with TimeSeriesWorkload. */
  private static final List<String> UPSTREAM_TIMESERIES_KEYS = List.of("recordcount", "operationcount",
      "timestampunits", "timestampinterval", "fieldcount", "fieldlength", "fieldlengthdistribution", "tagcount",
      "tagcardinality", "tagkeylength", "tagvaluelength", "tagpairdelimiter", "deletedelimiter",
      "randomwritetimestamporder", "randomtimeseriesorder", "valuetype", "sparsity", "querytimespan",
      "queryrandomtimespan", "querytimespandelimiter", "groupbykey", "downsamplingkey", "readproportion",
      "updateproportion", "insertproportion", "requestdistribution", "table", "dataintegrity", "histogram.buckets",
      "timeseries.granularity");

  private static final Map<String, String> VALUES = Map.ofEntries(Map.entry("workload",
      "site.ycsb.workloads.CoreWorkload"), Map.entry("recordcount", "1000"), Map.entry("operationcount", "1000"),
      Map.entry("insertcount", "1000"), Map.entry("insertstart", "0"), Map.entry("fieldcount", "10"),
      Map.entry("fieldlength", "100"), Map.entry("readallfields", "true"), Map.entry("writeallfields", "false"),
      Map.entry("fieldlengthdistribution", "constant"), Map.entry("readproportion", "0.95"),
      Map.entry("updateproportion", "0.05"), Map.entry("insertproportion", "0"),
      Map.entry("readmodifywriteproportion", "0"), Map.entry("scanproportion", "0"),
      Map.entry("maxscanlength", "1000"), Map.entry("scanlengthdistribution", "uniform"),
      Map.entry("insertorder", "hashed"), Map.entry("requestdistribution", "zipfian"),
      Map.entry("hotspotdatafraction", "0.2"), Map.entry("hotspotopnfraction", "0.8"),
      Map.entry("maxexecutiontime", "0"), Map.entry("table", "usertable"), Map.entry("measurementtype", "histogram"),
      Map.entry("measurement.histogram.verbose", "false"), Map.entry("measurement.trackjvm", "false"),
      Map.entry("histogram.buckets", "1000"), Map.entry("timeseries.granularity", "1000"),
      Map.entry("reportlatencyforeacherror", "false"), Map.entry("latencytrackederrors", "NOT_FOUND"),
      Map.entry("core_workload_insertion_retry_limit", "0"), Map.entry("core_workload_insertion_retry_interval", "3"),
      Map.entry("dataintegrity", "false"));

  @Test
  void theShippedWorkloadsPassInBothPhases() throws Exception {
    Path dir = Path.of("..", "workloads");
    List<Path> files;
    try (Stream<Path> s = Files.list(dir)) {
      files = s.filter(Files::isRegularFile).sorted().toList();
    }
    assertThat(files).hasSizeGreaterThanOrEqualTo(7);
    ConfigLoader loader = new ConfigLoader(Path.of(".."), Path.of(".."));
    for (Path f : files) {
      Settings s = loader.load(List.of(f.toAbsolutePath().toString()), Map.of(), BASIC.name());
      assertThat(Preflight.check(s, BASIC, Phase.LOAD)).as(f.toString()).isEmpty();
      assertThat(Preflight.check(s, BASIC, Phase.RUN)).as(f.toString()).isEmpty();
    }
  }

  @Test
  void upstreamTemplatesKeysAreKnownToCoreWorkloadAndTimeSeriesWorkload() throws Exception {
    Map<String, String> core = new HashMap<>();
    UPSTREAM_TEMPLATE_KEYS.forEach(k -> core.put(k, VALUES.getOrDefault(k, "x")));
    assertThat(Preflight.check(Settings.of(core), BASIC, Phase.RUN)).isEmpty();

    Map<String, String> ts = new HashMap<>();
    UPSTREAM_TIMESERIES_KEYS.forEach(k -> ts.put(k, VALUES.getOrDefault(k, "1")));
    ts.put("workload", "site.ycsb.workloads.TimeSeriesWorkload");
    ts.put("delayedSeries", "0.10");  // the template's spelling; TimeSeriesWorkload reads delayedseries
    assertThat(Preflight.check(Settings.of(ts), BASIC, Phase.RUN))
        .containsExactly("delayedSeries: unknown property; did you mean delayedseries? (passed on to the custom DB "
            + "or workload class)");
  }

  @Test
  void anotherInstalledBindingsKeysPassSoThatOneWorkloadFileCanServeSeveralStores() throws Exception {
    BindingProvider alpha = new BindingProvider() {
      @Override
      public String name() {
        return "alpha";
      }

      @Override
      public String description() {
        return "a binding with one key";
      }

      @Override
      public List<dev.ycsbdriver.config.PropertySpec> properties() {
        return List.of(dev.ycsbdriver.config.PropertySpec.of("alpha.batchsize", "0", "inserts", "batch")
            .integer(0, 10));
      }

      @Override
      public dev.ycsbdriver.spi.Binding open(dev.ycsbdriver.spi.BindingContext context) {
        throw new AssertionError("not opened");
      }
    };
    Settings other = Settings.of(Map.of("beta.batchsize", "1000"));
    // beta's key is a near miss of alpha's: refused unless beta is an installed binding
    assertThatThrownBy(() -> Preflight.registry(alpha, null, List.of("alpha")).check(other, false))
        .hasMessage("beta.batchsize: unknown property; did you mean alpha.batchsize?");
    assertThat(Preflight.registry(alpha, null, List.of("alpha", "beta")).check(other, false)).isEmpty();
    // the command's own namespace stays strict, its values checked
    assertThatThrownBy(() -> Preflight.registry(alpha, null, List.of("alpha", "beta"))
        .check(Settings.of(Map.of("alpha.batchsiz", "1")), false))
        .hasMessage("alpha.batchsiz: unknown property; did you mean alpha.batchsize?");
    assertThatThrownBy(() -> Preflight.registry(alpha, null, List.of("alpha", "beta"))
        .check(Settings.of(Map.of("alpha.batchsize", "11")), false)).hasMessageStartingWith("alpha.batchsize");
  }

  @Test
  void everyCoreKeyIsDeclaredOnce() {
    List<PropertySpec> all = new ArrayList<>(RunConfig.specs());
    all.addAll(MeasurementConfig.specs());
    all.addAll(CpuConfig.SPECS);
    all.addAll(CoreWorkloadKeys.SPECS);
    all.addAll(UpstreamKeys.specs());
    assertThat(all.stream().map(PropertySpec::key)).doesNotHaveDuplicates();
    assertThat(Preflight.registry(BASIC).find("recordcount")).isSameAs(RunConfig.RECORD_COUNT);
    assertThat(RunConfig.RECORD_COUNT.maxLong()).isEqualTo(Integer.MAX_VALUE);
  }

  @Test
  void aBindingsKeysJoinTheRegistryWithTheirRangesAndItsNamespaceIsStrict() throws Exception {
    BindingProvider store = new StubProvider();
    Settings ok = Settings.of(Map.of("workload", "site.ycsb.workloads.CoreWorkload", "stub.batchsize", "10"));
    assertThat(Preflight.check(ok, store, Phase.LOAD)).isEmpty();
    assertThatThrownBy(() -> Preflight.check(ok.with("stub.batchsize", "0"), store, Phase.LOAD))
        .isInstanceOf(ConfigException.class).hasMessage("stub.batchsize: must be >= 1 (inserts), got 0");
    assertThatThrownBy(() -> Preflight.check(ok.with("stub.batchsiz", "5"), store, Phase.LOAD))
        .hasMessage("stub.batchsiz: unknown property; did you mean stub.batchsize?");
    assertThatThrownBy(() -> Preflight.check(ok.with("stub.colour", "red"), store, Phase.LOAD))
        .hasMessage("stub.colour: unknown property; known: stub.batchsize");
  }

  @Test
  void proportionsThatDoNotSumToOneAreNormalisedWithAWarningAndMatterOnlyToARun() throws Exception {
    Settings s = Settings.of(Map.of("workload", "site.ycsb.workloads.CoreWorkload", "readproportion", "0.5",
        "updateproportion", "1"));
    assertThat(Preflight.check(s, BASIC, Phase.RUN)).containsExactly("the operation proportions sum to 1.5, not 1; "
        + "YCSB divides each by the sum, so readproportion 0.5 counts as 0.3333, updateproportion 1 counts as 0.6667");
    Settings none = s.with("readproportion", "0").with("updateproportion", "0");
    assertThat(Preflight.check(none, BASIC, Phase.LOAD)).isEmpty();
    assertThatThrownBy(() -> Preflight.check(none, BASIC, Phase.RUN)).hasMessageContaining("at least one must be > 0");
  }

  @Test
  void tableAndFieldNamesThatWouldBeSqlAreRefusedBeforeAnythingRuns() throws Exception {
    Settings s = Settings.of(Map.of("workload", "site.ycsb.workloads.CoreWorkload"));
    for (String table : List.of("x(YCSB_KEY text primary key);drop table victim;--", "t3, victim", "a-b", "t;")) {
      assertThatThrownBy(() -> Preflight.check(s.with("table", table), BASIC, Phase.LOAD)).as(table)
          .isInstanceOf(ConfigException.class)
          .hasMessageStartingWith("table: must be a name of ASCII letters, digits and _, starting with a letter or _, "
              + "at most 63 characters (or schema.name), got '" + table + "'");
    }
    assertThatThrownBy(() -> Preflight.check(s.with("fieldnameprefix", "f;--"), BASIC, Phase.LOAD))
        .hasMessageStartingWith("fieldnameprefix: must be a name");
    assertThatThrownBy(() -> Preflight.check(s.with("fieldnameprefix", "f".repeat(61)).with("fieldcount", "1000"),
        BASIC, Phase.LOAD)).hasMessage("fieldnameprefix: the last field's name must be at most 63 characters, got "
        + "f".repeat(61) + "999 (64)");
    assertThat(Preflight.check(s.with("fieldnameprefix", "f".repeat(60)).with("fieldcount", "1000"), BASIC,
        Phase.LOAD)).isEmpty();
    for (String table : List.of("usertable", "public.usertable", "T_1", " usertable ")) {
      assertThat(Preflight.check(s.with("table", table).with("fieldnameprefix", "f_"), BASIC, Phase.LOAD)).as(table)
          .isEmpty();
    }
  }

  @Test
  void aCustomWorkloadsOwnKeysPassAndItsValuesAreNotCheckedAsCoreWorkloads() throws Exception {
    Settings s = Settings.of(Map.of("workload", "site.ycsb.workloads.TimeSeriesWorkload", "readproportion", "0",
        "updateproportion", "0", "mykey", "1"));
    assertThat(Preflight.check(s, BASIC, Phase.RUN)).isEmpty();
  }

  /** A binding with one key, as a binding module declares it. */
  private static final class StubProvider implements BindingProvider {
    @Override
    public String name() {
      return "stub";
    }

    @Override
    public String description() {
      return "a stub";
    }

    @Override
    public List<PropertySpec> properties() {
      return List.of(PropertySpec.of("stub.batchsize", "1", "inserts", "rows per batch").integer(1, 1000));
    }

    @Override
    public Binding open(BindingContext context) {
      throw new UnsupportedOperationException();
    }
  }
}
