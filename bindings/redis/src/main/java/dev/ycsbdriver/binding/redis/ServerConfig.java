package dev.ycsbdriver.binding.redis;

import dev.ycsbdriver.config.ConfigException;
import dev.ycsbdriver.spi.BindingException;
import dev.ycsbdriver.spi.ChangedSettings;
import dev.ycsbdriver.spi.RestoreJournal;
import dev.ycsbdriver.spi.RestoredSetting;
import dev.ycsbdriver.spi.SettingsOwner;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.exceptions.JedisException;

/**
 * The server-wide settings a durability profile changes with {@code CONFIG SET} for one run ({@code appendonly},
 * {@code appendfsync}) and puts back afterwards: they change the server for every other client.
 *
 * <p>{@link #open} first reads the server's identity, which keys its {@link RestoreJournal}, and takes the server's
 * {@link SettingsLease} (another driver that holds it, on this machine or another, refuses the run before anything
 * is recorded or changed); then it restores what a killed driver left in the journal (with or without a profile),
 * warns when {@code appendfsync} is {@code no} before it changes anything, then journals the current values, then sets the wanted ones, waits until an AOF switched on is in
 * force (its first rewrite ended) and checks with {@code CONFIG GET} that each is in force. With
 * {@code redis.config.rewrite=true} it also runs {@code CONFIG REWRITE}, so that the server's config file holds the
 * profile and a redis-server started again from its command line starts with it; the journal then holds the entry
 * {@code config-file=rewrite} after the settings, and restoring rewrites the file again. {@link #restore()} sets
 * everything back and removes the journal, once, from {@code Binding.close()} or a shutdown hook; after a
 * {@code kill -9} the next command for the server does it from the journal.
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
   */
  record Request(RedisEndpoint endpoint, String profile, RestoreJournal journal, Map<String, String> wanted,
                 boolean strict, boolean rewrite, Duration aofTimeout) {
    /** Copies {@code wanted}, keeping its order. */
    Request {
      Objects.requireNonNull(endpoint, "endpoint");
      Objects.requireNonNull(journal, "journal");
      wanted = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(wanted));
    }
  }

  private final Request request;
  private final Jedis admin;
  private final RestoreJournal journal;
  /** The in-process key of the server's lock ({@link SettingsOwner}), null when this object holds none. */
  private final String lockKey;
  private final List<RestoredSetting> restoredFromJournal;
  private final List<String> warnings = new ArrayList<>();
  private final ChangedSettings<Jedis> changed;
  private boolean released;

  private ServerConfig(Request request, Jedis admin, RestoreJournal journal, String lockKey,
                       RestoreJournal.Recovery recovery) {
    this.request = request;
    this.admin = admin;
    this.journal = journal;
    this.lockKey = lockKey;
    this.restoredFromJournal = recovery.restored();
    this.warnings.addAll(recovery.warnings());
    this.changed = new ChangedSettings<>("redis", SCOPE, journal, restorer(request.endpoint()), admin);
  }

  /** Sets values back with {@code CONFIG SET} ({@code CONFIG REWRITE} for {@link #REWRITE}). */
  private static ChangedSettings.Dialect<Jedis> restorer(RedisEndpoint endpoint) {
    return new ChangedSettings.Dialect<>() {
      @Override
      public void put(Jedis jedis, String name, String value) {
        ServerConfig.put(jedis, name, value);
      }

      @Override
      public Jedis reconnect() {
        return endpoint.open();
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
    };
  }

  /**
   * Restores a journal a killed driver left, then changes the wanted settings and checks they are in force.
   *
   * @param request what to change
   * @param admin an open connection, kept for {@link #restore()}; the caller closes it after this object
   * @return the changed settings; close it when the run ends
   * @throws ConfigException when the journal cannot be read or written (exit code 2); nothing was changed
   * @throws BindingException when a live driver holds the journal, the user lacks a privilege, or a setting is
   *     refused or not in force while strict (exit code 3); what was changed is put back
   * @throws JedisException when the connection fails; what was changed is put back
   */
  static ServerConfig open(Request request, Jedis admin) throws ConfigException, BindingException {
    RestoreJournal.Recovery none = new RestoreJournal.Recovery(List.of(), List.of());
    if (request.wanted().isEmpty() && !request.journal().pending()) {
      return new ServerConfig(request, admin, request.journal(), null, none);
    }
    String serverId = serverId(admin);
    RestoreJournal journal = request.journal().identified(serverId);
    String lockKey = "redis " + journal.path().getFileName();
    List<String> lockWarnings = new ArrayList<>();
    if (SettingsOwner.enter(lockKey)) {
      SettingsLease.Taken taken;
      try {
        taken = SettingsLease.take(request.endpoint());
      } catch (RuntimeException e) {
        SettingsOwner.leave(lockKey);
        throw e;
      }
      if (taken.holder().isPresent()) {
        SettingsOwner.leave(lockKey);
        String what = "redis: CONFIG settings of " + request.endpoint().host() + ":" + request.endpoint().port()
            + " (server " + serverId + ") are being changed by another driver: " + taken.holder().get();
        if (!request.wanted().isEmpty()) {
          throw new BindingException(what + "; two runs that change them at once would each restore the other's "
              + "values; nothing was recorded or changed; wait for it to end");
        }
        return new ServerConfig(request, admin, journal, null, new RestoreJournal.Recovery(List.of(),
            List.of(what + "; this run measures with its values")));
      }
      if (taken.lease() != null) {
        SettingsOwner.hold(lockKey, taken.lease());
      }
      taken.unguarded().ifPresent(why -> lockWarnings.add("redis: the server cannot hold the settings lock (key "
          + SettingsLease.KEY + ": " + why + "); only the journal of this machine keeps another driver from changing "
          + "CONFIG at the same time; grant the user +set +eval on that key"));
    }
    RestoreJournal.Recovery recovery;
    try {
      recovery = journal.recover((n, v) -> put(admin, n, v));
    } catch (ConfigException | BindingException | RuntimeException e) {
      release(lockKey);
      throw e;
    }
    if (request.wanted().isEmpty()) {
      release(lockKey); // nothing to change: the lock is not held through the run
      return new ServerConfig(request, admin, journal, null, recovery);
    }
    ServerConfig config = new ServerConfig(request, admin, journal, lockKey, recovery);
    config.warnings.addAll(lockWarnings);
    try {
      config.change();
      return config;
    } catch (ConfigException | BindingException | RuntimeException e) {
      config.close();
      throw e;
    }
  }

  /** Counts this object out of the server's lock; the last holder in this process ends the lease. */
  private static void release(String lockKey) {
    if (lockKey != null) {
      SettingsOwner.leave(lockKey);
    }
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

  private static void put(Jedis jedis, String name, String value) {
    if (REWRITE.equals(name)) {
      jedis.configRewrite();
    } else {
      jedis.configSet(name, value);
    }
  }

  private void change() throws ConfigException, BindingException {
    if (request.wanted().isEmpty()) {
      return;
    }
    Map<String, String> now = new LinkedHashMap<>();
    try {
      for (String name : request.wanted().keySet()) {
        now.put(name, admin.configGet(name).getOrDefault(name, ""));
      }
    } catch (JedisException e) {
      refusedAll("cannot read it with CONFIG GET (" + RedisFailures.firstLine(e.getMessage()) + ")");
      return;
    }
    if ("no".equalsIgnoreCase(now.containsKey("appendfsync") ? now.get("appendfsync") : inForce("appendfsync"))) {
      warnings.add("redis: before this run changed anything the server had appendfsync=no, not a durable value "
          + "(always or everysec); another driver may have left it changed (one killed on another machine, or with "
          + "another journal directory); it is recorded as the value to restore; check the server's configuration");
    }
    if (request.rewrite()) {
      now.put(REWRITE, REWRITE_VALUE);
    }
    changed.record(now);
    for (Map.Entry<String, String> w : request.wanted().entrySet()) {
      try {
        admin.configSet(w.getKey(), w.getValue());
      } catch (JedisException e) {
        refused(w.getKey(), w.getValue(), RedisFailures.firstLine(e.getMessage()));
      }
    }
    if ("yes".equalsIgnoreCase(request.wanted().get("appendonly"))) {
      awaitAof();
    }
    for (Map.Entry<String, String> w : request.wanted().entrySet()) {
      String in = inForce(w.getKey());
      if (!w.getValue().equalsIgnoreCase(in)) {
        refused(w.getKey(), w.getValue(), "the server still reports " + in + " after CONFIG SET");
      }
    }
    if (request.rewrite()) {
      try {
        admin.configRewrite();
      } catch (JedisException e) {
        refused(REWRITE, REWRITE_VALUE, "CONFIG REWRITE failed: " + RedisFailures.firstLine(e.getMessage()));
      }
    }
  }

  /** Waits until the AOF that {@code appendonly yes} switched on is written: its first rewrite has ended. */
  private void awaitAof() throws BindingException {
    long deadline = System.nanoTime() + request.aofTimeout().toNanos();
    while (true) {
      String info = admin.info("persistence");
      if ("err".equals(ServerInfo.field(info, "aof_last_bgrewrite_status"))) {
        refused("appendonly", "yes", "the server's AOF rewrite failed (aof_last_bgrewrite_status:err); see its log");
        return;
      }
      if ("1".equals(ServerInfo.field(info, "aof_enabled")) && "0".equals(ServerInfo.field(info, "aof_rewrite_in_progress"))
          && "0".equals(ServerInfo.field(info, "aof_rewrite_scheduled"))) {
        return;
      }
      if (System.nanoTime() - deadline > 0) {
        refused("appendonly", "yes", "its first AOF rewrite did not end within " + RedisKeys.PROFILE_TIMEOUT.key() + "="
            + request.aofTimeout().toSeconds() + "s");
        return;
      }
      try {
        Thread.sleep(AOF_POLL_MILLIS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new BindingException("redis: interrupted while waiting for the AOF of profile " + request.profile());
      }
    }
  }

  private void refusedAll(String why) throws BindingException {
    String what = "redis: cannot change CONFIG " + String.join(", ", request.wanted().keySet()) + " for profile "
        + request.profile() + ": " + why;
    if (request.strict()) {
      throw new BindingException(what + "; nothing was changed; grant the user +config|get +config|set"
          + (request.rewrite() ? " +config|rewrite" : "") + ", or add -p profile.strict=false");
    }
    warnings.add(what + "; the server's own values are in force for this run");
  }

  private void refused(String name, String value, String why) throws BindingException {
    if (request.strict()) {
      restore();
      throw new BindingException("redis: cannot " + (REWRITE.equals(name) ? "CONFIG REWRITE" : "CONFIG SET " + name + " "
          + value) + " for profile " + request.profile() + " (" + why + "); the previous values are restored; "
          + (why.startsWith("NOPERM") ? "grant the user +config|set" + (request.rewrite() ? " +config|rewrite" : "")
          : "check the server") + ", or add -p profile.strict=false");
    }
    warnings.add("redis: could not " + (REWRITE.equals(name) ? "CONFIG REWRITE" : "set " + name + " " + value) + " ("
        + why + ")" + (REWRITE.equals(name) ? "" : "; " + inForce(name) + " is in force for this run"));
  }

  private String inForce(String name) {
    try {
      return admin.configGet(name).getOrDefault(name, "unknown");
    } catch (JedisException e) {
      return "unknown";
    }
  }

  /** @return whether this run switched the AOF on with CONFIG SET (it was off) */
  boolean switchedOnAof() {
    return "no".equalsIgnoreCase(changed.original("appendonly")) && "yes".equalsIgnoreCase(request.wanted().get("appendonly"));
  }

  /** @return settings a killed driver left changed, restored before this run; empty when none */
  List<RestoredSetting> restored() {
    return restoredFromJournal;
  }

  /** @return lines for the result: settings not set, or held by a running driver; may be empty */
  synchronized List<String> warnings() {
    return List.copyOf(warnings);
  }

  /**
   * Puts every changed setting back and removes the journal; once ({@link ChangedSettings#restore()}). Failures go
   * to stderr and keep the journal, so that the next command retries. When the connection broke (the server
   * restarted), a new one is tried.
   */
  void restore() {
    changed.restore();
  }

  /** Restores the settings (see {@link #restore()}) and releases the server's lock; never throws. The connection stays open. */
  @Override
  public void close() {
    restore();
    synchronized (this) {
      if (!released) {
        released = true;
        release(lockKey);
      }
    }
  }
}
