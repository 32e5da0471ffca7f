package dev.ycsbdriver.result.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.time.Instant;
import java.util.List;

/**
 * What a run measured overall: the fields from {@code startTime} to {@code outcome}. The error fields are null in
 * results written before them (and in a merge of such results), where they are left out.
 *
 * @param startTime when the clock started, ISO-8601
 * @param endTime when the last client thread finished, ISO-8601
 * @param runtimeMillis YCSB's {@code RunTime(ms)}
 * @param operationsTotal operations completed, every status
 * @param throughputOpsPerSec YCSB's throughput, every status, operations per second
 * @param operationsOk operations that returned OK
 * @param throughputOkOpsPerSec throughput of OK operations, operations per second
 * @param errors the kinds of error the binding reported, in first-occurrence order
 * @param connectionOutages the times client threads had lost their connection, in time order
 * @param outcome how the run ended
 */
public record RunFigures(String startTime, String endTime, Long runtimeMillis, Long operationsTotal,
                         Double throughputOpsPerSec,
                         @JsonInclude(JsonInclude.Include.NON_NULL) Long operationsOk,
                         @JsonInclude(JsonInclude.Include.NON_NULL) Double throughputOkOpsPerSec,
                         @JsonInclude(JsonInclude.Include.NON_NULL) List<ErrorKind> errors,
                         @JsonInclude(JsonInclude.Include.NON_NULL) List<Outage> connectionOutages,
                         Outcome outcome) {

  /** @return {@link #startTime} as an instant; throws {@code DateTimeParseException} when it is not ISO-8601 */
  public Instant start() {
    return Instant.parse(startTime);
  }

  /** @return {@link #endTime} as an instant; throws {@code DateTimeParseException} when it is not ISO-8601 */
  public Instant end() {
    return Instant.parse(endTime);
  }

  /**
   * @param binding the binding that reported it
   * @param operation the operation, e.g. {@code READ}
   * @param cause the error's kind
   * @param firstMessage the first error's message
   * @param firstTime when it first occurred, ISO-8601
   * @param count how many occurred
   */
  public record ErrorKind(String binding, String operation, String cause, String firstMessage, String firstTime,
                          long count) {
  }

  /**
   * @param lostTime when the first thread lost its connection, ISO-8601
   * @param restoredTime when the last got it back, or null when none did
   * @param durationMillis the outage's length, or null while it lasted to the end
   * @param threads client threads that lost their connection
   * @param cause why
   */
  public record Outage(String lostTime, String restoredTime, Long durationMillis, int threads, String cause) {
  }

  /**
   * @param status {@code ok}, {@code failed} or {@code interrupted}
   * @param exitCode the process's exit code
   * @param errors one line per error; empty when none
   */
  public record Outcome(String status, int exitCode, List<String> errors) {
  }
}
