package dev.ycsbdriver.runner;

import dev.ycsbdriver.config.ConfigException;
import dev.ycsbdriver.config.Names;
import dev.ycsbdriver.spi.BindingProvider;
import java.net.URISyntaxException;
import java.nio.file.FileSystemNotFoundException;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;

/**
 * The installed bindings: every {@link BindingProvider} on the classpath ({@link ServiceLoader}), plus
 * {@code basic}, YCSB's {@code site.ycsb.BasicDB}, which ships inside {@code site.ycsb:core}.
 *
 * <p>Immutable after construction and thread-safe.
 */
public final class BindingCatalog {
  /** The name of YCSB's no-op binding. */
  public static final String BASIC = "basic";

  private final Map<String, BindingProvider> byName = new LinkedHashMap<>();
  private final List<BindingProvider> providers = new ArrayList<>();

  private BindingCatalog(List<BindingProvider> found) throws ConfigException {
    List<BindingProvider> all = new ArrayList<>(found);
    all.add(new DbClassBindingProvider(BASIC, "site.ycsb.BasicDB", true));
    all.sort(Comparator.comparing(BindingProvider::name));
    for (BindingProvider p : all) {
      claim(p.name(), p);
      providers.add(p);
      for (String alias : p.aliases()) {
        claim(alias.toLowerCase(Locale.ROOT), p);
      }
    }
  }

  private void claim(String name, BindingProvider p) throws ConfigException {
    BindingProvider first = byName.putIfAbsent(name, p);
    if (first != null && first != p) {
      throw new ConfigException("binding: each name must belong to one binding, got '" + name + "' from "
          + source(first) + " and " + source(p) + "; remove one of them from the classpath");
    }
  }

  /** @return e.g. {@code dev.ycsbdriver.binding.redis.RedisBindingProvider in ycsb-binding-redis-0.1.jar} */
  static String source(BindingProvider p) {
    CodeSource code = p.getClass().getProtectionDomain().getCodeSource();
    String where = "the driver";
    if (code != null && code.getLocation() != null) {
      try {
        where = Path.of(code.getLocation().toURI()).toString();
      } catch (URISyntaxException | IllegalArgumentException | FileSystemNotFoundException e) {
        where = code.getLocation().toString();
      }
    }
    return p.getClass().getName() + " in " + where;
  }

  /**
   * Builds the catalog of the given providers and {@code basic}.
   *
   * @param found the providers, in any order
   * @return the catalog
   * @throws ConfigException when two providers claim one name or alias, naming both and the jars they came from
   */
  static BindingCatalog of(List<BindingProvider> found) throws ConfigException {
    return new BindingCatalog(found);
  }

  /**
   * @return the bindings found on the context class loader's classpath
   * @throws ConfigException when two bindings claim one name or alias (exit code 2), naming both jars:
   *     {@code binding: each name must belong to one binding, got 'x' from <class> in <jar> and <class> in <jar>;
   *     remove one of them from the classpath}
   * @throws IllegalStateException if a provider cannot be loaded (a broken binding jar)
   */
  public static BindingCatalog load() throws ConfigException {
    List<BindingProvider> found = new ArrayList<>();
    try {
      for (BindingProvider p : ServiceLoader.load(BindingProvider.class)) {
        found.add(p);
      }
    } catch (ServiceConfigurationError e) {
      throw new IllegalStateException("a binding on the classpath cannot be loaded: " + e.getMessage(), e);
    }
    return new BindingCatalog(found);
  }

  /** @return the installed bindings sorted by name, each once */
  public List<BindingProvider> providers() {
    return List.copyOf(providers);
  }

  /**
   * @param name a binding name or alias, any case
   * @return the binding
   * @throws ConfigException for an unknown name, listing the installed ones and the nearest name
   */
  public BindingProvider find(String name) throws ConfigException {
    BindingProvider p = byName.get(name.toLowerCase(Locale.ROOT));
    if (p != null) {
      return p;
    }
    String near = Names.nearest(name, byName.keySet());
    throw new ConfigException("binding: unknown binding '" + name + "'" + (near != null ? "; did you mean "
        + near + "? installed: " : "; installed: ") + String.join(", ", byName.keySet())
        + " (or name a site.ycsb.DB class with -db)");
  }
}
