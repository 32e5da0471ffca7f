package dev.ycsbdriver.runner;

import dev.ycsbdriver.cpu.ProcStat;
import java.io.IOException;
import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * How long the JIT compiler has been busy, in milliseconds, for {@link SteadyState}.
 *
 * <p>On Linux, {@link #poll()} looks at HotSpot's compiler threads (named {@code C1 CompilerThre…} and
 * {@code C2 CompilerThre…}) in {@code /proc/self/task/<tid>/stat}: when one is runnable (state {@code R}),
 * the time since the previous poll counts as busy. A runnable compiler thread has work whether or not it
 * gets a core: on a saturated machine, 64 busy client threads leave a C2 compilation a few percent of a
 * core, so it takes tens of seconds, and neither its CPU time nor
 * {@link CompilationMXBean#getTotalCompilationTime()} (which counts a compilation once it is done) shows it.
 * Elsewhere the busy time is {@code getTotalCompilationTime()}.
 *
 * <p>Not thread-safe: used by the runner's thread only.
 */
final class JitActivity {
  private static final Path TASKS = Path.of("/proc/self/task");
  /** How often the compiler threads are looked for again: a JVM starts and stops them as the queue grows. */
  private static final long RESCAN_NANOS = 1_000_000_000L;

  private final CompilationMXBean mxBean = ManagementFactory.getCompilationMXBean();
  private boolean proc = Files.isDirectory(TASKS);
  private List<Path> compilerThreads = List.of();
  private long lastScanNanos;
  private long lastPollNanos;
  private long busyNanos;

  /** Looks at the compiler threads once; call every 100 ms or so while the busy time matters. */
  void poll() {
    if (!proc) {
      return;
    }
    long now = System.nanoTime();
    if (compilerThreads.isEmpty() || now - lastScanNanos >= RESCAN_NANOS) {
      compilerThreads = scan();
      lastScanNanos = now;
      if (compilerThreads.isEmpty()) {
        proc = false; // not HotSpot, or no /proc: fall back to the MXBean
        return;
      }
    }
    boolean runnable = false;
    for (Path stat : compilerThreads) {
      runnable |= state(stat) == 'R';
    }
    if (runnable && lastPollNanos != 0) {
      busyNanos += now - lastPollNanos;
    }
    lastPollNanos = now;
  }

  /** @return how long the compiler was busy so far, in milliseconds, or -1 when this JVM does not say */
  long millis() {
    if (proc) {
      return busyNanos / 1_000_000;
    }
    return mxBean != null && mxBean.isCompilationTimeMonitoringSupported() ? mxBean.getTotalCompilationTime() : -1;
  }

  /** @return the {@code stat} files of the compiler threads */
  private static List<Path> scan() {
    List<Path> found = new ArrayList<>();
    try (DirectoryStream<Path> tasks = Files.newDirectoryStream(TASKS)) {
      for (Path task : tasks) {
        try {
          if (Files.readString(task.resolve("comm")).contains("CompilerThre")) {
            found.add(task.resolve("stat"));
          }
        } catch (IOException e) {
          // the thread ended meanwhile
        }
      }
    } catch (IOException | RuntimeException e) {
      return List.of();
    }
    return found;
  }

  /** @return the thread's state letter, e.g. {@code R} or {@code S}; {@code ?} when it is gone */
  private static char state(Path stat) {
    try {
      return ProcStat.fieldsAfterCommand(Files.readString(stat))[0].charAt(0);
    } catch (IOException | RuntimeException e) {
      return '?';
    }
  }
}
