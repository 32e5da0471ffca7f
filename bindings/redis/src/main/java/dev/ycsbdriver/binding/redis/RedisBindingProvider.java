package dev.ycsbdriver.binding.redis;

import dev.ycsbdriver.config.ConfigException;
import dev.ycsbdriver.config.CoreWorkloadKeys;
import dev.ycsbdriver.config.Phase;
import dev.ycsbdriver.config.PropertySpec;
import dev.ycsbdriver.config.RunConfig;
import dev.ycsbdriver.config.Settings;
import dev.ycsbdriver.spi.Binding;
import dev.ycsbdriver.spi.BindingContext;
import dev.ycsbdriver.spi.BindingException;
import dev.ycsbdriver.spi.BindingProvider;
import dev.ycsbdriver.spi.support.RestoreJournal;
import dev.ycsbdriver.spi.ServerFacts;
import dev.ycsbdriver.spi.ServerLocation;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.Pipeline;
import redis.clients.jedis.exceptions.JedisException;

/**
 * The {@code redis} binding: Redis through Jedis, one blocking connection per client thread, one hash per record
 * and a sorted-set index per table for scans ({@link RecordLayout}, {@link RedisDb}).
 *
 * <p>The durability profiles change the server's {@code appendonly} and {@code appendfsync} with {@code CONFIG SET}
 * for the run, journaled first and restored when it ends ({@link ServerConfig}); the values in force, the server's
 * version and its persistence options go into the result. The server's CPU is that of the process listening on
 * {@code redis.port}. Stateless and thread-safe.
 */
public final class RedisBindingProvider implements BindingProvider {
  /** The process name of the server, for CPU attribution. */
  static final String PROCESS = "redis-server";
  private static final int DROP_CHUNK = 1000;

  @Override
  public String name() {
    return "redis";
  }

  @Override
  public String description() {
    return "Redis through Jedis, a hash per record, a sorted-set scan index; profiles durable (appendonly yes, "
        + "appendfsync always), fast (appendonly yes, appendfsync no), by CONFIG SET, restored afterwards";
  }

  @Override
  public List<PropertySpec> properties() {
    return RedisKeys.ALL;
  }

  @Override
  public Binding open(BindingContext context) throws ConfigException, BindingException {
    Settings s = context.settings();
    RedisEndpoint endpoint = RedisEndpoint.from(s);
    RedisDb.Backoff backoff = backoff(s);
    Map<String, String> wanted = new LinkedHashMap<>();
    // appendfsync first, so that an AOF switched on starts with the profile's fsync policy
    if (s.contains(RedisKeys.APPENDFSYNC.key())) {
      wanted.put("appendfsync", s.getChoice(RedisKeys.APPENDFSYNC));
    }
    if (s.contains(RedisKeys.APPENDONLY.key())) {
      wanted.put("appendonly", s.getChoice(RedisKeys.APPENDONLY));
    }
    boolean rewrite = s.getBoolean(RedisKeys.CONFIG_REWRITE);
    ServerConfig.Request request = new ServerConfig.Request(endpoint, context.profile(),
        RestoreJournal.forServer(s, name(), "CONFIG", endpoint.host(), endpoint.port()), wanted,
        s.getBoolean(RedisKeys.PROFILE_STRICT), rewrite, s.getDuration(RedisKeys.PROFILE_TIMEOUT), context.errors());
    boolean drop = s.getBoolean(RedisKeys.DROP_TABLE);
    boolean create = s.getBoolean(RedisKeys.CREATE_TABLE);
    RecordLayout layout = new RecordLayout(s.getTrimmed(CoreWorkloadKeys.TABLE));

    Jedis admin;
    try {
      admin = endpoint.open();
    } catch (JedisException e) {
      throw RedisFailures.startFailure(endpoint, e);
    }
    ServerConfig changed = null;
    try {
      changed = ServerConfig.open(request, admin);
      ServerFacts facts = ServerInfo.read(admin, context.profile(), changed, rewrite);
      TableOwnership.check(admin, layout);
      if (drop) {
        drop(admin, layout);
      }
      if (create || context.phase() == Phase.LOAD) {
        admin.zadd(layout.indexKey(), Double.NEGATIVE_INFINITY, RecordLayout.MARKER);
      } else if (!admin.exists(layout.indexKey())) {
        throw new BindingException("redis: table " + layout.table() + " does not exist; load the records first: "
            + "bin/ycsb load redis -P <workload>");
      }
      ServerConfig opened = changed;
      return Binding.of(() -> new RedisDb(endpoint, backoff, context.errors()),
          ServerLocation.ofHost(endpoint.host(), endpoint.port(), PROCESS), facts, () -> closeQuietly(opened, admin),
          () -> checkCrashTest(facts, opened));
    } catch (JedisException e) {
      closeQuietly(changed, admin);
      throw RedisFailures.startFailure(endpoint, e);
    } catch (BindingException | ConfigException | RuntimeException e) {
      closeQuietly(changed, admin);
      throw e;
    }
  }

