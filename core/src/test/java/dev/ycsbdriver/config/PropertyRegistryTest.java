package dev.ycsbdriver.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PropertyRegistryTest {
  private static final PropertyRegistry REGISTRY = new PropertyRegistry(List.of(
      PropertySpec.of("threadcount", "1", "threads", "t").integer(1, 100),
      PropertySpec.of("stop.timeout", "5s", "s", "s"),
      PropertySpec.of("postgres.synchronous_commit", null, "", "x")),
      List.of("postgres."), List.of("htrace."));

  @Test
  void unknownKeyInAStrictNamespaceSuggestsTheNearest() {
    assertThatThrownBy(() -> REGISTRY.check(Settings.of(Map.of("postgres.synchronous_comit", "on")), false))
        .hasMessage("postgres.synchronous_comit: unknown property; did you mean postgres.synchronous_commit?");
    assertThatThrownBy(() -> REGISTRY.check(Settings.of(Map.of("postgres.color", "red")), true))
        .hasMessage("postgres.color: unknown property; known: postgres.synchronous_commit");
  }

  @Test
  void nearMissIsAnErrorAndAFarKeyPassesForCustomClasses() throws Exception {
    assertThatThrownBy(() -> REGISTRY.check(Settings.of(Map.of("treadcount", "4")), false))
        .hasMessage("treadcount: unknown property; did you mean threadcount?");
    assertThat(REGISTRY.check(Settings.of(Map.of("mydb.hosts", "a,b", "htrace.span", "x")), false)).isEmpty();
  }

  @Test
  void customClassesTurnANearMissOutsideTheDriversNamespacesIntoAWarning() throws Exception {
    assertThat(REGISTRY.check(Settings.of(Map.of("treadcount", "4")), true))
        .containsExactly("treadcount: unknown property; did you mean threadcount? (passed on to the custom DB or "
            + "workload class)");
    assertThatThrownBy(() -> REGISTRY.check(Settings.of(Map.of("stop.timout", "1s")), true))
        .hasMessage("stop.timout: unknown property; did you mean stop.timeout?");
  }

  @Test
  void declaredValuesAreChecked() {
    assertThatThrownBy(() -> REGISTRY.check(Settings.of(Map.of("threadcount", "0")), false))
        .hasMessage("threadcount: must be >= 1 (threads), got 0");
  }
}
