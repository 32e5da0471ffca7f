package dev.ycsbdriver.runner;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ycsbdriver.cpu.CpuSampler;
import dev.ycsbdriver.measure.ChannelTotals;
import dev.ycsbdriver.result.OperationReport;
import dev.ycsbdriver.result.RunReport;
import dev.ycsbdriver.result.model.Warning;
import dev.ycsbdriver.spi.ErrorLog;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import site.ycsb.Status;

class ErrorWarningsTest {
  private static final Warning SATURATION = new Warning(Warning.Code.SATURATED, CpuSampler.SATURATED + " (190% of "
      + "200%) and the driver used 150% of it: throughput is limited by CPU the driver shares with the server");

  private static OperationReport op(String name, long ok, long errors, long notFound) {
    Map<Status, Long> statuses = new LinkedHashMap<>();
    if (ok > 0) {
      statuses.put(Status.OK, ok);
    }
    if (errors > 0) {
      statuses.put(Status.ERROR, errors);
    }
    if (notFound > 0) {
      statuses.put(Status.NOT_FOUND, notFound);
    }
    ChannelTotals none = new ChannelTotals(name, new Histogram(3), new Histogram(3));
    return new OperationReport(name, statuses, none, List.of());
  }

  @Test
  void anErrorStormIsSaidAndTheSaturatedCpuIsNotBlamedForIt() {
    List<Warning> warnings = ErrorWarnings.of(List.of(op("READ", 10, 990, 0), op("UPDATE", 10, 990, 0)),
        List.of(SATURATION), List.of());

    assertThat(warnings).hasSize(2);
    assertThat(warnings.get(0).code()).as("still a saturated machine").isEqualTo(Warning.Code.SATURATED);
    assertThat(warnings.get(0).text()).startsWith(CpuSampler.SATURATED).contains("99.0% of the operations failed",
        "error storm", "the errors, not the CPU, limit this run");
    assertThat(warnings.get(1)).isEqualTo(Warning.other("1980 of 2000 operations (99.0%) failed: throughput counts "
        + "them, throughputOkOpsPerSec does not; the first error of each kind is in the result's errors"));
  }

  @Test
  void aFewErrorsOrNotFoundAnswersLeaveTheCpuWarningAlone() {
    List<Warning> warnings = ErrorWarnings.of(List.of(op("READ", 9_000, 5, 3_000)), List.of(SATURATION), List.of());

    assertThat(warnings).containsExactly(SATURATION);
  }

  @Test
  void everyOutageIsListedWithItsDurationOrAsNotRestored() {
    ErrorLog.Outage restored = new ErrorLog.Outage(Instant.parse("2026-01-01T00:00:00Z"),
        Instant.parse("2026-01-01T00:00:03Z"), 3000L, 8, "SQLState 57P01: terminating connection");
    ErrorLog.Outage open = new ErrorLog.Outage(Instant.parse("2026-01-01T00:00:09Z"), null, null, 2,
        "SQLState 08006: I/O error");

    assertThat(ErrorWarnings.of(List.of(op("READ", 100, 0, 0)), List.of(), List.of(restored, open)))
        .extracting(Warning::text).containsExactly(
        "the connection was lost from 2026-01-01T00:00:00Z to 2026-01-01T00:00:03Z (3000 ms, 8 client threads): "
            + "SQLState 57P01: terminating connection",
        "the connection was lost at 2026-01-01T00:00:09Z (SQLState 08006: I/O error) and not restored before the "
            + "run ended");
  }

  @Test
  void okOperationsAreTheCallsThatReturnedOkAndNeverExceedTheOperationsDone() {
    List<OperationReport> a = List.of(op("READ", 600, 100, 0), op("UPDATE", 250, 50, 0), op("CLEANUP", 4, 0, 0));
    assertThat(RunReport.okOperations(a, 1000)).isEqualTo(850);

    // workload F: a read-modify-write is two calls, so the share of OK calls is applied to the operations
    List<OperationReport> f = List.of(op("READ", 1500, 0, 0), op("UPDATE", 400, 100, 0));
    assertThat(RunReport.okOperations(f, 1000)).isEqualTo(950);

    assertThat(RunReport.okOperations(List.of(), 1000)).as("no call counted").isEqualTo(1000);
  }
}
