package dev.ycsbdriver.binding.mongodb;

import com.mongodb.event.ConnectionCheckOutFailedEvent;
import com.mongodb.event.ConnectionCheckedOutEvent;
import com.mongodb.event.ConnectionPoolListener;
import dev.ycsbdriver.spi.support.ConnectionWait;
import java.util.concurrent.TimeUnit;

/**
 * Reports each connection check-out of the MongoDB driver's pool, which the synchronous driver does on the calling
 * thread, as the calling client thread's wait for a connection ({@link ConnectionWait}); a check-out that failed
 * (the pool's {@code maxWaitTime} passed) is a wait too. Used with {@code mongodb.connections=pool} or
 * {@code shared}.
 *
 * <p>Stateless and thread-safe.
 */
final class CheckoutWaits implements ConnectionPoolListener {
  @Override
  public void connectionCheckedOut(ConnectionCheckedOutEvent event) {
    ConnectionWait.waitedOnCurrentThread(event.getElapsedTime(TimeUnit.NANOSECONDS));
  }

  @Override
  public void connectionCheckOutFailed(ConnectionCheckOutFailedEvent event) {
    ConnectionWait.waitedOnCurrentThread(event.getElapsedTime(TimeUnit.NANOSECONDS));
  }
}
