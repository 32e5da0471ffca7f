package dev.ycsbdriver.crash;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import dev.ycsbdriver.testing.CliRun;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bin/ycsb crashtest} through the real command line against the test store {@code crashfile}: its writer is
 * a child process killed with SIGKILL, and the audit finds the acknowledged writes a lossy store dropped, and none
 * when the store writes each one before it acknowledges.
 */
class CrashtestCliTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  @TempDir
  Path dir;

  private CliRun crashtest(String... more) {
    List<String> args = new ArrayList<>(List.of("crashtest", "crashfile", "-p", "result.dir=" + dir,
        "-p", "crash.after.min=1s", "-p", "crash.after.max=2s", "-p", "crash.rounds=2", "-threads", "2",
        "-p", "fieldcount=2", "-p", "fieldlength=20"));
    args.addAll(List.of(more));
    return CliRun.of(args.toArray(String[]::new));
  }

  static long figure(String out, String section, String name) {
    Matcher m = Pattern.compile("^\\[" + Pattern.quote(section) + "], " + Pattern.quote(name) + ", (\\d+)", Pattern.MULTILINE)
        .matcher(out);
    assertThat(m.find()).as("[%s], %s in:\n%s", section, name, out).isTrue();
    return Long.parseLong(m.group(1));
  }

  static JsonNode validResult(CliRun run) throws Exception {
    return valid(JSON.readTree(Files.readString(run.resultFile())));
  }

  /** @return the document, after checking it against the crash result's JSON Schema */
  static JsonNode valid(JsonNode doc) throws Exception {
    try (InputStream schema = CrashResultJson.class.getResourceAsStream(CrashResultJson.SCHEMA_RESOURCE)) {
      assertThat(JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012).getSchema(schema).validate(doc))
          .as(doc.toPrettyString()).isEmpty();
    }
    return doc;
  }

  @Test
  void aLossyStoreUnderANoLossClaimLosesAcknowledgedWritesAndFails() throws Exception {
    CliRun run = crashtest("-p", "crashfile.lossy=true", "-p", "durability.claim=no-loss");

    assertThat(run.exitCode()).as(run.toString()).isEqualTo(1);
    assertThat(figure(run.out(), "CRASH", "LostWrites")).as(run.toString()).isPositive();
    assertThat(figure(run.out(), "CRASH", "Rounds")).isEqualTo(2);
    assertThat(run.out()).contains("[CRASH-ROUND-1], WriterRunTime(ms), ").contains("[CRASH], ClaimHeld, false");
    assertThat(run.err()).contains("durability.claim=no-loss, but ").doesNotContain("Exception");
    JsonNode crash = validResult(run).path("crash");
    assertThat(crash.path("claimHeld").asBoolean(true)).isFalse();
    assertThat(crash.path("method").asText()).isEqualTo("writer-kill");
    assertThat(crash.path("lostKeys").size()).isEqualTo((int) Math.min(1000, crash.path("lostWrites").asLong()));
    assertThat(crash.path("lostKeys").get(0).asText()).matches("crash-[a-z0-9]+-r[12]-t[01]-\\d+");
    assertThat(crash.path("roundResults").get(0).path("oldestLostWriteAgeMillis").isNumber()
        || crash.path("roundResults").get(1).path("oldestLostWriteAgeMillis").isNumber()).isTrue();
  }

  @Test
  void aStoreThatWritesBeforeItAcknowledgesLosesNothingAndPasses() throws Exception {
    CliRun run = crashtest("-p", "durability.claim=no-loss");

    assertThat(run.exitCode()).as(run.toString()).isZero();
    assertThat(figure(run.out(), "CRASH", "AcknowledgedWrites")).isPositive();
    assertThat(figure(run.out(), "CRASH", "LostWrites")).isZero();
    assertThat(figure(run.out(), "CRASH-ROUND-2", "RecoveryTime(ms)")).isPositive();
    assertThat(run.out()).contains("[CRASH], ClaimHeld, true");
    JsonNode doc = validResult(run);
    assertThat(doc.path("outcome").path("exitCode").asInt()).isZero();
    assertThat(doc.path("operationsOk").asLong()).isEqualTo(doc.path("crash").path("acknowledgedWrites").asLong());
    assertThat(doc.path("crash").path("roundResults").get(0).path("acknowledgedInserts").asLong()).isPositive();
    assertThat(doc.path("crash").path("roundResults").get(0).path("acknowledgedUpdates").asLong()).isPositive();
  }

  @Test
  void anAuditThatCannotReadLeavesTheLostWritesUnknownAndFails() throws Exception {
    CliRun run = crashtest("-p", "crashfile.failreads=true", "-p", "durability.claim=no-loss", "-p", "crash.rounds=1");

    assertThat(run.exitCode()).as(run.toString()).isEqualTo(1);
    assertThat(run.out()).as(run.toString()).doesNotContain("LostWrites, 0").doesNotContain("ClaimHeld")
        .contains("[CRASH-ROUND-1], LostWrites, unknown (audit failed)")
        .contains("[CRASH], LostWrites, unknown (audit failed) in round 1");
    assertThat(run.err()).contains("round 1: audit failed: audit: key ").doesNotContain("\tat ");
    JsonNode crash = validResult(run).path("crash");
    assertThat(crash.path("lostWrites").isNull()).as(crash.toPrettyString()).isTrue();
    assertThat(crash.path("claimHeld").isNull()).isTrue();
    assertThat(crash.path("failure").path("step").asText()).isEqualTo("audit");
    assertThat(crash.path("failure").path("reason").asText()).startsWith("audit: key ");
  }

  @Test
  void anOperationCountFromARunWorkloadFileDoesNotEndTheWriterBeforeTheCrash() throws Exception {
    CliRun run = crashtest("-p", "operationcount=10", "-p", "crash.rounds=1");

    assertThat(run.exitCode()).as(run.toString()).isZero();
    assertThat(run.err()).contains("Warning: operationcount=10 ignored: the crash test's writer writes until the "
        + "crash");
    assertThat(figure(run.out(), "CRASH", "AcknowledgedWrites")).isGreaterThan(10);
    assertThat(figure(run.out(), "CRASH", "LostWrites")).isZero();
  }

  @Test
  void badCrashSettingsEndWithOneLineAndExitCode2BeforeAnythingRuns() {
    for (String[] bad : List.of(new String[] {"-p", "crash.after.min=5s"},
        new String[] {"-p", "crash.method=reboot"}, new String[] {"-p", "crash.method=command"},
        new String[] {"-p", "crash.roundz=2"}, new String[] {"-p", "crash.command=true"},
        new String[] {"-p", "crash.round=2"})) {
      CliRun run = crashtest(bad);
      assertThat(run.exitCode()).as(run.toString()).isEqualTo(2);
      assertThat(run.errLines()).as(run.toString()).filteredOn(l -> l.startsWith("ycsb: ")).hasSize(1);
      assertThat(run.err()).doesNotContain("\tat ");
    }
    assertThat(dir.toFile().list()).as("nothing left behind").isNullOrEmpty();
  }
}
