package dev.ycsbdriver.spi;

import dev.ycsbdriver.config.ConfigException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The directory an embedded store keeps its files in, checked before the store opens it: an embedded store opens
 * (and so may create or rewrite files in) only an empty directory or one of its own, never one that holds another
 * store's files or anything the driver does not recognise.
 *
 * <p>Recognition is by each store's own markers, never by the directory's name: RocksDB writes {@code IDENTITY}
 * and {@code OPTIONS-*} beside {@code CURRENT} and {@code MANIFEST-*}, LevelDB the latter two without the former;
 * Berkeley DB JE writes {@code NNNNNNNN.jdb} and {@code je.*} files; an H2 2.x database file starts with
 * {@code H:2,} (its MVStore header), an SQLite one with the 16 bytes {@code SQLite format 3\0} (sqlite.org,
 * "Database File Format", 1.3). Files are read only as far as those 16 bytes; subdirectories are not entered.
 *
 * <p>Usage, in a binding's {@code open}, before the native store sees the directory:
 * <pre>{@code
 * Path dir = StoreDirectory.claim(EmbeddedStore.ROCKSDB, "rocksdb.dir", "rocksdb", given, context.resultDirectory());
 * }</pre>
 *
 * <p>Stateless and thread-safe.
 */
public final class StoreDirectory {
  /** At most this many file names are listed per kind of file in a message. */
  static final int NAMES_SHOWN = 5;

