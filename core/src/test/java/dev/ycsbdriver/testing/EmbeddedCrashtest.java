package dev.ycsbdriver.testing;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The crash test of an embedded store's durable profile, shared by its bindings' ITs: {@code bin/ycsb crashtest
 * <binding> -p profile=durable}, two rounds, each killing the writer process (which holds the database) with
 * SIGKILL; a fresh open in the test's process recovers the files, and the audit must find every acknowledged write.
 */
public final class EmbeddedCrashtest {
  private EmbeddedCrashtest() {
  }

  /**
   * Runs the crash test through the real command line and checks that nothing acknowledged was lost.
   *
   * @param binding an embedded binding with a {@code durable} profile that claims {@code no-loss}
   * @throws IOException when the result cannot be read
   */
  public static void assertDurableLosesNothing(String binding) throws IOException {
    assertDurableLosesNothing(binding, new String[0]);
  }

  /**
   * Runs the crash test through the real command line with more properties and checks that nothing acknowledged
   * was lost.
   *
   * @param binding an embedded binding with a {@code durable} profile that claims {@code no-loss}
   * @param properties more {@code key=value} properties, each passed with {@code -p} (e.g. a mode of the binding)
   * @throws IOException when the result cannot be read
   */
  public static void assertDurableLosesNothing(String binding, String... properties) throws IOException {
    Path results = Files.createTempDirectory(Path.of("target").toAbsolutePath(), "crashtest-it-");

    java.util.List<String> args = new java.util.ArrayList<>(java.util.List.of("crashtest", binding,
        "-p", "profile=durable", "-p", "result.dir=" + results,
        "-p", "crash.rounds=2", "-p", "crash.after.min=1s", "-p", "crash.after.max=2s", "-threads", "2"));
    for (String p : properties) {
      args.add("-p");
      args.add(p);
    }
    CliRun run = CliRun.of(args.toArray(String[]::new));

    assertThat(run.exitCode()).as(run.toString()).isZero();
    assertThat(run.out()).contains("[CRASH], Claim, no-loss").contains("[CRASH], LostWrites, 0")
        .contains("[CRASH], ClaimHeld, true").contains("[CRASH-ROUND-2], WriterThroughput(ops/sec), ");
    JsonNode crash = new ObjectMapper().readTree(Files.readString(run.resultFile())).path("crash");
    assertThat(crash.path("method").asText()).isEqualTo("writer-kill");
    assertThat(crash.path("acknowledgedWrites").asLong()).isPositive();
    assertThat(crash.path("roundResults")).hasSize(2);
  }
}
