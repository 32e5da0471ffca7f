package dev.ycsbdriver.matrix;

import dev.ycsbdriver.config.SecretProperties;
import dev.ycsbdriver.config.Secrets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.regex.Matcher;

/**
 * A cell's command line, built the same way for loads, runs and crash tests: the matrix's and the store's
 * properties (the store's win), the profile, the store's name and the output directory. Secrets never go on
 * the command line, where every user could read them: a secret key, credentials in a value, or a value taken
 * from the environment ({@code ${env:NAME}}) go to the child's environment instead.
 *
 * <p>Not thread-safe: one instance builds one command.
 */
final class CellArguments {
  private final List<String> args;
  private final Map<String, String> secrets = new LinkedHashMap<>();
  private final Path output;

  /**
   * @param spec the matrix
   * @param output the matrix's output directory, absolute; {@code ${output}} in a value stands for it
   * @param store the store
   * @param profile the profile, or null
   * @param dir the cell's directory ({@code result.dir})
   * @param head the command and its first arguments, e.g. {@code run h2 -P workloads/workloada}
   */
  CellArguments(MatrixSpec spec, Path output, MatrixSpec.Store store, String profile, Path dir, List<String> head) {
    this(spec, output, store, profile, dir, head, Map.of());
  }

  /**
   * As {@link #CellArguments(MatrixSpec, Path, MatrixSpec.Store, String, Path, List)}, with some of the store's
   * properties replaced.
   *
   * @param overrides values that replace the matrix's and the store's; a null value leaves the key out
   */
  CellArguments(MatrixSpec spec, Path output, MatrixSpec.Store store, String profile, Path dir, List<String> head,
                Map<String, String> overrides) {
    this.args = new ArrayList<>(head);
    this.output = output;
    // the store's value of a key replaces the matrix's before either is sorted into arguments or secrets
    Map<String, String> given = new LinkedHashMap<>(spec.properties());
    given.putAll(store.properties());
    override(given, overrides);
    given.forEach(this::property);
    if (profile != null) {
      put("profile", profile);
    }
    put("store.name", store.name());
    put("result.dir", dir.toString());
  }

  /**
   * Adds a property as the matrix file gives it: expanded, then on the command line or, when secret, in
   * the child's environment.
   */
  void property(String key, String given) {
    String value = expand(given, output);
    if (MatrixFile.ENV.matcher(given).find() || SecretProperties.isSecret(key, value)) {
      secrets.put(key, value);
    } else {
      put(key, value);
    }
  }

  /** Adds {@code -p key=value}. @return this */
  CellArguments put(String key, String value) {
    args.add("-p");
    args.add(key + "=" + value);
    return this;
  }

  /**
   * What a load of a store changes in the store's properties: a load writes, so a store opened read-only for its
   * runs ({@code <binding>.readonly: "true"}) is opened writable; and it fills the table in batches on connections
   * of its own, so a store whose runs share one connection or borrow from a pool ({@code <binding>.connections})
   * loads with one connection per thread. Either is set in the matrix's or the store's properties.
   *
   * @param spec the matrix
   * @param store the store
   * @return the properties its loads override, a null value for one they leave out; empty when they override none
   */
  static Map<String, String> forLoad(MatrixSpec spec, MatrixSpec.Store store) {
    Map<String, String> out = new LinkedHashMap<>();
    String readOnly = given(spec, store, store.binding() + ".readonly");
    if (readOnly != null && readOnly.trim().equalsIgnoreCase("true")) {
      out.put(store.binding() + ".readonly", "false");
    }
    if (given(spec, store, store.binding() + ".connections") != null) {
      out.put(store.binding() + ".connections", "thread");
      out.put(store.binding() + ".pool.size", null);
      out.put(store.binding() + ".pool.timeout", null);
    }
    return out;
  }

  /**
   * @param given properties, changed in place
   * @param overrides values that replace the given ones ({@link #forLoad}); a null value leaves the key out
   */
  static void override(Map<String, String> given, Map<String, String> overrides) {
    overrides.forEach((k, v) -> {
      if (v == null) {
        given.remove(k);
      } else {
        given.put(k, v);
      }
    });
  }

  private static String given(MatrixSpec spec, MatrixSpec.Store store, String key) {
    return store.properties().getOrDefault(key, spec.properties().get(key));
  }

  /** @return the arguments, without secrets */
  List<String> args() {
    return args;
  }

  /** @return the secrets, for the child's environment */
  Map<String, String> secrets() {
    return secrets;
  }

  /**
   * {@code ${output}} in a property value stands for the matrix's output directory, {@code ${env:NAME}}
   * for an environment variable (checked when the file was read). Only the child's environment holds the
   * expanded value; {@code cell.json} and the logs hold the masked command.
   */
  static String expand(String value, Path output) {
    String v = value.replace("${output}", output.toString());
    return MatrixFile.ENV.matcher(v).replaceAll(m -> Matcher.quoteReplacement(
        Objects.requireNonNullElse(System.getenv(m.group(1)), "")));
  }

  /** @return the properties sorted by key, each value masked by its key */
  static Map<String, String> masked(Map<String, String> properties) {
    Map<String, String> out = new TreeMap<>();
    properties.forEach((k, v) -> out.put(k, Secrets.maskValue(k, v)));
    return out;
  }
}
