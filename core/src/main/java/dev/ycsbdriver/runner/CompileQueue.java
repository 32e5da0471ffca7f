package dev.ycsbdriver.runner;

import java.lang.management.ManagementFactory;
import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.ObjectName;

/**
 * How many methods HotSpot's JIT compiler has still to compile, for {@link SteadyState}: the tasks waiting in its
 * C1 and C2 queues plus those being compiled, as {@code jcmd <pid> Compiler.queue} prints them, read in-process
 * through the {@code compilerQueue} operation of the {@code com.sun.management:type=DiagnosticCommand} MBean.
 *
 * <p>An empty queue says that compilation has finished, however slowly the compiler threads got through it: on a
 * saturated machine they stay runnable (waiting for a core) long after the code has settled, while the queue
 * empties once the last compilation is installed. A reading is a HotSpot VM operation (a safepoint of well under a
 * millisecond once warm), taken once a second during the warm-up only.
 *
 * <p>Not thread-safe: used by the runner's thread only.
 */
final class CompileQueue {
  private static final String MBEAN = "com.sun.management:type=DiagnosticCommand";
  private static final String OPERATION = "compilerQueue";

  private final MBeanServer server;
  private final ObjectName name;
  private boolean available;

  /** Looks the diagnostic command up; a JVM without it (not HotSpot) gives -1 from every {@link #tasks()}. */
  CompileQueue() {
    MBeanServer s = null;
    ObjectName n = null;
    try {
      s = ManagementFactory.getPlatformMBeanServer();
      n = new ObjectName(MBEAN);
      available = s.isRegistered(n);
    } catch (JMException | RuntimeException e) {
      available = false;
    }
    server = s;
    name = n;
  }

  /**
   * Reads the compile queue.
   *
   * @return the methods waiting to be compiled or being compiled now, or -1 when this JVM does not say
   */
  int tasks() {
    if (!available) {
      return -1;
    }
    try {
      Object out = server.invoke(name, OPERATION, new Object[] {null}, new String[] {String[].class.getName()});
      return out instanceof String text ? count(text) : -1;
    } catch (JMException | RuntimeException e) {
      available = false; // the command is gone or refused: it will not come back within this warm-up
      return -1;
    }
  }

  /**
   * Counts the tasks in the text of {@code Compiler.queue}: one line per task, under {@code Current compiles:}
   * (prefixed by the compiler thread's name) and under each {@code C1 compile queue:} / {@code C2 compile queue:}
   * (or {@code Empty}); every task line names its method as {@code Class::method}.
   *
   * @param text the command's output
   * @return the number of task lines
   */
  static int count(String text) {
    int tasks = 0;
    for (String line : text.split("\n")) {
      if (line.contains("::")) {
        tasks++;
      }
    }
    return tasks;
  }
}
