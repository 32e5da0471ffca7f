package dev.ycsbdriver.runner;

import dev.ycsbdriver.result.GcStat;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;

/** Reads the JVM's garbage collector totals. Stateless and thread-safe. */
final class GcStats {
  private GcStats() {
  }

  /** @return each collector's count and time since the JVM started */
  static List<GcStat> read() {
    List<GcStat> out = new ArrayList<>();
    for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
      out.add(new GcStat(gc.getName(), Math.max(0, gc.getCollectionCount()), Math.max(0, gc.getCollectionTime())));
    }
    return out;
  }
}
