package dev.ycsbdriver.binding.redis;

import dev.ycsbdriver.config.ConfigException;
import dev.ycsbdriver.config.Settings;
import dev.ycsbdriver.spi.support.NetworkTimeouts;
import java.time.Duration;
import redis.clients.jedis.ClientSetInfoConfig;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;

/**
 * Where and how to connect: one blocking Jedis connection per call of {@link #open()}.
 *
 * <p>The connect timeout bounds the TCP connect; the login timeout is the socket's read timeout during the
 * handshake ({@code AUTH}, {@code SELECT}) and the first {@code PING}; after that each reply may take up to the
 * socket timeout. Immutable and thread-safe; {@link #toString()} never shows the password.
 *
 * @param host the server's host
 * @param port its TCP port, 1 to 65535
 * @param user the ACL user, or null for the default user
 * @param password the password, or null for none
 * @param database the logical database, at least 0
 * @param timeouts connect, login and socket timeouts, 0 for none
 */
record RedisEndpoint(String host, int port, String user, String password, int database, NetworkTimeouts timeouts) {

  /**
   * @param s the run's settings
   * @return the endpoint the keys describe
   * @throws ConfigException for a malformed or out-of-range value (exit code 2)
   */
  static RedisEndpoint from(Settings s) throws ConfigException {
    String host = s.getTrimmed(RedisKeys.HOST);
    if (host == null || host.isEmpty()) {
      throw new ConfigException(RedisKeys.HOST.key() + ": must be a host name or address, got an empty value");
    }
    String user = s.getTrimmed(RedisKeys.USER);
    String password = s.getString(RedisKeys.PASSWORD);
    return new RedisEndpoint(host, s.getInt(RedisKeys.PORT), user == null || user.isEmpty() ? null : user,
        password == null || password.isEmpty() ? null : password, s.getInt(RedisKeys.DATABASE), timeouts(s));
  }

  /**
   * The three timeouts; {@code redis.timeout} (upstream YCSB's key, milliseconds) fills those not given.
   *
   * @throws ConfigException for a malformed or out-of-range value
   */
  static NetworkTimeouts timeouts(Settings s) throws ConfigException {
    NetworkTimeouts t = RedisKeys.TIMEOUTS.read(s);
    if (!s.contains(RedisKeys.TIMEOUT.key())) {
      return t;
    }
    Duration legacy = s.getDuration(RedisKeys.TIMEOUT, Duration.ZERO, NetworkTimeouts.MAX);
    NetworkTimeouts.Keys k = RedisKeys.TIMEOUTS;
    return new NetworkTimeouts(k, s.contains(k.connect().key()) ? t.connect() : legacy,
        s.contains(k.login().key()) ? t.login() : legacy, s.contains(k.socket().key()) ? t.socket() : legacy);
  }

  /** @return {@code host:port/database}, for messages */
  String server() {
    return host + ":" + port + "/" + database;
  }

  /**
   * Connects, authenticates, selects the database and checks the connection with {@code PING}.
   *
   * @return the connection; the caller closes it
   * @throws redis.clients.jedis.exceptions.JedisException when the server cannot be reached, refuses the credentials or does not answer in time
   */
  Jedis open() {
    DefaultJedisClientConfig.Builder b = DefaultJedisClientConfig.builder()
        .connectionTimeoutMillis(NetworkTimeouts.millis(timeouts.connect()))
        .socketTimeoutMillis(NetworkTimeouts.millis(timeouts.login()))
        .database(database).clientName("ycsb-driver")
        // CLIENT SETINFO exists from Redis 7.2 on; older servers answer it with an error
        .clientSetInfoConfig(ClientSetInfoConfig.DISABLED);
    if (user != null) {
      b.user(user);
    }
    if (password != null) {
      b.password(password);
    }
    Jedis jedis = new Jedis(new HostAndPort(host, port), b.build());
    try {
      jedis.ping();
      jedis.getConnection().setSoTimeout(NetworkTimeouts.millis(timeouts.socket()));
      return jedis;
    } catch (RuntimeException e) {
      jedis.close();
      throw e;
    }
  }

  @Override
  public String toString() {
    return "RedisEndpoint[" + server() + (user == null ? "" : " user " + user) + "]";
  }
}
