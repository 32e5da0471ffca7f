package dev.ycsbdriver.distribution;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The shipped {@code workloads/} files hold the same property values as the copies of upstream YCSB
 * 0.17.0's workloads that core's golden tests were recorded with; comments and layout may differ.
 */
class WorkloadFilesTest {
  private static final Path SOURCE_ROOT = Path.of(System.getProperty("source.root", "..")).toAbsolutePath().normalize();
  private static final Path SHIPPED = SOURCE_ROOT.resolve("workloads");
  private static final Path GOLDEN = SOURCE_ROOT.resolve("core/src/test/resources/golden/workloads");

  @ParameterizedTest
  @ValueSource(strings = {"workloada", "workloadb", "workloadc", "workloadd", "workloade", "workloadf"})
  void shippedWorkloadHasTheGoldenPropertyValues(String name) throws IOException {
    assertThat(load(SHIPPED.resolve(name))).isEqualTo(load(GOLDEN.resolve(name)));
  }

  @Test
  void everyGoldenWorkloadIsShipped() throws IOException {
    try (var golden = Files.list(GOLDEN)) {
      assertThat(golden.map(p -> p.getFileName().toString()))
          .isNotEmpty()
          .allSatisfy(name -> assertThat(SHIPPED.resolve(name)).isRegularFile());
    }
  }

  @Test
  void templateSetsUpstreamTemplateValuesThatDifferFromTheCodeDefaults() throws IOException {
    Properties template = load(SHIPPED.resolve("workload_template"));
    assertThat(template)
        .containsEntry("workload", "site.ycsb.workloads.CoreWorkload")
        .containsEntry("recordcount", "1000000")
        .containsEntry("operationcount", "3000000")
        .containsEntry("requestdistribution", "zipfian")
        .containsEntry("readproportion", "0.95")
        .containsEntry("updateproportion", "0.05")
        .containsEntry("maxscanlength", "1000")
        .containsEntry("measurementtype", "hdrhistogram");
  }

  private static Properties load(Path file) throws IOException {
    Properties p = new Properties();
    try (Reader in = Files.newBufferedReader(file)) {
      p.load(in);
    }
    return p;
  }
}
