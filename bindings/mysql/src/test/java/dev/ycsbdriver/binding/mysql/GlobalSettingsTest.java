package dev.ycsbdriver.binding.mysql;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Which {@code sync_binlog} values say the server may have been left changed by another driver. */
class GlobalSettingsTest {
  @Test
  void mariadbsOwnDefaultIsNoSignOfALeftOverChange() {
    // a fresh MariaDB 10.11 started with --log-bin has sync_binlog=0, its default
    assertThat(GlobalSettings.looseSyncBinlog("10.11.19-MariaDB-0+deb12u1-log", "ON", "0")).isFalse();
    // MySQL's default is 1: 0 there was set by someone
    assertThat(GlobalSettings.looseSyncBinlog("8.0.36", "ON", "0")).isTrue();
    // another value than MariaDB's default, or its default on MySQL, is named
    assertThat(GlobalSettings.looseSyncBinlog("10.11.19-MariaDB-log", "1", "100")).isTrue();
    // without a binary log, sync_binlog changes nothing; durable values are not named
    assertThat(GlobalSettings.looseSyncBinlog("8.0.36", "OFF", "0")).isFalse();
    assertThat(GlobalSettings.looseSyncBinlog("8.0.36", "ON", "1")).isFalse();
    assertThat(GlobalSettings.looseSyncBinlog("8.0.36", "ON", "absent")).isFalse();
  }
}
