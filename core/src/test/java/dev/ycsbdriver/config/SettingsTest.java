package dev.ycsbdriver.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SettingsTest {
  private static final PropertySpec N = PropertySpec.of("n", "5", "threads", "a number");
  private static final PropertySpec D = PropertySpec.of("d", "1s", "s", "a duration");
  private static final PropertySpec B = PropertySpec.of("b", "false", "", "a flag");

  @Test
  void outOfRangeIsAnErrorNotClamped() {
    Settings s = Settings.of(Map.of("n", "0"));
    assertThatThrownBy(() -> s.getInt(N, 1, 10)).isInstanceOf(ConfigException.class)
        .hasMessage("n: must be >= 1 (threads), got 0");
    assertThatThrownBy(() -> Settings.of(Map.of("n", "11")).getInt(N, 1, 10))
        .hasMessage("n: must be <= 10 (threads), got 11");
  }

  @Test
  void defaultAppliesWhenUnset() throws Exception {
    assertThat(Settings.of(Map.of()).getInt(N, 1, 10)).isEqualTo(5);
  }

  @Test
  void durationsCarryUnitsAndBareNumbersUseTheSpecUnit() throws Exception {
    Duration min = Duration.ofMillis(100);
    Duration max = Duration.ofHours(1);
    assertThat(Settings.of(Map.of("d", "500ms")).getDuration(D, min, max)).isEqualTo(Duration.ofMillis(500));
    assertThat(Settings.of(Map.of("d", "2")).getDuration(D, min, max)).isEqualTo(Duration.ofSeconds(2));
    assertThat(Settings.of(Map.of("d", "1.5m")).getDuration(D, min, max)).isEqualTo(Duration.ofSeconds(90));
    assertThatThrownBy(() -> Settings.of(Map.of("d", "10ms")).getDuration(D, min, max))
        .hasMessage("d: must be between 100ms and 3600s, got 10ms");
    assertThatThrownBy(() -> Settings.of(Map.of("d", "soon")).getDuration(D, min, max))
        .hasMessageContaining("must be a duration");
  }

  @Test
  void booleansAcceptOnlyTrueOrFalse() throws Exception {
    assertThat(Settings.of(Map.of("b", "TRUE")).getBoolean(B)).isTrue();
    assertThatThrownBy(() -> Settings.of(Map.of("b", "yes")).getBoolean(B))
        .hasMessage("b: must be true or false, got 'yes'");
  }

  @Test
  void rangesComeFromTheSpec() throws Exception {
    PropertySpec port = PropertySpec.of("port", "0", "port", "a port").integer(0, 65_535);
    assertThat(Settings.of(Map.of()).getInt(port)).isZero();
    assertThatThrownBy(() -> Settings.of(Map.of("port", "65536")).getInt(port))
        .hasMessage("port: must be <= 65535 (port), got 65536");
    PropertySpec share = PropertySpec.of("share", "0.5", "", "a share").number(0, Double.MAX_VALUE);
    assertThatThrownBy(() -> Settings.of(Map.of("share", "-0.1")).getDouble(share))
        .hasMessage("share: must be >= 0, got -0.1");
    PropertySpec mode = PropertySpec.of("mode", "a", "", "a choice").choice("a", "B");
    assertThat(Settings.of(Map.of("mode", "b")).getChoice(mode)).isEqualTo("b");
    assertThatThrownBy(() -> Settings.of(Map.of("mode", "c")).check(mode))
        .hasMessage("mode: must be one of a, b, got 'c'");
    assertThatThrownBy(() -> Settings.of(Map.of()).getInt(N)).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void secretsAreMaskedInEveryView() {
    Settings s = Settings.of(Map.of("db.passwd", "hunter2", "db.url", "jdbc:postgresql://h/db?user=u&password=hunter2",
        "mongodb.url", "mongodb://u:hunter2@h:27017/db"));
    assertThat(s.masked().toString()).doesNotContain("hunter2").contains("****");
    assertThat(s.toString()).doesNotContain("hunter2");
    assertThat(Secrets.maskText("mongodb://u:hunter2@h:27017/db")).isEqualTo("mongodb://u:****@h:27017/db");
  }

  @Test
  void aUrlPasswordHoldingAnAtSignIsMaskedWhole() {
    assertThat(Secrets.maskText("cannot connect to jdbc:mysql://ycsb_pw:p@ss@127.0.0.1:3306/ycsb"))
        .isEqualTo("cannot connect to jdbc:mysql://ycsb_pw:****@127.0.0.1:3306/ycsb");
    assertThat(Secrets.maskText("jdbc:postgresql://u:pw@h?sslmode=require")).isEqualTo("jdbc:postgresql://u:****@h"
        + "?sslmode=require");
  }

  @Test
  void aCommandLineShownInALogHidesWholeSecretsEvenWithSpaces() {
    String shown = Secrets.maskArgs(java.util.List.of("run", "postgres", "-p", "postgres.password=two words",
        "-p", "cpu.server.agent.token=t0k", "-p", "postgres.url=jdbc:postgresql://u:pw@h/db", "-threads", "4"));
    assertThat(shown).isEqualTo("run postgres -p postgres.password=**** -p cpu.server.agent.token=**** "
        + "-p postgres.url=jdbc:postgresql://u:****@h/db -threads 4");
  }
}
