package dev.ycsbdriver.matrix;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ycsbdriver.config.ConfigException;
import dev.ycsbdriver.config.Settings;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads one value of a matrix file and checks it: a text, a name, a whole number or a duration within a range, a
 * list, or a mapping of properties. A value that is absent is its fallback, or an error when there is none. Every
 * error names the file, the line and the key ({@link LocatedYaml#error}).
 *
 * <p>Stateless and thread-safe.
 */
final class MatrixValues {
  private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]*");

  private MatrixValues() {
  }

  /** @return the whole number at the key, within its range; its default when it is absent */
  static long integer(LocatedYaml yaml, MatrixKey key) throws ConfigException {
    return integer(yaml, key.pointer(), key.defaultNumber(), key.min(), key.max());
  }

  /** @return the duration at the key, at least its minimum; its default when it is absent */
  static Duration duration(LocatedYaml yaml, MatrixKey key) throws ConfigException {
    return duration(yaml, key.pointer(), key.defaultDuration(), key.minDuration());
  }

  /** @return the node at the pointer, or null when it is absent and {@code optional} */
  private static JsonNode given(LocatedYaml yaml, String pointer, boolean optional) throws ConfigException {
    JsonNode n = yaml.root().at(pointer);
    if (n.isMissingNode() || n.isNull()) {
      if (!optional) {
        throw yaml.error(pointer, "a value is required");
      }
      return null;
    }
    return n;
  }

  static String text(LocatedYaml yaml, String pointer, String fallback) throws ConfigException {
    JsonNode n = given(yaml, pointer, fallback != null);
    if (n == null) {
      return fallback;
    }
    if (!n.isValueNode()) {
      throw yaml.error(pointer, "must be a single value, got a " + (n.isArray() ? "list" : "mapping"));
    }
    String s = n.asText().trim();
    if (s.isEmpty()) {
      throw yaml.error(pointer, "must not be empty");
    }
    return s;
  }

  static String name(LocatedYaml yaml, String pointer, String fallback) throws ConfigException {
    String s = text(yaml, pointer, fallback);
    if (!NAME.matcher(s).matches()) {
      throw yaml.error(pointer, "must be a name of letters, digits, '.', '_' or '-', got '" + s + "'");
    }
    return s;
  }

  static long integer(LocatedYaml yaml, String pointer, Long fallback, long min, long max)
      throws ConfigException {
    JsonNode n = given(yaml, pointer, fallback != null);
    if (n == null) {
      return fallback;
    }
    if (!n.isIntegralNumber()) {
      throw yaml.error(pointer, "must be a whole number, got '" + n.asText() + "'");
    }
    long v = n.asLong();
    if (v < min || v > max) {
      throw yaml.error(pointer, "must be between " + min + " and " + max + ", got " + v);
    }
    return v;
  }

  static Duration duration(LocatedYaml yaml, String pointer, Duration fallback, Duration min)
      throws ConfigException {
    JsonNode n = given(yaml, pointer, fallback != null);
    if (n == null) {
      return fallback;
    }
    Duration d = Settings.parseDuration(n.asText(), null);
    if (d == null) {
      throw yaml.error(pointer, "must be a duration with its unit such as 500ms, 30s, 2m or 1h, got '"
          + n.asText() + "'");
    }
    if (d.compareTo(min) < 0) {
      throw yaml.error(pointer, "must be at least " + min.toMillis() + " ms, got " + n.asText());
    }
    return d;
  }

  /** @return the pointers of the list's elements; a single value counts as a list of one when allowed */
  static List<String> list(LocatedYaml yaml, String pointer, boolean scalarAllowed) throws ConfigException {
    JsonNode n = yaml.root().at(pointer);
    if (n.isMissingNode() || n.isNull()) {
      throw yaml.error(pointer, "a value is required");
    }
    if (scalarAllowed && n.isValueNode()) {
      return List.of(pointer);
    }
    if (!n.isArray()) {
      throw yaml.error(pointer, "must be a list, e.g. [a, b]");
    }
    if (n.isEmpty()) {
      throw yaml.error(pointer, "must not be empty");
    }
    List<String> out = new ArrayList<>();
    for (int i = 0; i < n.size(); i++) {
      out.add(pointer + "/" + i);
    }
    return out;
  }

  static List<String> names(LocatedYaml yaml, String pointer) throws ConfigException {
    JsonNode n = yaml.root().at(pointer);
    if (n.isArray() && n.isEmpty()) {
      return List.of();
    }
    List<String> out = new ArrayList<>();
    for (String p : list(yaml, pointer, true)) {
      String s = name(yaml, p, null);
      if (out.contains(s)) {
        throw yaml.error(p, s + " is listed twice");
      }
      out.add(s);
    }
    return out;
  }

  /**
   * @param env the environment, in which every {@code ${env:NAME}} must be set; null to check none (a store
   *     left out)
   */
  static Map<String, String> properties(LocatedYaml yaml, String pointer, UnaryOperator<String> env)
      throws ConfigException {
    JsonNode n = yaml.root().at(pointer);
    Map<String, String> out = new LinkedHashMap<>();
    if (n.isMissingNode() || n.isNull()) {
      return out;
    }
    if (!n.isObject()) {
      throw yaml.error(pointer, "must be a mapping of property keys to values, e.g. {fieldcount: 10}");
    }
    for (Map.Entry<String, JsonNode> e : n.properties()) {
      if (!e.getValue().isValueNode() || e.getValue().isNull()) {
        throw yaml.error(pointer + "/" + e.getKey(), "must be a single value");
      }
      Matcher ref = MatrixFile.ENV.matcher(e.getValue().asText());
      while (env != null && ref.find()) {
        if (env.apply(ref.group(1)) == null) {
          throw yaml.error(pointer + "/" + e.getKey(), "environment variable " + ref.group(1)
              + " is not set; set it before running the matrix (its value is never printed or saved)");
        }
      }
      out.put(e.getKey(), e.getValue().asText());
    }
    return out;
  }
}
