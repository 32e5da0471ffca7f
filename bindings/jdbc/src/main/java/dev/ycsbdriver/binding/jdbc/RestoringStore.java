package dev.ycsbdriver.binding.jdbc;

import dev.ycsbdriver.config.ConfigException;
import dev.ycsbdriver.spi.Binding;
import dev.ycsbdriver.spi.BindingException;

/**
 * Opens an SQL store whose profile changed server-wide settings: closing the binding closes the store first, then
 * puts the settings back. Stateless.
 */
public final class RestoringStore {
  private RestoringStore() {
  }

  /**
   * Opens the store; when that fails, the settings are put back before the failure is thrown.
   *
   * @param spec what to open
   * @param reconnect how client threads reconnect
   * @param factsReader reads the server facts on the check connection
   * @param settings the settings already changed for the run
   * @return the opened store, thread-safe as its parts are
   * @throws ConfigException as {@link SqlStore#open} does
   * @throws BindingException as {@link SqlStore#open} does
   */
  public static Binding open(SqlStore.Spec spec, Reconnect reconnect, SqlStore.FactsReader factsReader,
                             ServerSettings settings) throws ConfigException, BindingException {
    SqlStore store;
    try {
      store = SqlStore.open(spec, reconnect, factsReader);
    } catch (ConfigException | BindingException | RuntimeException e) {
      settings.close();
      throw e;
    }
    return Binding.of(store::newDb, store.serverLocation(), store.serverFacts(), () -> {
      try {
        store.close();
      } finally {
        settings.close();
      }
    });
  }
}
