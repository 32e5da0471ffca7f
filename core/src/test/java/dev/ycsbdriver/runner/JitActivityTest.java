package dev.ycsbdriver.runner;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The JIT compiler's busy time, from the compiler threads' scheduler counters. */
class JitActivityTest {

  @Test
  void theFirstReadingIsTheBaselineAndCompilingNewCodeCountsAsBusy() {
    JitActivity jit = new JitActivity();
    assertThat(jit.millis()).as("first reading, on Linux").isZero();
    long sink = 0;
    long deadline = System.nanoTime() + 20_000_000_000L;
    long busy = 0;
    // methods this JVM has not run yet: C1, then C2 compiles them, a few milliseconds of compiler time
    for (int round = 0; busy == 0 && System.nanoTime() - deadline < 0; round++) {
      for (int i = 0; i < 200_000; i++) {
        sink += mix(i, round) ^ shuffle(i + round);
      }
      busy = jit.millis();
    }
    assertThat(busy).as("busy ms (sink %d)", sink).isPositive();
  }

  private static long mix(int i, int round) {
    long h = i * 0x9E3779B97F4A7C15L + round;
    for (int k = 0; k < 4; k++) {
      h ^= h >>> 31;
      h *= 0xBF58476D1CE4E5B9L;
      h = switch ((int) (h & 3)) {
        case 0 -> h + k;
        case 1 -> h ^ (h << 7);
        case 2 -> Long.rotateLeft(h, k + 1);
        default -> h - 1;
      };
    }
    return h;
  }

  private static long shuffle(int i) {
    StringBuilder sb = new StringBuilder();
    sb.append(i).append(':').append(Integer.toHexString(i * 31));
    return sb.toString().hashCode();
  }
}
