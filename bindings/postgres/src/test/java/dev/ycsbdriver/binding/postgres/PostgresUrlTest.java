package dev.ycsbdriver.binding.postgres;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ycsbdriver.config.ConfigException;
import dev.ycsbdriver.config.Phase;
import dev.ycsbdriver.config.Settings;
import dev.ycsbdriver.spi.BindingContext;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** URL options pgjdbc refuses are configuration errors (exit 2), found before connecting (the port is closed). */
class PostgresUrlTest {
  @TempDir
  Path dir;

  @Test
  void unknownSslmodeIsAConfigurationErrorWithoutThePassword() {
    assertThatThrownBy(() -> open("jdbc:postgresql://u:s3cret@127.0.0.1:1/ycsb?sslmode=bogus&password=s3cret"))
        .isInstanceOf(ConfigException.class)
        .hasMessageStartingWith("postgres.url: Invalid sslmode value: bogus, in 'jdbc:postgresql://")
        .hasMessageNotContaining("s3cret");
  }

  @Test
  void unknownGssEncModeIsAConfigurationError() {
    assertThatThrownBy(() -> open("jdbc:postgresql://127.0.0.1:1/ycsb?gssEncMode=bogus"))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("bogus");
  }

  @Test
  void validSslmodeGoesOnToConnect() {
    assertThatThrownBy(() -> open("jdbc:postgresql://127.0.0.1:1/ycsb?sslmode=disable"))
        .isNotInstanceOf(ConfigException.class);
  }

  private void open(String url) throws Exception {
    new PostgresBindingProvider().open(new BindingContext(Settings.of(Map.of("postgres.url", url,
        "postgres.login.timeout", "1s", "restore.journal.dir", dir.toString())), Phase.LOAD, 1, dir, null)).close();
  }
}
