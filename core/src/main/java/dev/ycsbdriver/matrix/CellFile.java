package dev.ycsbdriver.matrix;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ycsbdriver.config.Secrets;
import dev.ycsbdriver.result.AtomicFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A cell's {@link MatrixRunner#CELL_FILE}: how the cell ended ({@code status}, {@code cell}, {@code exitCode},
 * {@code error}, {@code result}, {@code elapsedMillis}, {@code tableRecordsAtStart}, {@code signature}), written as
 * soon as it ends; read again when a matrix resumes, to skip what already succeeded, and when it collects its
 * results.
 *
 * <p>Stateless and thread-safe.
 */
final class CellFile {
  /** The status of a cell that succeeded. */
  static final String OK = "ok";

  private CellFile() {
  }

  /**
   * @param output the matrix's output directory
   * @param dir the cell's directory
   * @param signature the cell's command apart from its table size
   * @return {@link #OK} or {@link CrashCell#FINDING} when the cell already ended so with the same command and its
   *     result is in place; null when it is to run (again)
   */
  static String ended(Path output, Path dir, String signature) {
    Path file = dir.resolve(MatrixRunner.CELL_FILE);
    if (!Files.isRegularFile(file)) {
      return null;
    }
    try {
      JsonNode node = MatrixRunner.JSON.readTree(file.toFile());
      String status = node.path("status").asText();
      boolean ended = OK.equals(status) || CrashCell.FINDING.equals(status);
      if (!ended || !signature.equals(node.path("signature").asText())
          || !Files.isRegularFile(output.resolve(node.path("result").asText()))) {
        return null;
      }
      return status;
    } catch (IOException e) {
      return null;
    }
  }

  /**
   * Writes the file of a cell whose process ran.
   *
   * @param output the matrix's output directory, to which the result's path is relative
   * @param e how the cell ended
   * @param error why it did not succeed, or null
   * @param tableRecords the table's records when the cell started
   * @throws IOException when the file cannot be written
   */
  static void writeEnded(Path output, MatrixVisits.Ended e, String error, long tableRecords) throws IOException {
    ObjectNode record = MatrixRunner.JSON.createObjectNode();
    record.put("status", e.status());
    record.put("cell", e.label());
    record.put("exitCode", e.end().exitCode());
    record.put("error", error == null ? null : Secrets.maskText(error));
    record.put("result", e.result().map(p -> output.relativize(p.toAbsolutePath()).toString()).orElse(null));
    record.put("elapsedMillis", e.end().elapsedMillis());
    record.put("tableRecordsAtStart", tableRecords);
    record.put("signature", e.signature());
    AtomicFile.write(e.dir().resolve(MatrixRunner.CELL_FILE), out -> MatrixRunner.JSON.writeValue(out, record));
  }

  /**
   * Writes the file of a cell that failed without running, in an existing directory.
   *
   * @throws IOException when the file cannot be written
   */
  static void writeFailed(Path dir, String label, String signature, String error) throws IOException {
    ObjectNode record = MatrixRunner.JSON.createObjectNode();
    record.put("status", "failed");
    record.put("cell", label);
    record.put("error", error);
    record.put("signature", signature);
    AtomicFile.write(dir.resolve(MatrixRunner.CELL_FILE), out -> MatrixRunner.JSON.writeValue(out, record));
  }

  /**
   * @param output the matrix's output directory
   * @param dir a cell's directory
   * @return the result JSON of a cell that succeeded or found its claim broken, or null for none
   * @throws IOException when the cell's file cannot be read
   */
  static Path result(Path output, Path dir) throws IOException {
    Path file = dir.resolve(MatrixRunner.CELL_FILE);
    if (!Files.isRegularFile(file)) {
      return null;
    }
    JsonNode node = MatrixRunner.JSON.readTree(file.toFile());
    String status = node.path("status").asText();
    if (OK.equals(status) || CrashCell.FINDING.equals(status)) {
      Path result = output.resolve(node.path("result").asText());
      if (Files.isRegularFile(result)) {
        return result;
      }
    }
    return null;
  }
}
