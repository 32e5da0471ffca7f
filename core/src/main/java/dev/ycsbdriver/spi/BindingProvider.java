package dev.ycsbdriver.spi;

import dev.ycsbdriver.config.ConfigException;
import dev.ycsbdriver.config.PropertySpec;
import dev.ycsbdriver.spi.support.StoreDirectory;
import java.util.List;
import java.util.Optional;

/**
 * A store's entry point, found through {@link java.util.ServiceLoader}: each binding module lists
 * its implementation in {@code META-INF/services/dev.ycsbdriver.spi.BindingProvider}.
 *
 * <p>Implementations are stateless and thread-safe; {@link #open} does the work.
 *
 * <p>Example:
 * <pre>{@code
 * public final class PostgresBindingProvider implements BindingProvider {
 *   public String name() { return "postgres"; }
 *   ...
 * }
 * }</pre>
 */
public interface BindingProvider {

  /** @return the name typed after {@code load}/{@code run}, lower case, e.g. {@code postgres} */
  String name();

  /** @return other accepted names, e.g. {@code mariadb} for {@code mysql}; never null, may be empty */
  default List<String> aliases() {
    return List.of();
  }

  /** @return one line shown by {@code bin/ycsb bindings} */
  String description();

  /**
   * @return the binding's own property keys with defaults and units, in the order to show them. They join
   *     the driver's one registry of keys ({@code dev.ycsbdriver.runner.Preflight}), which runs before
   *     anything else: keys under {@code <name>.} that are not listed here are rejected as typos, a key
   *     close to a listed one gets a did-you-mean, and a value is checked against the spec's kind and range
   *     (declare them with {@link PropertySpec#integer}, {@link PropertySpec#choice} and friends)
   */
  List<PropertySpec> properties();

  /**
   * @return whether the store keeps its records after the process that wrote them ends (a server, or files of an
   *     embedded store); false for a store that lives in the driver's heap only, which {@code bin/ycsb crashtest}
   *     refuses, as a crash loses every record by design
   */
  default boolean keepsRecordsAcrossProcesses() {
    return true;
  }

  /**
   * @return the files an embedded store keeps in its directory, by which {@link StoreDirectory} tells its
   *     directory from another store's; empty (the default) for a store with a server or none on disk
   */
  default Optional<StoreFiles> storeFiles() {
    return Optional.empty();
  }

  /**
   * Opens the store for one run: validate the binding's properties, connect once, create the table
   * if asked, apply the durability profile, read back the server facts.
   *
   * @param context configuration and shape of the run
   * @return the opened binding; the caller closes it
   * @throws ConfigException for a malformed or out-of-range binding property (exit code 2)
   * @throws BindingException when the store is unreachable, refuses the credentials, lacks the table,
   *     or rejects the profile (exit code 3)
   */
  Binding open(BindingContext context) throws ConfigException, BindingException;
}
