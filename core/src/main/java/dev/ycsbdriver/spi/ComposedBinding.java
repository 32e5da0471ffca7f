package dev.ycsbdriver.spi;

import dev.ycsbdriver.config.ConfigException;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import site.ycsb.DB;

/**
 * The {@link Binding} that {@link Binding#of} makes: its parts, and a release that runs once.
 *
 * <p>Thread-safe as its {@code clients} and {@code release} are; {@link #close()} may be called from any thread,
 * any number of times.
 */
final class ComposedBinding implements Binding {
  private final Supplier<? extends DB> clients;
  private final ServerLocation location;
  private final ServerFacts facts;
  private final Runnable release;
  private final CrashTestCheck crashTestCheck;
  private final AtomicBoolean closed = new AtomicBoolean();

  ComposedBinding(Supplier<? extends DB> clients, ServerLocation location, ServerFacts facts, Runnable release,
                  CrashTestCheck crashTestCheck) {
    this.clients = Objects.requireNonNull(clients, "clients");
    this.location = Objects.requireNonNull(location, "location");
    this.facts = Objects.requireNonNull(facts, "facts");
    this.release = Objects.requireNonNull(release, "release");
    this.crashTestCheck = Objects.requireNonNull(crashTestCheck, "crashTestCheck");
  }

  @Override
  public DB newDb() {
    return clients.get();
  }

  @Override
  public ServerLocation serverLocation() {
    return location;
  }

  @Override
  public ServerFacts serverFacts() {
    return facts;
  }

  @Override
  public void checkCrashTest() throws ConfigException {
    crashTestCheck.check();
  }

  @Override
  public void close() {
    if (closed.compareAndSet(false, true)) {
      release.run();
    }
  }
}
