package dev.ycsbdriver.cpu;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import oshi.software.os.OSProcess;

/**
 * The CPU time used so far by a set of processes that may change between readings (a server's backends
 * come and go), in milliseconds. Each reading asks for the current members and adds, per process, the CPU
 * time it used since the previous reading; a process first seen after the first reading was started since
 * then, so all its CPU time counts. A process that ends keeps what it had at its last reading, so the total
 * never goes backwards; what it used between that reading and its end (at most one interval) is not seen.
 *
 * <p>Not thread-safe: one sampler thread reads it.
 */
final class ProcessCpuClock {
  private final Supplier<List<ProcessTime>> members;
  /** CPU milliseconds at the last reading, by pid and start time (a pid can be reused). */
  private Map<Member, Long> lastMillis = new HashMap<>();
  private long totalMillis;

  /**
   * Reads the members once: the time they used before this is not counted.
   *
   * @param members the current processes, up to date, each time it is called
   */
  ProcessCpuClock(Supplier<List<ProcessTime>> members) {
    this.members = members;
    for (ProcessTime p : members.get()) {
      lastMillis.put(key(p), p.cpuMillis());
    }
  }

  /** @return CPU time of the processes since this clock was made, in milliseconds */
  long readMillis() {
    Map<Member, Long> now = new HashMap<>();
    for (ProcessTime p : members.get()) {
      Member key = key(p);
      long millis = p.cpuMillis();
      long before = lastMillis.getOrDefault(key, 0L);
      totalMillis += Math.max(0, millis - before);
      now.put(key, Math.max(before, millis));
    }
    lastMillis = now;
    return totalMillis;
  }

  /**
   * @param processes a fixed set of processes
   * @return a clock of those processes, each refreshed by pid at every reading
   */
  static ProcessCpuClock of(List<OSProcess> processes) {
    return new ProcessCpuClock(() -> processes.stream().filter(OSProcess::updateAttributes).map(ProcessTime::of)
        .toList());
  }

  private record Member(int pid, long startMillis) {
  }

  private static Member key(ProcessTime p) {
    return new Member(p.pid(), p.startMillis());
  }
}
