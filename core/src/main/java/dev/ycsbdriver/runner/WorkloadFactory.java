package dev.ycsbdriver.runner;

import dev.ycsbdriver.config.ConfigException;
import dev.ycsbdriver.config.Secrets;
import java.lang.reflect.InvocationTargetException;
import java.util.Properties;
import site.ycsb.Workload;
import site.ycsb.WorkloadException;

/**
 * Instantiates and initialises the {@code site.ycsb.Workload} named by {@code workload}, normally YCSB's
 * own {@code CoreWorkload}, whose generators, key choice and operation mix are used as they are.
 *
 * <p>Stateless and thread-safe.
 */
final class WorkloadFactory {
  private WorkloadFactory() {
  }

  /**
   * @param className the workload class
   * @param props the run's properties
   * @return the initialised workload
   * @throws ConfigException if the class is missing or not a workload, or the workload rejects its
   *     properties
   */
  static Workload create(String className, Properties props) throws ConfigException {
    Workload workload;
    try {
      workload = workloadClass(className).getConstructor().newInstance();
    } catch (InvocationTargetException e) {
      throw new ConfigException("workload: " + className + " could not be created: " + e.getCause(), e.getCause());
    } catch (LinkageError e) {
      throw new ConfigException("workload: " + className + " could not be created: " + e, e);
    } catch (ReflectiveOperationException e) {
      throw new ConfigException("workload: " + className + " needs a public no-argument constructor", e);
    }
    try {
      workload.init(props);
    } catch (WorkloadException e) {
      throw new ConfigException("workload: " + Secrets.maskText(describe(e)), e);
    } catch (RuntimeException e) {
      // CoreWorkload parses its numbers with Integer.parseInt and friends: a malformed value surfaces here
      throw new ConfigException("workload: invalid configuration: " + Secrets.maskText(describe(e)), e);
    }
    return workload;
  }

  /**
   * @param className the workload class
   * @return the class, loaded but not initialised
   * @throws ConfigException if it is missing or not a {@code site.ycsb.Workload}
   */
  static Class<? extends Workload> workloadClass(String className) throws ConfigException {
    Class<?> type;
    try {
      type = Class.forName(className, false, Thread.currentThread().getContextClassLoader());
    } catch (ClassNotFoundException | LinkageError e) {
      throw new ConfigException("workload: class " + className + " not found; put its jar on the classpath with -cp", e);
    }
    if (!Workload.class.isAssignableFrom(type)) {
      throw new ConfigException("workload: " + className + " is not a site.ycsb.Workload");
    }
    return type.asSubclass(Workload.class);
  }

  private static String describe(Throwable e) {
    if (e instanceof NumberFormatException) {
      return "a numeric property is malformed (" + e.getMessage() + ")";
    }
    String m = e.getMessage();
    return m == null ? e.getClass().getSimpleName() : m;
  }
}
