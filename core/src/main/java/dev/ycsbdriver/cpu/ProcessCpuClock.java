package dev.ycsbdriver.cpu;

import java.util.List;
import oshi.software.os.OSProcess;

/**
 * The CPU time used so far by a fixed set of processes, in milliseconds, read by pid. A process that
 * ends keeps the time it had at its last reading, so the total never goes backwards.
 *
 * <p>Not thread-safe: one sampler thread reads it.
 */
final class ProcessCpuClock {
  private final List<OSProcess> processes;
  private final long[] lastMillis;

  ProcessCpuClock(List<OSProcess> processes) {
    this.processes = processes;
    this.lastMillis = new long[processes.size()];
    for (int i = 0; i < lastMillis.length; i++) {
      lastMillis[i] = Oshi.cpuMillis(processes.get(i));
    }
  }

  /** @return kernel plus user CPU time of the processes, in milliseconds, after refreshing each by pid */
  long readMillis() {
    long total = 0;
    for (int i = 0; i < lastMillis.length; i++) {
      OSProcess p = processes.get(i);
      if (p.updateAttributes()) {
        lastMillis[i] = Math.max(lastMillis[i], Oshi.cpuMillis(p));
      }
      total += lastMillis[i];
    }
    return total;
  }

}
