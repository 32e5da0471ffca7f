package dev.ycsbdriver.spi;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class ServerLocationTest {
  @Test
  void loopbackHostIsSampledByProcessName() {
    assertThat(ServerLocation.ofHost("127.0.0.1", "postgres"))
        .isEqualTo(new ServerLocation.LocalProcesses(List.of("postgres")));
    assertThat(ServerLocation.ofHost("localhost", "mariadbd", "mysqld"))
        .isEqualTo(new ServerLocation.LocalProcesses(List.of("mariadbd", "mysqld")));
  }

  @Test
  void otherHostsCannotBeSampledAndSayWhy() {
    assertThat(ServerLocation.ofHost("192.0.2.1", "postgres"))
        .isEqualTo(new ServerLocation.Unknown("server 192.0.2.1 is not on this machine; its CPU is not sampled"));
    assertThat(ServerLocation.ofHost("no-such-host.invalid", "postgres"))
        .isEqualTo(new ServerLocation.Unknown("server host no-such-host.invalid cannot be resolved"));
  }
}
