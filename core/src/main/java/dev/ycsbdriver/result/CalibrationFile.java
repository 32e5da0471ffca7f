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
   * @return the calibrations of the first input directory that holds {@value #FILE}, or null when none does
   * @throws ConfigException when that file is not a calibration section; the message names it
   */
  public static CalibrationSection find(List<Path> inputs) throws ConfigException {
    for (Path input : inputs) {
      Path file = input.resolve(FILE);
      if (Files.isDirectory(input) && Files.isRegularFile(file)) {
        try {
          return JSON.readValue(file.toFile(), CalibrationSection.class);
        } catch (IOException e) {
          throw new ConfigException(file + ": not a matrix's calibrations: " + e.getMessage(), e);
        }
      }
    }
    return null;
  }
}
