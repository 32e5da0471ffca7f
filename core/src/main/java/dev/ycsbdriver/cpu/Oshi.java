package dev.ycsbdriver.cpu;

import java.util.List;
import java.util.Set;
import oshi.SystemInfo;
import oshi.software.os.OSProcess;
import oshi.software.os.OperatingSystem;
import oshi.util.GlobalConfig;

/**
 * The one OSHI {@link SystemInfo} of the process, made on first use: building it loads native
 * bindings and reads static facts, so it is done once. Where OSHI cannot work (an unsupported OS,
 * native access denied) the reason is kept and every CPU figure becomes n/a.
 *
 * <p>Thread-safe. Shared by the CPU sampler and by {@code bin/ycsb agent}.
 */
public final class Oshi {
  private static final String MEMOIZER_EXPIRATION = "oshi.util.memoizer.expiration";
  private static final Object LOCK = new Object();
  private static SystemInfo systemInfo;
  private static String failure;

  private Oshi() {
  }

  /** @return the shared instance, or {@code null} when OSHI is unavailable (see {@link #failure()}) */
  public static SystemInfo get() {
    synchronized (LOCK) {
      if (systemInfo == null && failure == null) {
        try {
          // OSHI caches counters such as the machine's CPU ticks for 300 ms by default; a sample must
          // read them at its own instant, or a window's figures come from another window
          GlobalConfig.set(MEMOIZER_EXPIRATION, 0);
          SystemInfo si = new SystemInfo();
          si.getOperatingSystem().getProcessId();
          si.getHardware().getProcessor().getLogicalProcessorCount();
          systemInfo = si;
        } catch (RuntimeException | LinkageError e) {
          failure = "OSHI cannot read this system's CPU counters (" + e.getClass().getSimpleName()
              + (e.getMessage() == null ? "" : ": " + e.getMessage()) + ")";
        }
      }
      return systemInfo;
    }
  }

  /** @return why OSHI is unavailable, or {@code null} when it works or was not tried yet */
  public static String failure() {
    synchronized (LOCK) {
      return failure;
    }
  }

  /**
   * @param os the operating system
   * @param names process names as the OS shows them (on Linux the kernel's {@code comm}), matched exactly
   * @return every process of those names but this one, found by a full scan of the process table
   */
  public static List<OSProcess> processesNamed(OperatingSystem os, Set<String> names) {
    int self = os.getProcessId();
    return os.getProcesses(p -> p.getProcessID() != self && names.contains(p.getName()), null, 0);
  }

  /**
   * @param p a process, as last refreshed
   * @return its kernel plus user CPU time, in milliseconds
   */
  public static long cpuMillis(OSProcess p) {
    return p.getKernelTime() + p.getUserTime();
  }
}
