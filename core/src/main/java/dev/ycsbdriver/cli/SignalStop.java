package dev.ycsbdriver.cli;

import dev.ycsbdriver.runner.StopSignal;
import java.io.PrintStream;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Turns Ctrl-C (SIGINT) and SIGTERM into a graceful stop: the first signal stops the client threads
 * after their current operation, and the summary and result of what was measured are still written;
 * a second one stops waiting for operations still inside the binding. The previous handlers come back
 * on {@link #close()}.
 *
 * <p>Uses {@code sun.misc.Signal} (module {@code jdk.unsupported}, present in every JDK 17+), because a
 * shutdown hook could not choose the exit code or finish writing the result reliably. It is reached by
 * reflection, so that the build, which treats warnings as errors, compiles without javac's warning on internal
 * API (a warning no annotation suppresses). A runtime without {@code jdk.unsupported} installs no handler.
 */
final class SignalStop implements AutoCloseable {
  private static final SignalApi API = SignalApi.find();

  private final List<Object> signals = new ArrayList<>();
  private final List<Object> previous = new ArrayList<>();

  private SignalStop() {
  }

  /**
   * @param enabled false installs nothing (commands run inside tests)
   * @param stop what a signal triggers
   * @param err where a one-line notice goes
   * @return a handle that restores the previous handlers
   */
  static SignalStop install(boolean enabled, StopSignal stop, PrintStream err) {
    return install(enabled, name -> {
      if (stop.request(StopSignal.Reason.INTERRUPTED)) {
        err.println("Interrupted (SIG" + name + "): stopping after the operations in flight; "
            + "press Ctrl-C again not to wait for them.");
      } else {
        stop.hurry();
      }
    });
  }

  /**
   * @param enabled false installs nothing (commands run inside tests)
   * @param handler what SIGINT and SIGTERM do; given the signal's name without {@code SIG}, e.g. {@code INT}
   * @return a handle that restores the previous handlers
   */
  static SignalStop install(boolean enabled, Consumer<String> handler) {
    SignalStop s = new SignalStop();
    if (!enabled || API == null) {
      return s;
    }
    Object proxy = API.handler(handler);
    for (String name : new String[] {"INT", "TERM"}) {
      try {
        Object signal = API.signal(name);
        s.previous.add(API.handle(signal, proxy));
        s.signals.add(signal);
      } catch (IllegalArgumentException e) {
        // the signal does not exist on this platform or is used by the JVM
      }
    }
    return s;
  }

  @Override
  public void close() {
    for (int i = 0; i < signals.size(); i++) {
      API.handle(signals.get(i), previous.get(i));
    }
  }

  /** {@code sun.misc.Signal} and {@code sun.misc.SignalHandler}, by reflection. */
  private record SignalApi(Class<?> handlerType, Constructor<?> newSignal, Method handle, Method getName) {
    /** @return the API, or null on a runtime without {@code jdk.unsupported} */
    static SignalApi find() {
      try {
        Class<?> signal = Class.forName("sun.misc.Signal");
        Class<?> handler = Class.forName("sun.misc.SignalHandler");
        return new SignalApi(handler, signal.getConstructor(String.class), signal.getMethod("handle", signal, handler),
            signal.getMethod("getName"));
      } catch (ReflectiveOperationException e) {
        return null;
      }
    }

    /** @return a {@code SignalHandler} that gives {@code handler} the signal's name */
    Object handler(Consumer<String> handler) {
      return Proxy.newProxyInstance(SignalStop.class.getClassLoader(), new Class<?>[] {handlerType},
          (proxy, method, args) -> switch (method.getName()) {
            case "handle" -> {
              handler.accept((String) getName.invoke(args[0]));
              yield null;
            }
            case "equals" -> proxy == args[0];
            case "hashCode" -> System.identityHashCode(proxy);
            case "toString" -> "SignalStop handler";
            default -> throw new UnsupportedOperationException(method.getName());
          });
    }

    /**
     * @throws IllegalArgumentException when the signal does not exist on this platform
     */
    Object signal(String name) {
      return call(() -> newSignal.newInstance(name));
    }

    /**
     * @return the handler installed before
     * @throws IllegalArgumentException when the JVM uses the signal itself
     */
    Object handle(Object signal, Object handler) {
      return call(() -> handle.invoke(null, signal, handler));
    }

    private static Object call(Reflective call) {
      try {
        return call.run();
      } catch (InvocationTargetException e) {
        if (e.getCause() instanceof RuntimeException r) {
          throw r;
        }
        throw new IllegalStateException(e.getCause());
      } catch (ReflectiveOperationException e) {
        throw new IllegalStateException(e);
      }
    }
  }

  /** A reflective call. */
  @FunctionalInterface
  private interface Reflective {
    Object run() throws ReflectiveOperationException;
  }
}
