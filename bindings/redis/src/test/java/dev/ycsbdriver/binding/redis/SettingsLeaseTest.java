package dev.ycsbdriver.binding.redis;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class SettingsLeaseTest {
  private static final long SELF = ProcessHandle.current().pid();
  private static final String ME = "ycsb-driver pid " + SELF + " on host-a";

  @Test
  void aKeyOfALiveDriverOfThisOrAnotherMachineIsHeld() throws Exception {
    Process live = new ProcessBuilder("sleep", "60").start();
    try {
      assertThat(SettingsLease.stale("ycsb-driver pid " + live.pid() + " on host-a #0123abcd", ME)).isFalse();
      assertThat(SettingsLease.stale("ycsb-driver pid " + live.pid() + " on host-a for pid 1 #0123abcd", ME)).isFalse();
      assertThat(SettingsLease.stale("ycsb-driver pid 1 on host-b #0123abcd", ME)).as("another machine's").isFalse();
      assertThat(SettingsLease.stale("not a driver's key", ME)).isFalse();
    } finally {
      live.destroy();
      live.waitFor(10, TimeUnit.SECONDS);
    }
  }

  @Test
  void aKeyOfAnEndedDriverOfThisMachineOrOfADriverThisOneStartedIsTakenOver() throws Exception {
    Process ended = new ProcessBuilder("true").start();
    assertThat(ended.waitFor(10, TimeUnit.SECONDS)).isTrue();
    Process writer = new ProcessBuilder("sleep", "60").start();
    try {
      assertThat(SettingsLease.stale("ycsb-driver pid " + ended.pid() + " on host-a #0123abcd", ME)).isTrue();
      assertThat(SettingsLease.stale("ycsb-driver pid " + writer.pid() + " on host-a for pid " + SELF + " #0123abcd", ME))
          .as("a crash test's writer, started by this driver").isTrue();
      assertThat(SettingsLease.stale("ycsb-driver pid " + ended.pid() + " on host-b #0123abcd", ME))
          .as("a pid of another machine says nothing here").isFalse();
    } finally {
      writer.destroy();
      writer.waitFor(10, TimeUnit.SECONDS);
    }
  }
}
