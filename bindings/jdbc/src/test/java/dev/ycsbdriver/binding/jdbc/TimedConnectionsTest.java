package dev.ycsbdriver.binding.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ycsbdriver.spi.support.NetworkTimeouts;
import java.net.SocketTimeoutException;
import java.sql.SQLException;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class TimedConnectionsTest {
  @Test
  void aParameterInTheUrlIsNotOverridden() {
    Properties props = new Properties();
    String url = "jdbc:mysql://h:3306/ycsb?useSSL=false&SocketTimeout=1000";
    assertThat(TimedConnections.putUnlessInUrl(props, url, "socketTimeout", "10000")).isFalse();
    assertThat(TimedConnections.putUnlessInUrl(props, url, "connectTimeout", "10000")).isTrue();
    assertThat(props).containsOnlyKeys("connectTimeout");
    assertThat(TimedConnections.urlValue(url, "socketTimeout")).isEqualTo("1000");
    assertThat(TimedConnections.urlSets("jdbc:postgresql://h/ycsb", "loginTimeout")).isFalse();
    assertThat(TimedConnections.urlSets("jdbc:postgresql://h/ycsb?xloginTimeout=3", "loginTimeout")).isFalse();
  }

  @Test
  void timeoutsAreToldApartByWhatTimedOut() {
    assertThat(TimedConnections.timedOut(new SQLException("link failure", "08S01",
        new SocketTimeoutException("Connect timed out")))).isEqualTo(NetworkTimeouts.Kind.CONNECT);
    assertThat(TimedConnections.timedOut(new SQLException("link failure", "08S01",
        new RuntimeException(new SocketTimeoutException("Read timed out"))))).isEqualTo(NetworkTimeouts.Kind.LOGIN);
    assertThat(TimedConnections.timedOut(new SQLException("Connection attempt timed out.", "08001")))
        .isEqualTo(NetworkTimeouts.Kind.LOGIN);
    assertThat(TimedConnections.timedOut(new SQLException("password authentication failed", "28P01"))).isNull();
  }
}
