package dev.ycsbdriver.testing;

import dev.ycsbdriver.config.PropertySpec;
import dev.ycsbdriver.spi.Binding;
import dev.ycsbdriver.spi.BindingContext;
import dev.ycsbdriver.spi.BindingProvider;
import dev.ycsbdriver.spi.ServerFacts;
import dev.ycsbdriver.spi.ServerLocation;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import site.ycsb.DB;

/**
 * A binding whose {@code open} blocks, ignoring interrupts, until {@link #release()}, as one waiting for a
 * server that never answers; then it opens a no-op store, and counts how often it was closed.
 */
public final class BlockingOpenProvider implements BindingProvider {
  private final CountDownLatch gate = new CountDownLatch(1);
  private final CountDownLatch opened = new CountDownLatch(1);
  private final AtomicInteger closed = new AtomicInteger();

  /** Lets the stuck {@code open} return. */
  public void release() {
    gate.countDown();
  }

  /** @return counted down when {@code open} has returned */
  public CountDownLatch opened() {
    return opened;
  }

  /** @return how often the binding {@code open} returned was closed */
  public int closed() {
    return closed.get();
  }

  @Override
  public String name() {
    return "blockingopen";
  }

  @Override
  public String description() {
    return "a binding whose open never returns until released";
  }

  @Override
  public List<PropertySpec> properties() {
    return List.of();
  }

  @Override
  public Binding open(BindingContext context) {
    BlockingInitDb.awaitIgnoringInterrupts(gate);
    opened.countDown();
    return new Binding() {
      @Override
      public DB newDb() {
        return new NoOpDb();
      }

      @Override
      public ServerLocation serverLocation() {
        return ServerLocation.unknown("test binding");
      }

      @Override
      public ServerFacts serverFacts() {
        return ServerFacts.unknown();
      }

      @Override
      public void close() {
        closed.incrementAndGet();
      }
    };
  }
}
