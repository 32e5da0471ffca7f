package dev.ycsbdriver.runner;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class HeapWatchTest {
  private static final long MIB = 1L << 20;

  @Test
  void theReserveIsFourPercentBetweenEightAndThirtyTwoMebibytes() {
    assertThat(HeapWatch.reserveBytes(64 * MIB)).isEqualTo(8 * MIB);
    assertThat(HeapWatch.reserveBytes(400 * MIB)).isEqualTo(16 * MIB);
    assertThat(HeapWatch.reserveBytes(4096 * MIB)).isEqualTo(32 * MIB);
  }

  @Test
  void aSmallHeapKeepsSevenEighthsForTheRun() {
    assertThat(HeapWatch.reserveBytes(32 * MIB)).isEqualTo(4 * MIB);
  }

  @Test
  void aHeapThatIsNotFullIsNotExhausted() {
    assertThat(new HeapWatch().exhausted()).isNull();
  }
}
