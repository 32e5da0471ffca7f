package dev.ycsbdriver.spi.support;

import static dev.ycsbdriver.testing.StoreFixtures.files;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ycsbdriver.config.ConfigException;
import dev.ycsbdriver.spi.BindingException;
import dev.ycsbdriver.spi.DirectoryListing;
import dev.ycsbdriver.spi.StoreFiles;
import dev.ycsbdriver.testing.StoreFixtures;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The mechanism, with stores core has never heard of: each says which files are its own ({@link StoreFiles}), and
 * {@link StoreDirectory} needs nothing else to take a directory of one and refuse it to the others. The real
 * stores' files are tested in their bindings, and against each other's real directories by
 * {@code EmbeddedStoreFilesIT}.
 */
class StoreDirectoryTest {
  /** Known by its names: {@code ALPHA} and {@code alpha-<n>}; leaves {@code LOCK} without data. */
  private static final StoreFiles ALPHA = new Named("Alpha", Pattern.compile("ALPHA|alpha-\\d+"), "LOCK");
  /** Known by its first bytes, {@code BETA}, whatever the file's name; also leaves {@code LOCK}. */
  private static final StoreFiles BETA = new Headed("Beta", "BETA");
  /** Known by its names, {@code *.gamma}; leaves nothing. */
  private static final StoreFiles GAMMA = new Named("Gamma", Pattern.compile(".+\\.gamma"), null);
  private static final List<StoreFiles> KNOWN = List.of(GAMMA, BETA, ALPHA);

  @TempDir
  Path tmp;

  @Test
  void aMissingDirectoryIsCreatedAndAnEmptyOneTaken() throws Exception {
    Path missing = tmp.resolve("a/b");
    assertThat(claim(ALPHA, missing)).isEqualTo(missing);
    assertThat(missing).isDirectory();
    for (StoreFiles store : KNOWN) {
      assertThat(claim(store, missing)).isEqualTo(missing);
    }
  }

  @Test
  void theDefaultIsTheBindingsDirectoryUnderTheResultDirectory() throws Exception {
    assertThat(StoreDirectory.claim(ALPHA, KNOWN, "alpha.dir", "alpha", "", tmp))
        .isEqualTo(tmp.toRealPath().resolve("alpha"));
    assertThat(tmp.resolve("alpha")).isDirectory();
  }

  @Test
  void aDirectoryGivenThroughASymbolicLinkIsReturnedAsItsRealPath() throws Exception {
    Path real = Files.createDirectories(tmp.resolve("real"));
    Path link = Files.createSymbolicLink(tmp.resolve("link"), real);
    for (StoreFiles store : KNOWN) {
      assertThat(StoreDirectory.claim(store, KNOWN, "x.dir", "x", link.toString(), tmp.resolve("results")))
          .isEqualTo(real.toRealPath());
    }
  }

  @Test
  void aStoreTakesItsOwnDirectoryAndTheOthersRefuseItNamingWhatTheyFound() throws Exception {
    Path d = files(tmp.resolve("d"), "ALPHA", "alpha-1", "alpha-2", "LOCK");
    assertThat(claim(ALPHA, d)).isEqualTo(d);
    assertThatThrownBy(() -> claim(GAMMA, d)).isInstanceOf(ConfigException.class)
        .hasMessage("x.dir: must be a Gamma directory or empty, got " + d + " holding Alpha files (ALPHA, alpha-1, "
            + "alpha-2) and Alpha or Beta files (LOCK); use an empty directory");
    assertThat(d.resolve("ALPHA")).hasContent("ALPHA");
  }

  @Test
  void filesThatHoldNoDataSuitEveryStoreThatLeavesThemOnly() throws Exception {
    Path d = files(tmp.resolve("d"), "LOCK");
    assertThat(claim(ALPHA, d)).isEqualTo(d);
    assertThat(claim(BETA, d)).isEqualTo(d);
    assertThatThrownBy(() -> claim(GAMMA, d)).hasMessageContaining("holding Alpha or Beta files (LOCK)");
  }

  @Test
  void aFileIsKnownByItsFirstBytesWhateverItsName() throws Exception {
    Path d = file(tmp.resolve("d"), "data.gamma", "BETA and the rest");
    assertThatThrownBy(() -> claim(ALPHA, d))
        .hasMessageContaining("holding Beta files (data.gamma)");
    // a file two stores would take is the claiming store's own
    assertThat(claim(GAMMA, d)).isEqualTo(d);
    assertThat(claim(BETA, d)).isEqualTo(d);
  }

  @Test
  void anythingUnrecognisedIsRefusedByEveryStore() throws Exception {
    Path d = file(tmp.resolve("d"), "notes.txt", "my thesis");
    Files.createDirectories(d.resolve("photos"));
    for (StoreFiles store : KNOWN) {
      assertThatThrownBy(() -> claim(store, d)).isInstanceOf(ConfigException.class)
          .hasMessage("x.dir: must be " + store.directory() + " or empty, got " + d
              + " holding files of no store the driver knows (notes.txt, photos/); use an empty directory");
    }
    assertThat(d.resolve("notes.txt")).hasContent("my thesis");
  }

