package dev.ycsbdriver.crash;

import dev.ycsbdriver.config.ConfigException;
import dev.ycsbdriver.config.PropertySpec;
import dev.ycsbdriver.config.Settings;
import dev.ycsbdriver.spi.Binding;
import dev.ycsbdriver.spi.BindingContext;
import dev.ycsbdriver.spi.BindingException;
import dev.ycsbdriver.spi.BindingProvider;
import dev.ycsbdriver.spi.ErrorLog;
import dev.ycsbdriver.config.Phase;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Opens the store from the crash test's own process: once before the first round (check the configuration,
 * create the table, learn where the server runs) and after each crash (poll until it answers, then audit).
 * A poll uses short connect and login timeouts (the binding's {@code <name>.connect.timeout} and
 * {@code <name>.login.timeout} when it declares them) and is bounded as a whole.
 *
 * <p>Immutable and thread-safe.
 */
final class StoreAccess {
  /** The connect and login timeout of one poll while the store restarts. */
  static final Duration POLL_TIMEOUT = Duration.ofSeconds(2);
  private static final String CREATE_TABLE = "createtable";

  private final BindingProvider provider;
  private final Settings settings;
  private final String profile;

  /**
   * @param provider the binding
   * @param settings the merged configuration (with the crash test's table)
   * @param profile the durability profile, or null
   */
  StoreAccess(BindingProvider provider, Settings settings, String profile) {
    this.provider = provider;
    this.settings = settings;
    this.profile = profile;
  }

  /**
   * Opens for preparing: the load phase with {@code createtable=true} when the binding has that key and the
   * user did not set it, so the crash table is created when missing.
   *
   * @param resultDirectory where an embedded store keeps its files by default
   * @return the binding; the caller closes it
   * @throws ConfigException for a malformed binding property
   * @throws BindingException when the store cannot be reached or prepared
   */
  Binding openToPrepare(Path resultDirectory) throws ConfigException, BindingException {
    return openToPrepare(resultDirectory, ErrorLog.silent());
  }

  /**
   * {@link #openToPrepare(Path)} with the log its {@code DB}s report failed operations to.
   *
   * @param resultDirectory where an embedded store keeps its files by default
   * @param errors where its {@code DB}s report failed operations
   * @return the binding; the caller closes it
   * @throws ConfigException for a malformed binding property
   * @throws BindingException when the store cannot be reached or prepared
   */
  Binding openToPrepare(Path resultDirectory, ErrorLog errors) throws ConfigException, BindingException {
    Settings s = settings;
    if (!s.contains(CREATE_TABLE) && provider.properties().stream().anyMatch(p -> p.key().equals(CREATE_TABLE))) {
      s = s.with(CREATE_TABLE, "true");
    }
    return provider.open(new BindingContext(s, Phase.LOAD, 1, resultDirectory, profile, errors));
  }

  /**
   * One attempt to open the store while it restarts, with short network timeouts.
   *
   * @param threads DB instances the caller will make
   * @param resultDirectory where an embedded store keeps its files by default
   * @param bound the longest this attempt may take
   * @return the binding, or null when the store does not answer (yet)
   * @throws ConfigException for a malformed binding property
   */
  Binding tryOpen(int threads, Path resultDirectory, Duration bound) throws ConfigException {
    Settings s = settings;
    for (PropertySpec p : provider.properties()) {
      if ((p.key().endsWith(".connect.timeout") || p.key().endsWith(".login.timeout")) && !settings.contains(p.key())) {
        s = s.with(p.key(), POLL_TIMEOUT.toMillis() + "ms");
      }
    }
    BindingContext context = new BindingContext(s, Phase.RUN, threads, resultDirectory, profile);
    CompletableFuture<Binding> f = new CompletableFuture<>();
    Thread t = new Thread(() -> {
      try {
        f.complete(provider.open(context));
      } catch (Throwable e) {
        f.completeExceptionally(e);
      }
    }, "crashtest-open");
    t.setDaemon(true);
    t.start();
    try {
      return f.get(Math.max(1, bound.toMillis()), TimeUnit.MILLISECONDS);
    } catch (ExecutionException e) {
      if (e.getCause() instanceof ConfigException c) {
        throw c;
      }
      return null;
    } catch (TimeoutException e) {
      f.thenAccept(Binding::close); // a late answer is closed, not leaked
      return null;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return null;
    }
  }
}
