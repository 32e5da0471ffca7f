package dev.ycsbdriver.matrix;

import dev.ycsbdriver.config.ConfigException;
import java.util.ArrayList;
import java.util.List;

/**
 * Every problem of a matrix file, gathered so that all are named at once (docs/matrices.md, "Checks before the first
 * cell"): each check that fails adds its one-line message and gives a fallback, and the reading goes on.
 *
 * <p>Not thread-safe: one reading of one file.
 */
final class MatrixProblems {
  private final List<String> lines = new ArrayList<>();

  /** A check of one value: its result, or a {@link ConfigException} naming the file, line and key. */
  @FunctionalInterface
  interface Check<T> {
    T get() throws ConfigException;
  }

  /**
   * @param check the check
   * @param fallback what the reading goes on with when the check fails
   * @return the check's result, or {@code fallback} with its problem added
   */
  <T> T check(Check<T> check, T fallback) {
    try {
      return check.get();
    } catch (ConfigException e) {
      lines.add(e.getMessage());
      return fallback;
    }
  }

  /** @param problem a problem found without a check */
  void add(ConfigException problem) {
    lines.add(problem.getMessage());
  }

  /** @return how many problems were found so far */
  int count() {
    return lines.size();
  }

  /** @throws MatrixFileException with every problem, in the file's order of checks, when there is any */
  void throwIfAny() throws MatrixFileException {
    if (!lines.isEmpty()) {
      throw new MatrixFileException(lines);
    }
  }
}
