package dev.ycsbdriver.matrix;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
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
   */
  static long seed(MatrixSpec spec, Path output, PrintStream err) {
    if (spec.seed() != null) {
      err.println("[matrix] order: seed " + spec.seed() + " (from the matrix file)");
      return spec.seed();
    }
    Path file = output.resolve(MatrixRunner.ORDER_FILE);
    if (Files.isRegularFile(file)) {
      try {
        JsonNode seed = MatrixRunner.JSON.readTree(file.toFile()).path("seed");
        if (seed.isIntegralNumber()) {
          err.println("[matrix] order: seed " + seed.asLong() + " (recorded in " + file + " by an earlier run; put seed: "
              + seed.asLong() + " in the matrix file to repeat this order elsewhere)");
          return seed.asLong();
        }
      } catch (IOException e) {
        // unreadable: draw a new seed and record it
      }
    }
    long seed = ThreadLocalRandom.current().nextLong(1, 1_000_000_000L);
    err.println("[matrix] order: seed " + seed + " (put seed: " + seed + " in the matrix file to repeat this order)");
    return seed;
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
    MatrixRunner.JSON.writeValue(output.resolve(MatrixRunner.ORDER_FILE).toFile(), order);
  }
}
