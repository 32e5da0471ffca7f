package dev.ycsbdriver.binding.redis;

import dev.ycsbdriver.config.ConfigException;
import dev.ycsbdriver.result.model.Warning;
import dev.ycsbdriver.spi.BindingException;
import dev.ycsbdriver.spi.ErrorLog;
import dev.ycsbdriver.spi.support.RestoreJournal;
import dev.ycsbdriver.spi.RestoredSetting;
import dev.ycsbdriver.spi.support.SettingsChange;
import dev.ycsbdriver.spi.support.SettingsDialect;
import java.time.Duration;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.exceptions.JedisException;

/**
 * The server-wide settings a durability profile changes with {@code CONFIG SET} for one run ({@code appendonly},
 * {@code appendfsync}) and puts back afterwards: they change the server for every other client.
 *
 * <p>The steps (the server's identity and lock, the journal, verifying, strict mode, restoring once) are
 * {@link SettingsChange}'s; this class is their Redis dialect. The lock is the server's {@link SettingsLease};
 * {@code appendfsync no} before anything changes is warned about as not durable; after the wanted values are set it
 * waits until an AOF switched on is in force (its first rewrite ended) and checks with {@code CONFIG GET} that each
 * is in force. With {@code redis.config.rewrite=true} it also runs {@code CONFIG REWRITE}, so that the server's
 * config file holds the profile and a redis-server started again from its command line starts with it; the journal
 * then holds the entry {@code config-file=rewrite} after the settings, and restoring rewrites the file again. After
 * a {@code kill -9} the next command for the server restores from the journal.
 *
 * <p>Thread-safe.
 */
final class ServerConfig implements AutoCloseable {
  /** The journal's pseudo-setting that stands for {@code CONFIG REWRITE}, after the real settings. */
  static final String REWRITE = "config-file";
  private static final String REWRITE_VALUE = "rewrite";
  private static final String SCOPE = "CONFIG";
  private static final long AOF_POLL_MILLIS = 50;