  @Test
  void aStoreTheOthersDoNotKnowIsStillRefusedTheirFilesAndTakesItsOwn() throws Exception {
    Path d = files(tmp.resolve("d"), "ALPHA", "alpha-1");
    assertThatThrownBy(() -> StoreDirectory.claim(GAMMA, List.of(GAMMA), "x.dir", "x", d, tmp.resolve("results")))
        .hasMessageContaining("holding files of no store the driver knows (ALPHA, alpha-1)");
    assertThat(StoreDirectory.claim(ALPHA, List.of(), "x.dir", "x", d, tmp.resolve("results"))).isEqualTo(d);
  }

  @Test
  void coreKnowsNoStoreOfItsOwn() {
    // core's test class path has no embedded binding: every store the driver knows comes from a binding
    assertThat(StoreDirectory.known()).isEmpty();
  }

  @Test
  void aMountedFileSystemsLostAndFoundIsNoObstacle() throws Exception {
    Path d = Files.createDirectories(tmp.resolve("d"));
    Files.createDirectories(d.resolve("lost+found"));
    assertThat(claim(ALPHA, d)).isEqualTo(d);
  }

  @Test
  void aLongListIsCut() throws Exception {
    Path d = Files.createDirectories(tmp.resolve("d"));
    for (int i = 0; i < 12; i++) {
      Files.writeString(d.resolve(String.format("alpha-%02d", i)), "x");
    }
    assertThatThrownBy(() -> claim(BETA, d))
        .hasMessageContaining("(alpha-00, alpha-01, alpha-02, alpha-03, alpha-04, ... (12 in all))");
  }

  @Test
  void aFileInTheWayCannotBeCreatedAsBefore() throws IOException {
    Path file = Files.writeString(tmp.resolve("f"), "x", StandardCharsets.UTF_8);
    assertThatThrownBy(() -> claim(ALPHA, file.resolve("db")))
        .isInstanceOf(BindingException.class)
        .hasMessageStartingWith("x: cannot create directory " + file.resolve("db"));
  }

  @Test
  void theResultDirectoryAndTheRunsTheDriverMakesInItAreNoObstacle() throws Exception {
    Path d = files(tmp.resolve("d"), "ALPHA");
    Files.createDirectories(d.resolve("results/20261126-185811-load-alpha-workloada-t1"));
    assertThat(StoreDirectory.claim(ALPHA, KNOWN, "x.dir", "x", d, d.resolve("results"))).isEqualTo(d);
    Path same = files(tmp.resolve("same"), "ALPHA");
    Files.createDirectories(same.resolve("20261126-185811-load-alpha-workloada-t1"));
    assertThat(StoreDirectory.claim(ALPHA, KNOWN, "x.dir", "x", same, same)).isEqualTo(same);
    assertThatThrownBy(() -> claim(ALPHA, d))
        .hasMessageContaining("holding files of no store the driver knows (results/)");
    assertThatThrownBy(() -> claim(ALPHA, same))
        .hasMessageContaining("holding files of no store the driver knows (20261126-185811-load-alpha-workloada-t1/)");
  }

  /** Claims {@code d} for a run whose result directory is elsewhere, against {@link #KNOWN}. */
  private Path claim(StoreFiles store, Path d) throws Exception {
    return StoreDirectory.claim(store, KNOWN, "x.dir", "x", d, tmp.resolve("results"));
  }

  /** @return {@code d}, created, holding the file {@code name} with {@code content} */
  private static Path file(Path d, String name, String content) throws IOException {
    Files.createDirectories(d);
    Files.writeString(d.resolve(name), content);
    return d;
  }

  /** A store known by its files' names. */
  private record Named(String product, Pattern names, String leftover) implements StoreFiles {
    @Override
    public String directory() {
      return "a " + product + " directory";
    }

    @Override
    public Set<String> recognise(DirectoryListing listing) {
      return listing.matching(names);
    }

    @Override
    public Set<String> leftovers(DirectoryListing listing) {
      return leftover == null ? Set.of() : listing.matching(Pattern.compile(Pattern.quote(leftover)));
    }
  }

  /** A store known by its files' first bytes; leaves {@code LOCK}. */
  private record Headed(String product, String header) implements StoreFiles {
    @Override
    public String directory() {
      return "a " + product + " directory";
    }

    @Override
    public Set<String> recognise(DirectoryListing listing) throws IOException {
      Set<String> out = new LinkedHashSet<>();
      for (String name : listing.names()) {
        if (listing.startsWith(name, header.getBytes(StandardCharsets.US_ASCII))) {
          out.add(name);
        }
      }
      return out;
    }

    @Override
    public Set<String> leftovers(DirectoryListing listing) {
      return listing.matching(Pattern.compile("LOCK"));
    }
  }
}
