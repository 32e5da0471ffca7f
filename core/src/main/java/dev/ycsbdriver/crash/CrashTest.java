package dev.ycsbdriver.crash;

import dev.ycsbdriver.config.ConfigException;
import dev.ycsbdriver.config.CoreWorkloadKeys;
import dev.ycsbdriver.cpu.MachineFacts;
import dev.ycsbdriver.result.ToolVersion;
import dev.ycsbdriver.spi.Binding;
import dev.ycsbdriver.spi.BindingException;
import dev.ycsbdriver.spi.ErrorLog;
import dev.ycsbdriver.spi.ServerFacts;
import dev.ycsbdriver.spi.ServerLocation;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Runs the crash test's rounds ({@link CrashRound}): per round a writer process ({@link RoundWriter}), a crash at a
 * random moment ({@link ServerCrash}, {@code crash.command}, or SIGKILL of the writer of an embedded store), a
 * restart ({@link ServerRestart}), a poll until the store answers (the recovery time), and an audit of the ledger
 * against the store ({@link RoundAudit}). A failed round ends the test; what was measured is returned.
 *
 * <p>One instance per test; not thread-safe.
 */
public final class CrashTest {
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
    ErrorLog probeErrors = ErrorLog.silentButRestores(request.err());
    try (Binding b = access.openToPrepare(RoundContext.roundDirectory(request.runDirectory(), 1), probeErrors)) {
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
    RoundContext context = new RoundContext(request, access, table, field0, runId, secrets, location, method());
    for (int r = 1; r <= config.rounds(); r++) {
      CrashRound round = new CrashRound(context, r);
      RoundResult result = round.run();
      facts = round.facts() == null ? facts : round.facts();
      interrupted = round.interrupted();
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
}
