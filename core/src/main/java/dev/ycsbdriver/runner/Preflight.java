package dev.ycsbdriver.runner;

import dev.ycsbdriver.config.ClientPartition;
import dev.ycsbdriver.config.ConfigException;
import dev.ycsbdriver.config.ConfigLoader;
import dev.ycsbdriver.config.CoreWorkloadKeys;
import dev.ycsbdriver.config.Phase;
import dev.ycsbdriver.config.PropertyOwner;
import dev.ycsbdriver.config.PropertyRegistry;
import dev.ycsbdriver.config.PropertySpec;
import dev.ycsbdriver.config.RunConfig;
import dev.ycsbdriver.config.Settings;
import dev.ycsbdriver.cpu.CpuConfig;
import dev.ycsbdriver.measure.MeasurementConfig;
import dev.ycsbdriver.spi.BindingProvider;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import site.ycsb.workloads.CoreWorkload;

/**
 * Checks a command's whole configuration before anything runs (no directory created, no thread, no
 * connection): every key against the one registry of declared keys ({@link #registry}), every declared
 * value against its kind and range, the measurement keys, CoreWorkload's values together
 * ({@link CoreWorkloadCheck}), and the threads and records against the JVM's and the machine's limits
 * ({@link ResourceLimits}).
 *
 * <p>Leniency: with a custom {@code -db} class (anything but {@code site.ycsb.BasicDB}) or a workload
 * class that is not CoreWorkload, a near miss outside the driver's namespaces is a warning, since such a
 * class may read keys nobody declared here; see {@link PropertyRegistry}.
 *
 * <p>Stateless and thread-safe.
 */
public final class Preflight {
  private Preflight() {
  }

  /**
   * @param provider the command's binding, whose {@link BindingProvider#properties()} join the registry
   *     and whose {@code <name>.} namespace is strict
   * @return the keys of the driver, of YCSB (Client, measurements, CoreWorkload, BasicDB, other upstream
   *     workloads) and of the binding
   */
  public static PropertyRegistry registry(BindingProvider provider) {
    return registry(provider, null);
  }

  /**
   * @param provider the command's binding
   * @param owner the workload when it declares its keys ({@link PropertyOwner}), else null
   * @return the keys of {@link #registry(BindingProvider)} and the workload's own, whose strict namespaces join
   */
  public static PropertyRegistry registry(BindingProvider provider, PropertyOwner owner) {
    return registry(provider, owner, installedBindings());
  }

  /**
   * @param provider the command's binding
   * @param owner the workload when it declares its keys, else null
   * @param bindings the names of the installed bindings: a key under another one's namespace ({@code mysql.} in an
   *     h2 run) configures that binding and passes unchecked, so that one workload file can carry the keys of
   *     several stores; the command's own namespace stays strict
   * @return the keys of {@link #registry(BindingProvider, PropertyOwner)}
   */
  static PropertyRegistry registry(BindingProvider provider, PropertyOwner owner, Collection<String> bindings) {
    List<PropertySpec> all = new ArrayList<>(driverSpecs());
    if (owner != null) {
      all.addAll(owner.properties());
    }
    all.addAll(CoreWorkloadKeys.SPECS);
    all.addAll(UpstreamKeys.specs());
    all.addAll(provider.properties());
    List<String> strict = new ArrayList<>(List.of("cpu.", "client."));
    if (!provider.properties().isEmpty()) {
      strict.add(provider.name() + ".");
    }
    if (owner != null) {
      strict.addAll(owner.strictNamespaces());
    }
    List<String> open = new ArrayList<>(List.of(UpstreamKeys.HTRACE_PREFIX));
    for (String b : bindings) {
      if (!b.equals(provider.name()) && !strict.contains(b + ".")) {
        open.add(b + ".");
      }
    }
    return new PropertyRegistry(all, strict, open);
  }

  /** @return the names of the installed bindings; none when they cannot be listed (the command's own reports it) */
  private static List<String> installedBindings() {
    try {
      return BindingCatalog.load().providers().stream().map(BindingProvider::name).toList();
    } catch (ConfigException | IllegalStateException e) {
      return List.of();
    }
  }

