package dev.ycsbdriver.spi.support;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ycsbdriver.config.ConfigException;
import dev.ycsbdriver.config.Phase;
import dev.ycsbdriver.config.Settings;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@link ConnectionMode}: the keys' defaults, and one line for every value it refuses. */
class ConnectionModeTest {
  @Test
  void threadIsTheDefault() throws ConfigException {
    assertThat(ConnectionMode.from("h2", Settings.of(Map.of()), 0)).isEqualTo(ConnectionMode.PER_THREAD);
    assertThat(ConnectionMode.from("h2", Settings.of(Map.of()), 100).kind()).isEqualTo(ConnectionMode.Kind.THREAD);
  }

  @Test
  void poolTakesItsSizeAndTimeout() throws ConfigException {
    ConnectionMode pool = ConnectionMode.from("postgres", Settings.of(Map.of("postgres.connections", "pool",
        "postgres.pool.size", "2", "postgres.pool.timeout", "2s")), 0);
    assertThat(pool).isEqualTo(new ConnectionMode(ConnectionMode.Kind.POOL, 2, Duration.ofSeconds(2)));
    assertThat(pool.describe()).isEqualTo("a pool of 2 connections");
    ConnectionMode defaults = ConnectionMode.from("postgres", Settings.of(Map.of("postgres.connections", "pool")), 1);
    assertThat(defaults.poolSize()).isEqualTo(ConnectionMode.POOL_SIZE_DEFAULT);
    assertThat(defaults.poolTimeout()).isEqualTo(Duration.ofMillis(2500));
  }

  @Test
  void sharedIsOneConnection() throws ConfigException {
    ConnectionMode shared = ConnectionMode.from("sqlite", Settings.of(Map.of("sqlite.connections", "shared")), 0);
    assertThat(shared.kind()).isEqualTo(ConnectionMode.Kind.SHARED);
    assertThat(shared.poolSize()).isEqualTo(1);
    assertThat(shared.describe()).isEqualTo("one connection shared by all client threads");
  }

  @Test
  void theDefaultTimeoutYieldsToAShortStopTimeout() throws ConfigException {
    ConnectionMode pool = ConnectionMode.from("h2", Settings.of(Map.of("h2.connections", "pool",
        "stop.timeout", "2s")), 0);
    assertThat(pool.poolTimeout()).isEqualTo(Duration.ofSeconds(1));
  }

  @Test
  void refusedValuesSayWhatIsWrongInOneLine() {
    assertRefused(Map.of("h2.connections", "pooled"), 0, "h2.connections");
    assertRefused(Map.of("h2.connections", "pool", "h2.pool.size", "0"), 0, "h2.pool.size");
    assertRefused(Map.of("h2.connections", "pool", "h2.pool.size", "1001"), 0, "h2.pool.size");
    assertRefused(Map.of("h2.connections", "pool", "h2.pool.timeout", "100ms"), 0, "h2.pool.timeout");
    assertRefused(Map.of("h2.connections", "pool", "h2.pool.timeout", "40s", "stop.timeout", "60s"), 0,
        "h2.pool.timeout: must be at most half of stop.timeout (60000ms), got 40s");
    assertRefused(Map.of("h2.pool.size", "4"), 0,
        "h2.pool.size: applies only to h2.connections=pool, which is thread here");
    assertRefused(Map.of("h2.connections", "shared"), 100,
        "h2.connections=shared: batched inserts (batch size 100) need h2.connections=thread");
  }

  @Test
  void aBatchSizeCountsOnlyWhereThePhaseInserts() throws Exception {
    Map<String, String> shared = Map.of("h2.connections", "shared", "insertproportion", "0");
    assertThat(ConnectionMode.from("h2", Settings.of(shared), 1000, Phase.RUN).kind())
        .isEqualTo(ConnectionMode.Kind.SHARED);
    assertThatThrownBy(() -> ConnectionMode.from("h2", Settings.of(shared), 1000, Phase.LOAD))
        .hasMessageStartingWith("h2.connections=shared: batched inserts (batch size 1000)");
    assertThatThrownBy(() -> ConnectionMode.from("h2", Settings.of(Map.of("h2.connections", "pool",
        "insertproportion", "0.05")), 1000, Phase.RUN))
        .hasMessageStartingWith("h2.connections=pool: batched inserts (batch size 1000)");
  }

  private static void assertRefused(Map<String, String> values, int batchSize, String start) {
    assertThatThrownBy(() -> ConnectionMode.from("h2", Settings.of(values), batchSize))
        .isInstanceOf(ConfigException.class)
        .satisfies(e -> assertThat(e.getMessage()).startsWith(start).doesNotContain("\n"));
  }
}
