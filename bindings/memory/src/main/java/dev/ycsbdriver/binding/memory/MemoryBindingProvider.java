package dev.ycsbdriver.binding.memory;

import dev.ycsbdriver.config.ConfigException;
import dev.ycsbdriver.config.CoreWorkloadKeys;
import dev.ycsbdriver.config.Phase;
import dev.ycsbdriver.config.PropertySpec;
import dev.ycsbdriver.config.Settings;
import dev.ycsbdriver.spi.Binding;
import dev.ycsbdriver.spi.BindingContext;
import dev.ycsbdriver.spi.BindingException;
import dev.ycsbdriver.spi.BindingProvider;
import dev.ycsbdriver.spi.ServerFacts;
import dev.ycsbdriver.spi.ServerLocation;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code memory} binding: an ordered in-memory store in the driver's process, with no durability
 * and nothing between processes. It is the upper bound of what any store can do under this driver, and
 * the reference for the driver's own overhead.
 *
 * <p>Because a {@code run} is a new process, the run phase first inserts the workload's records itself
 * ({@code memory.preload}, default true), through the workload's own {@code doInsert}, before the
 * clock starts: the same keys and values {@code load} would write.
 */
public final class MemoryBindingProvider implements BindingProvider {
  static final PropertySpec PRELOAD = PropertySpec.of("memory.preload", "true", "",
      "in the run phase, insert the workload's records first (unmeasured), as load would; the store keeps nothing "
          + "between processes").flag();

  @Override
  public String name() {
    return "memory";
  }

  @Override
  public String description() {
    return "in-memory store (ConcurrentHashMap, keys ordered in a ConcurrentSkipListSet for scans) in the driver's process: the upper bound, no durability";
  }

  @Override
  public List<PropertySpec> properties() {
    return List.of(PRELOAD);
  }

  /** @return false: the records live in the driver's heap until it exits */
  @Override
  public boolean keepsRecordsAcrossProcesses() {
    return false;
  }

  @Override
  public Binding open(BindingContext context) throws ConfigException, BindingException {
    Settings s = context.settings();
    MemoryStore store = new MemoryStore();
    String table = s.getTrimmed(CoreWorkloadKeys.TABLE);
    long preloaded = 0;
    if (context.phase() == Phase.RUN) {
      if (s.getBoolean(PRELOAD)) {
        preloaded = MemoryPreload.insertRecords(s, store);
      } else {
        throw new BindingException("memory: table " + table + " does not exist; load the records first: "
            + "the memory store keeps nothing between processes, so leave memory.preload=true");
      }
    }
    Map<String, String> settings = new LinkedHashMap<>();
    settings.put("structure", "ConcurrentHashMap+ConcurrentSkipListSet");
    settings.put("durability", "none: records live in the driver's heap until it exits");
    settings.put(ServerFacts.PRELOADED_RECORDS, Long.toString(preloaded));
    ServerFacts facts = new ServerFacts("ycsb-driver memory store", null, context.profile(), settings, List.of());
    // the records go with the binding: closed early when the heap ran out, it gives their room to the result
    return Binding.of(() -> new MemoryDb(store), ServerLocation.embedded(), facts, store::clear);
  }
}
