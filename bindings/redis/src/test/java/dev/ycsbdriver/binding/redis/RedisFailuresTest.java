package dev.ycsbdriver.binding.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ycsbdriver.config.ConfigException;
import dev.ycsbdriver.config.Settings;
import dev.ycsbdriver.result.model.Warning;
import java.net.ConnectException;
import java.net.SocketTimeoutException;
import java.util.Map;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.exceptions.JedisAccessControlException;
import redis.clients.jedis.exceptions.JedisConnectionException;

class RedisFailuresTest {
  private static RedisEndpoint endpoint(Map<String, String> p) throws ConfigException {
    return RedisEndpoint.from(Settings.of(p));
  }

  @Test
  void aRefusedConnectHiddenInJedisSuppressedExceptionsSaysConnectionRefused() throws Exception {
    JedisConnectionException e = new JedisConnectionException("Failed to connect to 127.0.0.1:1.");
    e.addSuppressed(new JedisConnectionException(new ConnectException("Connection refused")));
    assertThat(RedisFailures.startFailure(endpoint(Map.of("redis.port", "1")), e).getMessage())
        .isEqualTo("redis: cannot connect to 127.0.0.1:1/0 (connection refused); is the server running?");
  }

  @Test
  void aReadTimeoutDuringTheHandshakeNamesTheLoginTimeoutKey() throws Exception {
    JedisConnectionException e = new JedisConnectionException(new SocketTimeoutException("Read timed out"));
    assertThat(RedisFailures.startFailure(endpoint(Map.of("redis.login.timeout", "2s")), e).getMessage())
        .isEqualTo("redis: no answer from 127.0.0.1:6379/0 within redis.login.timeout=2s; "
            + "is the server running and reachable?");
  }

  @Test
  void wrongPasswordNamesTheUserAndNeverThePassword() throws Exception {
    RedisEndpoint ep = endpoint(Map.of("redis.user", "ycsb", "redis.password", "s3cret-pw"));
    String message = RedisFailures.startFailure(ep, new JedisAccessControlException(
        "WRONGPASS invalid username-password pair or user is disabled.")).getMessage();
    assertThat(message).startsWith("redis: authentication failed at 127.0.0.1:6379/0 as user ycsb: WRONGPASS")
        .doesNotContain("s3cret-pw");
    assertThat(ep.toString()).doesNotContain("s3cret-pw");
  }

  @Test
  void upstreamsSingleTimeoutFillsTheKeysNotGiven() throws Exception {
    RedisEndpoint ep = endpoint(Map.of("redis.timeout", "1500", "redis.socket.timeout", "30s"));
    assertThat(ep.timeouts().connect().toMillis()).isEqualTo(1500);
    assertThat(ep.timeouts().login().toMillis()).isEqualTo(1500);
    assertThat(ep.timeouts().socket().toSeconds()).isEqualTo(30);
  }

  @Test
  void theBackoffMustFitInHalfTheStopTimeout() throws Exception {
    assertThat(RedisBindingProvider.backoff(Settings.of(Map.of("stop.timeout", "2s"))).maxNanos())
        .as("the default yields").isEqualTo(1_000_000_000L);
    assertThatThrownBy(() -> RedisBindingProvider.backoff(Settings.of(Map.of("stop.timeout", "2s",
        "redis.reconnect.backoff.max", "5s")))).isInstanceOf(ConfigException.class)
        .hasMessageStartingWith("redis.reconnect.backoff.max: must be at most half of stop.timeout (2000ms), got 5000ms");
  }

  @Test
  void infoFieldsAndWarningsAreReadFromTheReplyText() {
    String info = "# Persistence\r\nloading:0\r\naof_enabled:1\r\naof_rewrite_in_progress:0\r\n";
    assertThat(ServerInfo.field(info, "aof_enabled")).isEqualTo("1");
    assertThat(ServerInfo.field(info, "nosuch")).isNull();
    assertThat(ServerInfo.warnings(Map.of("appendonly", "no", "save", "3600 1", "maxmemory", "0"), false))
        .singleElement().satisfies(w -> {
          assertThat(w.code()).isEqualTo(Warning.Code.NOT_DURABLE);
          assertThat(w.text()).startsWith("redis: appendonly is no");
        });
    assertThat(ServerInfo.warnings(Map.of("appendonly", "yes", "no-appendfsync-on-rewrite", "no", "maxmemory", "0"),
        true)).singleElement().extracting(Warning::text).asString().contains("redis.config.rewrite=true");
  }

  @Test
  void theScanScoreIsTheKeysJavaHashAsUpstreamYcsbUsesIt() {
    assertThat(RecordLayout.score("user13")).isEqualTo("user13".hashCode());
    assertThat(RecordLayout.score("user13")).isLessThan(RecordLayout.score("user14"));
    assertThat(new RecordLayout("usertable").recordKey("user1")).isEqualTo("usertable:user1");
  }
}
