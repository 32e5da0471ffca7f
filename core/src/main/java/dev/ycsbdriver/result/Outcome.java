package dev.ycsbdriver.result;

import java.util.List;

/**
 * How a run ended, and the exit code that says so.
 *
 * <p>Immutable and thread-safe.
 *
 * @param status ok, failed or interrupted
 * @param errors one line each: why the run failed; empty when it did not
 */
public record Outcome(Status status, List<String> errors) {

  /** The end state of a run. */
  public enum Status {
    /** Every operation ran; exit code 0. */
    OK(0),
    /** Operations failed, a client thread crashed or the load stopped early; exit code 1. */
    FAILED(1),
    /** Stopped by a signal (Ctrl-C); what was measured is still reported; exit code 1. */
    INTERRUPTED(1);

    private final int exitCode;

    Status(int exitCode) {
      this.exitCode = exitCode;
    }

    /** @return the process exit code for this status */
    public int exitCode() {
      return exitCode;
    }
  }

  /** Copies the list. */
  public Outcome {
    errors = List.copyOf(errors);
  }

  /** @return the process exit code */
  public int exitCode() {
    return status.exitCode();
  }
}
