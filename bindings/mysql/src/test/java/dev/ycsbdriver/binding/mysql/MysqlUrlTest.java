package dev.ycsbdriver.binding.mysql;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ycsbdriver.config.ConfigException;
import dev.ycsbdriver.config.Phase;
import dev.ycsbdriver.config.Settings;
import dev.ycsbdriver.spi.BindingContext;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A URL that Connector/J does not take is a configuration error (exit 2), found before connecting. */
class MysqlUrlTest {
  @TempDir
  Path dir;

  @Test
  void mariadbSchemeIsAConfigurationErrorWithTheUrlToWriteInstead() {
    assertThatThrownBy(() -> open("jdbc:mariadb://127.0.0.1:1/ycsb"))
        .isInstanceOf(ConfigException.class)
        .hasMessage("mysql.url: must start with jdbc:mysql: (the binding connects through MySQL Connector/J, to MySQL "
            + "and MariaDB alike), got 'jdbc:mariadb://127.0.0.1:1/ycsb'; write 'jdbc:mysql://127.0.0.1:1/ycsb'");
  }

  @Test
  void mariadbSchemeWithAPasswordDoesNotShowIt() {
    assertThatThrownBy(() -> open("jdbc:mariadb://127.0.0.1:1/ycsb?user=u&password=s3cret"))
        .isInstanceOf(ConfigException.class)
        .hasMessageNotContaining("s3cret");
  }

  @Test
  void mysqlSchemeGoesOnToConnect() {
    assertThatThrownBy(() -> open("jdbc:mysql://127.0.0.1:1/ycsb"))
        .isNotInstanceOf(ConfigException.class);
  }

  private void open(String url) throws Exception {
    new MysqlBindingProvider().open(new BindingContext(Settings.of(Map.of("mysql.url", url, "mysql.login.timeout",
        "1s", "restore.journal.dir", dir.toString())), Phase.LOAD, 1, dir, null)).close();
  }
}
