package dev.ycsbdriver.spi.support;

import dev.ycsbdriver.spi.DirectoryListing;
import dev.ycsbdriver.spi.StoreFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A store known by the first bytes of its database file (H2, SQLite): a file that starts with {@code header},
 * whatever its name, is its; so are its companion files, by name, and an empty file named as its database, which
 * the store takes for a new one. Patterns match a whole name.
 *
 * <p>Immutable and thread-safe.
 *
 * @param product the store's product name, e.g. {@code SQLite}
 * @param directory what a directory of it is called in a message, e.g. {@code a directory of SQLite files (ycsb.db)}
 * @param header the database file's first bytes, as ASCII, at most {@value DirectoryListing#HEAD_BYTES}
 * @param companions the names of the files it writes beside the database ({@code -wal}, {@code .trace.db})
 * @param emptyDatabase the names an empty file is its database under
 */
public record HeadedFiles(String product, String directory, String header, Pattern companions,
                          Pattern emptyDatabase) implements StoreFiles {

  @Override
  public Set<String> recognise(DirectoryListing listing) throws IOException {
    byte[] prefix = header.getBytes(StandardCharsets.US_ASCII);
    Set<String> out = new LinkedHashSet<>();
    for (String name : listing.names()) {
      if (listing.startsWith(name, prefix) || companions.matcher(name).matches()
          || listing.empty(name) && emptyDatabase.matcher(name).matches()) {
        out.add(name);
      }
    }
    return out;
  }
}
