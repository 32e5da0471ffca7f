package dev.ycsbdriver.measure;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;
import site.ycsb.Status;

class MeasurementRegistryTest {
  private static MeasurementConfig config(boolean each, Set<String> tracked) {
    return new MeasurementConfig(MeasurementConfig.Interval.OP, List.of(95.0, 99.0), false, each, tracked);
  }

  @Test
  void failedOperationsGoToFailedChannelWhileStatusesCountUnderTheOperation() {
    MeasurementRegistry r = new MeasurementRegistry(config(false, Set.of()), false, 1);
    OperationMeasurement read = r.operation(Operation.READ);
    read.record(0, Status.OK, 0, 0, 5_000);
    read.record(0, Status.NOT_FOUND, 0, 0, 7_000);
    read.record(0, Status.ERROR, 0, 0, 9_000);
    Map<String, ChannelTotals> totals = harvestAll(r);
    assertThat(totals.get("READ").service().getTotalCount()).isEqualTo(1);
    assertThat(totals.get("READ-FAILED").service().getTotalCount()).isEqualTo(2);
    assertThat(read.statuses().snapshot()).containsExactly(Map.entry(Status.OK, 1L), Map.entry(Status.ERROR, 1L),
        Map.entry(Status.NOT_FOUND, 1L));
    assertThat(read.statuses().failures()).isEqualTo(2);
  }

  @Test
  void trackedErrorsAndReportForEachErrorNameTheChannelAfterTheStatus() {
    MeasurementRegistry tracked = new MeasurementRegistry(config(false, Set.of("NOT_FOUND")), false, 1);
    tracked.operation(Operation.READ).record(0, Status.NOT_FOUND, 0, 0, 1_000);
    tracked.operation(Operation.READ).record(0, Status.ERROR, 0, 0, 1_000);
    assertThat(harvestAll(tracked)).containsKeys("READ-NOT_FOUND", "READ-FAILED");

    MeasurementRegistry each = new MeasurementRegistry(config(true, Set.of()), false, 1);
    each.operation(Operation.UPDATE).record(0, Status.ERROR, 0, 0, 1_000);
    assertThat(harvestAll(each)).containsKey("UPDATE-ERROR").doesNotContainKey("UPDATE-FAILED");
  }

  @Test
  void batchedOkIsCountedAsSuccessButItsLatencyWaitsForTheBatch() {
    MeasurementRegistry r = new MeasurementRegistry(config(false, Set.of()), false, 1);
    r.operation(Operation.INSERT).record(0, Status.BATCHED_OK, 0, 0, 1_000);
    r.operation(Operation.INSERT).record(0, Status.OK, 0, 0, 5_000_000);
    assertThat(harvestAll(r).get("INSERT").service().getTotalCount()).isEqualTo(1);
    assertThat(r.operation(Operation.INSERT).statuses().snapshot())
        .containsExactly(Map.entry(Status.OK, 1L), Map.entry(Status.BATCHED_OK, 1L));
    assertThat(r.operation(Operation.INSERT).statuses().failures()).isZero();
  }

  @Test
  void intendedLatencyIsMeasuredFromTheScheduledStartOnlyWhenPaced() {
    MeasurementRegistry paced = new MeasurementRegistry(config(false, Set.of()), true, 1);
    paced.operation(Operation.READ).record(0, Status.OK, 0, 900_000_000L, 901_000_000L);
    ChannelTotals t = harvestAll(paced).get("READ");
    assertThat(t.intendedMeasured()).isTrue();
    assertThat(t.service().getMaxValue()).isBetween(999L, 1_001L);
    assertThat(t.intended().getMaxValue()).isBetween(900_000L, 902_000L);

    MeasurementRegistry closed = new MeasurementRegistry(config(false, Set.of()), false, 1);
    closed.operation(Operation.READ).record(0, Status.OK, 0, 900_000_000L, 901_000_000L);
    assertThat(harvestAll(closed).get("READ").intendedMeasured()).isFalse();
  }

  @Test
  void totalsAreTheSumOfEveryIntervalAcrossConcurrentWriters() throws Exception {
    int threads = 4;
    MeasurementRegistry r = new MeasurementRegistry(config(false, Set.of()), false, threads);
    IntervalHarvester harvester = new IntervalHarvester(r);
    CountDownLatch done = new CountDownLatch(threads);
    for (int t = 0; t < threads; t++) {
      int slot = t;
      new Thread(() -> {
        for (int i = 0; i < 100_000; i++) {
          r.operation(Operation.UPDATE).record(slot, Status.OK, 0, 0, (i % 1000) * 1000L);
        }
        done.countDown();
      }).start();
    }
    long harvested = 0;
    while (done.getCount() > 0) {
      for (ChannelTotals c : harvester.harvest(0, 1)) {
        harvested += c.name().equals("UPDATE") ? c.service().getTotalCount() : 0;
      }
    }
    for (ChannelTotals c : harvester.harvest(0, 1)) {
      harvested += c.name().equals("UPDATE") ? c.service().getTotalCount() : 0;
    }
    assertThat(harvested).isEqualTo(400_000);
    assertThat(harvester.totals().get("UPDATE").service().getTotalCount()).isEqualTo(400_000);
    assertThat(r.operation(Operation.UPDATE).statuses().total()).isEqualTo(400_000);
  }

  private static Map<String, ChannelTotals> harvestAll(MeasurementRegistry r) {
    IntervalHarvester h = new IntervalHarvester(r);
    h.harvest(0, 1000);
    Map<String, ChannelTotals> totals = h.totals();
    totals.values().removeIf(t -> t.service().getTotalCount() == 0);
    return totals;
  }
}
