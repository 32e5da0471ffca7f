package dev.ycsbdriver.crash;

import dev.ycsbdriver.config.ConfigException;
import dev.ycsbdriver.config.CoreWorkloadKeys;
import dev.ycsbdriver.config.RunConfig;
import dev.ycsbdriver.cpu.MachineFacts;
import dev.ycsbdriver.result.ToolVersion;
import dev.ycsbdriver.spi.Binding;
import dev.ycsbdriver.spi.BindingException;
import dev.ycsbdriver.spi.ErrorLog;
import dev.ycsbdriver.spi.RestoreJournal;
import dev.ycsbdriver.spi.RestoredSetting;
import dev.ycsbdriver.spi.ServerFacts;
import dev.ycsbdriver.spi.ServerLocation;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Runs the crash test's rounds: per round a writer process ({@link WriterProcess}), a crash at a random moment
 * ({@link ServerCrash}, {@code crash.command}, or SIGKILL of the writer of an embedded store), a restart
 * ({@link ServerRestart}), a poll until the store answers (the recovery time), and an audit of the ledger against
 * the store ({@link Audit}, {@link AuditCount}). A failed round ends the test; what was measured is returned.
 *
 * <p>One instance per test; not thread-safe.
 */
public final class CrashTest {
  private static final long POLL_MILLIS = 50;
  /** Failed writes without one acknowledged that end a round before {@code crash.writer.timeout}. */
  static final long FAILED_WRITES_BEFORE_STOP = 100;
  private final CrashRequest request;
  private final CrashConfig config;
  private final StoreAccess access;
  private final String table;
  private final String field0;
  private final String runId;
  private ServerLocation location;
  private ServerFacts facts = ServerFacts.unknown();
  private final List<String> warnings = new ArrayList<>();
  private final CrashSecrets secrets;

  /** @param request what to run */
  public CrashTest(CrashRequest request) {
    this.request = request;
    this.config = request.config();
    this.access = new StoreAccess(request.provider(), request.settings(), request.profile());
    this.table = request.settings().getTrimmed(CoreWorkloadKeys.TABLE);
    this.field0 = request.settings().getTrimmed(CoreWorkloadKeys.FIELD_NAME_PREFIX) + "0";
    this.runId = Long.toString(System.currentTimeMillis(), 36) + Integer.toString(ThreadLocalRandom.current().nextInt(1296), 36);
    warnings.addAll(request.warnings());
    Map<String, String> all = new HashMap<>(request.settings().asMap());
    all.putAll(request.secrets());
    this.secrets = CrashSecrets.of(all);
  }

  /**
   * Opens the store once before the first round: checks the configuration, creates the crash table when missing,
   * learns where the server runs, asks the binding whether a crash test of it can be right
   * ({@link Binding#checkCrashTest()}) and writes, reads back and deletes one record of the writer's shape
   * ({@link WriteProbe}); for {@code crash.method=kill} also that the server's processes can be found.
   *
   * @throws ConfigException for a bad binding property, a crash method that cannot work for this store, a store
   *     whose crash test would be a false finding, or a table the writer cannot write (exit 2)
   * @throws BindingException when the store cannot be reached (exit 3)
   * @throws CrashException when the server's processes cannot be found (3 when nothing listens, else 1)
   */
  public void check() throws ConfigException, BindingException, CrashException {
    ErrorLog probeErrors = ErrorLog.silent();
    try (Binding b = access.openToPrepare(roundDirectory(1), probeErrors)) {
      location = b.serverLocation();
      facts = b.serverFacts();
      b.checkCrashTest();
      WriteProbe.check(b, probeErrors, request.settings().toProperties(), table,
          request.settings().getTrimmed(CoreWorkloadKeys.FIELD_NAME_PREFIX),
          request.settings().getInt(CoreWorkloadKeys.FIELD_COUNT), "crash-" + runId + "-probe");
    }
    if (location instanceof ServerLocation.Embedded) {
      if (config.crashCommand() != null || config.restartCommand() != null) {
        throw new ConfigException((config.crashCommand() != null ? CrashKeys.COMMAND : CrashKeys.RESTART_COMMAND).key()
            + ": " + request.provider().name() + " is embedded: it crashes with its writer process (SIGKILL), "
            + "there is no server to crash or restart; remove the key");
      }
    } else if (config.method().equals("kill")) {
      if (!(location instanceof ServerLocation.LocalProcesses local) || local.port() == 0) {
        String why = location instanceof ServerLocation.Unknown u ? u.reason() : "the binding names no port";
        throw new ConfigException(CrashKeys.METHOD.key() + ": kill needs the server on this machine (" + why
            + "); give crash.command and restart.command");
      }
      ServerCrash.find(local.host(), local.port());
    }
  }

