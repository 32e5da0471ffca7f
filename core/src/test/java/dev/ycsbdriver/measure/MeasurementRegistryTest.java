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
    // nanoseconds, 3 significant digits
    assertThat(t.service().getMaxValue()).isBetween(999_000L, 1_001_000L);
    assertThat(t.intended().getMaxValue()).isBetween(900_000_000L, 902_000_000L);

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

  @Test
  void statusesOfThreadsWithAndWithoutASlotAndOfUnknownStatusesAreAllCounted() throws Exception {
    MeasurementRegistry r = new MeasurementRegistry(config(false, Set.of()), false, 2);
    OperationMeasurement read = r.operation(Operation.READ);
    Status custom = new Status("THROTTLED", "a status YCSB does not define");
    Thread[] writers = new Thread[4];
    for (int t = 0; t < writers.length; t++) {
      int slot = t < 2 ? t : -1;  // two slotted threads, two without a slot
      writers[t] = new Thread(() -> {
        for (int i = 0; i < 50_000; i++) {
          read.record(slot, i % 10 == 0 ? Status.NOT_FOUND : Status.OK, 0, 0, 1_000);
        }
        read.record(slot, custom, 0, 0, 1_000);
        read.record(slot, null, 0, 0, 1_000);
      });
      writers[t].start();
    }
    for (Thread w : writers) {
      w.join();
    }
    // a Status equal to YCSB's OK but not the same object counts as OK
    read.record(0, new Status("OK", "The operation completed successfully."), 0, 0, 1_000);
    assertThat(read.statuses().snapshot()).containsExactly(Map.entry(Status.OK, 180_001L),
        Map.entry(Status.ERROR, 4L), Map.entry(Status.NOT_FOUND, 20_000L), Map.entry(custom, 4L));
    assertThat(read.statuses().total()).isEqualTo(200_009);
    assertThat(read.statuses().failures()).isEqualTo(20_008);
    assertThat(read.statuses().errors()).isEqualTo(8);
  }

  @Test
  void prepareLikeCreatesWhatTheOtherRegistryUsedWithoutAnyFigure() {
    MeasurementRegistry warm = new MeasurementRegistry(config(false, Set.of()), true, 4);
    warm.operation(Operation.READ).record(1, Status.OK, 0, 0, 1_000);
    warm.operation(Operation.READ).record(3, Status.ERROR, 0, 0, 1_000);
    warm.named("READ-MODIFY-WRITE").ok().record(2, 5, 5);
    MeasurementRegistry measured = new MeasurementRegistry(config(false, Set.of()), true, 4);

    measured.prepareLike(warm);

    LatencyChannel read = measured.operation(Operation.READ).ok();
    assertThat(read.hasRecorder(1)).isTrue();
    assertThat(read.hasRecorder(0)).isFalse();
    assertThat(read.hasRecorder(3)).isFalse();
    assertThat(measured.operation(Operation.READ).failures()).singleElement()
        .satisfies(c -> assertThat(c.hasRecorder(3)).isTrue());
    assertThat(measured.operations()).extracting(OperationMeasurement::name).contains("READ-MODIFY-WRITE");
    assertThat(measured.named("READ-MODIFY-WRITE").ok().hasRecorder(2)).isTrue();
    for (OperationMeasurement m : measured.operations()) {
      assertThat(m.statuses().total()).as(m.name()).isZero();
    }
    assertThat(harvestAll(measured)).isEmpty();
    // the recorders made ahead are the ones the threads then record into
    measured.operation(Operation.READ).record(1, Status.OK, 0, 0, 2_000);
    assertThat(harvestAll(measured).get("READ").service().getTotalCount()).isEqualTo(1);
  }

  private static Map<String, ChannelTotals> harvestAll(MeasurementRegistry r) {
    IntervalHarvester h = new IntervalHarvester(r);
    h.harvest(0, 1000);
    Map<String, ChannelTotals> totals = h.totals();
    totals.values().removeIf(t -> t.service().getTotalCount() == 0);
    return totals;
  }
}
