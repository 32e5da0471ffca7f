package dev.ycsbdriver.result;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.ycsbdriver.config.ConfigException;
import dev.ycsbdriver.result.model.CalibrationSection;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A matrix's calibrations, {@value #FILE} in its output directory: one {@link CalibrationSection} (the machine's
 * condition before the first cell and after the last), which {@code bin/ycsb report} shows beside the runs' own.
 *
 * <p>Stateless and thread-safe.
 */
public final class CalibrationFile {
  /** The file's name in a matrix's output directory. */
  public static final String FILE = "calibration.json";
  /** The matrix file's copy beside it, which marks the directory as a matrix's output. */
  private static final String MATRIX_FILE = "matrix.yaml";

  private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private CalibrationFile() {
  }

  /**
   * @param directory a matrix's output directory
   * @param section its calibrations
   * @throws IOException when the file cannot be written
   */
  public static void write(Path directory, CalibrationSection section) throws IOException {
    AtomicFile.write(directory.resolve(FILE), out -> JSON.writeValue(out, section));
  }

  /**
   * @param inputs a report's inputs: result files and directories
   * @return the calibrations of the first input that is a matrix's output (a directory holding {@value #FILE} beside
   *     {@code matrix.yaml}) or lies in one (a matrix's own report reads its cells' result files); null when none does
   * @throws ConfigException when that file is not a calibration section; the message names it
   */
  public static CalibrationSection find(List<Path> inputs) throws ConfigException {
    for (Path input : inputs) {
      Path dir = input.toAbsolutePath().normalize();
      dir = Files.isDirectory(dir) ? dir : dir.getParent();
      for (; dir != null; dir = dir.getParent()) {
        Path file = dir.resolve(FILE);
        if (Files.isRegularFile(file) && Files.isRegularFile(dir.resolve(MATRIX_FILE))) {
          return read(file);
        }
        if (input.toAbsolutePath().normalize().equals(dir)) {
          break; // a directory given as input: not its parents
        }
      }
    }
    return null;
  }

  private static CalibrationSection read(Path file) throws ConfigException {
    try {
      return JSON.readValue(file.toFile(), CalibrationSection.class);
    } catch (IOException e) {
      throw new ConfigException(file + ": not a matrix's calibrations: " + e.getMessage(), e);
    }
  }
}
