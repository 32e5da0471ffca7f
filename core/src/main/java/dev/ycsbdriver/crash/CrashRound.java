package dev.ycsbdriver.crash;

import dev.ycsbdriver.config.ConfigException;
import dev.ycsbdriver.spi.Binding;
import dev.ycsbdriver.spi.BindingException;
import dev.ycsbdriver.spi.RestoredSetting;
import dev.ycsbdriver.spi.ServerFacts;
import dev.ycsbdriver.spi.ServerLocation;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

/**
 * One crash round, step by step: the writer until a random moment after its first acknowledged write, the crash,
 * the restart, the wait until the store answers (the recovery time) and the audit ({@link RoundAudit}). A step that
 * fails ends the round with what was measured and the step named; a signal ends it once the server is back.
 *
 * <p>One instance per round; not thread-safe.
 */
final class CrashRound {
  private static final long POLL_MILLIS = 50;
  private final RoundContext context;
  private final CrashConfig config;
  private final int number;
  private final Path dir;
  private final RoundWriter writer;
  private boolean interrupted;
  /** When the signal was seen (System.nanoTime), when {@link #interrupted}. */
  private long stopAt;
  private long crashAfterMillis;
  private Long recoveryMillis;
  /** When the store was started again (System.nanoTime); the crash itself when a supervisor did it. */
  private long restartedAt;
  /** The step under way, as {@link RoundResult#failedStep()} names it. */
  private String step = "writer";
  /** What the built-in crash killed, or null. */
  private ServerCrash.Captured captured;
  /** The server the built-in restart started, or null. */
  private Process restartedServer;
  /** Whether the store answered after the crash: a round that ends before it did may leave it down. */
  private boolean answered;
  /** What the store's last open in this round read back, or null when it did not open. */
  private ServerFacts facts;

  /**
   * @param context the test's shared setup
   * @param number the round number, from 1
   */
  CrashRound(RoundContext context, int number) {
    this.context = context;
    this.config = context.config();
    this.number = number;
    this.dir = context.roundDirectory(number);
    this.writer = new RoundWriter(context, number, dir);
  }

  /** @return whether a signal ended the round */
  boolean interrupted() {
    return interrupted;
  }

  /** @return what the store's last open in this round read back, or null when none did */
  ServerFacts facts() {
    return facts;
  }

  /** @return what the round measured; null when a signal ended it before the crash */
  RoundResult run() {
    boolean embedded = context.embedded();
    long crashEpochMillis = 0;
    try {
      if (number > 1) {
        try (Binding b = context.access().openToPrepare(dir)) {
          facts = b.serverFacts();
        }
      }
      writer.start();
      if (!awaitCrashMoment()) {
        return null;
      }
      long crashAt = System.nanoTime();
      crashEpochMillis = System.currentTimeMillis();
      step = "crash";
      captured = crash(embedded);
      if (captured != null) {
        crashAt = captured.killedAtNanos();
        crashEpochMillis = captured.killedAtEpochMillis();
      }
      context.say(number, "crash sent at " + Instant.ofEpochMilli(crashEpochMillis) + ", " + crashAfterMillis
          + " ms after the first acknowledged write (" + context.method() + ")");
      if (!embedded) {
        writer.terminate();
      }
      restartedAt = crashAt;
      step = "restart";
      Process restarted = restart(captured);
      step = "recovery";
      Binding binding = awaitAnswer(crashAt, restarted);
      answered = true;
      try {
        return recovered(binding, embedded, crashAt, crashEpochMillis);
      } finally {
        binding.close();
      }
    } catch (CrashException e) {
      writer.stop();
      return failed(embedded, crashEpochMillis, e.getMessage());
    } catch (ConfigException | BindingException | IOException | RuntimeException e) {
      writer.stop();
      return failed(embedded, crashEpochMillis, e.getMessage() == null ? e.toString() : e.getMessage());
    }
  }

  /** Measures the recovery time, ends the writer and audits, once the store answers. */
  private RoundResult recovered(Binding binding, boolean embedded, long crashAt, long crashEpochMillis)
      throws CrashException, IOException {
    recoveryMillis = (System.nanoTime() - restartedAt) / 1_000_000;
    context.say(number, "store answering again " + recoveryMillis + " ms after "
        + (restartedAt == crashAt ? "the crash" : "the restart") + ", " + (System.nanoTime() - crashAt) / 1_000_000
        + " ms after the crash");
    String writeResult = writer.end(embedded);
    if (interrupted) {
      restoreNote(binding);
      throw new CrashException(1, "interrupted while the server was down; it was restarted, not audited");
    }
    step = "audit";
    facts = binding.serverFacts();
    return new RoundAudit(context, number, dir).audited(binding, embedded, crashAfterMillis, crashEpochMillis,
        recoveryMillis, writeResult);
  }

  /** @return false when Ctrl-C stopped the wait for the writer's first acknowledged write or the crash moment */
  private boolean awaitCrashMoment() throws CrashException {
    if (!writer.awaitFirstAck(this::pause)) {
      return false;
    }
    long span = config.afterMax().toMillis() - config.afterMin().toMillis();
    crashAfterMillis = config.afterMin().toMillis() + (span == 0 ? 0 : ThreadLocalRandom.current().nextLong(span + 1));
    long crashAt = System.nanoTime() + crashAfterMillis * 1_000_000;
    while (System.nanoTime() - crashAt < 0) {
      writer.check("before the crash");
      if (!pause()) {
        return false;
      }
    }
    return true;
  }

