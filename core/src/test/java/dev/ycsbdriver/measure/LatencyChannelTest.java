package dev.ycsbdriver.measure;

import static org.assertj.core.api.Assertions.assertThat;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class LatencyChannelTest {
  @Test
  void harvestGathersEveryThreadsRecorderAndTheSharedOne() throws Exception {
    int slots = LatencyChannel.MAX_RECORDER_SLOTS + 10;
    LatencyChannel channel = new LatencyChannel("READ", true, slots);
    Thread[] threads = new Thread[slots];
    for (int i = 0; i < slots; i++) {
      int slot = i;
      threads[i] = new Thread(() -> {
        for (int n = 0; n < 100; n++) {
          channel.record(slot, slot, slot + 1_000);
        }
      });
      threads[i].start();
    }
    for (Thread t : threads) {
      t.join();
    }
    channel.record(-1, -5, 7);

    Histogram service = new Histogram(3);
    channel.harvestService(service);
    assertThat(service.getTotalCount()).isEqualTo(slots * 100L + 1);
    assertThat(service.getMinValue()).isZero();
    assertThat(service.getMaxValue()).isEqualTo(slots - 1);
    Histogram intended = new Histogram(3);
    channel.harvestIntended(intended);
    assertThat(intended.getTotalCount()).isEqualTo(slots * 100L + 1);
    assertThat(intended.getMaxValue()).isEqualTo(slots - 1 + 1_000);

    channel.harvestService(service);
    assertThat(service.getTotalCount()).as("an interval holds only what came after the previous harvest").isZero();
  }
}
