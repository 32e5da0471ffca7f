package dev.ycsbdriver.crash;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ycsbdriver.config.RunConfig;
import dev.ycsbdriver.result.ResultDocuments;
import dev.ycsbdriver.result.ResultJson;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The crash test's result file: {@code schemaVersion} {@link ResultJson#SCHEMA_VERSION}, phase {@code crashtest},
 * the fields every result has (tool, binding, store, profile, times, outcome, server, machine, masked config,
 * warnings) and a {@code crash} object; described by {@code /dev/ycsbdriver/result/crash-result.schema.json}.
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
    Files.createDirectories(file.toAbsolutePath().getParent());
    MAPPER.writeValue(file.toFile(), toJson(report));
  }

  /** @return the document as a Jackson tree */
  public static ObjectNode toJson(CrashReport r) {
    ObjectNode root = MAPPER.createObjectNode();
    root.put("schemaVersion", ResultJson.SCHEMA_VERSION);
    root.putObject("tool").put("name", "ycsb-driver").put("version", r.toolVersion());
    root.put("phase", "crashtest");
    root.put("binding", r.binding());
    String store = r.settings().getTrimmed(RunConfig.STORE_NAME);
    root.put("storeName", store == null || store.isEmpty() ? r.binding() : store);
    root.put("profile", r.profile());
    root.put("workloadName", "crashtest");
    root.put("threads", r.threads());
    root.put("startTime", r.start().toString());
    root.put("endTime", r.end().toString());
    root.put("runtimeMillis", r.end().toEpochMilli() - r.start().toEpochMilli());
    root.put("operationsTotal", r.attemptedWrites());
    root.put("operationsOk", r.acknowledgedWrites());
    long writerMillis = r.writerRunTimeMillis();
    double ok = writerMillis <= 0 ? 0 : r.acknowledgedWrites() * 1000.0 / writerMillis;
    root.put("throughputOpsPerSec", ok);
    root.put("throughputOkOpsPerSec", ok);
    ObjectNode outcome = root.putObject("outcome");
    outcome.put("status", r.status());
    outcome.put("exitCode", r.exitCode());
    ArrayNode errors = outcome.putArray("errors");
    r.errors().forEach(errors::add);
    if (Boolean.FALSE.equals(r.claimHeld())) {
      errors.add("durability.claim=no-loss: " + r.lostWritesObserved() + " acknowledged writes lost");
    }
    root.set("server", MAPPER.valueToTree(ResultDocuments.server(r.server(), null)));
    root.set("machine", MAPPER.valueToTree(ResultDocuments.machine(r.machine())));
    ObjectNode config = root.putObject("config");
    r.settings().masked().forEach(config::put);
    r.warnings().forEach(root.putArray("warnings")::add);
    crash(root.putObject("crash"), r);
    return root;
  }

  private static void crash(ObjectNode c, CrashReport r) {
    c.put("claim", r.config().claim());
    c.put("claimHeld", r.claimHeld());
    c.put("method", r.method());
    c.put("rounds", r.rounds().size());
    c.put("acknowledgedWrites", r.acknowledgedWrites());
    c.put("lostWrites", r.lostWrites());
    c.put("inDoubtWrites", r.inDoubtWrites());
    c.put("inDoubtWritesPresent", r.inDoubtWritesPresent());
    ObjectNode recovery = c.putObject("recoveryTimeMillis");
    recovery.put("mean", r.meanRecoveryTimeMillis());
    recovery.put("max", r.maxRecoveryTimeMillis());
    keys(c.putArray("lostKeys"), r.lostKeys());
    RoundResult failed = r.failedRound();
    if (failed != null) {
      ObjectNode f = c.putObject("failure");
      f.put("round", failed.round());
      f.put("step", failed.failedStep());
      f.put("reason", failed.error());
      f.put("serverLeftDown", failed.serverLeftDown());
    } else {
      c.putNull("failure");
    }
    ArrayNode rounds = c.putArray("roundResults");
    for (RoundResult rr : r.rounds()) {
      ObjectNode n = rounds.addObject();
      n.put("round", rr.round());
      n.put("crashAfterMillis", rr.crashAfterMillis());
      n.put("acknowledgedWrites", rr.acknowledgedWrites());
      n.put("acknowledgedInserts", rr.acknowledgedInserts());
      n.put("acknowledgedUpdates", rr.acknowledgedUpdates());
      n.put("lostWrites", rr.lostWrites());
      n.put("inDoubtWrites", rr.inDoubtWrites());
      n.put("inDoubtWritesPresent", rr.inDoubtWritesPresent());
      n.put("recoveryTimeMillis", rr.recoveryTimeMillis());
      n.put("auditMillis", rr.auditMillis());
      n.put("oldestLostWriteAgeMillis", rr.oldestLostWriteAgeMillis());
      keys(n.putArray("lostKeys"), rr.lostKeys());
      n.put("writeResult", rr.writeResult());
      n.put("writerRunTimeMillis", rr.writerRunTimeMillis());
      n.put("error", rr.error());
      n.put("failedStep", rr.failedStep());
      n.put("serverLeftDown", rr.serverLeftDown());
    }
  }

  private static void keys(ArrayNode array, List<String> keys) {
    keys.forEach(array::add);
  }
}
