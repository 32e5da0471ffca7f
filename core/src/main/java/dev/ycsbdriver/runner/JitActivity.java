package dev.ycsbdriver.runner;

import java.io.IOException;
import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * How long the JIT compiler has been busy, in milliseconds, for {@link SteadyState}: reported beside the
 * {@link CompileQueue}'s readings, and the criterion itself only on a JVM without that queue.
 *
 * <p>On Linux, busy time is the time HotSpot's compiler threads (named {@code C1 CompilerThre…} and
 * {@code C2 CompilerThre…}) were runnable: on a CPU or waiting for one, the first two fields of
 * {@code /proc/self/task/<tid>/schedstat} (nanoseconds, see the kernel's {@code Documentation/scheduler/sched-stats.rst}),
 * summed over the compiler threads. A runnable compiler thread has work whether or not it gets a core: on a
 * saturated machine, 64 busy client threads leave a C2 compilation a few percent of a core, so it takes tens of
 * seconds, and neither its CPU time alone nor {@link CompilationMXBean#getTotalCompilationTime()} (which counts
 * a compilation once it is done) shows that. The counters are exact: the state letter of {@code stat}, sampled
 * every 100 ms, counted each C1 compilation that the sampling code itself set off as 100 ms, which kept a
 * paced BasicDB run "compiling" for 20 s. Where {@code schedstat} cannot be read the busy time is
 * {@code getTotalCompilationTime()}.
 *
 * <p>Not thread-safe: used by the runner's thread only.
 */
final class JitActivity {
  private static final Path TASKS = Path.of("/proc/self/task");
  /** How often the compiler threads are looked for again: a JVM starts and stops them as the queue grows. */
  private static final long RESCAN_NANOS = 1_000_000_000L;

  private final CompilationMXBean mxBean = ManagementFactory.getCompilationMXBean();
  /** Runnable nanoseconds last read, by compiler thread's {@code schedstat} file. */
  private Map<Path, Long> lastRunnable = new HashMap<>();
  private boolean proc = Files.isDirectory(TASKS);
  private long lastScanNanos;
  private long busyNanos;

  /**
   * Reads the compiler threads' counters and returns how long the compiler was busy so far; call about once a
   * second. A compiler thread's time counts from its first reading, so the first call returns 0 on Linux.
   *
   * @return the busy time so far, in milliseconds, or -1 when this JVM does not say
   */
  long millis() {
    if (proc) {
      long now = System.nanoTime();
      if (lastRunnable.isEmpty() || now - lastScanNanos >= RESCAN_NANOS) {
        lastRunnable = rescan(lastRunnable);
        lastScanNanos = now;
      }
      if (!lastRunnable.isEmpty() && read()) {
        return busyNanos / 1_000_000;
      }
      proc = false; // not HotSpot, or no schedstat: fall back to the MXBean
    }
    return mxBean != null && mxBean.isCompilationTimeMonitoringSupported() ? mxBean.getTotalCompilationTime() : -1;
  }

  /**
   * Adds what each known compiler thread was runnable since its last reading.
   *
   * @return false when no compiler thread's counters could be read
   */
  private boolean read() {
    boolean any = false;
    for (Map.Entry<Path, Long> e : lastRunnable.entrySet()) {
      long runnable = runnableNanos(e.getKey());
      if (runnable >= 0) {
        any = true;
        if (e.getValue() >= 0) {
          busyNanos += Math.max(0, runnable - e.getValue());
        }
        e.setValue(runnable);
      }
    }
    return any;
  }

  /**
   * @param known the compiler threads seen so far with their last readings
   * @return the compiler threads there are now, with their last readings; a new one's time counts from its first
   *     reading when this is the first scan, from its start otherwise (it started since the last scan)
   */
  private static Map<Path, Long> rescan(Map<Path, Long> known) {
    Map<Path, Long> found = new HashMap<>();
    try (DirectoryStream<Path> tasks = Files.newDirectoryStream(TASKS)) {
      for (Path task : tasks) {
        try {
          if (Files.readString(task.resolve("comm")).contains("CompilerThre")) {
            Path schedstat = task.resolve("schedstat");
            found.put(schedstat, known.isEmpty() ? -1L : known.getOrDefault(schedstat, 0L));
          }
        } catch (IOException e) {
          // the thread ended meanwhile
        }
      }
    } catch (IOException | RuntimeException e) {
      return Map.of();
    }
    return found;
  }

  /** @return the nanoseconds the thread was on a CPU or waiting for one, or -1 when it is gone or unreadable */
  private static long runnableNanos(Path schedstat) {
    try {
      String[] fields = Files.readString(schedstat).trim().split(" ");
      return Long.parseLong(fields[0]) + Long.parseLong(fields[1]);
    } catch (IOException | RuntimeException e) {
      return -1;
    }
  }
}
