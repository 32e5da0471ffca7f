package dev.ycsbdriver.runner;

import dev.ycsbdriver.config.ConfigException;
import dev.ycsbdriver.config.PropertySpec;
import dev.ycsbdriver.spi.Binding;
import dev.ycsbdriver.spi.BindingContext;
import dev.ycsbdriver.spi.BindingProvider;
import dev.ycsbdriver.spi.ServerFacts;
import dev.ycsbdriver.spi.ServerLocation;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.util.List;
import site.ycsb.DB;

/**
 * Runs any {@code site.ycsb.DB} class by name, as YCSB's {@code -db} does, so upstream binding jars on
 * {@code -cp} work unchanged. The class needs a public no-argument constructor.
 *
 * <p>Such a class says nothing about its server, so the server's CPU is unknown unless
 * {@code cpu.server.process} or {@code cpu.server.pid} names it.
 *
 * <p>Immutable and thread-safe.
 */
public final class DbClassBindingProvider implements BindingProvider {
  private final String name;
  private final String className;
  private final boolean inProcess;

  /**
   * @param name the name shown in results
   * @param className a {@code site.ycsb.DB} subclass
   * @param inProcess whether the class does its work inside the driver (such as {@code BasicDB}), so
   *     the driver process counts as the server
   */
  public DbClassBindingProvider(String name, String className, boolean inProcess) {
    this.name = name;
    this.className = className;
    this.inProcess = inProcess;
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public String description() {
    return "any site.ycsb.DB class by name: " + className;
  }

  @Override
  public List<PropertySpec> properties() {
    return List.of();
  }

  /** @return the DB class name */
  public String className() {
    return className;
  }

  /**
   * Checks that the class can be run, without creating an instance.
   *
   * @throws ConfigException if the class is missing, not a {@code site.ycsb.DB}, or has no public
   *     no-argument constructor
   */
  public void checkClass() throws ConfigException {
    constructor();
  }

  @Override
  public Binding open(BindingContext context) throws ConfigException {
    Constructor<? extends DB> constructor = constructor();
    ServerLocation location = inProcess ? ServerLocation.embedded()
        : ServerLocation.unknown(className + " names no server process; set cpu.server.process or cpu.server.pid");
    return Binding.of(() -> newDb(constructor), location, ServerFacts.unknown(), () -> { });
  }

  private DB newDb(Constructor<? extends DB> constructor) {
    try {
      return constructor.newInstance();
    } catch (InvocationTargetException e) {
      throw new IllegalStateException(className + ": constructor failed: " + e.getCause(), e.getCause());
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException(className + ": cannot instantiate: " + e, e);
    }
  }

  private Constructor<? extends DB> constructor() throws ConfigException {
    Class<?> type;
    try {
      type = Class.forName(className, true, Thread.currentThread().getContextClassLoader());
    } catch (ClassNotFoundException | LinkageError e) {
      throw new ConfigException("db: class " + className + " not found; put its jar on the classpath with -cp", e);
    }
    if (!DB.class.isAssignableFrom(type)) {
      throw new ConfigException("db: " + className + " is not a site.ycsb.DB");
    }
    try {
      return type.asSubclass(DB.class).getConstructor();
    } catch (NoSuchMethodException e) {
      throw new ConfigException("db: " + className + " has no public no-argument constructor", e);
    }
  }
}
