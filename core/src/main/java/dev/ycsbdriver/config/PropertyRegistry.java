package dev.ycsbdriver.config;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Every key a command knows, from the declarations of their owners ({@link PropertySpec}): answers
 * "is this key known" (with a did-you-mean for near misses) and "is this value valid", before anything
 * runs.
 *
 * <p>A key that is set but not declared is judged so:
 * <ul>
 *   <li>under an open prefix (such as YCSB's {@code htrace.}, or another installed binding's {@code <name>.}):
 *       passed on, unchecked;</li>
 *   <li>under a strict namespace (the binding's {@code <name>.}, {@code cpu.}): an error, with the nearest
 *       key or the namespace's keys;</li>
 *   <li>close to a declared key ({@link Names#nearest}): an error with a did-you-mean, because a typo
 *       would otherwise run silently with the default. When the DB or workload class is a custom one,
 *       which may read keys nobody declared here, this is only a warning, unless the key lies in a
 *       namespace a declared dotted key uses (such as {@code status.} or {@code client.});</li>
 *   <li>otherwise: passed on, for custom DB and workload classes.</li>
 * </ul>
 *
 * <p>Immutable and thread-safe. When two owners declare the same key, the first declaration counts.
 */
public final class PropertyRegistry {
  private final Map<String, PropertySpec> specs = new LinkedHashMap<>();
  private final Set<String> strictNamespaces;
  private final List<String> openPrefixes;
  private final Set<String> declaredNamespaces = new TreeSet<>();

  /**
   * @param specs every declared key, in the order to show them; a later duplicate of a key is ignored
   * @param strictNamespaces prefixes such as {@code "postgres."} under which every key must be declared
   * @param openPrefixes prefixes such as {@code "htrace."} under which any key passes
   */
  public PropertyRegistry(Collection<PropertySpec> specs, Collection<String> strictNamespaces,
                          Collection<String> openPrefixes) {
    for (PropertySpec s : specs) {
      this.specs.putIfAbsent(s.key(), s);
      int dot = s.key().indexOf('.');
      if (dot > 0) {
        declaredNamespaces.add(s.key().substring(0, dot + 1));
      }
    }
    this.strictNamespaces = Set.copyOf(strictNamespaces);
    this.openPrefixes = List.copyOf(openPrefixes);
  }

  /** @return the declaration of {@code key}, or null when it has none */
  public PropertySpec find(String key) {
    return specs.get(key);
  }

  /** @return every declared key, in declaration order; unmodifiable */
  public Collection<PropertySpec> specs() {
    return java.util.Collections.unmodifiableCollection(specs.values());
  }

  /**
   * Checks every key of {@code settings}: unknown keys as the class documentation says, and the value
   * of each declared key against its kind and range.
   *
   * @param settings the merged configuration
   * @param customClasses whether a custom DB or workload class runs, which may read undeclared keys
   * @return warnings, one line each (near misses passed on to a custom class); empty when there are none
   * @throws ConfigException naming the first key that is unknown, malformed or out of range
   */
  public List<String> check(Settings settings, boolean customClasses) throws ConfigException {
    return check(settings, customClasses, Map.of());
  }

  /**
   * Like {@link #check(Settings, boolean)}, naming the file a faulty key was set in.
   *
   * @param origins key to the file that set it, e.g. {@code -P my.properties}; keys set on the command line
   *     are absent
   * @throws ConfigException naming the first key that is unknown, malformed or out of range, and its file
   */
  public List<String> check(Settings settings, boolean customClasses, Map<String, String> origins)
      throws ConfigException {
    List<String> warnings = new ArrayList<>();
    for (String key : settings.asMap().keySet()) {
      try {
        String warning = checkKey(settings, key, customClasses);
        if (warning != null) {
          warnings.add(withOrigin(warning, key, origins));
        }
      } catch (ConfigException e) {
        throw new ConfigException(withOrigin(e.getMessage(), key, origins), e);
      }
    }
    return warnings;
  }

  /** @return {@code message}, whose subject is {@code key}, with the file that set the key after it */
  private static String withOrigin(String message, String key, Map<String, String> origins) {
    String origin = origins.get(key);
    return origin == null || !message.startsWith(key + ":") ? message
        : key + " (" + origin + ")" + message.substring(key.length());
  }

  /** @return a warning for a near miss passed on to a custom class, or null */
  private String checkKey(Settings settings, String key, boolean customClasses) throws ConfigException {
    PropertySpec spec = specs.get(key);
    if (spec != null) {
      settings.check(spec);
      return null;
    }
    if (openPrefixes.stream().anyMatch(key::startsWith)) {
      return null;
    }
    String strict = strictNamespaces.stream().filter(key::startsWith).findFirst().orElse(null);
    if (strict != null) {
      List<String> inNamespace = specs.keySet().stream().filter(k -> k.startsWith(strict)).toList();
      String near = Names.nearest(key, inNamespace);
      throw new ConfigException(key + ": unknown property" + (near != null ? "; did you mean " + near + "?"
          : inNamespace.isEmpty() ? "; " + strict + " declares no keys"
          : "; known: " + String.join(", ", new TreeSet<>(inNamespace))));
    }
    String near = Names.nearest(key, specs.keySet());
    if (near == null) {
      return null;
    }
    String message = key + ": unknown property; did you mean " + near + "?";
    int dot = key.indexOf('.');
    boolean driverNamespace = dot > 0 && declaredNamespaces.contains(key.substring(0, dot + 1));
    if (!customClasses || driverNamespace) {
      throw new ConfigException(message);
    }
    return message + " (passed on to the custom DB or workload class)";
  }
}
