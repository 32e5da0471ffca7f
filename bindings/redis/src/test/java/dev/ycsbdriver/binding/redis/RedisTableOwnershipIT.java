package dev.ycsbdriver.binding.redis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ycsbdriver.testing.CliRun;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;

/**
 * A table name whose keys hold a user's data is refused before anything is written (exit 2, one line), against
 * the Redis on 127.0.0.1:6379 of {@link RedisIT}, with key names of this test's own ({@code i35own_*}).
 */
class RedisTableOwnershipIT {
  private static final Path TARGET = Path.of("target").toAbsolutePath();
  private Jedis jedis;

  @BeforeEach
  void connect() {
    jedis = new Jedis("127.0.0.1", 6379);
    jedis.auth(PrivateRedis.USER, PrivateRedis.PASSWORD);
    clean();
  }

  @AfterEach
  void disconnect() {
    clean();
    jedis.close();
  }

  private void clean() {
    Set<String> keys = jedis.keys("i35own_*");
    if (!keys.isEmpty()) {
      jedis.del(keys.toArray(String[]::new));
    }
  }

  @Test
  void tableWhoseIndexKeyIsAUsersStringIsRefusedAndNothingIsWritten() {
    jedis.set("i35own_k", "mine");
    assertRefused(load("i35own_k"), "got key i35own_k holding a string");
    assertRefused(load("i35own_k", "droptable=true"), "got key i35own_k holding a string");
    assertThat(jedis.get("i35own_k")).isEqualTo("mine");
    assertThat(jedis.keys("i35own_k:*")).isEmpty();
  }

  @Test
  void tableWhosePrefixHoldsUsersKeysIsRefusedAndNothingIsWritten() {
    jedis.set("i35own_p:user1", "mine");
    assertRefused(load("i35own_p"), "got no index key i35own_p but key i35own_p:user1 under its prefix");
    assertThat(jedis.exists("i35own_p")).isFalse();
    assertThat(jedis.keys("i35own_p:*")).containsExactly("i35own_p:user1");
  }

  @Test
  void usersSortedSetIsNotDroppedWithTheKeysItNames() {
    jedis.zadd("i35own_z", 1, "a");
    jedis.hset("i35own_z:a", Map.of("owner", "me"));
    assertRefused(load("i35own_z", "droptable=true"), "holding a sorted set without the binding's marker");
    assertThat(jedis.hget("i35own_z:a", "owner")).isEqualTo("me");
    assertThat(jedis.zcard("i35own_z")).isEqualTo(1);
  }

  @Test
  void theBindingsOwnTableIsDroppedAndLoadedAgain() {
    CliRun first = load("i35own_t");
    assertThat(first.exitCode()).as(first.toString()).isZero();
    CliRun again = load("i35own_t", "droptable=true");
    assertThat(again.exitCode()).as(again.toString()).isZero();
    assertThat(jedis.zcard("i35own_t")).isEqualTo(6);
  }

  private static void assertRefused(CliRun run, String got) {
    assertThat(run.exitCode()).as(run.toString()).isEqualTo(2);
    List<String> errors = run.errLines().stream().filter(l -> l.startsWith("ycsb: ")).toList();
    assertThat(errors).as(run.toString()).singleElement().asString()
        .startsWith("ycsb: table: the redis keys ").contains(got).endsWith("choose another table name");
  }

  private static CliRun load(String table, String... more) {
    List<String> properties = new ArrayList<>(List.of("redis.host=127.0.0.1", "redis.port=6379",
        "redis.user=" + PrivateRedis.USER, "redis.password=" + PrivateRedis.PASSWORD, "recordcount=5",
        "table=" + table, "result.dir=" + TARGET.resolve("ownership-results"),
        "restore.journal.dir=" + TARGET.resolve("it-journal")));
    properties.addAll(List.of(more));
    return CliRun.of(CliRun.args("load", "redis", "workloada", properties.toArray(String[]::new)));
  }
}