  /** @return the driver's own keys: the run's, the measurement's and the CPU sampler's, in the order to show them */
  public static List<PropertySpec> driverSpecs() {
    List<PropertySpec> all = new ArrayList<>(RunConfig.specs());
    all.addAll(MeasurementConfig.specs());
    all.addAll(CpuConfig.SPECS);
    all.addAll(CalibrationConfig.SPECS);
    return all;
  }

  /**
   * @param settings the merged configuration, before {@link ClientPartition#partition}
   * @param provider the command's binding
   * @param phase load or run
   * @return warnings to print before the run, one line each; empty when there are none
   * @throws ConfigException naming the first unknown key, bad value or contradiction
   */
  public static List<String> check(Settings settings, BindingProvider provider, Phase phase) throws ConfigException {
    return check(new ConfigLoader.Merged(settings, Map.of()), provider, phase);
  }

  /**
   * Like {@link #check(Settings, BindingProvider, Phase)}; an unknown or bad key set in a file names the file.
   *
   * @param merged the merged configuration, before {@link ClientPartition#partition}, with each key's file
   * @param provider the command's binding
   * @param phase load or run
   * @return warnings to print before the run, one line each; empty when there are none
   * @throws ConfigException naming the first unknown key, bad value or contradiction
   */
  public static List<String> check(ConfigLoader.Merged merged, BindingProvider provider, Phase phase)
      throws ConfigException {
    Settings settings = merged.settings();
    Class<?> workload = workloadClass(settings);
    boolean coreWorkload = workload != null && CoreWorkload.class.isAssignableFrom(workload);
    boolean customDb = false;
    if (provider instanceof DbClassBindingProvider db) {
      db.checkClass();
      customDb = !"site.ycsb.BasicDB".equals(db.className());
    }
    List<String> warnings = new ArrayList<>(registry(provider, owner(workload)).check(settings, customDb || !coreWorkload, merged.origins()));
    MeasurementConfig.from(settings);
    ClientPartition.from(settings);
    if (coreWorkload) {
      warnings.addAll(CoreWorkloadCheck.check(settings, phase));
    }
    if (workload != null) {
      checkResources(settings, phase, coreWorkload, ResourceLimits.ofThisMachine());
    }
    return warnings;
  }

  /**
   * Client threads and CoreWorkload's records against what the JVM and the machine allow; other workloads'
   * records are their own business, so only their threads are checked.
   *
   * @throws ConfigException naming the key and the limit when the run cannot fit
   */
  static void checkResources(Settings settings, Phase phase, boolean coreWorkload, ResourceLimits limits)
      throws ConfigException {
    RunConfig config = RunConfig.from(settings, phase);
    long fields = 1;
    long fieldBytes = 0;
    if (coreWorkload) {
      fields = settings.getLong(CoreWorkloadKeys.FIELD_COUNT);
      String lengths = settings.getChoice(CoreWorkloadKeys.FIELD_LENGTH_DISTRIBUTION);
      fieldBytes = lengths.equals("constant") ? settings.getLong(CoreWorkloadKeys.FIELD_LENGTH)
          : lengths.equals("histogram") ? 0
          : Math.min(settings.getLong(CoreWorkloadKeys.MIN_FIELD_LENGTH), settings.getLong(CoreWorkloadKeys.FIELD_LENGTH));
    }
    limits.check(config.effectiveThreadCount(), !config.threadKind().equals("virtual"), fields, fieldBytes);
  }

  /** @return the workload as the owner of its keys, or null when it declares none */
  private static PropertyOwner owner(Class<?> workload) throws ConfigException {
    if (workload == null || !PropertyOwner.class.isAssignableFrom(workload)) {
      return null;
    }
    try {
      return (PropertyOwner) workload.getConstructor().newInstance();
    } catch (ReflectiveOperationException | LinkageError e) {
      throw new ConfigException("workload: " + workload.getName() + " could not be created to read its keys: " + e, e);
    }
  }

  /** @return the workload class, or null when {@code workload} is not set (RunConfig says so) */
  private static Class<?> workloadClass(Settings settings) throws ConfigException {
    String name = settings.getTrimmed(RunConfig.WORKLOAD);
    return name == null || name.isEmpty() ? null : WorkloadFactory.workloadClass(name);
  }
}
