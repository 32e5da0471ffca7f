package dev.ycsbdriver.spi;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The regular files of one directory, by name, with the first {@value #HEAD_BYTES} bytes of each read on demand:
 * what a {@link StoreFiles} looks at. Subdirectories and other entries are left out. Not thread-safe.
 */
public final class DirectoryListing {
  /** How many bytes of a file's start {@link #head} reads: enough for SQLite's 16-byte header. */
  public static final int HEAD_BYTES = 16;

  private final Path dir;
  private final List<String> names;
  private final Map<String, byte[]> heads = new HashMap<>();

  private DirectoryListing(Path dir, List<String> names) {
    this.dir = dir;
    this.names = List.copyOf(names);
  }

  /**
   * @param dir an existing directory
   * @return its regular files (symbolic links not followed), in name order
   * @throws IOException when it cannot be listed
   */
  public static DirectoryListing of(Path dir) throws IOException {
    List<String> names = new ArrayList<>();
    try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir)) {
      for (Path entry : entries) {
        if (Files.isRegularFile(entry, LinkOption.NOFOLLOW_LINKS)) {
          names.add(entry.getFileName().toString());
        }
      }
    }
    names.sort(null);
    return new DirectoryListing(dir, names);
  }

  /** @return the files' names, in name order */
  public List<String> names() {
    return names;
  }

  /**
   * @param name one of {@link #names()}
   * @return its first {@value #HEAD_BYTES} bytes, fewer for a shorter file, none for an empty one
   * @throws IOException when it cannot be read
   */
  public byte[] head(String name) throws IOException {
    byte[] head = heads.get(name);
    if (head == null) {
      try (InputStream in = Files.newInputStream(dir.resolve(name))) {
        head = in.readNBytes(HEAD_BYTES);
      }
      heads.put(name, head);
    }
    return head.clone();
  }

  /**
   * @param name one of {@link #names()}
   * @param prefix at most {@value #HEAD_BYTES} bytes
   * @return whether the file starts with them
   * @throws IOException when it cannot be read
   */
  public boolean startsWith(String name, byte[] prefix) throws IOException {
    byte[] head = head(name);
    return head.length >= prefix.length && Arrays.equals(head, 0, prefix.length, prefix, 0, prefix.length);
  }

  /**
   * @param name one of {@link #names()}
   * @return whether the file is empty
   * @throws IOException when it cannot be read
   */
  public boolean empty(String name) throws IOException {
    return head(name).length == 0;
  }

  /** @return whether any name matches {@code pattern} whole */
  public boolean any(Pattern pattern) {
    return names.stream().anyMatch(n -> pattern.matcher(n).matches());
  }

  /** @return the names that match {@code pattern} whole, in name order */
  public Set<String> matching(Pattern pattern) {
    Set<String> out = new LinkedHashSet<>();
    names.stream().filter(n -> pattern.matcher(n).matches()).forEach(out::add);
    return out;
  }
}
