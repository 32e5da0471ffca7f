package dev.ycsbdriver.binding.redis;

import dev.ycsbdriver.config.PropertySpec;
import dev.ycsbdriver.spi.support.NetworkTimeouts;
import dev.ycsbdriver.spi.support.RestoreJournal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The keys of the {@code redis} binding, each declared once with its kind, unit, range and default.
 *
 * <p>Stateless.
 */
final class RedisKeys {
  static final PropertySpec HOST = PropertySpec.of("redis.host", "127.0.0.1", "", "server host name or address");
  static final PropertySpec PORT = PropertySpec.of("redis.port", "6379", "", "server TCP port, 1 to 65535")
      .integer(1, 65535);
  static final PropertySpec USER = PropertySpec.optional("redis.user", "",
      "ACL user name (Redis 6+); without it the password authenticates the default user");
  static final PropertySpec PASSWORD = PropertySpec.optional("redis.password", "",
      "password of redis.user (or of the default user, requirepass); masked in every output");
  static final PropertySpec DATABASE = PropertySpec.of("redis.database", "0", "",
      "logical database number (SELECT), 0 to 15 on a default server").integer(0, 1_000_000);
  /**
   * {@code redis.connect.timeout}, {@code redis.login.timeout}, {@code redis.socket.timeout}: the TCP connect, the
   * start-up handshake (AUTH, SELECT and the first command) and each reply afterwards.
   */
  static final NetworkTimeouts.Keys TIMEOUTS = NetworkTimeouts.Keys.of("redis");
  /** Upstream YCSB's single Jedis timeout in milliseconds: read when given alone for all three timeouts. */
  static final PropertySpec TIMEOUT = PropertySpec.optional("redis.timeout", "ms",
      "upstream YCSB's name: one timeout in milliseconds for connect, login and each reply; the three keys above win")
      .duration(Duration.ZERO, NetworkTimeouts.MAX);
  static final PropertySpec BACKOFF_INITIAL = PropertySpec.of("redis.reconnect.backoff.initial", "100ms", "ms",
      "after a client thread's connection broke: wait before its first reconnect attempt; doubles after each failed "
          + "attempt; 1ms to 1m").duration(Duration.ofMillis(1), Duration.ofMinutes(1));
  static final PropertySpec BACKOFF_MAX = PropertySpec.of("redis.reconnect.backoff.max", "2s", "ms",
      "largest wait between reconnect attempts, at most half of stop.timeout (the default yields to a shorter one); "
          + "operations due meanwhile fail as ERROR after the wait, so a dead server is no error storm")
      .duration(Duration.ofMillis(1), Duration.ofMinutes(1));
  static final PropertySpec APPENDONLY = PropertySpec.optional("redis.appendonly", "",
      "CONFIG SET appendonly for the run (yes: append-only file on), restored afterwards; set by the profiles")
      .choice("yes", "no");
  static final PropertySpec APPENDFSYNC = PropertySpec.optional("redis.appendfsync", "",
      "CONFIG SET appendfsync for the run (always: fsync before each reply; everysec; no: the OS flushes), restored "
          + "afterwards; set by the profiles").choice("always", "everysec", "no");
  static final PropertySpec CONFIG_REWRITE = PropertySpec.of("redis.config.rewrite", "false", "",
      "after CONFIG SET (and after restoring) also CONFIG REWRITE the server's config file, so that a redis-server "
          + "restarted from its command line (bin/ycsb crashtest) starts with the profile and loads its AOF; needs a "
          + "server started with a config file").flag();
  static final PropertySpec PROFILE_TIMEOUT = PropertySpec.of("redis.profile.timeout", "60s", "s",
      "longest wait, after CONFIG SET appendonly yes, for the server's first AOF rewrite to end (the AOF is in force "
          + "only then); 1s to 1h").duration(Duration.ofSeconds(1), NetworkTimeouts.MAX);
  static final PropertySpec PROFILE_STRICT = PropertySpec.of("profile.strict", "true", "",
      "fail (exit code 3) when the profile's server-wide settings cannot be set; false warns and records what is in "
          + "force").flag();
  static final PropertySpec DROP_TABLE = PropertySpec.of("droptable", "false", "",
      "delete the table's records and scan index before the phase starts").flag();
  static final PropertySpec CREATE_TABLE = PropertySpec.of("createtable", "false", "",
      "mark the table as existing before the phase starts (a load marks it too); bin/ycsb crashtest sets it so "
          + "its run-phase writer finds the table").flag();

  /** Every key, in the order {@code bin/ycsb bindings} shows them. */
  static final List<PropertySpec> ALL = all();

  private RedisKeys() {
  }

  private static List<PropertySpec> all() {
    List<PropertySpec> all = new ArrayList<>(List.of(HOST, PORT, USER, PASSWORD, DATABASE));
    all.addAll(TIMEOUTS.all());
    all.addAll(List.of(TIMEOUT, BACKOFF_INITIAL, BACKOFF_MAX, APPENDONLY, APPENDFSYNC, CONFIG_REWRITE,
        PROFILE_TIMEOUT, PROFILE_STRICT, RestoreJournal.DIR, DROP_TABLE, CREATE_TABLE));
    return List.copyOf(all);
  }
}