  /** @return {@code writer-kill} (embedded), {@code kill} or {@code command} */
  public String method() {
    return location instanceof ServerLocation.Embedded ? "writer-kill" : config.method();
  }

  /**
   * Runs every round after {@link #check()}.
   *
   * @param start when the test started
   * @return what was measured, also when a round failed or Ctrl-C stopped it
   */
  public CrashReport run(Instant start) {
    List<RoundResult> rounds = new ArrayList<>();
    List<String> errors = new ArrayList<>();
    boolean interrupted = false;
    for (int r = 1; r <= config.rounds(); r++) {
      Round round = new Round(r);
      RoundResult result = round.run();
      interrupted = round.interrupted;
      if (result != null) {
        rounds.add(result);
        CrashText.round(result, request.out());
        request.out().flush();
        if (result.error() != null) {
          errors.add("round " + r + ": " + result.error());
          break;
        }
      }
      if (interrupted) {
        break;
      }
    }
    return new CrashReport(ToolVersion.get(), request.provider().name(), request.settings(), request.profile(), config,
        method(), request.threads(), start, Instant.now(), rounds, facts, MachineFacts.read(), warnings, interrupted,
        errors);
  }

  private Path roundDirectory(int r) {
    return request.runDirectory().resolve("round-" + r);
  }

  /** One round's state. */
  private final class Round {
    private final int number;
    private final Path dir;
    private boolean interrupted;
    /** When the signal was seen (System.nanoTime), when {@link #interrupted}. */
    private long stopAt;
    private WriterProcess writer;
    private long crashAfterMillis;
    private Long recoveryMillis;
    /** When the store was started again (System.nanoTime); the crash itself when a supervisor did it. */
    private long restartedAt;
    private String writeResult;
    /** The step under way, as {@link RoundResult#failedStep()} names it. */
    private String step = "writer";
    /** What the built-in crash killed, or null. */
    private ServerCrash.Captured captured;
    /** The server the built-in restart started, or null. */
    private Process restartedServer;

    Round(int number) {
      this.number = number;
      this.dir = roundDirectory(number);
    }

