package dev.ycsbdriver.spi.support;

import dev.ycsbdriver.config.ConfigException;
import dev.ycsbdriver.spi.BindingException;
import dev.ycsbdriver.spi.BindingProvider;
import dev.ycsbdriver.spi.DirectoryListing;
import dev.ycsbdriver.spi.StoreFiles;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * The directory an embedded store keeps its files in, checked before the store opens it: an embedded store opens
 * (and so may create or rewrite files in) only an empty directory or one of its own, never one that holds another
 * store's files or anything the driver does not recognise.
 *
 * <p>Each store says which files are its own ({@link StoreFiles}, from its provider's
 * {@link BindingProvider#storeFiles()}); this class knows no store by itself. A file the claiming store recognises
 * is its own; of the rest, a file another known store recognises is named as that store's in the refusal; what
 * none recognises is "files of no store the driver knows". Files are read only as far as their first
 * {@value DirectoryListing#HEAD_BYTES} bytes; subdirectories are not entered.
 *
 * <p>Usage, in a binding's {@code open}, before the native store sees the directory:
 * <pre>{@code
 * Path dir = StoreDirectory.claim(RocksFiles.INSTANCE, "rocksdb.dir", "rocksdb", given, context.resultDirectory());
 * }</pre>
 *
 * <p>Stateless and thread-safe.
 */
public final class StoreDirectory {
  /** At most this many file names are listed per kind of file in a message. */
  static final int NAMES_SHOWN = 5;
  /** What a message calls what no known store recognises. */
  static final String UNKNOWN = "files of no store the driver knows";

  /** A run directory the driver makes under {@code result.dir}: {@code 20260101-120000-load-<binding>-...}. */
  private static final Pattern RUN_DIRECTORY = Pattern.compile("\\d{8}-\\d{6}-.+");

  private StoreDirectory() {
  }

  /**
   * @return the files of every embedded store whose binding is on the class path ({@link java.util.ServiceLoader}
   *     over {@link BindingProvider}), in product-name order
   */
  public static List<StoreFiles> known() {
    List<StoreFiles> out = new ArrayList<>();
    for (BindingProvider p : ServiceLoader.load(BindingProvider.class)) {
      p.storeFiles().ifPresent(out::add);
    }
    out.sort(Comparator.comparing(StoreFiles::product));
    return out;
  }

  /**
   * {@link #claim(StoreFiles, List, String, String, Path, Path)} of the directory the user gave, or of the default
   * {@code <resultDirectory>/<binding>}, against the stores {@link #known()}.
   *
   * <p>The directory returned has its symbolic links resolved, so that two spellings of one directory name one
   * store (an embedded store opened twice in one process shares one handle by its directory).
   *
   * @param given the value of {@code key}, or null or empty for the default
   * @param resultDirectory the run's result base directory
   * @return the directory, absolute, existing, symbolic links resolved
   * @throws ConfigException as {@link #claim(StoreFiles, List, String, String, Path, Path)}
   * @throws BindingException as {@link #claim(StoreFiles, List, String, String, Path, Path)}, and when its real
   *     path cannot be read: {@code <binding>: cannot resolve directory <dir> (<reason>)}
   */
  public static Path claim(StoreFiles store, String key, String binding, String given, Path resultDirectory)
      throws ConfigException, BindingException {
    return claim(store, known(), key, binding, given, resultDirectory);
  }

  /**
   * As {@link #claim(StoreFiles, String, String, String, Path)}, against the given stores.
   *
   * @param known the stores whose files a refusal names; the claiming store may be among them
   * @param given the value of {@code key}, or null or empty for the default
   * @param resultDirectory the run's result base directory
   * @return the directory, absolute, existing, symbolic links resolved
   * @throws ConfigException as {@link #claim(StoreFiles, List, String, String, Path, Path)}
   * @throws BindingException as {@link #claim(StoreFiles, String, String, String, Path)}
   */
  public static Path claim(StoreFiles store, List<StoreFiles> known, String key, String binding, String given,
                           Path resultDirectory) throws ConfigException, BindingException {
    Path dir = given == null || given.isEmpty() ? resultDirectory.resolve(binding) : Path.of(given);
    Path claimed = claim(store, known, key, binding, dir.toAbsolutePath().normalize(), resultDirectory);
    try {
      return claimed.toRealPath();
    } catch (IOException e) {
      throw new BindingException(binding + ": cannot resolve directory " + claimed + " (" + why(e) + ")", e);
    }
  }

  /**
   * Checks the store's directory and creates it when missing. Checked, in this order: it holds nothing but the
   * store's own files (exit code 2 otherwise), and it is writable (exit code 2 otherwise). Nothing is written
   * before both hold. The run's result directory may be inside it (with {@code result.dir} the same directory as
   * the store's, the run directories the driver makes there, named {@code <yyyyMMdd-HHmmss>-<phase>-...}).
   *
   * @param store the store that will open the directory
   * @param known the stores whose files a refusal names; the claiming store may be among them
   * @param key the property that names the directory, e.g. {@code rocksdb.dir}, for the message
   * @param binding the binding's name, e.g. {@code rocksdb}, for the message when it cannot be created
   * @param dir the directory, absolute and normalised
   * @param resultDirectory the run's result base directory ({@code result.dir})
   * @return {@code dir}, existing
   * @throws ConfigException when it holds another store's files, anything not recognised, or is not writable:
   *     {@code <key>: must be <a RocksDB directory> or empty, got <dir> holding <what>; use an empty directory}
   * @throws BindingException when it cannot be created (a file in the way, no permission), exit code 3
   */
  public static Path claim(StoreFiles store, List<StoreFiles> known, String key, String binding, Path dir,
                           Path resultDirectory) throws ConfigException, BindingException {
    if (!Files.isDirectory(dir)) {
      try {
        Files.createDirectories(dir);
        return dir;
      } catch (IOException e) {
        throw new BindingException(binding + ": cannot create directory " + dir + " (" + why(e) + ")", e);
      }
    }
    Map<String, List<String>> found;
    try {
      found = survey(dir, store, known, resultDirectory.toAbsolutePath().normalize());
    } catch (IOException e) {
      throw new ConfigException(key + ": must be a readable directory, got " + dir + " (" + why(e) + ")", e);
    }
    if (!found.isEmpty()) {
      throw new ConfigException(key + ": must be " + store.directory() + " or empty, got " + dir + " holding "
          + describe(found) + "; use an empty directory");
    }
    if (!Files.isWritable(dir)) {
      throw new ConfigException(key + ": must be a writable directory, got " + dir + " ("
          + (readOnlyFileSystem(dir) ? "on a read-only file system" : "permission denied") + "); "
          + store.product() + " writes its files there: choose a writable directory");
    }
    return dir;
  }

  /**
   * @param dir an existing directory
   * @param store the store that claims it
   * @param known the other stores that may have written there
   * @param results the run's result base directory, absolute and normalised
   * @return what is in the way of {@code store}: per kind ({@code LevelDB files}, {@code LevelDB or RocksDB files}
   *     for leftovers two stores leave, {@value #UNKNOWN}), the entries' names in name order (a subdirectory's
   *     name ends with {@code /}); empty when nothing is
   * @throws IOException when it cannot be listed, or a file's first bytes cannot be read
   */
  static Map<String, List<String>> survey(Path dir, StoreFiles store, List<StoreFiles> known, Path results)
      throws IOException {
    DirectoryListing listing = DirectoryListing.of(dir);
    Set<String> rest = new TreeSet<>(listing.names());
    // a file the claiming store recognises is its own, whoever else might recognise it too
    rest.removeAll(store.recognise(listing));
    rest.removeAll(store.leftovers(listing));
    Map<String, List<String>> found = new LinkedHashMap<>();
    List<StoreFiles> others = known.stream().filter(k -> !k.product().equals(store.product()))
        .sorted(Comparator.comparing(StoreFiles::product)).toList();
    for (StoreFiles other : others) {
      for (String name : other.recognise(listing)) {
        if (rest.remove(name)) {
          found.computeIfAbsent(other.product() + " files", k -> new ArrayList<>()).add(name);
        }
      }
    }
    for (String name : List.copyOf(rest)) {
      Set<String> leftBy = new LinkedHashSet<>();
      for (StoreFiles other : others) {
        if (other.leftovers(listing).contains(name)) {
          leftBy.add(other.product());
        }
      }
      if (!leftBy.isEmpty()) {
        rest.remove(name);
        found.computeIfAbsent(String.join(" or ", leftBy) + " files", k -> new ArrayList<>()).add(name);
      }
    }
    List<String> unknown = new ArrayList<>(rest);
    try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir)) {
      for (Path entry : entries) {
        String name = entry.getFileName().toString();
        if (Files.isRegularFile(entry, LinkOption.NOFOLLOW_LINKS) || name.equals("lost+found")
            // lost+found: the root of a mounted file system
            || Files.isDirectory(entry, LinkOption.NOFOLLOW_LINKS) && isResults(dir, entry, results)) {
          continue;
        }
        unknown.add(Files.isDirectory(entry, LinkOption.NOFOLLOW_LINKS) ? name + "/" : name);
      }
    }
    if (!unknown.isEmpty()) {
      unknown.sort(null);
      found.put(UNKNOWN, unknown);
    }
    return found;
  }

  /** @return whether {@code entry}, a subdirectory of {@code dir}, is the result directory, holds it, or is a run's */
  private static boolean isResults(Path dir, Path entry, Path results) {
    return results.startsWith(entry)
        || results.equals(dir) && RUN_DIRECTORY.matcher(entry.getFileName().toString()).matches();
  }

  /** @return e.g. {@code LevelDB files (CURRENT, MANIFEST-000002, 000003.log)} */
  static String describe(Map<String, List<String>> found) {
    List<String> parts = new ArrayList<>();
    for (Map.Entry<String, List<String>> e : found.entrySet()) {
      List<String> names = e.getValue();
      String shown = String.join(", ", names.subList(0, Math.min(NAMES_SHOWN, names.size())))
          + (names.size() > NAMES_SHOWN ? ", ... (" + names.size() + " in all)" : "");
      parts.add(e.getKey() + " (" + shown + ")");
    }
    return String.join(" and ", parts);
  }

  private static boolean readOnlyFileSystem(Path dir) {
    try {
      return Files.getFileStore(dir).isReadOnly();
    } catch (IOException e) {
      return false;
    }
  }

  /** @return the reason of a file-system failure in a few words, e.g. {@code a file is in the way: /x/y} */
  static String why(IOException e) {
    if (e instanceof FileAlreadyExistsException f) {
      return "a file is in the way: " + f.getFile();
    }
    if (e instanceof AccessDeniedException f) {
      return "permission denied: " + f.getFile();
    }
    if (e instanceof FileSystemException f && f.getReason() != null) {
      return f.getReason() + ": " + f.getFile();
    }
    return String.valueOf(e.getMessage());
  }
}
