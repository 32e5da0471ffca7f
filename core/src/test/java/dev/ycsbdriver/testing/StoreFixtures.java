package dev.ycsbdriver.testing;

import dev.ycsbdriver.spi.support.StoreDirectory;
import dev.ycsbdriver.spi.StoreFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Directories of files as embedded stores leave them, and claims of them by one store alone. */
public final class StoreFixtures {
  private StoreFixtures() {
  }

  /**
   * @return {@code d}, created, holding a small file of each name (its name as its content)
   * @throws java.io.IOException when a file cannot be written
   */
  public static Path files(Path d, String... names) throws java.io.IOException {
    Files.createDirectories(d);
    for (String name : names) {
      Files.writeString(d.resolve(name), name);
    }
    return d;
  }

  /**
   * {@link StoreDirectory#claim(StoreFiles, List, String, String, Path, Path)} of {@code d} by {@code store}, the
   * only store known, as binding {@code binding} (key {@code <binding>.dir}), its results elsewhere.
   *
   * @return {@code d}
   * @throws Exception as the claim
   */
  public static Path claimAlone(StoreFiles store, String binding, Path d) throws Exception {
    return StoreDirectory.claim(store, List.of(store), binding + ".dir", binding, d,
        d.resolveSibling(d.getFileName() + "-results"));
  }
}
