package dev.ycsbdriver.spi.support;

import dev.ycsbdriver.spi.DirectoryListing;
import dev.ycsbdriver.spi.StoreFiles;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A store known by its files' names (LevelDB, RocksDB, Berkeley DB JE): its files match {@code files}, and only
 * in a directory that has a file matching {@code requires} and none matching {@code never}. Patterns match a
 * whole name.
 *
 * <p>Immutable and thread-safe.
 *
 * @param product the store's product name, e.g. {@code RocksDB}
 * @param directory what a directory of it is called in a message, e.g. {@code a RocksDB directory}
 * @param requires a file the store always writes, without which no file is its; null when none is required
 * @param never a file the store never writes, with which no file is its; null for none
 * @param files the names of the files it writes
 * @param leftover the names of files it leaves without data ({@link StoreFiles#leftovers}); null for none
 */
public record NamedFiles(String product, String directory, Pattern requires, Pattern never, Pattern files,
                         Pattern leftover) implements StoreFiles {

  @Override
  public Set<String> recognise(DirectoryListing listing) {
    if (requires != null && !listing.any(requires) || never != null && listing.any(never)) {
      return Set.of();
    }
    return listing.matching(files);
  }

  @Override
  public Set<String> leftovers(DirectoryListing listing) {
    return leftover == null ? Set.of() : listing.matching(leftover);
  }
}
