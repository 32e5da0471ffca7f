package dev.ycsbdriver.binding.jdbc;

import dev.ycsbdriver.spi.Binding;
import dev.ycsbdriver.spi.ServerFacts;
import dev.ycsbdriver.spi.ServerLocation;
import site.ycsb.DB;

/**
 * An opened SQL store whose profile changed server-wide settings: closing it closes the store first, then
 * puts the settings back. Thread-safe as its parts are.
 *
 * @param store the opened store
 * @param settings the settings to put back when it closes
 */
public record RestoringStore(SqlStore store, ServerSettings settings) implements Binding {
  @Override
  public DB newDb() {
    return store.newDb();
  }

  @Override
  public ServerLocation serverLocation() {
    return store.serverLocation();
  }

  @Override
  public ServerFacts serverFacts() {
    return store.serverFacts();
  }

  @Override
  public void close() {
    try {
      store.close();
    } finally {
      settings.close();
    }
  }

  /**
   * Opens the store; when that fails, the settings are put back before the failure is thrown.
   *
   * @param spec what to open
   * @param reconnect how client threads reconnect
   * @param factsReader reads the server facts on the check connection
   * @param settings the settings already changed for the run
   * @return the opened store
   * @throws dev.ycsbdriver.spi.BindingException as {@link SqlStore#open} does
   */
  public static RestoringStore open(SqlStore.Spec spec, Reconnect reconnect, SqlStore.FactsReader factsReader,
                                    ServerSettings settings) throws dev.ycsbdriver.spi.BindingException {
    try {
      return new RestoringStore(SqlStore.open(spec, reconnect, factsReader), settings);
    } catch (dev.ycsbdriver.spi.BindingException | RuntimeException e) {
      settings.close();
      throw e;
    }
  }
}
