package dev.ycsbdriver.config;

import java.util.List;

/**
 * A class that declares the property keys it reads, so that they join the one registry of keys checked before
 * anything runs. A {@code site.ycsb.Workload} named by {@code workload=} may implement it (the crash test's
 * writer workload does); the pre-run check then creates it with its public no-argument constructor to ask.
 *
 * <p>Implementations answer with constants; thread-safe.
 */
public interface PropertyOwner {
  /** @return the keys it reads, with kind, range and default; never null */
  List<PropertySpec> properties();

  /**
   * @return prefixes such as {@code crash.} under which every key must be one of {@link #properties()} (a typo is
   *     an error with a did-you-mean); never null, empty by default
   */
  default List<String> strictNamespaces() {
    return List.of();
  }
}
