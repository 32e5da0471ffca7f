package dev.ycsbdriver.matrix;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ycsbdriver.result.AtomicFile;
import dev.ycsbdriver.config.ConfigException;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;

/**
 * A matrix output's {@link MatrixRunner#ORDER_FILE}: the seed of the run order and every visit of the plan,
 * written when a matrix starts; a later run of the same output takes its seed from it when the matrix file gives
 * none, so that a resumed matrix keeps its order.
 *
 * <p>Stateless and thread-safe.
 */
final class OrderFile {
  private OrderFile() {
  }

  /**
   * @param spec the matrix
   * @param output the matrix's output directory
   * @param err receives where the seed came from
   * @return the matrix file's {@code seed}, else the one {@link MatrixRunner#ORDER_FILE} recorded for this output,
   *     else a new one; printed with where it came from
   * @throws ConfigException when the output holds an {@link MatrixRunner#ORDER_FILE} that is not an order of this
   *     matrix ({@link #read})
   */
  static long seed(MatrixSpec spec, Path output, PrintStream err) throws ConfigException {
    Path file = output.resolve(MatrixRunner.ORDER_FILE);
    Long recorded = read(spec, file);
    if (spec.seed() != null) {
      err.println("[matrix] order: seed " + spec.seed() + " (from the matrix file)");
      return spec.seed();
    }
    if (recorded != null) {
      err.println("[matrix] order: seed " + recorded + " (recorded in " + file + " by an earlier run; put seed: "
          + recorded + " in the matrix file to repeat this order elsewhere)");
      return recorded;
    }
    long seed = ThreadLocalRandom.current().nextLong(1, 1_000_000_000L);
    err.println("[matrix] order: seed " + seed + " (put seed: " + seed + " in the matrix file to repeat this order)");
    return seed;
  }

  /**
   * Reads an {@link MatrixRunner#ORDER_FILE}: a JSON object with an integer {@code seed} and, when it has
   * {@code visits}, an array of visits each of a store of this matrix.
   *
   * @param spec the matrix
   * @param file the order file
   * @return its seed; null when there is no such file
   * @throws ConfigException when the file is there but unreadable, not such an object, or of stores this matrix
   *     does not have; the message names the file
   */
  static Long read(MatrixSpec spec, Path file) throws ConfigException {
    if (!Files.exists(file)) {
      return null;
    }
    JsonNode order;
    try {
      order = MatrixRunner.JSON.readTree(file.toFile());
    } catch (IOException e) {
      throw corrupt(file, "not JSON (" + e.getMessage().lines().findFirst().orElse("") + ")");
    }
    if (order == null || !order.path("seed").isIntegralNumber()) {
      throw corrupt(file, "no integer seed");
    }
    JsonNode visits = order.path("visits");
    if (!visits.isMissingNode() && !visits.isArray()) {
      throw corrupt(file, "visits is not an array");
    }
    Set<String> stores = MatrixOutput.storeNames(spec);
    for (JsonNode v : visits) {
      if (!stores.contains(v.path("store").asText(null))) {
        throw corrupt(file, "a visit of store '" + v.path("store").asText("") + "', which matrix '" + spec.name()
            + "' does not have");
      }
    }
    return order.get("seed").asLong();
  }

  private static ConfigException corrupt(Path file, String got) {
    return new ConfigException(file + ": must be the run order a matrix recorded ({\"seed\": <integer>, \"visits\": "
        + "[...]}), got " + got + "; move it away to draw a new order, or give another --output");
  }

  /**
   * Writes {@link MatrixRunner#ORDER_FILE}: the seed and every visit of the plan, in run order.
   *
   * @throws IOException when the file cannot be written
   */
  static void write(MatrixSpec spec, Path output, long seed, List<MatrixOrder.Visit> plan) throws IOException {
    ObjectNode order = MatrixRunner.JSON.createObjectNode();
    order.put("seed", seed);
    order.put("repeats", spec.repeats());
    ArrayNode visits = order.putArray("visits");
    for (MatrixOrder.Visit v : plan) {
      ObjectNode visit = visits.addObject();
      visit.put("repeat", v.repeat());
      visit.put("store", v.group().store().name());
      visit.put("profile", v.group().profile());
      ArrayNode cells = visit.putArray("cells");
      v.cells().forEach(c -> cells.add(c.label()));
      if (v.crash() != null) {
        cells.add(v.crash().label());
      }
    }
    AtomicFile.write(output.resolve(MatrixRunner.ORDER_FILE), out -> MatrixRunner.JSON.writeValue(out, order));
  }
}