  private static final byte[] SQLITE_HEADER = "SQLite format 3\0".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] H2_HEADER = "H:2,".getBytes(StandardCharsets.US_ASCII);
  private static final Pattern ROCKSDB_MARKER = Pattern.compile("IDENTITY|OPTIONS-\\d+(\\.dbtmp)?");
  private static final Pattern LSM_DATABASE = Pattern.compile("CURRENT|MANIFEST-\\d+");
  private static final Pattern LSM_DATA = Pattern.compile("\\d+\\.(log|sst|ldb|blob|dbtmp)");
  private static final Pattern LSM_LEFTOVER = Pattern.compile("LOCK|LOG|LOG\\.old.*");
  /** JE numbers its log files in hexadecimal ({@code 0000000a.jdb}), and its cleaner deletes the oldest. */
  private static final Pattern BERKELEYDB_FILE = Pattern.compile("[0-9a-f]{8}\\.(jdb|del|bad)|je\\..+");
  private static final Pattern H2_AUXILIARY = Pattern.compile(".+\\.(trace|lock|temp)\\.db|.+\\.mv\\.db\\.tempFile");
  /** A run directory the driver makes under {@code result.dir}: {@code 20260101-120000-load-<binding>-...}. */
  private static final Pattern RUN_DIRECTORY = Pattern.compile("\\d{8}-\\d{6}-.+");
  private static final Pattern SQLITE_AUXILIARY = Pattern.compile(".+-(wal|shm|journal)");

  private StoreDirectory() {
  }

  /** What a directory's entry was taken for. */
  enum Kind {
    ROCKSDB("RocksDB files"),
    LEVELDB("LevelDB files"),
    BERKELEYDB("Berkeley DB JE files"),
    H2("H2 files"),
    SQLITE("SQLite files"),
    /** {@code LOCK} and {@code LOG} of a LevelDB or RocksDB open that wrote no database: no data in them. */
    LSM_LEFTOVER("LevelDB or RocksDB files"),
    /** Tables or logs of LevelDB or RocksDB without the {@code CURRENT} or {@code MANIFEST-*} that names them. */
    LSM_ORPHAN("LevelDB or RocksDB files without CURRENT"),
    UNKNOWN("files of no store the driver knows");

    final String words;

    Kind(String words) {
      this.words = words;
    }
  }

  /**
   * {@link #claim(EmbeddedStore, String, String, Path, Path)} of the directory the user gave, or of the default
   * {@code <resultDirectory>/<binding>}.
   *
   * <p>The directory returned has its symbolic links resolved, so that two spellings of one directory name one
   * store (an embedded store opened twice in one process shares one handle by its directory).
   *
   * @param given the value of {@code key}, or null or empty for the default
   * @param resultDirectory the run's result base directory
   * @return the directory, absolute, existing, symbolic links resolved
   * @throws ConfigException as {@link #claim(EmbeddedStore, String, String, Path, Path)}
   * @throws BindingException as {@link #claim(EmbeddedStore, String, String, Path, Path)}, and when its real path
   *     cannot be read: {@code <binding>: cannot resolve directory <dir> (<reason>)}
   */
  public static Path claim(EmbeddedStore store, String key, String binding, String given, Path resultDirectory)
      throws ConfigException, BindingException {
    Path dir = given == null || given.isEmpty() ? resultDirectory.resolve(binding) : Path.of(given);
    Path claimed = claim(store, key, binding, dir.toAbsolutePath().normalize(), resultDirectory);
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
   * @param key the property that names the directory, e.g. {@code rocksdb.dir}, for the message
   * @param binding the binding's name, e.g. {@code rocksdb}, for the message when it cannot be created
   * @param dir the directory, absolute and normalised
   * @param resultDirectory the run's result base directory ({@code result.dir})
   * @return {@code dir}, existing
   * @throws ConfigException when it holds another store's files, anything not recognised, or is not writable:
   *     {@code <key>: must be <a RocksDB directory> or empty, got <dir> holding <what>; use an empty directory}
   * @throws BindingException when it cannot be created (a file in the way, no permission), exit code 3
   */
  public static Path claim(EmbeddedStore store, String key, String binding, Path dir, Path resultDirectory)
      throws ConfigException, BindingException {
    if (!Files.isDirectory(dir)) {
      try {
        Files.createDirectories(dir);
        return dir;
      } catch (IOException e) {
        throw new BindingException(binding + ": cannot create directory " + dir + " (" + why(e) + ")", e);
      }
    }
    Map<Kind, List<String>> found;
    try {
      found = survey(dir);
    } catch (IOException e) {
      throw new ConfigException(key + ": must be a readable directory, got " + dir + " (" + why(e) + ")", e);
    }
    found.remove(ownKind(store));
    List<String> unknown = found.get(Kind.UNKNOWN);
    if (unknown != null) {
      unknown.removeIf(name -> isResults(dir, name, resultDirectory.toAbsolutePath().normalize()));
      if (unknown.isEmpty()) {
        found.remove(Kind.UNKNOWN);
      }
    }
    if (store == EmbeddedStore.ROCKSDB || store == EmbeddedStore.LEVELDB) {
      found.remove(Kind.LSM_LEFTOVER);
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
   * @return what its entries were taken for, each kind with its entries' names in name order (a subdirectory's
   *     name ends with {@code /}); empty for an empty directory; a new, modifiable map
   * @throws IOException when it cannot be listed, or a file's first bytes cannot be read
   */
  static Map<Kind, List<String>> survey(Path dir) throws IOException {
    List<String> names = new ArrayList<>();
    try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir)) {
      for (Path entry : entries) {
        names.add(entry.getFileName().toString());
      }
    }
    names.sort(null);
    boolean rocksdb = names.stream().anyMatch(n -> ROCKSDB_MARKER.matcher(n).matches());
    boolean lsmDatabase = names.stream().anyMatch(n -> LSM_DATABASE.matcher(n).matches());
    Map<Kind, List<String>> found = new EnumMap<>(Kind.class);
    for (String name : names) {
      Path entry = dir.resolve(name);
      Kind kind;
      if (Files.isDirectory(entry, LinkOption.NOFOLLOW_LINKS)) {
        if (name.equals("lost+found")) {
          continue; // the root of a mounted file system
        }
        kind = Kind.UNKNOWN;
        name = name + "/";
      } else if (ROCKSDB_MARKER.matcher(name).matches() || LSM_DATABASE.matcher(name).matches()
          || LSM_DATA.matcher(name).matches() || LSM_LEFTOVER.matcher(name).matches()) {
        kind = rocksdb ? Kind.ROCKSDB : lsmDatabase ? Kind.LEVELDB
            : LSM_LEFTOVER.matcher(name).matches() ? Kind.LSM_LEFTOVER : Kind.LSM_ORPHAN;
      } else if (BERKELEYDB_FILE.matcher(name).matches()) {
        kind = Kind.BERKELEYDB;
      } else {
        kind = byContent(entry, name);
      }
      found.computeIfAbsent(kind, k -> new ArrayList<>()).add(name);
    }
    return found;
  }

  /** @return whether the entry {@code name} of {@code dir} is the result directory, holds it, or is a run's */
  private static boolean isResults(Path dir, String name, Path results) {
    if (!name.endsWith("/")) {
      return false;
    }
    Path entry = dir.resolve(name.substring(0, name.length() - 1));
    return results.startsWith(entry)
        || results.equals(dir) && RUN_DIRECTORY.matcher(entry.getFileName().toString()).matches();
  }

  private static Kind byContent(Path file, String name) throws IOException {
    if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
      return Kind.UNKNOWN;
    }
    byte[] head;
    try (InputStream in = Files.newInputStream(file)) {
      head = in.readNBytes(SQLITE_HEADER.length);
    }
    if (startsWith(head, SQLITE_HEADER)) {
      return Kind.SQLITE;
    }
    if (startsWith(head, H2_HEADER)) {
      return Kind.H2;
    }
    if (H2_AUXILIARY.matcher(name).matches()) {
      return Kind.H2;
    }
    if (SQLITE_AUXILIARY.matcher(name).matches()) {
      return Kind.SQLITE;
    }
    if (head.length == 0) {
      // both stores take an empty file for a new database
      if (name.endsWith(".mv.db")) {
        return Kind.H2;
      }
      if (name.endsWith(".db")) {
        return Kind.SQLITE;
      }
    }
    return Kind.UNKNOWN;
  }

  private static boolean startsWith(byte[] head, byte[] prefix) {
    return head.length >= prefix.length && Arrays.equals(head, 0, prefix.length, prefix, 0, prefix.length);
  }

  private static Kind ownKind(EmbeddedStore store) {
    return Kind.valueOf(store.name());
  }

  /** @return e.g. {@code LevelDB files (CURRENT, MANIFEST-000002, 000003.log without OPTIONS-*)} */
  static String describe(Map<Kind, List<String>> found) {
    List<String> parts = new ArrayList<>();
    for (Map.Entry<Kind, List<String>> e : found.entrySet()) {
      List<String> names = e.getValue();
      String shown = String.join(", ", names.subList(0, Math.min(NAMES_SHOWN, names.size())))
          + (names.size() > NAMES_SHOWN ? ", ... (" + names.size() + " in all)" : "");
      String note = e.getKey() == Kind.LEVELDB ? " without OPTIONS-*" : "";
      parts.add(e.getKey().words + " (" + shown + note + ")");
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
