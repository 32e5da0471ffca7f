package dev.ycsbdriver.binding.berkeleydb;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ycsbdriver.config.ConfigException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class BerkeleyFailuresTest {

  @Test
  void firstLineDropsJesVersionPrefixAndTheLinesAfterTheFirst() {
    assertThat(BerkeleyFailures.firstLine("(JE 18.3.12) Lock expired. Locker 1: waited for lock\nmore"))
        .isEqualTo("Lock expired. Locker 1: waited for lock");
    assertThat(BerkeleyFailures.firstLine(null)).isEqualTo("no message");
    assertThat(BerkeleyFailures.firstLine("plain")).isEqualTo("plain");
  }

  @Test
  void aRefusedSettingIsOneLineNamingTheEnvironment() {
    ConfigException e = BerkeleyFailures.refusedSetting(Path.of("/tmp/env"),
        new IllegalArgumentException("(JE 18.3.12) je.maxMemory is larger than the heap\n\tat x"));
    assertThat(e.getMessage()).isEqualTo(
        "berkeleydb: JE refuses the configuration of environment /tmp/env: je.maxMemory is larger than the heap");
  }
}
