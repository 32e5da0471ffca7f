package dev.ycsbdriver.testing;

import java.io.IOException;
import java.lang.reflect.Field;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * A {@code DB} whose {@code init()} ends its JVM as a native store's fault would: a write to address 0 through
 * {@code sun.misc.Unsafe}, a {@code SIGSEGV} after which the JVM writes its crash file ({@code hs_err_pid*.log})
 * and exits with 134. For tests of where that file goes; run it only in a child JVM.
 */
public final class JvmCrashDb extends NoOpDb {
  /**
   * @param dir a directory
   * @return the names of the JVM crash files ({@code hs_err_pid*}) in it, not below
   */
  public static List<String> crashFiles(Path dir) throws IOException {
    try (Stream<Path> files = Files.list(dir)) {
      return files.map(p -> p.getFileName().toString()).filter(n -> n.startsWith("hs_err_pid")).toList();
    }
  }

  @Override
  public void init() {
    try {
      Field f = Class.forName("sun.misc.Unsafe").getDeclaredField("theUnsafe");
      f.setAccessible(true);
      Object unsafe = f.get(null);
      unsafe.getClass().getMethod("putAddress", long.class, long.class).invoke(unsafe, 0L, 0L);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("cannot reach sun.misc.Unsafe to crash the JVM: " + e, e);
    }
  }
}
