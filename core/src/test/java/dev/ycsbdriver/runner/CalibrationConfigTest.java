package dev.ycsbdriver.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ycsbdriver.config.ConfigException;
import dev.ycsbdriver.config.Settings;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Whether a run calibrates: the {@code calibration} key, else {@code YCSB_CALIBRATION}, else on. */
class CalibrationConfigTest {
  private static boolean enabled(Map<String, String> settings, Map<String, String> env) throws ConfigException {
    return CalibrationConfig.from(Settings.of(settings), env).enabled();
  }

  @Test
  void theKeyWinsOverTheEnvironmentAndTheEnvironmentOverTheDefault() throws Exception {
    assertThat(enabled(Map.of(), Map.of())).isTrue();
    assertThat(enabled(Map.of(), Map.of("YCSB_CALIBRATION", "false"))).isFalse();
    assertThat(enabled(Map.of(), Map.of("YCSB_CALIBRATION", " true "))).isTrue();
    assertThat(enabled(Map.of(), Map.of("YCSB_CALIBRATION", ""))).isTrue();
    assertThat(enabled(Map.of("calibration", "true"), Map.of("YCSB_CALIBRATION", "false"))).isTrue();
    assertThat(enabled(Map.of("calibration", "false"), Map.of("YCSB_CALIBRATION", "true"))).isFalse();
  }

  @Test
  void aMalformedEnvironmentValueIsOneLineNamingTheVariable() {
    assertThatThrownBy(() -> enabled(Map.of(), Map.of("YCSB_CALIBRATION", "off")))
        .isInstanceOf(ConfigException.class)
        .hasMessage("YCSB_CALIBRATION: must be true or false, got 'off'");
    assertThatThrownBy(() -> enabled(Map.of("calibration", "off"), Map.of()))
        .isInstanceOf(ConfigException.class).hasMessageContaining("calibration");
  }
}
