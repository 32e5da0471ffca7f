package dev.ycsbdriver.cpu;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import oshi.software.os.OSProcess;

/**
 * One process's CPU time at a reading.
 *
 * <p>On Linux, {@link #tree} reads {@code /proc/<pid>/stat} once per process and nothing else. OSHI's
 * {@code getDescendantProcesses} builds a full {@code OSProcess} for each of a server's 70 backends once a second
 * (several files each, and the parent of every process on the machine): the sampler thread then took 5% of a core,
 * 51 ms a sample, measured per thread on PostgreSQL at 64 threads, which at a few thousand operations a second is
 * over 10 us of driver CPU per operation. Reading one small file per process costs a tenth of that.
 *
 * @param pid the process id
 * @param startMillis when it started, in milliseconds on the reader's own scale (to tell a reused pid)
 * @param cpuMillis its user plus kernel CPU time so far, in milliseconds
 */
record ProcessTime(int pid, long startMillis, long cpuMillis) {
  private static final Path PROC = Path.of("/proc");
  /** Milliseconds per clock tick: Linux's USER_HZ is 100 on every architecture the JDK supports. */
  private static final long MILLIS_PER_TICK = 10;

  /** @return the figures OSHI last read for {@code p} */
  static ProcessTime of(OSProcess p) {
    return new ProcessTime(p.getProcessID(), p.getStartTime(), Oshi.cpuMillis(p));
  }

  /** @return whether {@link #tree} can read {@code /proc} here */
  static boolean procAvailable() {
    return Files.isReadable(PROC.resolve("self/stat"));
  }

  /**
   * Reads {@code root} and its descendants from {@code /proc}.
   *
   * @param root the pid of the tree's root
   * @return the root first (when it still runs), then its descendants; empty when the root has ended
   */
  static List<ProcessTime> tree(int root) {
    Map<Integer, List<ProcessTime>> children = new HashMap<>();
    ProcessTime top = null;
    try (DirectoryStream<Path> dirs = Files.newDirectoryStream(PROC, p -> isPid(p.getFileName().toString()))) {
      for (Path dir : dirs) {
        String stat;
        try {
          stat = Files.readString(dir.resolve("stat"));
        } catch (IOException e) {
          continue; // ended meanwhile
        }
        // f[0] is field 3 (state): ppid is field 4, utime 14, stime 15, starttime 22
        String[] f = ProcStat.fieldsAfterCommand(stat);
        int pid = Integer.parseInt(dir.getFileName().toString());
        ProcessTime t = new ProcessTime(pid, Long.parseLong(f[19]) * MILLIS_PER_TICK,
            (Long.parseLong(f[11]) + Long.parseLong(f[12])) * MILLIS_PER_TICK);
        if (pid == root) {
          top = t;
        }
        children.computeIfAbsent(Integer.parseInt(f[1]), k -> new ArrayList<>()).add(t);
      }
    } catch (IOException | RuntimeException e) {
      return List.of();
    }
    if (top == null) {
      return List.of();
    }
    List<ProcessTime> out = new ArrayList<>();
    out.add(top);
    for (int i = 0; i < out.size(); i++) {
      out.addAll(children.getOrDefault(out.get(i).pid(), List.of()));
    }
    return out;
  }

  private static boolean isPid(String name) {
    if (name.isEmpty()) {
      return false;
    }
    for (int i = 0; i < name.length(); i++) {
      if (!Character.isDigit(name.charAt(i))) {
        return false;
      }
    }
    return true;
  }
}
