package dev.ycsbdriver.cli;

import dev.ycsbdriver.config.ConfigException;
import dev.ycsbdriver.config.RunConfig;
import dev.ycsbdriver.config.Secrets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Option;

/**
 * YCSB's property options, shared by {@code load}, {@code run} and {@code crashtest}: {@code -P file}...,
 * {@code -p key=value}..., {@code -threads n}, {@code -s}, {@code -l label}. {@code -p} values and flags apply
 * in command-line order over the {@code -P} files, as YCSB applies them.
 *
 * <p>One instance per invocation; not thread-safe.
 */
final class PropertyOptions {
  private final List<String> propertyFiles = new ArrayList<>();
  private final Map<String, String> overrides = new LinkedHashMap<>();

  @Option(names = "-P", paramLabel = "<file>", description = "workload or property file; repeatable, later files win")
  void propertyFile(String file) {
    propertyFiles.add(file);
  }

  @Option(names = "-p", paramLabel = "<key=value>", description = "set a property; repeatable, wins over -P files")
  void property(String keyValue) throws ConfigException {
    int eq = keyValue.indexOf('=');
    if (eq <= 0) {
      throw new ConfigException("-p: expected key=value, got '" + Secrets.maskText(keyValue) + "'");
    }
    set(keyValue.substring(0, eq).trim(), keyValue.substring(eq + 1));
  }

  @Option(names = "-threads", paramLabel = "<n>", description = "client threads (threadcount)")
  void threads(String n) {
    set(RunConfig.THREADS.key(), n);
  }

  @Option(names = "-s", description = "print status lines on stderr every status.interval seconds")
  void status(boolean on) {
    set(RunConfig.STATUS.key(), Boolean.toString(on));
  }

  @Option(names = "-l", paramLabel = "<label>", description = "label prefixed to status lines")
  void label(String label) {
    set(RunConfig.LABEL.key(), label);
  }

  /** Sets a property as a later {@code -p} would: it wins over earlier values and moves to the end. */
  void set(String key, String value) {
    overrides.remove(key);
    overrides.put(key, value);
  }

  /** @return the {@code -P} files in order; live view */
  List<String> propertyFiles() {
    return propertyFiles;
  }

  /** @return the {@code -p} values and flags in command-line order; live view */
  Map<String, String> overrides() {
    return overrides;
  }
}
