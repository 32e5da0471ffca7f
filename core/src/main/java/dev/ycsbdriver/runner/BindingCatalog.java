package dev.ycsbdriver.runner;

import dev.ycsbdriver.config.ConfigException;
import dev.ycsbdriver.config.Names;
import dev.ycsbdriver.spi.BindingProvider;
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

  private BindingCatalog(List<BindingProvider> found) {
    List<BindingProvider> all = new ArrayList<>(found);
    all.add(new DbClassBindingProvider(BASIC, "site.ycsb.BasicDB", true));
    all.sort(Comparator.comparing(BindingProvider::name));
    for (BindingProvider p : all) {
      if (byName.putIfAbsent(p.name(), p) == null) {
        providers.add(p);
      }
      for (String alias : p.aliases()) {
        byName.putIfAbsent(alias.toLowerCase(Locale.ROOT), p);
      }
    }
  }

  /**
   * @return the bindings found on the context class loader's classpath
   * @throws IllegalStateException if a provider cannot be loaded (a broken binding jar)
   */
  public static BindingCatalog load() {
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
