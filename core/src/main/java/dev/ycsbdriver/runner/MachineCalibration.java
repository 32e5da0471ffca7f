package dev.ycsbdriver.runner;

import dev.ycsbdriver.result.model.CalibrationSection;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.util.zip.Deflater;
import org.HdrHistogram.Histogram;

/**
 * One calibration of the machine: a fixed, deterministic single-threaded CPU workload whose rate is the CPU score,
 * then an fsync probe that writes small blocks to a file of its own, each followed by an fsync
 * ({@link FileChannel#force(boolean) force(true)}), and deletes the file.
 *
 * <p>The CPU workload's operation compresses the same {@value #INPUT_BYTES} bytes (SplitMix64 output, Steele, Lea and
 * Flood, "Fast splittable pseudorandom number generators", OOPSLA 2014, over a 16-letter alphabet) with
 * {@link Deflater} at its default level: the work is zlib's native code, so its speed does not depend on how far the
 * JIT compiler has got in a JVM that has just started (a pure-Java loop runs many times slower until compiled, and
 * on a busy machine the compiler threads are starved). The first {@value #WARMUP_PERCENT}% of the time is not
 * counted; the score is the operations of the rest over their wall-clock time, so a machine whose CPU the
 * calibration shares with other work scores lower. The fsync probe writes {@value #FSYNC_BLOCK_BYTES}-byte blocks
 * for the other half of the time, at most {@value #MAX_FSYNCS} of them, and at least one.
 *
 * <p>A part that fails (e.g. a directory that cannot be written) is recorded with its reason and null figures; a
 * calibration never throws. Stateless and thread-safe; each call works alone.
 */
public final class MachineCalibration {
  /** Bytes of the CPU workload's input, compressed once per operation. */
  static final int INPUT_BYTES = 8 * 1024;
  /** The share of the CPU part that is not counted (class loading, zlib's first buffers, caches), percent. */
  static final int WARMUP_PERCENT = 10;
  /** Bytes written before each fsync. */
  static final int FSYNC_BLOCK_BYTES = 512;
  /** The most fsyncs one probe makes. */
  static final int MAX_FSYNCS = 2_000;
  /** The probe's file name prefix; the file lives only while the probe runs. */
  static final String PROBE_FILE_PREFIX = ".ycsb-calibration-fsync-";

  private static final byte[] INPUT = input();
  /** Keeps the workload's result observable, so that the compiler cannot drop it. */
  private static volatile long sink;

  private MachineCalibration() {
  }

  /**
   * @param time the length of the calibration, half CPU workload and half fsync probe; at least 2 ms
   * @param directory where the fsync probe creates its file, e.g. the run's result directory
   * @return the calibration; never null, figures null with a reason where a part failed
   */
  public static CalibrationSection.Probe measure(Duration time, Path directory) {
    Instant at = Instant.now();
    long begin = System.nanoTime();
    long halfNanos = Math.max(1_000_000, time.toNanos() / 2);
    Double cpu = null;
    String cpuWhy = null;
    try {
      cpu = cpuScore(halfNanos);
    } catch (RuntimeException | StackOverflowError e) {
      cpuWhy = "CPU workload failed: " + e;
    }
    Fsync fsync = fsync(directory, halfNanos);
    long millis = (System.nanoTime() - begin) / 1_000_000;
    return new CalibrationSection.Probe(at.toString(), millis, cpu, cpuWhy, fsync.count, fsync.medianMicros,
        fsync.p99Micros, fsync.reason);
  }

  /**
   * @param nanos how long to run, nanoseconds, warm-up included
   * @return operations per second of wall-clock time after the warm-up
   */
  static double cpuScore(long nanos) {
    Deflater deflater = new Deflater(Deflater.DEFAULT_COMPRESSION);
    byte[] out = new byte[2 * INPUT.length];
    try {
      long start = System.nanoTime();
      long warmEnd = start + nanos * WARMUP_PERCENT / 100;
      long end = start + nanos;
      long bytes = 0;
      long now = start;
      while (now < warmEnd) {
        bytes += operation(deflater, out);
        now = System.nanoTime();
      }
      long counted = 0;
      long from = now;
      while (now < end || counted == 0) {
        bytes += operation(deflater, out);
        counted++;
        now = System.nanoTime();
      }
      sink = bytes;
      return counted * 1e9 / Math.max(1, now - from);
    } finally {
      deflater.end();
    }
  }

  /**
   * @param deflater the deflater to reuse
   * @param out room for the compressed input
   * @return the size of {@link #INPUT} compressed: the same at every call
   */
  static long operation(Deflater deflater, byte[] out) {
    deflater.reset();
    deflater.setInput(INPUT);
    deflater.finish();
    long n = 0;
    while (!deflater.finished()) {
      n += deflater.deflate(out);
    }
    return n;
  }

  /** @return {@value #INPUT_BYTES} bytes of SplitMix64 words drawn from a small alphabet, so deflate has work to do */
  private static byte[] input() {
    byte[] b = new byte[INPUT_BYTES];
    long z = 0;
    for (int i = 0; i < b.length; i++) {
      z += 0x9E3779B97F4A7C15L;
      long x = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
      x = (x ^ (x >>> 27)) * 0x94D049BB133111EBL;
      b[i] = (byte) ('a' + Math.floorMod(x ^ (x >>> 31), 16));
    }
    return b;
  }

  private record Fsync(long count, Double medianMicros, Double p99Micros, String reason) {
  }

  private static Fsync fsync(Path directory, long nanos) {
    Path file = directory.resolve(PROBE_FILE_PREFIX + ProcessHandle.current().pid() + "-" + System.nanoTime());
    Histogram h = new Histogram(60_000_000_000L, 3);
    ByteBuffer block = ByteBuffer.allocate(FSYNC_BLOCK_BYTES);
    try {
      try (FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
        long end = System.nanoTime() + nanos;
        long position = 0;
        do {
          block.clear();
          block.putLong(0, position);
          long t0 = System.nanoTime();
          while (block.hasRemaining()) {
            position += ch.write(block, position);
          }
          ch.force(true);
          long t1 = System.nanoTime();
          h.recordValue(Math.max(1, t1 - t0));
          if (t1 >= end) {
            break;
          }
        } while (h.getTotalCount() < MAX_FSYNCS);
      }
    } catch (IOException | RuntimeException e) {
      return new Fsync(h.getTotalCount(), null, null, "fsync probe in " + directory + " failed: " + reason(e));
    } finally {
      try {
        Files.deleteIfExists(file);
      } catch (IOException ignored) {
        // the probe's file could not be removed; it holds nothing of the run
      }
    }
    return new Fsync(h.getTotalCount(), micros(h.getValueAtPercentile(50)), micros(h.getValueAtPercentile(99)), null);
  }

  private static double micros(long nanos) {
    return nanos / 1000.0;
  }

  private static String reason(Exception e) {
    String kind = e.getClass().getSimpleName();
    return e.getMessage() == null ? kind : kind + " (" + e.getMessage() + ")";
  }
}
