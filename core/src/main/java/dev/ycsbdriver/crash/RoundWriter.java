package dev.ycsbdriver.crash;

import dev.ycsbdriver.config.RunConfig;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * The writer process of one round, from its start to its end: a {@code run} of {@link CrashWorkload} that writes
 * until the crash, its first acknowledged write awaited, and its end after the crash (or its stop when the round
 * fails).
 *
 * <p>One instance per round; not thread-safe.
 */
final class RoundWriter {
  /** Failed writes without one acknowledged that end a round before {@code crash.writer.timeout}. */
  static final long FAILED_WRITES_BEFORE_STOP = 100;
  private final RoundContext context;
  private final int round;
  private final Path dir;
  /** The writer, or null before it started. */
  private WriterProcess process;

  /**
   * @param context the test's shared setup
   * @param round the round number, from 1
   * @param dir the round's directory
   */
  RoundWriter(RoundContext context, int round, Path dir) {
    this.context = context;
    this.round = round;
    this.dir = dir;
  }

  /** Starts the writer process. */
  void start() throws IOException {
    process = WriterProcess.start(args(), context.request().secrets(), dir);
  }

  private List<String> args() {
    CrashConfig config = context.config();
    List<String> args = new ArrayList<>(context.request().writerArgs());
    long bound = 2 * (config.afterMax().toSeconds() + config.writerTimeout().toSeconds()) + 60;
    for (String p : List.of("workload=" + CrashWorkload.class.getName(), "table=" + context.table(),
        CrashKeys.LEDGER_DIR.key() + "=" + dir.resolve("ledger").toAbsolutePath(),
        CrashKeys.RUN_ID.key() + "=" + context.runId(), CrashKeys.ROUND.key() + "=" + round,
        "result.dir=" + dir.toAbsolutePath(), "maxexecutiontime=" + bound,
        // the writer writes until the crash: an operationcount (e.g. from -P workloads/workloada) would end it first
        RunConfig.OPERATION_COUNT.key() + "=0")) {
      args.add("-p");
      args.add(p);
    }
    return args;
  }

  /**
   * @param pause sleeps one poll interval; false when Ctrl-C stopped the wait
   * @return false when Ctrl-C stopped the wait
   * @throws CrashException when the writer ended, its first writes all failed, or none was acknowledged within
   *     {@code crash.writer.timeout}
   */
  boolean awaitFirstAck(BooleanSupplier pause) throws CrashException {
    CrashConfig config = context.config();
    long deadline = System.nanoTime() + config.writerTimeout().toNanos();
    Path ledger = dir.resolve("ledger");
    while (!Ledger.hasAck(ledger)) {
      check("before its first acknowledged write");
      long failed = Ledger.failures(ledger);
      if (failed >= FAILED_WRITES_BEFORE_STOP) {
        throw new CrashException(1, "writer: its first " + failed + " writes all failed, none acknowledged; "
            + "first error: " + process.firstError());
      }
      if (System.nanoTime() - deadline > 0) {
        throw new CrashException(1, "writer: no acknowledged write within " + config.writerTimeout().toSeconds()
            + " s (crash.writer.timeout); " + process.lastError());
      }
      if (!pause.getAsBoolean()) {
        return false;
      }
    }
    return true;
  }

  /**
   * @param when e.g. {@code before the crash}
   * @throws CrashException when the writer has ended
   */
  void check(String when) throws CrashException {
    if (!process.alive()) {
      throw new CrashException(1, "writer: ended " + when + ": " + process.lastError());
    }
  }

  /** Crashes an embedded store with its writer: SIGKILL. */
  void kill() {
    process.kill();
  }

  /** Asks the writer to end (SIGTERM) once its server has crashed. */
  void terminate() {
    process.terminate();
  }

  /**
   * Awaits the writer after the crash; an embedded store's writer was killed and is not awaited.
   *
   * @param embedded whether the store is embedded
   * @return the writer's result JSON relative to the test's directory, or null
   */
  String end(boolean embedded) {
    CrashRequest request = context.request();
    if (!embedded) {
      int exit = process.await(request.stopTimeout().plus(context.config().writerTimeout()));
      request.out().print(process.summary());
      request.out().flush();
      context.say(round, "writer ended with exit code " + exit
          + " (failed operations during the crash are expected)");
    }
    return resultFile();
  }

  /** Stops a writer still running after a failed or interrupted step, and deletes its temporary files. */
  void stop() {
    if (process != null && process.alive()) {
      process.terminate();
      process.await(context.request().stopTimeout().plus(context.config().writerTimeout()));
    }
    if (process != null) {
      process.deleteTemporaryFiles();
    }
  }

  /** @return the writer's result JSON relative to the test's directory, or null (not started, or killed) */
  String resultFile() {
    return process == null ? null : process.resultFile(context.request().runDirectory());
  }
}