  /**
   * What to change.
   *
   * @param endpoint the server, for a fresh connection when the first one broke, and for messages
   * @param profile the profile's name, or null
   * @param journal the journal of the server's address; {@link #open} keys it on the server's identity
   * @param wanted setting name to value, in the order to set them; empty to only restore a journal
   * @param strict true: a setting that cannot be set fails the run (exit code 3); false: a warning
   * @param rewrite whether to {@code CONFIG REWRITE} after changing and after restoring
   * @param aofTimeout longest wait for the first AOF rewrite after {@code appendonly yes}
   * @param log where the settings restored from a journal are said as soon as they are back
   */
  record Request(RedisEndpoint endpoint, String profile, RestoreJournal journal, Map<String, String> wanted,
                 boolean strict, boolean rewrite, Duration aofTimeout, ErrorLog log) {
    /** Copies {@code wanted}, keeping its order. */
    Request {
      Objects.requireNonNull(endpoint, "endpoint");
      Objects.requireNonNull(journal, "journal");
      Objects.requireNonNull(log, "log");
      wanted = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(wanted));
    }
  }

  private final Request request;
  private final SettingsChange<Jedis, RuntimeException> change;

  private ServerConfig(Request request, SettingsChange<Jedis, RuntimeException> change) {
    this.request = request;
    this.change = change;
  }

  /**
   * Restores a journal a killed driver left, then changes the wanted settings and checks they are in force.
   *
   * @param request what to change
   * @param admin an open connection, kept to restore the settings; the caller closes it after this object
   * @return the changed settings; close it when the run ends
   * @throws ConfigException when the journal cannot be read or written (exit code 2); nothing was changed
   * @throws BindingException when a live driver holds the journal, the user lacks a privilege, or a setting is
   *     refused or not in force while strict (exit code 3); what was changed is put back
   * @throws JedisException when the connection fails; what was changed is put back
   */
  static ServerConfig open(Request request, Jedis admin) throws ConfigException, BindingException {
    RedisEndpoint endpoint = request.endpoint();
    SettingsChange.Request change = new SettingsChange.Request("redis", endpoint.host() + ":" + endpoint.port(),
        request.profile(), request.journal(), request.wanted(),
        request.rewrite() ? Map.of(REWRITE, REWRITE_VALUE) : Map.of(), request.strict(), request.log());
    return new ServerConfig(request, SettingsChange.open(change, new ConfigDialect(request), () -> admin));
  }

  /**
   * The server's identity for the journal: its working directory, config file and port, which survive a restart
   * (its {@code run_id} does not) and tell apart two servers started in one directory.
   */
  static String serverId(Jedis admin) {
    try {
      String dir = admin.configGet("dir").getOrDefault("dir", "?");
      String info = admin.info("server");
      String file = ServerInfo.field(info, "config_file");
      return "dir=" + dir + " config_file=" + (file == null || file.isEmpty() ? "none" : file) + " port="
          + ServerInfo.field(info, "tcp_port");
    } catch (redis.clients.jedis.exceptions.JedisDataException e) {
      return null; // no right to CONFIG GET: the journal cannot tell this server from another at the address
    }
  }

  /**
   * {@code CONFIG GET} and {@code CONFIG SET} ({@code CONFIG REWRITE} for {@link #REWRITE}) in the words of the
   * messages; the lock is the server's {@link SettingsLease}; a fresh connection comes from the endpoint.
   */
  private record ConfigDialect(Request request) implements SettingsDialect<Jedis, RuntimeException> {
    @Override
    public String scope() {
      return SCOPE;
    }

    @Override
    public String serverId(Jedis admin) {
      return ServerConfig.serverId(admin);
    }

    @Override
    public Lock lock(Jedis admin) {
      SettingsLease.Taken taken = SettingsLease.take(request.endpoint());
      if (taken.holder().isPresent()) {
        return Lock.heldBy(taken.holder().get());
      }
      return taken.unguarded().map(why -> Lock.unguarded("redis: the server cannot hold the settings lock (key "
          + SettingsLease.KEY + ": " + why + "); only the journal of this machine keeps another driver from changing "
          + "CONFIG at the same time; grant the user +set +eval on that key")).orElseGet(() -> Lock.taken(taken.lease()));
    }

    /** Tells a missing privilege by reading each setting: the user may not {@code CONFIG GET} it. */
    @Override
    public Optional<String> missingPrivilege(Jedis admin, Collection<String> names) {
      try {
        for (String name : names) {
          admin.configGet(name);
        }
        return Optional.empty();
      } catch (JedisException e) {
        return Optional.of("cannot read it with CONFIG GET (" + RedisFailures.firstLine(e.getMessage()) + ")");
      }
    }

    @Override
    public String privilegeHint() {
      return "grant the user +config|get +config|set" + (request.rewrite() ? " +config|rewrite" : "") + ", ";
    }

    @Override
    public Optional<NotDurable> notDurable(Jedis admin) {
      return "no".equalsIgnoreCase(effective(admin, "appendfsync"))
          ? Optional.of(new NotDurable("appendfsync=no, not a durable value (always or everysec)", true))
          : Optional.empty();
    }

    @Override
    public String original(Jedis admin, String name) {
      return admin.configGet(name).getOrDefault(name, "");
    }

    @Override
    public void put(Jedis jedis, String name, String value) {
      if (REWRITE.equals(name)) {
        jedis.configRewrite();
      } else {
        jedis.configSet(name, value);
      }
    }

    /** Waits until the AOF that {@code appendonly yes} switched on is written: its first rewrite has ended. */
    @Override
    public Map<String, String> settle(Jedis admin, Map<String, String> set) throws BindingException {
      if (!"yes".equalsIgnoreCase(set.get("appendonly"))) {
        return Map.of();
      }
      long deadline = System.nanoTime() + request.aofTimeout().toNanos();
      while (true) {
        String info = admin.info("persistence");
        if ("err".equals(ServerInfo.field(info, "aof_last_bgrewrite_status"))) {
          return Map.of("appendonly", "the server's AOF rewrite failed (aof_last_bgrewrite_status:err); see its log");
        }
        if ("1".equals(ServerInfo.field(info, "aof_enabled")) && "0".equals(ServerInfo.field(info, "aof_rewrite_in_progress"))
            && "0".equals(ServerInfo.field(info, "aof_rewrite_scheduled"))) {
          return Map.of();
        }
        if (System.nanoTime() - deadline > 0) {
          return Map.of("appendonly", "its first AOF rewrite did not end within " + RedisKeys.PROFILE_TIMEOUT.key()
              + "=" + request.aofTimeout().toSeconds() + "s");
        }
        try {
          Thread.sleep(AOF_POLL_MILLIS);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new BindingException("redis: interrupted while waiting for the AOF of profile " + request.profile());
        }
      }
    }

    /** @return the value in force, or {@code unknown} when the server does not say */
    @Override
    public String effective(Jedis admin, String name) {
      try {
        return admin.configGet(name).getOrDefault(name, "unknown");
      } catch (JedisException e) {
        return "unknown";
      }
    }

    @Override
    public Jedis reconnect() {
      return request.endpoint().open();
    }

    @Override
    public void close(Jedis jedis) {
      jedis.close();
    }

    @Override
    public String assignment(String name, String value) {
      return name + " " + value;
    }

    @Override
    public String reason(Exception failure) {
      return RedisFailures.firstLine(failure.getMessage());
    }

    @Override
    public String changeStatement() {
      return "CONFIG SET";
    }

    @Override
    public String statement(String name, String value) {
      return REWRITE.equals(name) ? "CONFIG REWRITE" : "CONFIG SET " + assignment(name, value);
    }

    @Override
    public String notSet(String name, String value, String why) {
      return (REWRITE.equals(name) ? "CONFIG REWRITE" : "set " + assignment(name, value)) + " (" + why + ")";
    }

    @Override
    public String afterRefusal(String name, String inForce) {
      return "the previous values are restored";
    }

    @Override
    public String refusalHint(String name, String why) {
      return why.startsWith("NOPERM") ? "grant the user +config|set" + (request.rewrite() ? " +config|rewrite" : "")
          : "check the server";
    }
  }

  /** @return whether this run switched the AOF on with CONFIG SET (it was off) */
  boolean switchedOnAof() {
    return "no".equalsIgnoreCase(change.original("appendonly")) && "yes".equalsIgnoreCase(request.wanted().get("appendonly"));
  }

  /** @return settings a killed driver left changed, restored before this run; empty when none */
  List<RestoredSetting> restored() {
    return change.restored();
  }

  /** @return lines for the result: settings not set, or held by a running driver; may be empty */
  List<Warning> warnings() {
    return change.warnings();
  }

  /**
   * Puts every changed setting back and removes the journal, once ({@link SettingsChange#restore()}), and releases
   * the server's lock; never throws. The connection stays open.
   */
  @Override
  public void close() {
    change.close();
  }
}
