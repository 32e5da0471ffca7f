package dev.ycsbdriver.crash;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ycsbdriver.config.RunConfig;
import dev.ycsbdriver.result.AtomicFile;
import dev.ycsbdriver.result.ResultDocuments;
import dev.ycsbdriver.result.ResultJson;
import dev.ycsbdriver.result.model.CrashResultDocument;
import dev.ycsbdriver.result.model.CrashSection;
import dev.ycsbdriver.result.model.RunFigures;
import dev.ycsbdriver.result.model.RunIdentity;
import dev.ycsbdriver.result.model.Warning;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;

/**
 * The crash test's result file: {@code schemaVersion} {@link ResultJson#SCHEMA_VERSION}, phase {@code crashtest},
 * the fields every result has (tool, binding, store, profile, times, outcome, server, machine, masked config,
 * warnings) and a {@code crash} object; described by {@code /dev/ycsbdriver/result/crash-result.schema.json} and
 * written through the typed model {@link CrashResultDocument}, which this class builds from a {@link CrashReport}.
 * Throughput is acknowledged writes per second of summed writer time until each crash. Lost and in-doubt writes are
 * null when a round's crash, restart, recovery or audit did not complete (unknown, never 0); then {@code failure}
 * names the round, the step, the reason and, when the server was left down, the command that starts it again.
 *
 * <p>Stateless and thread-safe.
 */
public final class CrashResultJson {
  /** Classpath location of the JSON Schema. */
  public static final String SCHEMA_RESOURCE = "/dev/ycsbdriver/result/crash-result.schema.json";
  private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private CrashResultJson() {
  }

  /**
   * @param report the test's figures
   * @param file the file to write; its directory is created
   * @throws IOException if it cannot be written
   */
  public static void write(CrashReport report, Path file) throws IOException {
    CrashResultDocument document = document(report);
    AtomicFile.write(file, out -> MAPPER.writeValue(out, document));
  }

  /** @return the document as a Jackson tree, as it is written */
  public static ObjectNode toJson(CrashReport r) {
    return MAPPER.valueToTree(document(r));
  }

  /**
   * @param r the test's figures
   * @return its result document, schema version {@link ResultJson#SCHEMA_VERSION}
   */
  public static CrashResultDocument document(CrashReport r) {
    String store = r.settings().getTrimmed(RunConfig.STORE_NAME);
    CrashResultDocument.Identity identity = new CrashResultDocument.Identity(ResultJson.SCHEMA_VERSION,
        new RunIdentity.Tool(ResultJson.TOOL_NAME, r.toolVersion()), CrashResultDocument.PHASE, r.binding(),
        store == null || store.isEmpty() ? r.binding() : store, r.profile(), CrashResultDocument.PHASE, r.threads());
    return new CrashResultDocument(identity, figures(r), ResultDocuments.server(r.server(), null),
        ResultDocuments.machine(r.machine()), new LinkedHashMap<>(r.settings().masked()),
        r.warnings().stream().map(Warning::other).toList(), crash(r));
  }

  private static CrashResultDocument.Figures figures(CrashReport r) {
    long writerMillis = r.writerRunTimeMillis();
    double ok = writerMillis <= 0 ? 0 : r.acknowledgedWrites() * 1000.0 / writerMillis;
    List<String> errors = new ArrayList<>(r.errors());
    if (Boolean.FALSE.equals(r.claimHeld())) {
      errors.add("durability.claim=no-loss: " + r.lostWritesObserved() + " acknowledged writes lost");
    }
    return new CrashResultDocument.Figures(r.start().toString(), r.end().toString(),
        r.end().toEpochMilli() - r.start().toEpochMilli(), r.attemptedWrites(), r.acknowledgedWrites(), ok, ok,
        new RunFigures.Outcome(r.status(), r.exitCode(), errors));
  }

  private static CrashSection crash(CrashReport r) {
    RoundResult failed = r.failedRound();
    CrashSection.Failure failure = failed == null ? null
        : new CrashSection.Failure(failed.round(), failed.failedStep(), failed.error(), failed.serverLeftDown());
    return new CrashSection(r.config().claim(), r.claimHeld(), r.method(), r.rounds().size(), r.acknowledgedWrites(),
        r.lostWrites(), r.inDoubtWrites(), r.inDoubtWritesPresent(),
        new CrashSection.RecoveryTime(r.meanRecoveryTimeMillis(), r.maxRecoveryTimeMillis()), r.lostKeys(), failure,
        r.rounds().stream().map(CrashResultJson::round).toList());
  }

  private static CrashSection.Round round(RoundResult rr) {
    return new CrashSection.Round(rr.round(), rr.crashAfterMillis(), rr.acknowledgedWrites(), rr.acknowledgedInserts(),
        rr.acknowledgedUpdates(), rr.lostWrites(), rr.inDoubtWrites(), rr.inDoubtWritesPresent(),
        rr.recoveryTimeMillis(), rr.auditMillis(), rr.oldestLostWriteAgeMillis(), rr.lostKeys(), rr.writeResult(),
        rr.writerRunTimeMillis(), rr.error(), rr.failedStep(), rr.serverLeftDown());
  }
}
