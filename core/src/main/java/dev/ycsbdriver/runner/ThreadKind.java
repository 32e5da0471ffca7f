package dev.ycsbdriver.runner;

import dev.ycsbdriver.config.RunConfig;
import java.lang.reflect.Method;
import java.util.Locale;

/**
 * What the client threads run on ({@code threadkind}): platform threads (the default), one kernel thread per
 * client as in upstream YCSB, or virtual threads (JEP 444, Java 21+), which park on the JDK's poller when a socket
 * read would block, so that the clients share one carrier thread per core instead of each being a kernel thread.
 *
 * <p>Platform threads are the default: with virtual threads an operation whose answer is in still waits for a free
 * carrier, which its latency includes, so the tail latency is higher, and the client CPU per operation is not
 * reliably lower (figures: {@code docs/benchmarks/virtual-threads.md}). A binding that blocks in native code (the
 * embedded stores), or inside {@code synchronized} on Java 21 to 23 (JEP 491), holds a carrier thread while it does.
 *
 * <p>Immutable and thread-safe.
 */
enum ThreadKind {
  PLATFORM,
  VIRTUAL;

  /** @return the value the result and the banner show: {@code platform} or {@code virtual} */
  String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * @param setting the {@code threadkind} value, {@code platform} or {@code virtual}, as {@link RunConfig#from}
   *     checked it (it refuses {@code virtual} before Java 21 and with {@code spin.sleep=true})
   * @return the kind it names
   */
  static ThreadKind of(String setting) {
    return setting.equals("virtual") ? VIRTUAL : PLATFORM;
  }

  /**
   * Makes an unstarted thread of this kind. A platform thread is a daemon, so one stuck inside a binding
   * cannot keep the process alive; virtual threads always are.
   *
   * @param name the thread's name, e.g. {@code ycsb-client-3}
   * @param task what it runs
   * @return the thread, not started
   * @throws IllegalStateException when virtual threads cannot be made on this Java (refused by {@link RunConfig#from})
   */
  Thread newThread(String name, Runnable task) {
    if (this == PLATFORM) {
      Thread t = new Thread(task, name);
      t.setDaemon(true);
      return t;
    }
    return VirtualThreads.unstarted(name, task);
  }

  /** {@code Thread.ofVirtual().name(name).unstarted(task)}, by reflection: the driver is compiled for Java 17. */
  private static final class VirtualThreads {
    private static final Method OF_VIRTUAL;
    private static final Method NAME;
    private static final Method UNSTARTED;

    static {
      Method ofVirtual = null;
      Method name = null;
      Method unstarted = null;
      try {
        ofVirtual = Thread.class.getMethod("ofVirtual");
        Class<?> builder = Class.forName("java.lang.Thread$Builder");
        name = builder.getMethod("name", String.class);
        unstarted = builder.getMethod("unstarted", Runnable.class);
      } catch (ReflectiveOperationException e) {
        // before Java 21: unstarted() says so
      }
      OF_VIRTUAL = ofVirtual;
      NAME = name;
      UNSTARTED = unstarted;
    }

    static Thread unstarted(String name, Runnable task) {
      if (OF_VIRTUAL == null) {
        throw new IllegalStateException("virtual threads need Java " + RunConfig.VIRTUAL_THREADS_FROM_JAVA + " or later");
      }
      try {
        Object builder = NAME.invoke(OF_VIRTUAL.invoke(null), name);
        return (Thread) UNSTARTED.invoke(builder, task);
      } catch (ReflectiveOperationException e) {
        throw new IllegalStateException("cannot make a virtual thread: " + e, e);
      }
    }
  }
}
