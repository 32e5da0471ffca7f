package dev.ycsbdriver.testing;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * What a stall of the store must look like in a latency distribution that accounts for coordinated
 * omission: with a fixed target, the operations due during a stall of S wait for it, so the p99.9 of
 * intended latency is at least about S. Applied to service time (latency measured from each operation's
 * actual start, which is what a driver without the correction reports), the same check fails: the
 * operations that waited never started, so their wait is not in it.
 */
public final class StallCheck {
  /** The share of the stall the p99.9 must reach: the last operations due before its end wait a little less. */
  private static final double SHARE = 0.9;

  private StallCheck() {
  }

  /**
   * @param latency a result JSON latency block ({@code serviceTime} or {@code intendedLatency} of one
   *     operation), with {@code p999Micros}
   * @param stallMicros the stall's length in microseconds
   * @throws AssertionError when the p99.9 is below 90% of the stall
   */
  public static void assertStallShows(JsonNode latency, long stallMicros) {
    assertThat(latency.get("p999Micros").asLong())
        .as("p99.9 of %s against a stall of %d µs", latency, stallMicros)
        .isGreaterThanOrEqualTo((long) (SHARE * stallMicros));
  }
}
