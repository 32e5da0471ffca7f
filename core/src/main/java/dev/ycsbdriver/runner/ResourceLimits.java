package dev.ycsbdriver.runner;

import dev.ycsbdriver.config.ConfigException;
import dev.ycsbdriver.config.CoreWorkloadKeys;
import dev.ycsbdriver.config.RunConfig;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * What the machine and the JVM allow a run, and the check that a configuration fits, made before anything runs
 * so that a run that cannot fit ends with one line and exit code 2 rather than minutes of garbage collection and
 * an {@link OutOfMemoryError}.
 *
 * <p>The estimates are lower bounds: a configuration is refused only when even the least it needs exceeds a
 * limit. Memory: every field name once (a {@code String} and its bytes), and per client thread one record's
 * values in flight (each field's bytes and its map entry), against the JVM's maximum heap
 * ({@link Runtime#maxMemory()}). Threads: each client thread is one kernel task, which takes a process id
 * ({@code /proc/sys/kernel/pid_max}), counts against the system's tasks ({@code /proc/sys/kernel/threads-max})
 * and the user's ({@code Max processes} of {@code /proc/self/limits}, not enforced for root), and maps at
 * least its stack and its guard pages ({@code /proc/sys/vm/max_map_count}).
 *
 * <p>Immutable and thread-safe.
 *
 * @param maxHeapBytes the JVM's maximum heap, in bytes ({@link Runtime#maxMemory()}); {@link Long#MAX_VALUE} when
 *     it has none
 * @param pidMax the kernel's largest process id plus one ({@code pid_max}); {@link Long#MAX_VALUE} when unknown
 * @param threadsMax the system's task limit ({@code threads-max}); {@link Long#MAX_VALUE} when unknown
 * @param userProcesses the user's task limit ({@code ulimit -u}); {@link Long#MAX_VALUE} when unlimited, unknown or
 *     not enforced (root)
 * @param maxMapCount the limit of memory mappings of a process ({@code max_map_count}); {@link Long#MAX_VALUE}
 *     when unknown
 */
public record ResourceLimits(long maxHeapBytes, long pidMax, long threadsMax, long userProcesses, long maxMapCount) {
  /** Heap a client thread needs at least besides its values: its thread object, DB instance and maps, in bytes. */
  static final long THREAD_HEAP_BYTES = 2048;
  /** Heap a field name takes at least: a {@code String} (24 bytes) and its byte array header (16 bytes). */
  static final long FIELD_NAME_BYTES = 40;
  /** Heap a field of a record in flight takes at least besides its bytes: a map entry (32) and its table slot. */
  static final long FIELD_ENTRY_BYTES = 36;
  /** Memory mappings a thread takes at least: its stack and its guard pages. */
  static final long MAPPINGS_PER_THREAD = 2;
  private static final long MIB = 1024 * 1024;

  /** @return the limits of this JVM and machine; the kernel's are unknown off Linux */
  public static ResourceLimits ofThisMachine() {
    return new ResourceLimits(Runtime.getRuntime().maxMemory(), procNumber("/proc/sys/kernel/pid_max"),
        procNumber("/proc/sys/kernel/threads-max"), root() ? Long.MAX_VALUE : readUserProcesses(),
        procNumber("/proc/sys/vm/max_map_count"));
  }

  /**
   * @param threads client threads, at least 1
   * @param kernelThreads whether each client thread is a kernel task (platform threads); false for virtual threads
   * @param fieldCount fields per record, at least 1
   * @param fieldBytes the shortest a field can be, in bytes
   * @throws ConfigException naming the key, the least the run needs and the limit, when the run cannot fit
   */
  public void check(int threads, boolean kernelThreads, long fieldCount, long fieldBytes) throws ConfigException {
    String lower = "; lower threadcount";
    if (kernelThreads) {
      checkKernelTasks(threads, lower);
    }
    checkHeap(threads, fieldCount, fieldBytes);
  }

  private void checkKernelTasks(int threads, String lower) throws ConfigException {
    checkThreads(threads, pidMax, "the kernel's process ids (/proc/sys/kernel/pid_max)", lower);
    checkThreads(threads, threadsMax, "the system's tasks (/proc/sys/kernel/threads-max)", lower);
    checkThreads(threads, userProcesses, "the user's processes and threads (ulimit -u)", lower + " or raise ulimit -u");
    if (threads * MAPPINGS_PER_THREAD > maxMapCount) {
      throw new ConfigException(String.format(Locale.ROOT, "threadcount: %d client threads need at least %d memory "
          + "mappings (stack and guard pages), and this machine allows a process %d (/proc/sys/vm/max_map_count)"
          + "%s or raise vm.max_map_count", threads, threads * MAPPINGS_PER_THREAD, maxMapCount, lower));
    }
  }

  private void checkHeap(int threads, long fieldCount, long fieldBytes) throws ConfigException {
    double names = (double) fieldCount * FIELD_NAME_BYTES;
    double perThread = (double) fieldCount * (fieldBytes + FIELD_ENTRY_BYTES) + THREAD_HEAP_BYTES;
    double heap = names + threads * perThread;
    if (heap > maxHeapBytes) {
      String key = fieldCount * (fieldBytes + FIELD_ENTRY_BYTES) > THREAD_HEAP_BYTES ? CoreWorkloadKeys.FIELD_COUNT.key()
          : RunConfig.THREADS.key();
      throw new ConfigException(String.format(Locale.ROOT, "%s: %d client %s with records of %d fields of at "
          + "least %d bytes need at least %s of heap (%s per thread for one record in flight, %s of field names), "
          + "and this JVM may use %s; lower threadcount, fieldcount or fieldlength, or raise the heap with "
          + "-jvm-args=-Xmx<size>", key, threads, threads == 1 ? "thread" : "threads", fieldCount, fieldBytes, mib(heap), mib(perThread), mib(names),
          mib(maxHeapBytes)));
    }
  }

  private static void checkThreads(int threads, long limit, String what, String hint) throws ConfigException {
    if (threads > limit) {
      throw new ConfigException("threadcount: " + threads + " client threads need as many kernel tasks, and "
          + what + " allows " + limit + hint);
    }
  }

  private static String mib(double bytes) {
    return bytes >= 10 * MIB ? String.format(Locale.ROOT, "%,.0f MiB", bytes / MIB)
        : String.format(Locale.ROOT, "%,.0f bytes", bytes);
  }

  /** @return the number in the file, or {@link Long#MAX_VALUE} when it cannot be read */
  static long procNumber(String file) {
    // read as a stream: Files.readString trusts the size that /proc reports and returns a cut value ("3" of 32768)
    try (java.io.BufferedReader r = Files.newBufferedReader(Path.of(file))) {
      String line = r.readLine();
      return line == null ? Long.MAX_VALUE : Long.parseLong(line.trim());
    } catch (IOException | NumberFormatException | SecurityException e) {
      return Long.MAX_VALUE;
    }
  }

  /** @return the soft limit of {@code Max processes} in /proc/self/limits, or {@link Long#MAX_VALUE} */
  static long readUserProcesses() {
    try {
      return readUserProcesses(Files.readAllLines(Path.of("/proc/self/limits")));
    } catch (IOException | SecurityException e) {
      return Long.MAX_VALUE;
    }
  }

  /**
   * @param limits the lines of {@code /proc/<pid>/limits}
   * @return the soft limit of {@code Max processes}, or {@link Long#MAX_VALUE} when unlimited or absent
   */
  static long readUserProcesses(List<String> limits) {
    for (String line : limits) {
      if (line.startsWith("Max processes")) {
        String[] words = line.substring("Max processes".length()).trim().split("\\s+");
        try {
          return Long.parseLong(words[0]);
        } catch (NumberFormatException e) {
          return Long.MAX_VALUE;
        }
      }
    }
    return Long.MAX_VALUE;
  }

  /** @return whether the effective user is root, to whom the kernel does not apply {@code ulimit -u} */
  private static boolean root() {
    try {
      for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
        if (line.startsWith("Uid:")) {
          String[] ids = line.substring(4).trim().split("\\s+");
          return ids.length > 1 && ids[1].equals("0");
        }
      }
    } catch (IOException | SecurityException e) {
      return false;
    }
    return false;
  }
}
