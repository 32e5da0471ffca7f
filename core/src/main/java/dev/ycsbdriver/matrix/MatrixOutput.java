package dev.ycsbdriver.matrix;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ycsbdriver.config.ConfigException;
import dev.ycsbdriver.result.AtomicFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The output directory of a matrix, checked before the matrix writes anything in it: a matrix writes (and so may
 * replace {@code report.md}, {@code matrix.yaml}, {@code order.json} in) only an empty or missing directory or one
 * of its own, never a directory that holds the user's files, as an embedded store opens only a directory of its own
 * ({@link dev.ycsbdriver.spi.support.StoreDirectory}).
 *
 * <p>A directory is this matrix's own when it holds {@link #MARKER} naming this matrix (written when a matrix first
 * uses it), or, for outputs written before the marker existed, an {@link MatrixRunner#ORDER_FILE} that is an order
 * of this matrix (an integer {@code seed}, and visits only of its stores). A corrupt {@code order.json} in an output
 * of its own is named, never replaced.
 *
 * <p>Stateless and thread-safe.
 */
public final class MatrixOutput {
  /** The file that marks a directory as a matrix's output: {@code {"matrix": "<name>"}}. */
  public static final String MARKER = ".ycsb-matrix.json";
  /** Entries listed in a refusal, at most. */
  private static final int NAMES_SHOWN = 5;

  private MatrixOutput() {
  }

  /**
   * Refuses an output directory that is not empty and not this matrix's own.
   *
   * @param spec the matrix, with its output
   * @throws ConfigException when the directory holds other files, the output of another matrix, a corrupt
   *     {@link #MARKER} or a corrupt {@link MatrixRunner#ORDER_FILE}; the message names the directory or file
   * @throws IOException when the directory cannot be listed
   */
  public static void claim(MatrixSpec spec) throws ConfigException, IOException {
    Path dir = spec.output().toAbsolutePath().normalize();
    if (!Files.exists(dir)) {
      return;
    }
    if (!Files.isDirectory(dir)) {
      throw new ConfigException("matrix: output must be a directory, got the file " + dir);
    }
    List<String> entries = new ArrayList<>();
    try (Stream<Path> list = Files.list(dir)) {
      list.map(p -> p.getFileName().toString()).sorted().forEach(entries::add);
    }
    entries.remove(MatrixLock.LOCK_FILE); // a matrix stopped before it wrote anything else
    Path file = spec.file() == null ? null : spec.file().toAbsolutePath().normalize();
    if (file != null && dir.equals(file.getParent())) {
      entries.remove(file.getFileName().toString()); // the matrix file kept beside its output
    }
    if (entries.isEmpty()) {
      return;
    }
    Path marker = dir.resolve(MARKER);
    Path order = dir.resolve(MatrixRunner.ORDER_FILE);
    if (Files.exists(marker)) {
      String owner = owner(marker);
      if (!owner.equals(spec.name())) {
        throw new ConfigException("matrix: output directory " + dir + " holds the output of matrix '" + owner
            + "', not of '" + spec.name() + "'; give this matrix another directory with --output");
      }
      OrderFile.read(spec, order);
      return;
    }
    try {
      if (OrderFile.read(spec, order) != null) {
        return; // written before the marker existed: its order is of this matrix
      }
    } catch (ConfigException e) {
      // not this matrix's order: the directory is refused below as holding files of its own
    }
    List<String> shown = entries.subList(0, Math.min(NAMES_SHOWN, entries.size()));
    throw new ConfigException("matrix: output directory " + dir + ": must be empty or this matrix's own output, got "
        + entries.size() + (entries.size() == 1 ? " entry" : " entries") + " not written by it (" + String.join(", ", shown)
        + (entries.size() > shown.size() ? ", ..." : "") + "); give an empty or new directory with --output");
  }

  /**
   * Marks the directory as this matrix's output.
   *
   * @param spec the matrix
   * @param dir its output directory, existing
   * @throws IOException when the marker cannot be written
   */
  static void mark(MatrixSpec spec, Path dir) throws IOException {
    Path marker = dir.resolve(MARKER);
    if (!Files.exists(marker)) {
      AtomicFile.write(marker, out -> MatrixRunner.JSON.writeValue(out,
          MatrixRunner.JSON.createObjectNode().put("matrix", spec.name())));
    }
  }

  private static String owner(Path marker) throws ConfigException {
    try {
      JsonNode name = MatrixRunner.JSON.readTree(marker.toFile()).path("matrix");
      if (name.isTextual()) {
        return name.asText();
      }
    } catch (IOException e) {
      // named below
    }
    throw new ConfigException(marker + ": must be {\"matrix\": \"<name>\"} as a matrix writes it, got something "
        + "else; remove it only if the directory is this matrix's output");
  }

  /** @return the names of the matrix's stores, included or left out */
  static Set<String> storeNames(MatrixSpec spec) {
    Set<String> names = new HashSet<>(spec.leftOut());
    spec.stores().forEach(s -> names.add(s.name()));
    return names;
  }
}