  private static void closeQuietly(ServerConfig changed, Jedis admin) {
    try {
      if (changed != null) {
        changed.close();
      }
    } finally {
      admin.close();
    }
  }

  /** Deletes every record of the table, then its index, a chunk of keys at a time. */
  static void drop(Jedis admin, RecordLayout layout) {
    while (true) {
      List<String> keys = admin.zrange(layout.indexKey(), 0, DROP_CHUNK - 1);
      keys.remove(RecordLayout.MARKER);
      if (keys.isEmpty()) {
        break;
      }
      Pipeline p = new Pipeline(admin.getConnection());
      for (String k : keys) {
        p.del(layout.recordKey(k));
      }
      p.zrem(layout.indexKey(), keys.toArray(new String[0]));
      p.sync();
    }
    admin.del(layout.indexKey());
  }

  /**
   * @return the reconnect backoff; the default largest wait yields to a short {@code stop.timeout}
   * @throws ConfigException for a malformed value, or a largest wait above half of {@code stop.timeout}
   */
  static RedisDb.Backoff backoff(Settings s) throws ConfigException {
    Duration initial = s.getDuration(RedisKeys.BACKOFF_INITIAL);
    Duration max = s.getDuration(RedisKeys.BACKOFF_MAX);
    Duration stop = s.getDuration(RunConfig.STOP_TIMEOUT, Duration.ZERO, Duration.ofHours(1));
    if (!s.contains(RedisKeys.BACKOFF_MAX.key()) && max.multipliedBy(2).compareTo(stop) > 0) {
      max = stop.dividedBy(2);
    }
    if (max.compareTo(initial) < 0) {
      if (s.contains(RedisKeys.BACKOFF_MAX.key())) {
        throw new ConfigException(RedisKeys.BACKOFF_MAX.key() + ": must be at least "
            + RedisKeys.BACKOFF_INITIAL.key() + " (" + initial.toMillis() + "ms), got " + max.toMillis() + "ms");
      }
      max = initial;
    }
    if (max.multipliedBy(2).compareTo(stop) > 0) {
      throw new ConfigException(RedisKeys.BACKOFF_MAX.key() + ": must be at most half of stop.timeout ("
          + stop.toMillis() + "ms), got " + max.toMillis() + "ms; a thread waiting out its backoff must end within "
          + "the stop timeout");
    }
    return new RedisDb.Backoff(initial.toNanos(), max.toNanos());
  }

  /**
   * What a crash test needs of the server: the server started again after the crash must read {@code appendonly
   * yes} at its start ({@link ServerInfo#crashTestRefusal}), judged from its config file when this process can read
   * it, else from what the server says.
   */
  private static void checkCrashTest(ServerFacts facts, ServerConfig changed) throws ConfigException {
    String file = facts.settings().get("config_file");
    String text = null;
    if (file != null && !file.equals("none")) {
      try {
        text = Files.readString(Path.of(file), StandardCharsets.UTF_8);
      } catch (IOException | RuntimeException e) {
        text = null; // a server elsewhere, or a file of another user: judged by what the server says
      }
    }
    String refusal = ServerInfo.crashTestRefusal(facts.settings(), changed.switchedOnAof(), text);
    if (refusal != null) {
      throw new ConfigException(refusal);
    }
  }
}