  /** @return false, after stopping the writer, when Ctrl-C was pressed */
  private boolean pause() {
    if (context.request().stop().requested()) {
      interrupted = true;
      writer.stop();
      return false;
    }
    ServerCrash.sleep(POLL_MILLIS);
    return true;
  }

  private ServerCrash.Captured crash(boolean embedded) throws CrashException {
    if (embedded) {
      writer.kill();
      return null;
    }
    if (config.crashCommand() != null) {
      ServerRestart.shell(CrashKeys.COMMAND.key(), config.crashCommand(), dir.resolve("crash-command.log"),
          config.commandTimeout(), CrashKeys.COMMAND_TIMEOUT.key(), () -> context.request().stop().requested());
      return null;
    }
    ServerLocation.LocalProcesses local = (ServerLocation.LocalProcesses) context.location();
    return ServerCrash.kill(local.host(), local.port(), config.commandTimeout());
  }

  private Process restart(ServerCrash.Captured captured) throws CrashException {
    if (config.restartCommand() != null) {
      long crashAt = restartedAt;
      restartedAt = System.nanoTime();
      Duration untilTimeout = config.restartTimeout().minusNanos(restartedAt - crashAt);
      boolean restartBound = untilTimeout.compareTo(config.commandTimeout()) < 0;
      ServerRestart.shell(CrashKeys.RESTART_COMMAND.key(), config.restartCommand(), dir.resolve("restart-command.log"),
          restartBound ? untilTimeout : config.commandTimeout(),
          restartBound ? CrashKeys.RESTART_TIMEOUT.key() + ", " + config.restartTimeout().toSeconds()
              + " s from the crash" : CrashKeys.COMMAND_TIMEOUT.key(),
          () -> context.request().stop().requested());
      return null;
    }
    if (captured == null) {
      return null;
    }
    ServerLocation.LocalProcesses local = (ServerLocation.LocalProcesses) context.location();
    Process p = ServerRestart.builtIn(captured, local.host(), local.port(), config.restartGrace(),
        this::stopRequested, dir.resolve("server-restart.log"), context.secrets());
    if (p != null) {
      restartedAt = System.nanoTime();
      restartedServer = p;
    }
    context.say(number, p == null ? "the server was restarted by its supervisor"
        : "restarted the server (pid " + p.pid() + "), see " + dir.resolve("server-restart.log"));
    return p;
  }

  private Binding awaitAnswer(long crashAt, Process restartedServer) throws CrashException, ConfigException {
    CrashRequest request = context.request();
    Process restarted = restartedServer;
    long deadline = crashAt + config.restartTimeout().toNanos();
    while (true) {
      if (stopRequested()) {
        // a signal: wait for the restarted store no longer than stop.timeout, then say what is left
        deadline = Math.min(deadline, request.stop().hurried() ? System.nanoTime()
            : stopAt + request.stopTimeout().toNanos());
      }
      long left = deadline - System.nanoTime();
      if (left <= 0) {
        if (interrupted) {
          throw new CrashException(1, request.stop().hurried()
              ? "interrupted: a second signal ended the wait for the store to answer"
              : "interrupted: the store did not answer within " + request.stopTimeout().toSeconds()
                  + " s (stop.timeout) after the signal");
        }
        throw new CrashException(1, "restart: the store did not answer within " + config.restartTimeout().toSeconds()
            + " s of the crash (restart.timeout)");
      }
      if (restarted != null && !restarted.isAlive()) {
        if (restarted.exitValue() != 0) {
          throw new CrashException(1, "restart: the restarted server exited with " + restarted.exitValue() + "; see "
              + dir.resolve("server-restart.log"));
        }
        restarted = null; // exit 0: a daemon that forked (mongod --fork, pg_ctl start); its child serves
      }
      Binding b = context.access().tryOpen(config.auditThreads(), dir, Duration.ofNanos(Math.min(left,
          StoreAccess.POLL_TIMEOUT.toNanos() * 5)));
      if (b != null) {
        return b;
      }
      ServerCrash.sleep(200);
    }
  }

  /** @return whether a signal asked the test to end; marks the round interrupted */
  private boolean stopRequested() {
    if (context.request().stop().requested() && !interrupted) {
      interrupted = true;
      stopAt = System.nanoTime();
      context.say(number, "signal received during the " + step
          + "; ending the test once the server is back (at most stop.timeout)");
    }
    return interrupted;
  }

  /** Says which server-wide settings opening the store put back (the writer could not, the server being down). */
  private void restoreNote(Binding binding) {
    List<RestoredSetting> restored = binding.serverFacts().restoredSettings();
    if (!restored.isEmpty()) {
      context.request().err().println(RestoredSetting.line(context.request().provider().name(), restored));
    }
  }

  private RoundResult failed(boolean embedded, long crashEpochMillis, String error) {
    if (interrupted && crashEpochMillis == 0) {
      return null;
    }
    String failedStep = interrupted ? "interrupted" : step;
    String what = interrupted ? "interrupted" : step + " failed";
    context.say(number, (error.startsWith(what + ": ") ? "" : what + ": ") + error
        + "; the lost writes of this round are unknown");
    // the server is down only when the crash was sent and no audit began
    String leftDown = embedded || step.equals("writer") || step.equals("audit") ? null
        : ServerLeftDown.line(context, number, dir, captured, restartedServer,
            step.equals("recovery") && !answered);
    return new RoundAudit(context, number, dir).failed(embedded, crashAfterMillis, recoveryMillis,
        writer.resultFile(), error, failedStep, leftDown);
  }
}