    RoundResult run() {
      boolean embedded = location instanceof ServerLocation.Embedded;
      long crashEpochMillis = 0;
      try {
        if (number > 1) {
          try (Binding b = access.openToPrepare(dir)) {
            facts = b.serverFacts();
          }
        }
        writer = WriterProcess.start(writerArgs(), request.secrets(), dir);
        if (!awaitFirstAck()) {
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
        request.err().println("[crashtest] round " + number + ": crash sent at " + Instant.ofEpochMilli(crashEpochMillis)
            + ", " + crashAfterMillis + " ms after the first acknowledged write (" + method() + ")");
        if (!embedded) {
          writer.terminate();
        }
        restartedAt = crashAt;
        step = "restart";
        Process restarted = restart(captured);
        step = "recovery";
        Binding binding = awaitAnswer(crashAt, restarted);
        try {
          recoveryMillis = (System.nanoTime() - restartedAt) / 1_000_000;
          request.err().println("[crashtest] round " + number + ": store answering again " + recoveryMillis + " ms after "
              + (restartedAt == crashAt ? "the crash" : "the restart") + ", " + (System.nanoTime() - crashAt) / 1_000_000
              + " ms after the crash");
          endWriter(embedded);
          if (interrupted) {
            restoreNote(binding);
            throw new CrashException(1, "interrupted while the server was down; it was restarted, not audited");
          }
          step = "audit";
          return audit(binding, embedded, crashEpochMillis);
        } finally {
          binding.close();
        }
      } catch (CrashException e) {
        stopWriter();
        return failed(embedded, crashEpochMillis, e.getMessage());
      } catch (ConfigException | BindingException | IOException | RuntimeException e) {
        stopWriter();
        return failed(embedded, crashEpochMillis, e.getMessage() == null ? e.toString() : e.getMessage());
      }
    }

    private List<String> writerArgs() {
      List<String> args = new ArrayList<>(request.writerArgs());
      long bound = 2 * (config.afterMax().toSeconds() + config.writerTimeout().toSeconds()) + 60;
      for (String p : List.of("workload=" + CrashWorkload.class.getName(), "table=" + table,
          CrashKeys.LEDGER_DIR.key() + "=" + dir.resolve("ledger").toAbsolutePath(), CrashKeys.RUN_ID.key() + "=" + runId,
          CrashKeys.ROUND.key() + "=" + number, "result.dir=" + dir.toAbsolutePath(), "maxexecutiontime=" + bound,
          // the writer writes until the crash: an operationcount (e.g. from -P workloads/workloada) would end it first
          RunConfig.OPERATION_COUNT.key() + "=0")) {
        args.add("-p");
        args.add(p);
      }
      return args;
    }

    /** @return false when Ctrl-C stopped the wait */
    private boolean awaitFirstAck() throws CrashException {
      long deadline = System.nanoTime() + config.writerTimeout().toNanos();
      Path ledger = dir.resolve("ledger");
      while (!Ledger.hasAck(ledger)) {
        checkWriter("before its first acknowledged write");
        long failed = Ledger.failures(ledger);
        if (failed >= FAILED_WRITES_BEFORE_STOP) {
          throw new CrashException(1, "writer: its first " + failed + " writes all failed, none acknowledged; "
              + "first error: " + writer.firstError());
        }
        if (System.nanoTime() - deadline > 0) {
          throw new CrashException(1, "writer: no acknowledged write within " + config.writerTimeout().toSeconds()
              + " s (crash.writer.timeout); " + writer.lastError());
        }
        if (!pause()) {
          return false;
        }
      }
      long span = config.afterMax().toMillis() - config.afterMin().toMillis();
      crashAfterMillis = config.afterMin().toMillis() + (span == 0 ? 0 : ThreadLocalRandom.current().nextLong(span + 1));
      long crashAt = System.nanoTime() + crashAfterMillis * 1_000_000;
      while (System.nanoTime() - crashAt < 0) {
        checkWriter("before the crash");
        if (!pause()) {
          return false;
        }
      }
      return true;
    }

    private void checkWriter(String when) throws CrashException {
      if (!writer.alive()) {
        throw new CrashException(1, "writer: ended " + when + ": " + writer.lastError());
      }
    }

    /** @return false, after stopping the writer, when Ctrl-C was pressed */
    private boolean pause() {
      if (request.stop().requested()) {
        interrupted = true;
        stopWriter();
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
            config.commandTimeout(), CrashKeys.COMMAND_TIMEOUT.key(), () -> request.stop().requested());
        return null;
      }
      ServerLocation.LocalProcesses local = (ServerLocation.LocalProcesses) location;
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
            () -> request.stop().requested());
        return null;
      }
      if (captured == null) {
        return null;
      }
      ServerLocation.LocalProcesses local = (ServerLocation.LocalProcesses) location;
      Process p = ServerRestart.builtIn(captured, local.host(), local.port(), config.restartGrace(),
          this::stopRequested, dir.resolve("server-restart.log"), secrets);
      if (p != null) {
        restartedAt = System.nanoTime();
        restartedServer = p;
      }
      request.err().println("[crashtest] round " + number + ": " + (p == null ? "the server was restarted by its "
          + "supervisor" : "restarted the server (pid " + p.pid() + "), see " + dir.resolve("server-restart.log")));
      return p;
    }

    private Binding awaitAnswer(long crashAt, Process restartedServer) throws CrashException, ConfigException {
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
            throw new CrashException(1, "interrupted: the store did not answer within " + request.stopTimeout()
                .toSeconds() + " s (stop.timeout) after the signal");
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
        Binding b = access.tryOpen(config.auditThreads(), dir, Duration.ofNanos(Math.min(left,
            StoreAccess.POLL_TIMEOUT.toNanos() * 5)));
        if (b != null) {
          return b;
        }
        ServerCrash.sleep(200);
      }
    }

    /** @return whether a signal asked the test to end; marks the round interrupted */
    private boolean stopRequested() {
      if (request.stop().requested() && !interrupted) {
        interrupted = true;
        stopAt = System.nanoTime();
        request.err().println("[crashtest] round " + number + ": signal received during the " + step
            + "; ending the test once the server is back (at most stop.timeout)");
      }
      return interrupted;
    }

    /** Says which server-wide settings opening the store put back (the writer could not, the server being down). */
    private void restoreNote(Binding binding) {
      List<RestoredSetting> restored = binding.serverFacts().restoredSettings();
      if (!restored.isEmpty()) {
        request.err().println(RestoredSetting.line(request.provider().name(), restored));
      }
    }

    /**
     * @return when the server is (or may be) down after a failed round: where it is and the command that starts
     *     it again; null when it answers or nothing was crashed
     */
    private String leftDown(boolean embedded) {
      if (embedded || step.equals("writer") || step.equals("audit")) {
        return null;
      }
      String where = request.provider().name();
      String down = " may be left down (it cannot be checked from here)";
      if (location instanceof ServerLocation.LocalProcesses local && local.port() > 0) {
        if (ServerRestart.listening(local.host(), local.port())) {
          return null;
        }
        where += " at " + local.host() + ":" + local.port();
        down = " is left down";
      }
      String settingsNote = "; the next bin/ycsb command against it puts back any server-wide setting the profile "
          + "changed (journal in " + RestoreJournal.directory(request.settings()) + ")";
      if (restartedServer != null && restartedServer.isAlive()) {
        String line = where + " does not answer yet: the restarted server (pid " + restartedServer.pid()
            + ") is still starting, see " + dir.resolve("server-restart.log") + settingsNote;
        request.err().println("[crashtest] round " + number + ": " + line);
        return line;
      }
      String how;
      if (captured != null) {
        how = "cd " + quote(captured.directory().toString()) + " && " + String.join(" ",
            ServerRestart.command(captured).stream().map(CrashTest::quote).toList());
      } else if (config.restartCommand() != null) {
        how = config.restartCommand() + " (restart.command)";
      } else {
        how = "the way it is usually started (crash.command crashed it; no restart command is known)";
      }
      for (String secret : request.secrets().values()) {
        if (secret != null && !secret.isEmpty()) {
          how = how.replace(secret, "****");
        }
      }
      String line = where + down + "; start it again with: " + how + settingsNote;
      request.err().println("[crashtest] round " + number + ": " + line);
      return line;
    }

    private void endWriter(boolean embedded) {
      if (!embedded) {
        int exit = writer.await(request.stopTimeout().plus(config.writerTimeout()));
        request.out().print(writer.summary());
        request.out().flush();
        request.err().println("[crashtest] round " + number + ": writer ended with exit code " + exit
            + " (failed operations during the crash are expected)");
      }
      writeResult = writer.resultFile(request.runDirectory());
    }

    private void stopWriter() {
      if (writer != null && writer.alive()) {
        writer.terminate();
        writer.await(request.stopTimeout().plus(config.writerTimeout()));
      }
      if (writer != null) {
        writer.deleteTemporaryFiles();
      }
    }

    private RoundResult audit(Binding binding, boolean embedded, long crashEpochMillis) throws CrashException, IOException {
      List<RestoredSetting> restored = binding.serverFacts().restoredSettings();
      if (!restored.isEmpty()) {
        request.err().println(RestoredSetting.line(request.provider().name(), restored) + " (expected after a "
            + "crash: the writer could not put them back while the server was down)");
      }
      facts = binding.serverFacts();
      long auditStart = System.nanoTime();
      List<Ledger.Line> lines = Ledger.read(dir.resolve("ledger"));
      Map<String, KeyHistory> histories = KeyHistory.of(lines);
      Map<String, Long> stored = Audit.versions(binding, request.settings().toProperties(), table, field0,
          List.copyOf(histories.keySet()), config.auditThreads());
      AuditCount count = AuditCount.of(histories, stored);
      long auditMillis = (System.nanoTime() - auditStart) / 1_000_000;
      request.err().println("[crashtest] round " + number + ": audit of " + count.keys() + " keys in " + auditMillis
          + " ms: " + count.lostWrites() + " lost, " + count.inDoubtWrites() + " in doubt ("
          + count.inDoubtWritesPresent() + " present)");
      long[] acks = acks(lines);
      long attempted = lines.stream().filter(l -> l.event() == Ledger.Event.A).count();
      long firstLine = lines.stream().mapToLong(Ledger.Line::epochMillis).min().orElse(crashEpochMillis);
      return new RoundResult(number, embedded, crashAfterMillis, attempted, acks[0] + acks[1], acks[0], acks[1],
          Math.max(0, crashEpochMillis - firstLine), count, recoveryMillis, auditMillis,
          count.oldestLostAckMillis() == null ? null : Math.max(0, crashEpochMillis - count.oldestLostAckMillis()),
          writeResult, null, null, null);
    }

    private RoundResult failed(boolean embedded, long crashEpochMillis, String error) {
      if (interrupted && crashEpochMillis == 0) {
        return null;
      }
      long[] acks = {0, 0};
      long attempted = 0;
      try {
        List<Ledger.Line> lines = Ledger.read(dir.resolve("ledger"));
        acks = acks(lines);
        attempted = lines.stream().filter(l -> l.event() == Ledger.Event.A).count();
      } catch (IOException ignored) {
        // no figures from the ledger
      }
      String failedStep = interrupted ? "interrupted" : step;
      request.err().println("[crashtest] round " + number + ": " + (interrupted ? "interrupted" : step + " failed")
          + ": " + error + "; the lost writes of this round are unknown");
      return new RoundResult(number, embedded, crashAfterMillis, attempted, acks[0] + acks[1], acks[0], acks[1], 0,
          null, recoveryMillis, null, null, writer == null ? null : writer.resultFile(request.runDirectory()), error,
          failedStep, leftDown(embedded));
    }
  }

  /** @return the word as a POSIX shell reads it back: as is when it is plain, else in single quotes */
  static String quote(String word) {
    return word.matches("[A-Za-z0-9_@%+=:,./-]+") ? word : "'" + word.replace("'", "'\\''") + "'";
  }

  /** @return acknowledged inserts (version 1) and updates */
  private static long[] acks(List<Ledger.Line> lines) {
    long[] acks = {0, 0};
    for (Ledger.Line l : lines) {
      if (l.event() == Ledger.Event.K) {
        acks[l.version() == 1 ? 0 : 1]++;
      }
    }
    return acks;
  }
}
