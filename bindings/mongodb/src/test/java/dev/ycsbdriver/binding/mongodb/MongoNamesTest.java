package dev.ycsbdriver.binding.mongodb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ycsbdriver.config.ConfigException;
import dev.ycsbdriver.config.Phase;
import dev.ycsbdriver.config.Settings;
import dev.ycsbdriver.spi.BindingContext;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class MongoNamesTest {
  /** A port nothing listens on: a check that ran after connecting would end in a BindingException instead. */
  private static final String NO_SERVER = "mongodb://127.0.0.1:1/?serverSelectionTimeoutMS=200&connectTimeoutMS=200";

  @TempDir
  Path dir;

  @ParameterizedTest
  @ValueSource(strings = {"a.b", "", "a$b", "a/b", "a\\b", "a b", "a\"b", "a\0b", "a:b", "admin", "local", "Config",
      "d234567890123456789012345678901234567890123456789012345678901234"})
  void databaseNameMongoDbRefusesIsAConfigurationErrorBeforeConnecting(String database) {
    assertThatThrownBy(() -> open(Map.of("mongodb.database", database)))
        .isInstanceOf(ConfigException.class)
        .hasMessageStartingWith("mongodb.database: ")
        .hasMessageNotContaining("\n")
        .hasMessageNotContaining("\0");
  }

  @ParameterizedTest
  @ValueSource(strings = {"system.users", "system.profile", "a$b", ""})
  void collectionNameMongoDbReservesOrRefusesIsAConfigurationErrorBeforeConnecting(String table) {
    assertThatThrownBy(() -> open(Map.of("table", table)))
        .isInstanceOf(ConfigException.class)
        .hasMessageStartingWith("table: ");
  }

  @Test
  void databaseNameOfSixtyFourBytesIsRefusedWithItsLength() {
    String name = "d".repeat(62) + "é";
    assertThatThrownBy(() -> MongoNames.checkDatabase("mongodb.database", name))
        .hasMessageContaining("at most 63 bytes in UTF-8 (this one is 64), got '");
  }

  @Test
  void namespaceLongerThan255BytesIsRefused() {
    assertThatThrownBy(() -> MongoNames.checkCollection("table", "ycsb", "t".repeat(251)))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("at most 255 bytes in UTF-8 (this one is 256)");
  }

  @Test
  void validNamesPass() throws ConfigException {
    MongoNames.checkDatabase("mongodb.database", "d".repeat(63));
    MongoNames.checkDatabase("mongodb.database", "ycsb_it-2");
    MongoNames.checkCollection("table", "ycsb", "usertable");
    MongoNames.checkCollection("table", "ycsb", "bench.usertable");
    MongoNames.checkCollection("table", "ycsb", "t".repeat(250));
  }

  @Test
  void validNamesGoOnToConnect() {
    assertThatThrownBy(() -> open(Map.of("mongodb.database", "ycsb_names_test")))
        .isNotInstanceOf(ConfigException.class);
  }

  private void open(Map<String, String> given) throws Exception {
    Map<String, String> values = new HashMap<>(Map.of("mongodb.url", NO_SERVER));
    values.putAll(given);
    new MongoBindingProvider().open(new BindingContext(Settings.of(values), Phase.RUN, 1, dir, null)).close();
  }
}
