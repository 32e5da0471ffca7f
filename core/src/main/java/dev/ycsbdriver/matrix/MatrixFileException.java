package dev.ycsbdriver.matrix;

import dev.ycsbdriver.config.ConfigException;
import java.util.List;

/**
 * A matrix file with one or more problems, each one line naming the file, the line and the key
 * ({@code m.yaml:7: threads[1]: must be between 1 and 100000, got -1}). The message is the problems, one per line;
 * {@link #problems()} gives them apart, for one {@code ycsb: } line each.
 */
public final class MatrixFileException extends ConfigException {
  private static final long serialVersionUID = 1L;

  /** The problems, in the order they were found; at least one. */
  private final String[] problems;

  /** @param problems one line each; at least one */
  MatrixFileException(List<String> problems) {
    super(String.join(System.lineSeparator(), problems));
    this.problems = problems.toArray(String[]::new);
  }

  /** @return the problems, one line each, at least one */
  public List<String> problems() {
    return List.of(problems);
  }
}
