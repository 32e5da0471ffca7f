package dev.ycsbdriver.binding.redis;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ycsbdriver.testing.BindingContract;
import dev.ycsbdriver.testing.CliRun;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;

/**
 * The redis binding under the contract, against the Redis on 127.0.0.1:6379 as the ACL user {@code ycsb}
 * ({@code scripts/services/redis.sh} starts the server and creates the user). The profiles change the server's
 * {@code appendonly} and {@code appendfsync} for each run and restore them when it ends; the test checks they are
 * back.
 */
class RedisIT extends BindingContract {
  private static final String HOST = "127.0.0.1";
  private static final int PORT = 6379;

  @Override
  protected String bindingName() {
    return "redis";
  }

  @Override
  protected Map<String, String> connection() {
    return Map.of("redis.host", HOST, "redis.port", Integer.toString(PORT), "redis.user", PrivateRedis.USER,
        "redis.password", PrivateRedis.PASSWORD, "restore.journal.dir", "target/it-journal");
  }

  @Override
  protected Map<String, Map<String, String>> profileReadBack() {
    Map<String, Map<String, String>> profiles = new LinkedHashMap<>();
    profiles.put("durable", Map.of("appendonly", "yes", "appendfsync", "always", "aof_enabled", "1"));
    profiles.put("fast", Map.of("appendonly", "yes", "appendfsync", "no", "aof_enabled", "1"));
    return profiles;
  }

  @Override
  protected Map<String, String> unreachable() {
    return Map.of("redis.port", "1");
  }

  @Override
  protected String unreachableMessage() {
    return "redis: cannot connect to 127.0.0.1:1/0 (connection refused); is the server running?";
  }

  @Override
  protected Map<String, String> badCredentials() {
    return Map.of("redis.password", "not-the-redis-secret");
  }

  @Override
  protected String badCredentialsMessage() {
    return "redis: authentication failed at 127.0.0.1:6379/0 as user ycsb: WRONGPASS";
  }

  private static Map<String, String> config(Jedis j) {
    Map<String, String> c = new HashMap<>();
    c.putAll(j.configGet("appendonly"));
    c.putAll(j.configGet("appendfsync"));
    return c;
  }

  @Test
  void profilesRestoreTheServersSettingsWhenTheRunEnds() throws Exception {
    try (Jedis j = new Jedis(HOST, PORT)) {
      Map<String, String> before = config(j);
      cli("load", "workloadc", Map.of("recordcount", "50", "droptable", "true"));
      CliRun run = cli("run", "workloada", Map.of("recordcount", "50", "operationcount", "100", "profile", "durable"));
      assertThat(run.exitCode()).as(run.toString()).isZero();
      JsonNode server = result(run).path("server");
      assertThat(server.path("version").asText()).isEqualTo(j.info("server").lines()
          .filter(l -> l.startsWith("redis_version:")).findFirst().orElseThrow().substring("redis_version:".length()));
      assertThat(server.path("settings").path("config_rewrite").asText()).isEqualTo("false");
      assertThat(config(j)).as("appendonly and appendfsync after the run").isEqualTo(before);
    }
  }

  @Test
  void insertAndDeleteKeepTheScanIndexInStepWithTheRecords() throws Exception {
    DB db = db();
    Map<String, ByteIterator> values = Map.of("field0", new StringByteIterator("v"));
    assertThat(db.insert(TABLE, "k1", values)).isEqualTo(Status.OK);
    try (Jedis j = new Jedis(HOST, PORT)) {
      assertThat(j.hgetAll(TABLE + ":k1")).containsEntry("field0", "v");
      assertThat(j.zscore(TABLE, "k1")).isEqualTo((double) "k1".hashCode());
      assertThat(db.update(TABLE, "k2", values)).as("an update creates no record").isEqualTo(Status.NOT_FOUND);
      assertThat(j.exists(TABLE + ":k2")).isFalse();
      assertThat(db.delete(TABLE, "k1")).isEqualTo(Status.OK);
      assertThat(j.exists(TABLE + ":k1")).isFalse();
      assertThat(j.zscore(TABLE, "k1")).isNull();
      assertThat(j.zrange(TABLE, 0, -1)).as("only the table's marker is left").containsExactly("");
    }
  }
}
