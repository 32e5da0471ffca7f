package dev.ycsbdriver.spi.support;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class SettingsOwnerTest {
  @Test
  void theFirstHolderTakesTheServersLockAndTheLastReleasesIt() {
    AtomicInteger released = new AtomicInteger();
    String server = "redis redis-id-" + System.nanoTime() + ".json";

    assertThat(SettingsOwner.enter(server)).as("the first takes the lock in the server").isTrue();
    SettingsOwner.hold(server, released::incrementAndGet);
    assertThat(SettingsOwner.enter(server)).as("a second binding of this process relies on it").isFalse();
    SettingsOwner.leave(server); // the first ends before the second
    assertThat(released).as("still held for the second").hasValue(0);
    SettingsOwner.leave(server);
    assertThat(released).hasValue(1);
    assertThat(SettingsOwner.enter(server)).as("free again").isTrue();
    SettingsOwner.leave(server);
    assertThat(released).as("nothing held this time").hasValue(1);
  }

  @Test
  void theDescriptionNamesThisProcessAndTheDriverThatStartedIt() {
    String plain = SettingsOwner.describe();
    assertThat(plain).startsWith("ycsb-driver pid " + ProcessHandle.current().pid() + " on ").hasSizeLessThanOrEqualTo(63);
    System.setProperty("ycsb.parent.pid", "4242");
    try {
      assertThat(SettingsOwner.describe()).endsWith(" for pid 4242").hasSizeLessThanOrEqualTo(63);
    } finally {
      System.clearProperty("ycsb.parent.pid");
    }
  }
}
