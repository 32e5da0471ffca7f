package dev.ycsbdriver.binding.rocksdb;

import dev.ycsbdriver.spi.BindingException;
import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.jar.JarFile;
import java.util.zip.ZipEntry;
import org.rocksdb.RocksDB;
import org.rocksdb.util.Environment;

/**
 * Loads RocksDB's native library once per process from a per-user cache, {@code $XDG_CACHE_HOME/ycsb-driver/
 * rocksdbjni/<crc>/} (else {@code ~/.cache/...}), extracted there from the rocksdbjni jar the first time.
 *
 * <p>Why not RocksDB's own {@link RocksDB#loadLibrary()}: it extracts the library (about 17 MB) to a new temporary
 * file in every process and deletes it on a normal exit only; the crash test SIGKILLs its writer processes, so each
 * crash would leave one behind in {@code java.io.tmpdir}. The cache is keyed by the jar entry's CRC, so another
 * rocksdbjni version gets its own directory. Two processes that extract at once each write a temporary file and
 * rename it into place, so a reader never sees half a library. When the cache cannot be used (no home directory,
 * not writable, the library not in a jar) it falls back to RocksDB's own loading.
 *
 * <p>Thread-safe.
 */
final class RocksNativeLibrary {
  private static boolean loaded;

  private RocksNativeLibrary() {
  }

  /**
   * @throws BindingException when the library cannot be loaded at all: an unsupported platform, a directory that
   *     cannot hold executables, or a JVM that refuses native access
   */
  static synchronized void load() throws BindingException {
    if (loaded) {
      return;
    }
    try {
      Path dir = cached();
      boolean fromCache = false;
      if (dir != null) {
        try {
          RocksDB.loadLibrary(List.of(dir.toString()));
          fromCache = true;
        } catch (UnsatisfiedLinkError e) {
          // a rocksdbjni that looks for another file name than this class wrote: RocksDB's own way still works
        }
      }
      if (!fromCache) {
        RocksDB.loadLibrary();
      }
      loaded = true;
    } catch (UnsatisfiedLinkError | RuntimeException e) {
      throw new BindingException("rocksdb: cannot load RocksDB's native library for " + System.getProperty("os.name")
          + "/" + System.getProperty("os.arch") + " (" + RocksFailures.firstLine(e.getMessage()) + "); it must be in a directory "
          + "that allows executables (on Java 24+ also pass --enable-native-access=ALL-UNNAMED)", e);
    }
  }

  /** @return the cache directory holding the library, or null to let RocksDB extract it itself */
  private static Path cached() {
    // the jar holds librocksdbjni-<platform>.<ext>; loadLibrary(paths) of rocksdbjni 11.x asks Environment for the
    // name of "rocksdbjni" rather than "rocksdb" and so looks for librocksdbjnijni-<platform>.<ext>: write that name
    String entryName = Environment.getJniLibraryFileName("rocksdb");
    String name = Environment.getJniLibraryFileName("rocksdbjni");
    try {
      Path jar = Path.of(RocksDB.class.getProtectionDomain().getCodeSource().getLocation().toURI());
      if (!Files.isRegularFile(jar)) {
        return null;
      }
      try (JarFile file = new JarFile(jar.toFile())) {
        ZipEntry entry = file.getEntry(entryName);
        if (entry == null || entry.getCrc() < 0) {
          return null;
        }
        Path dir = cacheBase().resolve("rocksdbjni").resolve(Long.toHexString(entry.getCrc()));
        Path target = dir.resolve(name);
        if (Files.isRegularFile(target) && Files.size(target) == entry.getSize()) {
          return dir;
        }
        Files.createDirectories(dir);
        Path partial = Files.createTempFile(dir, name, ".partial");
        try (InputStream in = file.getInputStream(entry)) {
          Files.copy(in, partial, StandardCopyOption.REPLACE_EXISTING);
          Files.move(partial, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } finally {
          Files.deleteIfExists(partial);
        }
        return dir;
      }
    } catch (IOException | URISyntaxException | RuntimeException e) {
      return null;
    }
  }

  private static Path cacheBase() {
    String xdg = System.getenv("XDG_CACHE_HOME");
    Path base = xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(System.getProperty("user.home"), ".cache");
    return base.resolve("ycsb-driver");
  }
}
