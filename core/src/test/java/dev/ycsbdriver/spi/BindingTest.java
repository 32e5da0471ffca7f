package dev.ycsbdriver.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ycsbdriver.config.ConfigException;
import dev.ycsbdriver.testing.NoOpDb;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class BindingTest {
  @Test
  void aComposedBindingHandsOutItsPartsAndReleasesOnce() {
    AtomicInteger made = new AtomicInteger();
    AtomicInteger released = new AtomicInteger();
    ServerFacts facts = ServerFacts.unknown();
    Binding binding = Binding.of(() -> {
      made.incrementAndGet();
      return new NoOpDb();
    }, ServerLocation.embedded(), facts, released::incrementAndGet);

    assertThat(binding.newDb()).isNotSameAs(binding.newDb());
    assertThat(made).hasValue(2);
    assertThat(binding.serverLocation()).isEqualTo(ServerLocation.embedded());
    assertThat(binding.serverFacts()).isSameAs(facts);
    binding.close();
    binding.close();
    assertThat(released).hasValue(1);
  }

  @Test
  void aComposedBindingRunsItsCrashTestCheck() throws Exception {
    Binding plain = Binding.of(NoOpDb::new, ServerLocation.embedded(), ServerFacts.unknown(), () -> { });
    plain.checkCrashTest();
    Binding refusing = Binding.of(NoOpDb::new, ServerLocation.embedded(), ServerFacts.unknown(), () -> { }, () -> {
      throw new ConfigException("redis: appendonly: must be yes in the config file");
    });
    assertThatThrownBy(refusing::checkCrashTest).isInstanceOf(ConfigException.class)
        .hasMessage("redis: appendonly: must be yes in the config file");
  }

  @Test
  void aMissingPartIsRefusedWhenTheBindingIsMade() {
    assertThatThrownBy(() -> Binding.of(NoOpDb::new, ServerLocation.embedded(), null, () -> { }))
        .isInstanceOf(NullPointerException.class).hasMessage("facts");
  }
}
