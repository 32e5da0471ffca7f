package dev.ycsbdriver.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ycsbdriver.testing.CliRun;
import dev.ycsbdriver.testing.Resources;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every kind of bad input gives one clear line on stderr, the documented exit code and no stack trace. */
class MainExitCodeTest {
  @TempDir
  Path results;

  private String workloadA() {
    return Resources.path("/golden/workloads/workloada").toString();
  }

  private String resultDir() {
    return "result.dir=" + results;
  }

  @Test
  void basicDbByClassNameRunsAndExitsZero() {
    CliRun run = CliRun.of("run", "-db", "site.ycsb.BasicDB", "-P", workloadA(), "-p", "basicdb.verbose=false",
        "-p", resultDir());
    assertThat(run.exitCode()).as(run.toString()).isZero();
    assertThat(run.out()).contains("[OVERALL], Throughput(ops/sec), ").contains("[READ], Operations, ");
    assertThat(run.resultFile()).exists();
  }

  @Test
  void upstreamTemplatesHistogramTypeRunsAsHdrHistogramWithAWarning() {
    CliRun run = CliRun.of("run", "basic", "-P", workloadA(), "-p", "basicdb.verbose=false",
        "-p", "measurementtype=histogram", "-p", resultDir());
    assertThat(run.exitCode()).as(run.toString()).isZero();
    assertThat(run.err()).contains("measurementtype=histogram is read as hdrhistogram");
    assertThat(run.out()).contains("[READ], 99thPercentileLatency(us), ");
  }

  @Test
  void measurementTypeThisDriverCannotRecordIsAUsageError() {
    CliRun run = CliRun.of("run", "basic", "-P", workloadA(), "-p", "measurementtype=timeseries", "-p", resultDir());
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err()).contains("measurementtype: only hdrhistogram is supported, got 'timeseries'");
    assertNoStackTrace(run);
  }

  @Test
  void unknownBindingListsInstalledOnesWithNearestName() {
    CliRun run = CliRun.of("run", "basik", "-P", workloadA());
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err()).contains("unknown binding 'basik'").contains("did you mean basic?").contains("installed: ");
    assertNoStackTrace(run);
  }

  @Test
  void missingPropertyFileIsAUsageError() {
    CliRun run = CliRun.of("run", "basic", "-P", "workloads/no-such-workload");
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err().strip()).startsWith("ycsb: -P workloads/no-such-workload: no such file");
    assertThat(run.err().lines()).hasSize(1);
  }

  @Test
  void outOfRangeThreadCountIsAUsageError() {
    CliRun run = CliRun.of("run", "basic", "-P", workloadA(), "-threads", "0", "-p", resultDir());
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err()).contains("threadcount: must be >= 1 (threads), got 0");
    assertNoStackTrace(run);
  }

  @Test
  void malformedNumberIsAUsageError() {
    CliRun run = CliRun.of("run", "basic", "-P", workloadA(), "-target", "fast", "-p", resultDir());
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err()).contains("target: must be an integer (ops/s), got 'fast'");
  }

  @Test
  void malformedWorkloadPropertyIsAUsageError() {
    CliRun run = CliRun.of("run", "basic", "-P", workloadA(), "-p", "fieldcount=ten", "-p", resultDir());
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err()).contains("fieldcount: must be an integer (fields), got 'ten'");
    assertNoStackTrace(run);
  }

  @Test
  void unknownOptionIsAUsageError() {
    CliRun run = CliRun.of("run", "basic", "-P", workloadA(), "-thread", "4");
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err()).contains("-thread");
    assertNoStackTrace(run);
  }

  @Test
  void unreachableStoreExitsThreeWithMaskedPassword() throws Exception {
    CliRun run = CliRun.of("run", "-db", "dev.ycsbdriver.testing.FailingInitDb", "-P", workloadA(), "-p", resultDir());
    assertThat(run.exitCode()).isEqualTo(3);
    assertThat(run.err()).contains("client threads could not start: connection refused").doesNotContain("s3cret");
    assertNoStackTrace(run);
    try (var dirs = Files.list(results)) {
      assertThat(dirs).as("no empty run directory is left behind").isEmpty();
    }
  }

  @Test
  void verboseFlagPrintsTheStackTraceWithSecretsMasked() {
    CliRun run = CliRun.of("run", "-v", "-db", "dev.ycsbdriver.testing.FailingInitDb", "-P", workloadA(),
        "-p", resultDir());
    assertThat(run.exitCode()).isEqualTo(3);
    assertThat(run.err()).contains("\tat ", "Caused by: ").doesNotContain("s3cret");
  }

  @Test
  void notADbClassIsAUsageError() {
    CliRun run = CliRun.of("run", "-db", "java.lang.String", "-P", workloadA(), "-p", resultDir());
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err()).contains("db: java.lang.String is not a site.ycsb.DB");
  }

  @Test
  void missingWorkloadSaysHowToGiveOne() {
    CliRun run = CliRun.of("run", "basic", "-p", resultDir());
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err()).contains("workload: missing; give a workload file (-P workloads/workloada)");
  }

  @Test
  void failedOperationsExitOneButStillWriteSummaryAndResult() {
    CliRun run = CliRun.of("run", "-db", "dev.ycsbdriver.testing.FlakyDb", "-P", workloadA(), "-p", resultDir());
    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.out()).contains("[READ], Return=NOT_FOUND, ");
    assertThat(run.err()).containsPattern("Error: \\d+ operations did not return OK: READ NOT_FOUND=\\d+, UPDATE ERROR=\\d+");
    assertThat(run.resultFile()).exists();
  }

  @Test
  void failOnErrorFalseAcceptsFailedOperations() {
    CliRun run = CliRun.of("run", "-db", "dev.ycsbdriver.testing.FlakyDb", "-P", workloadA(), "-p", resultDir(),
        "-p", "failonerror=false");
    assertThat(run.exitCode()).isZero();
  }

  @Test
  void noCommandPrintsUsageAndExitsTwo() {
    CliRun run = CliRun.of();
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err()).contains("Usage: ycsb").contains("load").contains("run").contains("bindings");
  }

  @Test
  void bindingsListsBasicWithItsProperties() {
    CliRun run = CliRun.of("bindings", "--driver");
    assertThat(run.exitCode()).isZero();
    assertThat(run.out()).contains("basic: any site.ycsb.DB class by name: site.ycsb.BasicDB")
        .contains("threadcount").contains("cpu.interval").contains("| default");
  }

  @Test
  void bindingsSaysWhereTheRestoreJournalIs() {
    CliRun run = CliRun.of("bindings");
    assertThat(run.exitCode()).isZero();
    assertThat(run.out()).contains("journaled, before the change, in "
        + dev.ycsbdriver.spi.support.RestoreJournal.directory(dev.ycsbdriver.config.Settings.of(java.util.Map.of()))
        + " (or -p restore.journal.dir=<dir>)");
  }

  @Test
  void versionNamesTheToolAndYcsbCore() {
    CliRun run = CliRun.of("--version");
    assertThat(run.exitCode()).isZero();
    assertThat(run.out()).startsWith("ycsb-driver ").contains("YCSB core");
  }

  private static void assertNoStackTrace(CliRun run) {
    assertThat(run.err()).doesNotContain("\tat ").doesNotContain("Exception in thread");
  }
}
