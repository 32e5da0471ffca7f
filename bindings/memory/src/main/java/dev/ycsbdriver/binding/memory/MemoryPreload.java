package dev.ycsbdriver.binding.memory;

import dev.ycsbdriver.config.ConfigException;
import dev.ycsbdriver.config.RunConfig;
import dev.ycsbdriver.config.Settings;
import dev.ycsbdriver.spi.BindingException;
import java.util.Properties;
import site.ycsb.Workload;
import site.ycsb.WorkloadException;

/** Inserts a workload's records into a fresh store the way the load phase would, on one thread. */
final class MemoryPreload {
  private MemoryPreload() {
  }

  /**
   * @return the number of records inserted: {@code insertcount}, else {@code recordcount - insertstart}
   * @throws ConfigException for a workload class that cannot be made or initialised
   * @throws BindingException when the workload stops inserting before the count
   */
  static long insertRecords(Settings settings, MemoryStore store) throws ConfigException, BindingException {
    Properties p = settings.toProperties();
    p.setProperty("dotransactions", "false");
    String given = settings.getTrimmed(RunConfig.WORKLOAD);
    String className = given != null ? given : "site.ycsb.workloads.CoreWorkload";
    Workload workload;
    try {
      workload = (Workload) Class.forName(className).getDeclaredConstructor().newInstance();
      workload.init(p);
    } catch (ReflectiveOperationException | ClassCastException | WorkloadException e) {
      throw new ConfigException("workload: cannot make " + className + " to preload the memory store ("
          + e.getMessage() + ")");
    }
    long start = settings.getLong(RunConfig.INSERT_START);
    long count = settings.contains(RunConfig.INSERT_COUNT.key()) ? settings.getLong(RunConfig.INSERT_COUNT)
        : settings.getLong(RunConfig.RECORD_COUNT) - start;
    try {
      Object state = workload.initThread(p, 0, 1);
      MemoryDb db = new MemoryDb(store);
      for (long i = 0; i < count; i++) {
        if (!workload.doInsert(db, state)) {
          throw new BindingException("memory: preloading stopped after " + i + " of " + count + " records");
        }
      }
    } catch (WorkloadException e) {
      throw new ConfigException("workload: " + e.getMessage());
    } finally {
      try {
        workload.cleanup();
      } catch (WorkloadException ignored) {
        // the records are in; a workload that cannot clean up has nothing left to lose here
      }
    }
    return count;
  }
}
