package dev.ycsbdriver.spi;

import dev.ycsbdriver.spi.support.StoreDirectory;
import java.io.IOException;
import java.util.Set;

/**
 * The files an embedded store keeps in its directory, by which {@link StoreDirectory} tells a directory of this
 * store from another store's or from files of no store at all. An embedded binding's provider returns it from
 * {@link BindingProvider#storeFiles()}; the driver knows the stores whose providers are on the class path, and
 * nothing in its core names one.
 *
 * <p>A store is known by its own markers, never by the directory's name: the names it gives its files, the
 * bytes its files start with ({@link DirectoryListing#head}).
 *
 * <p>Implementations are stateless and thread-safe.
 */
public interface StoreFiles {

  /** @return the store's product name, e.g. {@code RocksDB}; a message names its files {@code RocksDB files} */
  String product();

  /** @return what a directory of this store is called in a message, e.g. {@code a RocksDB directory} */
  String directory();

  /**
   * @param listing the directory's files (never its subdirectories), each with its first bytes on demand
   * @return the names among {@link DirectoryListing#names()} that this store wrote; empty when none
   * @throws IOException when a file's first bytes cannot be read
   */
  Set<String> recognise(DirectoryListing listing) throws IOException;

  /**
   * @param listing the directory's files
   * @return names this store leaves behind without data, which it may open over though it did not write the
   *     rest (LevelDB's and RocksDB's {@code LOCK} and {@code LOG} of an open that wrote no database); empty by
   *     default
   */
  default Set<String> leftovers(DirectoryListing listing) {
    return Set.of();
  }
}
