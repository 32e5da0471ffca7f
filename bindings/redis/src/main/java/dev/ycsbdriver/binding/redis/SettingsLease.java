package dev.ycsbdriver.binding.redis;

import dev.ycsbdriver.spi.support.SettingsOwner;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.exceptions.JedisException;
import redis.clients.jedis.params.SetParams;

/**
 * The lock in a Redis server that one driver at a time holds while it changes the server's settings with
 * {@code CONFIG SET}: the key {@value #KEY} in database 0, set with {@code SET NX PX} to the holder's
 * {@link SettingsOwner#describe() description} and a random token, renewed every third of its lease by a
 * daemon thread on a connection of its own, and deleted (if still its own) by {@link #close()}. A driver
 * killed with {@code kill -9} stops renewing it, so the key expires after {@link #LEASE_MILLIS}. A key left by
 * a driver of this machine that no longer runs, or by a driver this one started (a crash test's writer, which
 * names its parent), is taken over at once.
 *
 * <p>Thread-safe.
 */
final class SettingsLease implements AutoCloseable {
  /** The key, in database 0 whatever {@code redis.database} is, as the settings belong to the whole server. */
  static final String KEY = "ycsb-driver:server-settings";
  /** How long the key outlives its last renewal, in milliseconds. */
  static final long LEASE_MILLIS = 15_000;
  private static final Pattern OWNER = Pattern.compile("ycsb-driver pid (\\d+) on (.+?)(?: for pid (\\d+))? #[0-9a-f]+");
  private static final String RENEW = "if redis.call('get', KEYS[1]) == ARGV[1] then "
      + "return redis.call('pexpire', KEYS[1], ARGV[2]) "
      + "elseif redis.call('exists', KEYS[1]) == 0 then "
      + "redis.call('set', KEYS[1], ARGV[1], 'PX', ARGV[2]) return 1 else return 0 end";
  private static final String RELEASE = "if redis.call('get', KEYS[1]) == ARGV[1] then "
      + "return redis.call('del', KEYS[1]) else return 0 end";

  private final RedisEndpoint endpoint;
  private final String token;
  private final Thread renewer;
  private Jedis connection;
  private volatile boolean closed;

  private SettingsLease(RedisEndpoint endpoint, String token, Jedis connection) {
    this.endpoint = endpoint;
    this.token = token;
    this.connection = connection;
    this.renewer = new Thread(this::renewWhileHeld, "ycsb-redis-settings-lease");
    this.renewer.setDaemon(true);
  }

  /**
   * What {@link #take} found.
   *
   * @param lease the lease now held, or null
   * @param holder who holds the key when {@code lease} is null (its value); empty when the lease is held
   * @param unguarded why the server cannot hold the lock (no right to {@code SET} the key or run scripts), when
   *     neither is set; the run then relies on the journal of this machine alone
   */
  record Taken(SettingsLease lease, Optional<String> holder, Optional<String> unguarded) {
  }

  /**
   * Sets the key unless another live driver holds it.
   *
   * @param endpoint the server
   * @return the lease, the holder, or why the server cannot hold it
   * @throws JedisException when the server cannot be reached
   */
  static Taken take(RedisEndpoint endpoint) {
    Jedis jedis = endpoint.open();
    try {
      jedis.select(0);
      String token = SettingsOwner.describe() + " #" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
      for (int attempt = 0; attempt < 2; attempt++) {
        if ("OK".equals(jedis.set(KEY, token, SetParams.setParams().nx().px(LEASE_MILLIS)))) {
          SettingsLease lease = new SettingsLease(endpoint, token, jedis);
          lease.renewer.start();
          return new Taken(lease, Optional.empty(), Optional.empty());
        }
        String holder = jedis.get(KEY);
        if (holder == null || !stale(holder, SettingsOwner.describe())) {
          if (holder != null) {
            long ttlMillis = Math.max(0, jedis.pttl(KEY));
            jedis.close();
            return new Taken(null, Optional.of(holder + " (key " + KEY + ", lease ends in " + (ttlMillis + 999) / 1000
                + " s unless renewed)"), Optional.empty());
          }
          continue; // released between SET and GET
        }
        jedis.eval(RELEASE, List.of(KEY), List.of(holder));
      }
      jedis.close();
      return new Taken(null, Optional.of("a driver whose key " + KEY + " comes and goes; try again"), Optional.empty());
    } catch (redis.clients.jedis.exceptions.JedisDataException e) {
      jedis.close();
      return new Taken(null, Optional.empty(), Optional.of(RedisFailures.firstLine(e.getMessage())));
    } catch (RuntimeException e) {
      jedis.close();
      throw e;
    }
  }

  /**
   * @param holder the key's value
   * @param self this driver's {@link SettingsOwner#describe()}
   * @return true when {@code holder} names a driver of this machine that no longer runs, or one this driver started
   *     (a crash test's writer, ended or ending when the test reopens the store)
   */
  static boolean stale(String holder, String self) {
    Matcher theirs = OWNER.matcher(holder);
    Matcher ours = OWNER.matcher(self + " #0");
    if (!theirs.matches() || !ours.matches() || !ours.group(2).equals(theirs.group(2))) {
      return false;
    }
    long pid = Long.parseLong(theirs.group(1));
    return ProcessHandle.of(pid).map(h -> !h.isAlive()).orElse(true) || ours.group(1).equals(theirs.group(3));
  }

  private void renewWhileHeld() {
    while (!closed) {
      try {
        Thread.sleep(LEASE_MILLIS / 3);
      } catch (InterruptedException e) {
        return;
      }
      synchronized (this) {
        if (closed) {
          return;
        }
        try {
          if (connection == null) {
            connection = endpoint.open();
            connection.select(0);
          }
          connection.eval(RENEW, List.of(KEY), List.of(token, Long.toString(LEASE_MILLIS)));
        } catch (JedisException | IllegalStateException e) {
          closeConnection(); // the server restarts, or the network broke: a fresh connection on the next tick
        }
      }
    }
  }

  private void closeConnection() {
    if (connection != null) {
      try {
        connection.close();
      } catch (RuntimeException ignored) {
        // already broken
      }
      connection = null;
    }
  }

  /** Stops renewing and deletes the key if it is still this driver's; never throws. */
  @Override
  public void close() {
    closed = true;
    renewer.interrupt();
    synchronized (this) {
      try {
        if (connection == null) {
          connection = endpoint.open();
          connection.select(0);
        }
        connection.eval(RELEASE, List.of(KEY), List.of(token));
      } catch (JedisException | IllegalStateException e) {
        // the key expires after its lease
      } finally {
        closeConnection();
      }
    }
  }
}
