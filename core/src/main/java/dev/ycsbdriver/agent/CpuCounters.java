package dev.ycsbdriver.agent;

import dev.ycsbdriver.cpu.AgentReading;
import dev.ycsbdriver.cpu.Oshi;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import oshi.SystemInfo;
import oshi.hardware.CentralProcessor;
import oshi.hardware.CentralProcessor.TickType;
import oshi.software.os.OSProcess;
import oshi.software.os.OperatingSystem;

/**
 * Reads the host's cumulative CPU counters with OSHI: the machine's load ticks, and the CPU time of every
 * process with given names, found by a full process scan on each reading (so backends started during a
 * run count from their start).
 *
 * <p>The CPU time of a set of names never goes backwards: per set of names the counters remember each
 * process (by pid and start time) with the time it had when last seen, and keep the time of processes
 * that ended. At most {@value #MAX_NAME_SETS} sets are remembered; the least recently asked is forgotten
 * first, and asking for it again starts its counter afresh (still cumulative, only the baseline moves).
 *
 * <p>Thread-safe: readings are serialised.
 */
final class CpuCounters {
  /** How many distinct sets of process names are remembered. */
  static final int MAX_NAME_SETS = 64;

  private final OperatingSystem os;
  private final CentralProcessor cpu;
  private final Map<List<String>, NameSet> nameSets = new LinkedHashMap<>(16, 0.75f, true) {
    @Override
    protected boolean removeEldestEntry(Map.Entry<List<String>, NameSet> eldest) {
      return size() > MAX_NAME_SETS;
    }
  };

  private CpuCounters(SystemInfo si) {
    this.os = si.getOperatingSystem();
    this.cpu = si.getHardware().getProcessor();
  }

  /**
   * @return counters of this host
   * @throws IllegalStateException if OSHI cannot read this system's counters, with the reason
   */
  static CpuCounters create() {
    SystemInfo si = Oshi.get();
    if (si == null) {
      throw new IllegalStateException(Oshi.failure());
    }
    return new CpuCounters(si);
  }

  /**
   * @param names process names as the OS shows them (on Linux the kernel's {@code comm}); may be empty
   * @return the counters now
   */
  synchronized AgentReading read(List<String> names) {
    long processMillis = 0;
    int pids = 0;
    if (!names.isEmpty()) {
      List<OSProcess> found = Oshi.processesNamed(os, Set.copyOf(names));
      processMillis = nameSets.computeIfAbsent(List.copyOf(names), k -> new NameSet()).update(found);
      pids = found.size();
    }
    long[] ticks = cpu.getSystemCpuLoadTicks();
    long total = 0;
    for (long t : ticks) {
      total += t;
    }
    long idle = ticks[TickType.IDLE.getIndex()] + ticks[TickType.IOWAIT.getIndex()];
    return new AgentReading(System.nanoTime() / 1_000_000L, cpu.getLogicalProcessorCount(), total - idle, total,
        names, pids, processMillis);
  }

  /** The processes of one set of names seen so far. */
  private static final class NameSet {
    private Map<ProcessKey, Long> live = new HashMap<>();
    private long endedMillis;

    long update(List<OSProcess> found) {
      Map<ProcessKey, Long> now = new HashMap<>();
      long total = 0;
      for (OSProcess p : found) {
        ProcessKey key = new ProcessKey(p.getProcessID(), p.getStartTime());
        long millis = Math.max(Oshi.cpuMillis(p), live.getOrDefault(key, 0L));
        now.put(key, millis);
        total += millis;
      }
      for (Map.Entry<ProcessKey, Long> e : live.entrySet()) {
        if (!now.containsKey(e.getKey())) {
          endedMillis += e.getValue();
        }
      }
      live = now;
      return endedMillis + total;
    }
  }

  /** A process, told apart from a later one that reuses its pid by its start time. */
  private record ProcessKey(int pid, long startTimeMillis) {
  }
}
