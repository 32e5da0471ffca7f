package dev.ycsbdriver.binding.redis;

import dev.ycsbdriver.result.model.Warning;
import dev.ycsbdriver.spi.RestoredSetting;
import dev.ycsbdriver.spi.ServerFacts;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.exceptions.JedisDataException;

/**
 * Reads the server facts: {@code INFO server} (version, mode, config file) and {@code INFO persistence}, and the
 * durability settings in force by {@code CONFIG GET}, with warnings a reader must know. Stateless.
 */
final class ServerInfo {
  /** The settings read back into {@code server.settings}, in this order. */
  static final List<String> SETTINGS = List.of("appendonly", "appendfsync", "no-appendfsync-on-rewrite", "save",
      "maxmemory", "maxmemory-policy", "set-proc-title");

  private ServerInfo() {
  }

  /**
   * @param info the text of an {@code INFO} reply, {@code name:value} lines
   * @param name a field's name, e.g. {@code redis_version}
   * @return its value, or null when absent
   */
  static String field(String info, String name) {
    String prefix = name + ":";
    for (String line : info.split("\r?\n")) {
      if (line.startsWith(prefix)) {
        return line.substring(prefix.length()).strip();
      }
    }
    return null;
  }

  /**
   * @param admin an open connection
   * @param profile the profile's name, or null
   * @param changed what the profile changed: its warnings, what it restored, whether the file was rewritten
   * @param rewrite whether {@code redis.config.rewrite} is on
   * @return the facts
   */
  static ServerFacts read(Jedis admin, String profile, ServerConfig changed, boolean rewrite) {
    String server = admin.info("server");
    String persistence = admin.info("persistence");
    Map<String, String> settings = new LinkedHashMap<>();
    for (String name : SETTINGS) {
      settings.put(name, configGet(admin, name));
    }
    settings.put("aof_enabled", String.valueOf(field(persistence, "aof_enabled")));
    String configFile = field(server, "config_file");
    settings.put("config_file", configFile == null || configFile.isEmpty() ? "none" : configFile);
    settings.put("config_rewrite", Boolean.toString(rewrite));
    settings.put("redis_mode", String.valueOf(field(server, "redis_mode")));
    settings.put("os", String.valueOf(field(server, "os")));
    settings.put("multiplexing_api", String.valueOf(field(server, "multiplexing_api")));
    List<Warning> warnings = new ArrayList<>(changed.warnings());
    warnings.addAll(warnings(settings, changed.switchedOnAof() && !rewrite));
    List<RestoredSetting> restored = changed.restored();
    return new ServerFacts("Redis", field(server, "redis_version"), profile, settings, warnings, restored);
  }

  private static String configGet(Jedis admin, String name) {
    try {
      return admin.configGet(name).getOrDefault(name, "unknown");
    } catch (JedisDataException e) {
      return "unknown (" + RedisFailures.firstLine(e.getMessage()) + ")";
    }
  }

  /**
   * @param settings what was read back
   * @param runtimeOnly whether the profile switched the AOF on by CONFIG SET without CONFIG REWRITE
   * @return what a reader of the result must know
   */
  static List<Warning> warnings(Map<String, String> settings, boolean runtimeOnly) {
    List<Warning> out = new ArrayList<>();
    if ("no".equals(settings.get("appendonly"))) {
      out.add(new Warning(Warning.Code.NOT_DURABLE,
          "redis: appendonly is no: an acknowledged write is only in memory until the next RDB snapshot (save "
          + settings.get("save") + "); a crash of redis-server loses what came after it"));
    } else if ("yes".equals(settings.get("no-appendfsync-on-rewrite"))) {
      out.add(new Warning(Warning.Code.NOT_DURABLE,
          "redis: no-appendfsync-on-rewrite is yes: while an AOF rewrite or RDB save runs, the AOF is not "
          + "fsynced, whatever appendfsync says"));
    }
    if (!"0".equals(settings.get("maxmemory")) && !"noeviction".equals(settings.get("maxmemory-policy"))) {
      out.add(Warning.other("redis: maxmemory " + settings.get("maxmemory") + " with maxmemory-policy "
          + settings.get("maxmemory-policy") + ": records can be evicted"));
    }
    if (runtimeOnly) {
      out.add(new Warning(Warning.Code.NOT_DURABLE,
          "redis: the profile's settings are set by CONFIG SET only: a redis-server started again from its "
          + "command line (bin/ycsb crashtest's restart) starts with its configured appendonly, and with appendonly "
          + "no it does not load the AOF; start it with a config file and add -p redis.config.rewrite=true"));
    }
    if ("yes".equals(settings.get("set-proc-title")) && Boolean.parseBoolean(settings.get("config_rewrite"))) {
      out.add(new Warning(Warning.Code.NOT_DURABLE,
          "redis: set-proc-title is yes: redis-server replaced its command line with its title, so a restart "
          + "that re-runs the command line (bin/ycsb crashtest's) starts it without its config file; set "
          + "set-proc-title no in the config file"));
    }
    return out;
  }

  /**
   * Whether a crash test can be a true finding: the server started again after the crash must load the AOF the
   * writer's acknowledged writes went to, so it must read {@code appendonly yes} at its start. That holds with
   * {@code redis.config.rewrite=true} (the profile is in the config file), or when the server runs with
   * {@code appendonly yes} and its config file (when it has one this process can read) says so too.
   *
   * @param settings what {@link #read} read back (after the profile)
   * @param switchedOnAof whether the profile switched the AOF on by {@code CONFIG SET}
   * @param configFile the text of the server's config file, or null when it has none or it cannot be read here
   * @return why the crash test would report writes lost that the restarted server was never set up to keep, one
   *     line with the remedy; null when it can be right
   */
  static String crashTestRefusal(Map<String, String> settings, boolean switchedOnAof, String configFile) {
    if (Boolean.parseBoolean(settings.get("config_rewrite"))) {
      return null;
    }
    String file = settings.get("config_file");
    String remedy = "; add -p redis.config.rewrite=true (the server started from a config file with set-proc-title "
        + "no) or set appendonly yes in " + ("none".equals(file) ? "the server's configuration" : file);
    String subject = "redis: the crash test needs an AOF that the restarted server loads, got ";
    if (!"yes".equals(settings.get("appendonly"))) {
      return subject + "appendonly " + settings.get("appendonly") + ": every write since the last RDB snapshot "
          + "would be lost" + remedy;
    }
    if (switchedOnAof) {
      return subject + "appendonly yes by CONFIG SET only (the server started with appendonly no): restarted after "
          + "the crash it would start without the AOF and every acknowledged write would look lost" + remedy;
    }
    String configured = configFile == null ? null : appendonly(configFile);
    if (configFile != null && !"yes".equals(configured)) {
      return subject + "appendonly yes in the running server but " + (configured == null ? "no appendonly line"
          : "appendonly " + configured) + " in " + file + ": restarted after the crash it would start without the AOF"
          + remedy;
    }
    return null;
  }

  /** @return the value of the config file's last {@code appendonly} line, unquoted and lower case, or null */
  static String appendonly(String configFile) {
    String value = null;
    for (String line : configFile.split("\r?\n")) {
      String[] words = line.strip().split("\\s+");
      if (words.length >= 2 && words[0].equalsIgnoreCase("appendonly")) {
        value = words[1].replace("\"", "").replace("'", "").toLowerCase(java.util.Locale.ROOT);
      }
    }
    return value;
  }
}
