package dev.ycsbdriver.spi;

import dev.ycsbdriver.config.ConfigException;
import java.util.function.Supplier;
import site.ycsb.DB;

/**
 * One store, opened for one run: it has checked that the store is reachable, prepared the schema
 * when asked, applied the durability profile, and read back the server facts. It then makes one
 * {@link DB} per client thread.
 *
 * <p>Lifecycle: {@link BindingProvider#open} → {@link #newDb()} once per client thread →
 * {@link #close()} after every {@code DB.cleanup()} has returned (also after Ctrl-C). Thread-safety:
 * {@link #newDb()} may be called from several threads at once; each returned {@code DB} is used by
 * one thread only.
 */
public interface Binding extends AutoCloseable {

  /**
   * Makes the {@code DB} for one client thread. The runner then calls {@code setProperties} and
   * {@code init()} on it, from that thread.
   *
   * @return a new, uninitialised {@code DB}
   */
  DB newDb();

  /** @return where the server runs, for CPU attribution; never null */
  ServerLocation serverLocation();

  /** @return what was read back from the server when the binding opened; never null */
  ServerFacts serverFacts();

  /**
   * Checks what a crash test ({@code bin/ycsb crashtest}) needs of this store for its audit to be a true
   * finding, e.g. that what the durability profile changed is still in force in the server that the restart after
   * the crash starts. Called once, before the first round, on the binding opened with the test's profile. The
   * default checks nothing.
   *
   * @throws ConfigException naming the cause and the remedy when the crash test would report writes lost that
   *     the store was never set up to keep (exit 2)
   */
  default void checkCrashTest() throws ConfigException {
  }

  /**
   * Releases what {@link BindingProvider#open} acquired (the check connection, an embedded database,
   * global settings to restore). Never throws: failures are reported on stderr.
   */
  @Override
  void close();

  /**
   * A binding made of its parts, for a store that needs nothing beyond them (no crash-test check). Usage, at the
   * end of {@link BindingProvider#open}:
   * <pre>{@code
   * return Binding.of(() -> new MemoryDb(store), ServerLocation.embedded(), facts, store::clear);
   * }</pre>
   *
   * @param clients makes each client thread's {@code DB}, as {@link #newDb()}; called from any thread
   * @param location where the server runs, as {@link #serverLocation()}; not null
   * @param facts what was read back from the server, as {@link #serverFacts()}; not null
   * @param release what {@link #close()} releases; run once, on the first {@code close()}, later calls do nothing
   * @return a binding, thread-safe as {@code clients} and {@code release} are
   * @throws NullPointerException when an argument is null
   */
  static Binding of(Supplier<? extends DB> clients, ServerLocation location, ServerFacts facts, Runnable release) {
    return new ComposedBinding(clients, location, facts, release, () -> { });
  }

  /**
   * {@link #of(Supplier, ServerLocation, ServerFacts, Runnable)} with a crash-test check.
   *
   * @param crashTestCheck what {@link #checkCrashTest()} runs
   * @return a binding, thread-safe as its parts are
   * @throws NullPointerException when an argument is null
   */
  static Binding of(Supplier<? extends DB> clients, ServerLocation location, ServerFacts facts, Runnable release,
                    CrashTestCheck crashTestCheck) {
    return new ComposedBinding(clients, location, facts, release, crashTestCheck);
  }

  /** What {@link #checkCrashTest()} of a binding made by {@link #of} checks. */
  @FunctionalInterface
  interface CrashTestCheck {
    /** @throws ConfigException as {@link Binding#checkCrashTest()} */
    void check() throws ConfigException;
  }
}
