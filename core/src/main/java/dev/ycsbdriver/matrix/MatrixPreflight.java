package dev.ycsbdriver.matrix;

import dev.ycsbdriver.config.ConfigException;
import dev.ycsbdriver.config.ConfigLoader;
import dev.ycsbdriver.config.CoreWorkloadKeys;
import dev.ycsbdriver.config.Phase;
import dev.ycsbdriver.config.RunConfig;
import dev.ycsbdriver.config.Settings;
import dev.ycsbdriver.config.Warmup;
import dev.ycsbdriver.crash.CrashConfig;
import dev.ycsbdriver.crash.CrashKeys;
import dev.ycsbdriver.crash.CrashWorkload;
import dev.ycsbdriver.runner.BindingCatalog;
import dev.ycsbdriver.runner.Preflight;
import dev.ycsbdriver.spi.BindingProvider;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Checks a whole matrix before its first cell, so that a mistake in the file ends the matrix at once instead of
 * failing its cells one by one: the output path, every store's binding, every profile of it, every load's and run
 * cell's properties (the matrix's, the store's, the profile's and the workload file's, through the same key
 * registry and value checks as {@code bin/ycsb run} gives {@code -p}: {@link Preflight}), and the JVM options
 * ({@code jvmArgs}: a heap of at least {@link #HEAP_MIN_BYTES}, and a JVM that starts with them).
 *
 * <p>With a {@code crashtest} section, each store's and profile's crash test cell is checked as
 * {@code crashtest <binding>} checks its configuration, the section's {@code properties} included.
 *
 * <p>Each problem is one line {@code <file>:<line>: <key>: <problem>}. Stores left out ({@code when-env}) are not
 * checked. {@link #problems} is thread-safe; each call has its own instance.
 */
public final class MatrixPreflight {
  /** The smallest {@code -Xmx} a cell's driver gets: its histograms and client threads need a few dozen MiB. */
  static final long HEAP_MIN_BYTES = 64L << 20;
  private static final Pattern XMX = Pattern.compile("-Xmx(\\d+)([kKmMgGtT]?)");
  private static final long JVM_PROBE_SECONDS = 30;
  private static final Pattern LINE = Pattern.compile("^[^:]*:(\\d+): ");

  private final MatrixSpec spec;
  private final LocatedYaml yaml;
  private final ConfigLoader loader;
  private final Set<String> problems;

  private MatrixPreflight(MatrixSpec spec, LocatedYaml yaml, ConfigLoader loader, Set<String> problems) {
    this.spec = spec;
    this.yaml = yaml;
    this.loader = loader;
    this.problems = problems;
  }

  /**
   * One store and profile, and where its keys are in the matrix file.
   *
   * @param storePointer the store's JSON pointer, {@code /stores/<i>}
   * @param profilePointer the profile's JSON pointer ({@code /profiles/<i>}, at the top level or under the store)
   */
  private record Target(BindingProvider provider, MatrixSpec.Store store, String profile, String storePointer,
                        String profilePointer) {
  }

  /**
   * @param spec the matrix as read, with its final output directory
   * @param home the installation directory ({@code conf/<binding>/} profiles, {@code workloads/}), or null for the
   *     working directory
   * @param outputFromCommandLine whether {@code -o} gave the output directory, which errors then name
   * @return every problem found, one line each, in file order, each once; empty when the matrix can start
   * @throws ConfigException when the matrix file cannot be read again
   */
  public static List<String> problems(MatrixSpec spec, Path home, boolean outputFromCommandLine)
      throws ConfigException {
    LocatedYaml yaml = LocatedYaml.read(spec.file());
    Set<String> problems = new LinkedHashSet<>();
    output(spec, yaml, outputFromCommandLine, problems);
    Path cwd = Path.of("").toAbsolutePath();
    ConfigLoader loader = new ConfigLoader(home == null ? cwd : home, cwd);
    MatrixPreflight preflight = new MatrixPreflight(spec, yaml, loader, problems);
    BindingCatalog catalog = BindingCatalog.load();
    Map<String, Integer> indexes = storeIndexes(yaml);
    for (MatrixSpec.Store store : spec.stores()) {
      String pointer = "/stores/" + indexes.get(store.name());
      BindingProvider provider;
      try {
        provider = catalog.find(store.binding());
      } catch (ConfigException e) {
        problems.add(yaml.error(pointer + "/binding", strip(e.getMessage(), "binding")).getMessage());
        continue;
      }
      List<String> profiles = store.profiles().isEmpty() ? java.util.Collections.singletonList(null)
          : store.profiles();
      for (int i = 0; i < profiles.size(); i++) {
        String profile = profiles.get(i);
        String profilePointer = (yaml.root().at(pointer).has("profiles") ? pointer : "") + "/profiles/" + i;
        if (profile != null) {
          try {
            loader.merge(List.of(), Map.of(RunConfig.PROFILE.key(), profile), provider.name());
          } catch (ConfigException e) {
            problems.add(yaml.error(profilePointer, strip(e.getMessage(), RunConfig.PROFILE.key())).getMessage());
            profile = null; // the properties are still checked, without the profile's
          }
        }
        Target target = new Target(provider, store, profile, pointer, profilePointer);
        preflight.check(target, new Cell(store, profile, spec.workloads().get(0), spec.loadThreads(), 1),
            Phase.LOAD, 0);
        if (spec.crashtest() != null) {
          preflight.checkCrash(target);
        }
        for (int w = 0; w < spec.workloads().size(); w++) {
          for (int threads : spec.threads()) {
            preflight.check(target, new Cell(store, profile, spec.workloads().get(w), threads, 1), Phase.RUN, w);
          }
        }
      }
    }
    jvmArgs(spec, yaml, problems);
    List<String> sorted = new ArrayList<>(problems);
    sorted.sort(java.util.Comparator.comparingInt(MatrixPreflight::line));
    return List.copyOf(sorted);
  }

  /** Checks one load or run cell's configuration as its process would merge it. */
  private void check(Target target, Cell cell, Phase phase, int workload) {
    Path output = spec.output().toAbsolutePath().normalize();
    // in the order of the cell's command line, where a later value of a key wins: -threads, then -p
    Map<String, String> given = new LinkedHashMap<>();
    given.put(RunConfig.THREADS.key(), Integer.toString(cell.threads()));
    spec.properties().forEach((k, v) -> given.put(k, CellArguments.expand(v, output)));
    cell.store().properties().forEach((k, v) -> given.put(k, CellArguments.expand(v, output)));
    if (cell.profile() != null) {
      given.put(RunConfig.PROFILE.key(), cell.profile());
    }
    given.put(RunConfig.STORE_NAME.key(), cell.store().name());
    given.put(RunConfig.RESULT_DIR.key(), cell.directory(output).toString());
    given.put(RunConfig.RECORD_COUNT.key(), Long.toString(spec.recordCount(cell.workload())));
    if (phase == Phase.LOAD) {
      given.put("droptable", "true");
      given.put("createtable", "true");
      CellArguments.override(given, CellArguments.forLoad(spec, cell.store()));
    } else {
      given.put("operationcount", Long.toString(spec.operationCount(cell.workload())));
      if (!spec.duration().isZero()) {
        given.put("maxexecutiontime", Long.toString((spec.duration().toMillis() + 999) / 1000));
      }
      if (spec.warmup().auto()) {
        given.put(RunConfig.WARMUP.key(), Warmup.AUTO);
        given.put(RunConfig.WARMUP_MAX.key(), spec.warmup().limit().toMillis() + "ms");
      } else if (!spec.warmup().none()) {
        given.put(RunConfig.WARMUP.key(), spec.warmup().limit().toMillis() + "ms");
      }
    }
    checkAll(target, given, List.of(cell.workload().file().toString()), "/workloads/" + workload,
        merged -> Preflight.check(merged, target.provider(), phase));
  }

  /** Checks a store's and profile's crash test cell as {@code crashtest <binding>} would. */
  private void checkCrash(Target target) {
    MatrixSpec.Store store = target.store();
    String profile = target.profile();
    Path output = spec.output().toAbsolutePath().normalize();
    MatrixSpec.Crashtest c = spec.crashtest();
    Map<String, String> given = new LinkedHashMap<>();
    if (c.threads() != null) {
      given.put(RunConfig.THREADS.key(), Integer.toString(c.threads()));
    }
    spec.properties().forEach((k, v) -> given.put(k, CellArguments.expand(v, output)));
    store.properties().forEach((k, v) -> given.put(k, CellArguments.expand(v, output)));
    if (profile != null) {
      given.put(RunConfig.PROFILE.key(), profile);
    }
    given.put(RunConfig.STORE_NAME.key(), store.name());
    given.put(RunConfig.RESULT_DIR.key(), new CrashCell(store, profile).directory(output).toString());
    given.put(RunConfig.RECORD_COUNT.key(), Long.toString(spec.recordCount(spec.workloads().get(0))));
    if (c.rounds() != null) {
      given.put("crash.rounds", Integer.toString(c.rounds()));
    }
    if (c.afterMin() != null) {
      given.put("crash.after.min", c.afterMin().toMillis() + "ms");
      given.put("crash.after.max", c.afterMax().toMillis() + "ms");
    }
    c.properties().forEach((k, v) -> given.put(k, CellArguments.expand(v, output)));
    given.put(RunConfig.WORKLOAD.key(), CrashWorkload.class.getName());
    checkAll(target, given, List.of(), "/crashtest", merged -> {
      Settings settings = merged.settings();
      if (!settings.contains(CoreWorkloadKeys.TABLE.key())) {
        settings = settings.with(CoreWorkloadKeys.TABLE.key(), CrashKeys.DEFAULT_TABLE);
      }
      Preflight.check(new ConfigLoader.Merged(settings, merged.origins()), target.provider(), Phase.RUN);
      CrashConfig.from(settings);
    });
  }

  /** One check of a cell's merged configuration. */
  private interface CellCheck {
    void check(ConfigLoader.Merged merged) throws ConfigException;
  }

  /**
   * Runs {@code check} on the merged configuration; the checks stop at the first bad key, so a key of the file is
   * set aside and the rest checked again, until every bad key is named.
   */
  private void checkAll(Target target, Map<String, String> given, List<String> propertyFiles, String otherPointer,
                        CellCheck check) {
    Map<String, String> crashProperties = spec.crashtest() == null || !otherPointer.equals("/crashtest") ? Map.of()
        : spec.crashtest().properties();
    for (int round = 0; round <= given.size(); round++) {
      try {
        check.check(loader.merge(propertyFiles, given, target.provider().name()));
        return;
      } catch (ConfigException e) {
        String message = e.getMessage();
        String key = givenKey(message, crashProperties.keySet());
        if (key != null) {
          problems.add(yaml.error("/crashtest/properties/" + escape(key), strip(message, key)).getMessage());
        } else if ((key = givenKey(message, target.store().properties().keySet())) != null) {
          problems.add(yaml.error(target.storePointer() + "/properties/" + escape(key), strip(message, key)).getMessage());
        } else if ((key = givenKey(message, spec.properties().keySet())) != null) {
          problems.add(yaml.error("/properties/" + escape(key), strip(message, key)).getMessage());
        } else {
          problems.add(yaml.error(message.contains("(profile ") ? target.profilePointer() : otherPointer, message)
              .getMessage());
          return;
        }
        given.remove(key);
      }
    }
  }

  /** @return the key of {@code keys} that the message is about ({@code <key>: ...}), or null */
  private static String givenKey(String message, Set<String> keys) {
    return keys.stream().filter(k -> message.startsWith(k + ":")).findFirst().orElse(null);
  }

  private static void output(MatrixSpec spec, LocatedYaml yaml, boolean fromCommandLine, Set<String> problems) {
    Path given = spec.output();
    Path existing = given.toAbsolutePath().normalize();
    while (existing != null && !Files.exists(existing)) {
      existing = existing.getParent();
    }
    String problem = null;
    if (existing != null && !Files.isDirectory(existing)) {
      problem = "must be a directory to create or reuse, got " + given + (existing.equals(
          given.toAbsolutePath().normalize()) ? ", an existing file" : ", below the file " + existing);
    } else if (existing != null && !Files.isWritable(existing)) {
      problem = "must be a writable directory, got " + given + " (" + existing + " is not writable)";
    }
    if (problem != null) {
      problems.add(fromCommandLine ? "-o: " + problem : yaml.error("/output", problem).getMessage());
    }
  }

  /** A heap floor, then a JVM started with the options: what a cell's process would meet first. */
  private static void jvmArgs(MatrixSpec spec, LocatedYaml yaml, Set<String> problems) {
    if (spec.jvmArgs().isEmpty()) {
      return;
    }
    for (String arg : spec.jvmArgs()) {
      Matcher m = XMX.matcher(arg);
      if (m.matches() && bytes(m) < HEAP_MIN_BYTES) {
        problems.add(yaml.error("/jvmArgs", "-Xmx must be at least " + (HEAP_MIN_BYTES >> 20)
            + "m for a cell's driver, got " + arg).getMessage());
        return;
      }
    }
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(spec.jvmArgs());
    command.add("-version");
    try {
      Process p = new ProcessBuilder(command).redirectErrorStream(true)
          .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null"))).start();
      byte[] out = p.getInputStream().readAllBytes();
      if (!p.waitFor(JVM_PROBE_SECONDS, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        problems.add(yaml.error("/jvmArgs", "a JVM with these options did not start within " + JVM_PROBE_SECONDS
            + "s: " + String.join(" ", spec.jvmArgs())).getMessage());
      } else if (p.exitValue() != 0) {
        String reason = new String(out, StandardCharsets.UTF_8).lines().map(String::trim)
            .filter(l -> !l.isEmpty() && !l.startsWith("Error: Could not create the Java Virtual Machine")
                && !l.startsWith("Error: A fatal exception") && !l.startsWith("Error occurred during initialization"))
            .findFirst().orElse("exit " + p.exitValue());
        problems.add(yaml.error("/jvmArgs", "a JVM does not start with these options (" + reason + "), got "
            + String.join(" ", spec.jvmArgs())).getMessage());
      }
    } catch (IOException e) {
      problems.add(yaml.error("/jvmArgs", "cannot start a JVM to try these options: " + e.getMessage()).getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static long bytes(Matcher m) {
    long n = Long.parseLong(m.group(1).length() > 15 ? "999999999999999" : m.group(1));
    return switch (m.group(2).toLowerCase(Locale.ROOT)) {
      case "k" -> n << 10;
      case "m" -> n << 20;
      case "g" -> n << 30;
      case "t" -> n << 40;
      default -> n;
    };
  }

  /** @return store name to its index under {@code stores}, left-out stores included */
  private static Map<String, Integer> storeIndexes(LocatedYaml yaml) {
    Map<String, Integer> out = new LinkedHashMap<>();
    var stores = yaml.root().path("stores");
    for (int i = 0; i < stores.size(); i++) {
      var s = stores.get(i);
      out.putIfAbsent(s.path("name").asText(s.path("binding").asText()).trim(), i);
    }
    return out;
  }

  /** @return the line a {@code <file>:<line>: } message names, or 0 */
  private static int line(String problem) {
    Matcher m = LINE.matcher(problem);
    return m.find() ? Integer.parseInt(m.group(1)) : 0;
  }

  /** @return the message without its leading {@code <key>: }, which the located error names already */
  private static String strip(String message, String key) {
    return message.startsWith(key + ": ") ? message.substring(key.length() + 2) : message;
  }

  private static String escape(String key) {
    return key.replace("~", "~0").replace("/", "~1");
  }
}
